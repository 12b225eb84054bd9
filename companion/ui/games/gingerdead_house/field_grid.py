"""One field drawn as 4 lanes by 5 rows from the view's ``FieldView``; a tile tap is
reported to the screen."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from kivy.factory import Factory
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.utils import escape_markup

from companion.engines.gingerdead_house import TileView
from companion.ui.screens import load_kv


class FieldTile(Button):
    """One tile: the power first, so a long name cut to the tile's lines never hides it."""

    card = StringProperty("")
    kind = StringProperty("empty")
    target = BooleanProperty(False)
    selected = BooleanProperty(False)
    news = BooleanProperty(False)
    """A replay's event just changed this tile (a monster arrived, left or fought)."""


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
            widget.text = _face(tile)
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


def _face(tile: TileView) -> str:
    return f"[b]{escape_markup(tile.power)}[/b] {escape_markup(tile.card)}" if tile.card else ""


load_kv(__file__)
