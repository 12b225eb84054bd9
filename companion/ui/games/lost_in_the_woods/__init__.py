"""The Lost in the Woods table screen: Forest row, Fright row, clock, odds and advice."""

from __future__ import annotations

from companion.ui.games.lost_in_the_woods.box_editor import WoodsBoxEditor
from companion.ui.games.lost_in_the_woods.screen import WoodsScreen

SCREEN = WoodsScreen
BOX_EDITOR = WoodsBoxEditor
"""The My box screen's rows: the Journey deck's card counts."""

__all__ = ["BOX_EDITOR", "SCREEN", "WoodsScreen"]
