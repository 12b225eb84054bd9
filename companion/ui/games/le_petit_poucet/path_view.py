"""The path drawn from the view's table: the Ogre's house, the spaces, the cottage,
the pawns on them, the eaten children in the Ogre's house, and the two boots, which
stride to their new space with a short animation when a turn ends."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.animation import Animation
from kivy.clock import Clock
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.engines.le_petit_poucet import BOOT_OFF, OGRE_HOUSE, PoucetTable
from companion.ui.screens import load_kv

Rgba = tuple[float, float, float, float]


class PoucetPawn(Widget):
    """One child's pawn: a coloured disc with the player's number."""

    rgba = ListProperty([1, 1, 1, 1])
    text = StringProperty("")
    faded = NumericProperty(0)


class PoucetPathCell(BoxLayout):
    """One place on the path: its caption and the pawns standing there."""

    caption = StringProperty("")
    kind = StringProperty("forest")  # house, start, forest, cottage

    def show_pawns(self, pawns: list[tuple[tuple[float, ...], str, bool]]) -> None:
        area = self.ids.pawns
        area.clear_widgets()
        for rgba, text, eaten in pawns:
            area.add_widget(PoucetPawn(rgba=list(rgba), text=text, faded=1 if eaten else 0))


class PoucetBoot(Label):
    """One of the Ogre's boots; hidden while it still stands beside the house."""


class PoucetPathView(FloatLayout):
    """The whole path; ``update`` redraws it from the view's ``PoucetTable``."""

    places = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._boots: tuple[int, int] = (BOOT_OFF, BOOT_OFF)
        self._cells: list[PoucetPathCell] = []
        self._relayout = Clock.create_trigger(self._place_boots_now)

    def _build(self, cottage: int) -> None:
        row = self.ids.row
        row.clear_widgets()
        self._cells = []
        for place in range(OGRE_HOUSE, cottage + 1):
            if place == OGRE_HOUSE:
                cell = PoucetPathCell(caption="Ogre", kind="house")
            elif place == 0:
                cell = PoucetPathCell(caption="start", kind="start")
            elif place == cottage:
                cell = PoucetPathCell(caption="home", kind="cottage")
            else:
                cell = PoucetPathCell(caption=str(place), kind="forest")
            row.add_widget(cell)
            cell.bind(pos=self._relayout, size=self._relayout)  # boots follow their cells
            self._cells.append(cell)
        self.places = len(self._cells)

    def cell(self, place: int) -> PoucetPathCell:
        """The cell of a path place (OGRE_HOUSE, 0 .. cottage)."""
        return self._cells[place - OGRE_HOUSE]

    def update(self, table: PoucetTable, rgba: Callable[[int], Rgba], animate: bool = True) -> None:
        """Redraw from ``table``; ``rgba(player)`` is that child's pawn colour."""
        if self.places != table.cottage + 2:
            self._build(table.cottage)
        crowd: dict[int, list[tuple[tuple[float, ...], str, bool]]] = {}
        for pawn in table.pawns:
            shown = (rgba(pawn.player), str(pawn.player + 1), pawn.eaten)
            crowd.setdefault(pawn.place, []).append(shown)
        for place in range(OGRE_HOUSE, table.cottage + 1):
            self.cell(place).show_pawns(crowd.get(place, []))
        boots = table.boots
        moved = [i for i in (0, 1) if boots[i] != self._boots[i]]
        self._boots = boots
        for i in (0, 1):
            self._place_boot(i, animate and i in moved)

    def _boot_target(self, index: int) -> tuple[float, float] | None:
        place = self._boots[index]
        if place == BOOT_OFF or not self._cells:
            return None
        cell = self.cell(place)
        marker = self.ids[f"boot{index}"]
        x = cell.x + (cell.width - marker.width) / 2
        if place == OGRE_HOUSE:  # two footprints side by side
            x = cell.x + (cell.width / 2 - marker.width) / 2 + index * cell.width / 2
        return x, cell.y + 2

    def _place_boot(self, index: int, animate: bool) -> None:
        marker = self.ids[f"boot{index}"]
        Animation.cancel_all(marker)
        target = self._boot_target(index)
        if target is None:
            marker.opacity = 0
            return
        marker.opacity = 1
        if animate:
            Animation(pos=target, d=0.7, t="out_back").start(marker)
        else:
            marker.pos = target

    def _place_boots_now(self, *_args: Any) -> None:
        for i in (0, 1):
            self._place_boot(i, animate=False)


load_kv(__file__)
