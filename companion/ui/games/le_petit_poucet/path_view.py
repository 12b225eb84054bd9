"""The path drawn from the view's table: the Ogre's house, the spaces, the cottage,
the pawns on them, the eaten children in the Ogre's house, and the two boots, which
stride to their new space with a short animation when a turn ends.

Drawn to be read from across the table: each pawn is a large disc in its child's
colour with the child's initial, as large as its space allows, and the spaces the
Ogre has already trodden are stained red, so how close he is shows at a glance."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.animation import Animation
from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.widget import Widget

from companion.engines.le_petit_poucet import BOOT_OFF, OGRE_HOUSE, PoucetTable
from companion.ui.players import ink
from companion.ui.screens import load_kv

Rgba = tuple[float, float, float, float]


class PoucetPawn(Widget):
    """One child's pawn: a coloured disc with the child's initial."""

    rgba = ListProperty([1, 1, 1, 1])
    ink = ListProperty([0, 0, 0, 1])
    text = StringProperty("")
    faded = NumericProperty(0)


def pawn_side(count: int, width: float, height: float, largest: float, gap: float) -> float:
    """The largest pawn (at most ``largest``) of which ``count`` fit in width x height."""
    side = largest
    while side > 8:
        per_row = max(1, int((width + gap) // (side + gap)))
        rows = -(-count // per_row)
        if rows * (side + gap) - gap <= height:
            return side
        side -= 1
    return side


def initials(names: list[str]) -> list[str]:
    """A short mark per child for their pawn: the first letter of the name, or two
    letters (then the seat number) where first letters repeat."""
    for length in (1, 2):
        marks = [n.strip()[:length].upper() or "?" for n in names]
        if len(set(marks)) == len(marks):
            return [m.capitalize() if length == 2 else m for m in marks]
    return [str(i + 1) for i in range(len(names))]


class PoucetPathCell(BoxLayout):
    """One place on the path: its caption and the pawns standing there."""

    caption = StringProperty("")
    kind = StringProperty("forest")  # house, start, forest, cottage
    trodden = NumericProperty(0)
    """1 once an Ogre's boot has reached this space (drawn as the Ogre's trail)."""
    scale = NumericProperty(1)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._fit = Clock.create_trigger(self._fit_pawns)
        self.bind(size=self._fit, scale=self._fit)

    def show_pawns(self, pawns: list[tuple[tuple[float, ...], str, bool]]) -> None:
        area = self.ids.pawns
        area.clear_widgets()
        for rgba, text, eaten in pawns:
            r, g, b = rgba[:3]
            pawn = PoucetPawn(rgba=list(rgba), ink=list(ink((r, g, b, 1))), text=text)
            pawn.faded = 1 if eaten else 0
            area.add_widget(pawn)
        self._fit_pawns()

    def _fit_pawns(self, *_args: Any) -> None:
        area = self.ids.pawns
        count = len(area.children)
        if not count:
            return
        gap = area.spacing[0] if isinstance(area.spacing, list | tuple) else area.spacing
        side = pawn_side(
            count,
            area.width - 2 * area.padding[0],
            area.height - 2 * area.padding[1],
            dp(40) * self.scale,
            gap,
        )
        for pawn in area.children:
            pawn.size = (side, side)


class PoucetBoot(Widget):
    """One of the Ogre's seven-league boots, drawn as a boot; hidden while it still
    stands beside the house."""


class PoucetPathView(FloatLayout):
    """The whole path; ``update`` redraws it from the view's ``PoucetTable``."""

    places = NumericProperty(0)
    scale = NumericProperty(1)

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
                cell = PoucetPathCell(caption="cottage", kind="cottage")  # the rulebook's word
            else:
                cell = PoucetPathCell(caption=str(place), kind="forest")
            if place in (OGRE_HOUSE, 0, cottage):
                cell.size_hint_x = 2  # where the crowds stand (everyone at first, the eaten),
                # and the parents' cottage, wide enough for its name
            self.bind(scale=cell.setter("scale"))
            cell.scale = self.scale
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
        marks = initials([pawn.name for pawn in table.pawns])
        for pawn, mark in zip(table.pawns, marks, strict=True):
            shown = (rgba(pawn.player), mark, pawn.eaten)
            crowd.setdefault(pawn.place, []).append(shown)
        front = max(table.boots)
        for place in range(OGRE_HOUSE, table.cottage + 1):
            cell = self.cell(place)
            cell.show_pawns(crowd.get(place, []))
            cell.trodden = 1 if 0 <= place <= front else 0
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
        elif self._boots[0] == self._boots[1]:  # never both on one space, but be safe
            x += (index - 0.5) * marker.width
        return x, cell.y + dp(2)

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
