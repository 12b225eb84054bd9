"""The tree cards as a grid: one row per series (what the fingers feel), one card
per tree, each card drawn with its token's holes.

Used for both tree entries of a turn: the card that turns up (step 2) and the token
taken out of the box (step 4).  Every tree in play keeps its place, so the grid
looks the same each time; the trees that cannot be the answer now (already turned
up) are greyed out: a tap on one says why instead of entering it.  At the check a card a child took
wears that child's colour and name.  Taps report the chance outcome's key.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kivy.graphics import Color, Ellipse, RoundedRectangle
from kivy.metrics import dp
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    ListProperty,
    NumericProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.engines.le_petit_poucet import PoucetTable
from companion.engines.view import Choice
from companion.ui.players import ink
from companion.ui.screens import load_kv

Rgba = tuple[float, float, float, float]
CARD = (0.93, 0.89, 0.78, 1)
"""The tree cards' paper."""
TOKEN = (0.62, 0.43, 0.22, 1)
HOLE = (0.08, 0.06, 0.04, 1)


class PoucetHolesPicture(Widget):
    """A tree token seen from above: a wooden rounded square with its holes."""

    holes = ListProperty([])
    """Hole centres, x and y from 0 to 1."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, holes=self._draw)
        self._draw()

    def _draw(self, *_args: Any) -> None:
        side = min(self.size)
        x0 = self.x + (self.width - side) / 2
        y0 = self.y + (self.height - side) / 2
        hole = side * 0.2
        self.canvas.clear()
        with self.canvas:
            Color(*TOKEN)
            RoundedRectangle(pos=(x0, y0), size=(side, side), radius=[side * 0.22])
            Color(*HOLE)
            for hx, hy in self.holes:
                Ellipse(
                    pos=(x0 + hx * side - hole / 2, y0 + hy * side - hole / 2), size=(hole, hole)
                )


class PoucetSeriesHead(BoxLayout):
    """The start of a row: the series' name (each card beside it shows the holes)."""

    text = StringProperty("")
    scale = NumericProperty(1)


class PoucetTreeCard(ButtonBehavior, BoxLayout):
    """One tree card: the holes, the tree's name, and who holds it (at the check)."""

    holes = ListProperty([])
    text = StringProperty("")
    holder = StringProperty("")
    paper = ColorProperty(CARD)
    ink = ColorProperty((0.1, 0.1, 0.1, 1))
    available = BooleanProperty(True)
    scale = NumericProperty(1)
    choice_key = StringProperty("")
    refused: Callable[[str], Any] | None = None
    """Told why, when a greyed-out card is tapped (a wrong tap gets a sentence)."""

    def on_touch_down(self, touch: Any) -> bool:
        if not self.available:
            if self.refused is not None and self.collide_point(*touch.pos):
                self.refused(greyed_reason(self.text, self.holder))
                return True
            return False
        return bool(super().on_touch_down(touch))


def greyed_reason(tree: str, holder: str) -> str:
    """Why a greyed-out card takes no tap: it has turned up already this turn."""
    taken = f" ({holder} took it)" if holder else ""
    return f"The {tree} card turned up already this turn{taken}: tap one of the bright cards."


class PoucetTreeGrid(GridLayout):
    """All the trees in play, row by series; ``show`` fills it from the view."""

    scale = NumericProperty(1)

    def show(
        self,
        table: PoucetTable,
        outcomes: Sequence[Choice],
        chosen: Callable[[str], Any],
        rgba: Callable[[int], Rgba],
        refused: Callable[[str], Any] | None = None,
    ) -> None:
        """The grid for ``table``'s trees; ``outcomes`` are the chance entry's (hint "tree");
        ``refused`` hears why a greyed-out card was tapped."""
        self.clear_widgets()
        keys = {c.hint.get("tree"): c.key for c in outcomes if "tree" in c.hint}
        holders = dict(table.holders)
        names = {pawn.player: pawn.name for pawn in table.pawns}
        self.cols = 1 + max((len(row.options) for row in table.series), default=0)
        for row in table.series:
            holes = [list(point) for point in row.holes]
            self.add_widget(PoucetSeriesHead(text=row.title, scale=self.scale))
            for tree in row.options:
                card = PoucetTreeCard(holes=holes, text=tree.name.capitalize(), scale=self.scale)
                key = keys.get(tree.index)
                card.available = key is not None
                card.choice_key = key or ""
                card.refused = refused
                if tree.index in holders:
                    child = holders[tree.index]
                    card.paper = rgba(child)
                    card.ink = ink(card.paper)
                    card.holder = names.get(child, "")
                card.bind(on_release=lambda c: chosen(c.choice_key))
                self.add_widget(card)
            for _ in range(self.cols - 1 - len(row.options)):
                self.add_widget(Widget())

    def card(self, tree_name: str, series_name: str) -> PoucetTreeCard:
        """The card of a tree, by its name and its series' name (tests, cues)."""
        row = ""
        for widget in reversed(self.children):
            if isinstance(widget, PoucetSeriesHead):
                row = widget.text
            elif isinstance(widget, PoucetTreeCard) and row == series_name:
                if widget.text.casefold() == tree_name.casefold():
                    return widget
        raise LookupError(f"no {tree_name} card in the {series_name} row")


def card_picture(table: PoucetTable, tree: int, scale: float = 1) -> PoucetTreeCard | None:
    """One tree's card on its own (the card on top of the stack while it is grabbed),
    drawn like the grid's (nothing is bound to a tap on it)."""
    for row in table.series:
        for card in row.options:
            if card.index == tree:
                picture = PoucetTreeCard(
                    holes=[list(p) for p in row.holes], text=card.name.capitalize(), scale=scale
                )
                picture.size_hint = (None, None)
                picture.size = (dp(150) * scale, dp(56) * scale)
                return picture
    return None


def has_tree_entry(outcomes: Sequence[Choice] | None) -> bool:
    """True when a chance entry is a tree (a card turning up, the token): grid time."""
    return bool(outcomes) and all("tree" in c.hint for c in outcomes or ())


load_kv(__file__)
