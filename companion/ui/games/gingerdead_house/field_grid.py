"""One field drawn as 4 lanes by 5 rows from the view's ``FieldView``; a tile tap is
reported to the screen.

A tile shows the card's power and its printed name, whole: where the name would need
more lines than the tile holds (the 7" panel), the tile shows the game's shorter name
for it, made of the card's own words ("Biscuit Brute" for Burnt Biscuit Brute).  The
text never shrinks below 15sp and is never cut.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from kivy.core.text.markup import MarkupLabel
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.utils import escape_markup

from companion.engines.gingerdead_house import TileView
from companion.ui.screens import load_kv

SIDE_MARGIN = dp(8)
"""The text stays clear of the tile's outline (a lit, picked or replayed tile)."""


class FieldTile(Button):
    """One tile: the power first, so a long name cut to the tile's lines never hides it."""

    card = StringProperty("")
    kind = StringProperty("empty")
    target = BooleanProperty(False)
    selected = BooleanProperty(False)
    news = BooleanProperty(False)
    """A replay's event just changed this tile (a monster arrived, left or fought)."""
    faces = ListProperty(["", ""])
    """The face with the printed name, and the one with the shorter name."""

    def on_faces(self, *_args: object) -> None:
        self.fit()

    def on_size(self, *_args: object) -> None:
        self.fit()

    def on_font_size(self, *_args: object) -> None:
        self.fit()

    def fit(self) -> None:
        """Show the printed name if it fits the tile's lines whole, else the short one."""
        full, short = self.faces
        self.max_lines = lines_that_fit(self.height, self.font_size)
        self.text_size = (max(1, self.width - SIDE_MARGIN), max(1, self.height - dp(4)))
        fits = (
            full == short
            or wrapped_lines(full, self.text_size[0], self.font_size) <= self.max_lines
        )
        self.text = full if fits else short


class FieldGrid(GridLayout):
    """Shows a field's tiles; calls ``on_tile(lane, row)`` when a tile is tapped."""

    def show(
        self,
        tiles: Sequence[TileView],
        lit: Collection[tuple[int, int]],
        picked: tuple[int, int] | None,
        on_tile: Callable[[int, int], None],
        news: Collection[tuple[int, int]] = (),
    ) -> None:
        if len(self.children) != len(tiles):
            self.clear_widgets()
            for _ in tiles:
                self.add_widget(Factory.FieldTile())
        for widget, tile in zip(reversed(self.children), tiles, strict=True):
            widget.faces = [_face(tile, tile.card), _face(tile, tile.short or tile.card)]
            widget.card = tile.card
            widget.kind = tile.kind
            widget.target = (tile.lane, tile.row) in lit
            widget.selected = (tile.lane, tile.row) == picked
            widget.news = (tile.lane, tile.row) in news
            widget.lane, widget.row = tile.lane, tile.row
            widget.unbind(on_release=self._tapped)
            widget.bind(on_release=self._tapped)
        self._on_tile = on_tile

    def _tapped(self, widget: FieldTile) -> None:
        self._on_tile(widget.lane, widget.row)


def _face(tile: TileView, name: str) -> str:
    return face_text(tile.power, name) if tile.card else ""


def face_text(power: str, name: str) -> str:
    """A card as a tile shows it: the power in bold first, then the name."""
    return f"[b]{escape_markup(power)}[/b] {escape_markup(name)}"


def lines_that_fit(height: float, font_size: float) -> int:
    """How many lines of text a tile this tall holds."""
    return max(1, int((height - dp(4)) / (font_size * 1.2)))


_measured: dict[tuple[str, int, float], int] = {}


def wrapped_lines(face: str, width: float, font_size: float) -> int:
    """How many lines ``face`` wraps to at this width (measured once per size)."""
    key = (face, int(width), float(font_size))
    if key not in _measured:
        one = MarkupLabel(text="[b]1[/b] A", font_size=font_size, markup=True)
        one.refresh()
        label = MarkupLabel(
            text=face, font_size=font_size, text_size=(max(1, width), None), markup=True
        )
        label.refresh()
        _measured[key] = round(label.texture.size[1] / max(1, one.texture.size[1]))
    return _measured[key]


load_kv(__file__)
