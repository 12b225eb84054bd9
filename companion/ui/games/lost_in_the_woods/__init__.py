"""The Lost in the Woods table screen: Forest row, Fright row, clock, odds and advice."""

from __future__ import annotations

from companion.ui.games.lost_in_the_woods.screen import WoodsScreen

SCREEN = WoodsScreen

__all__ = ["SCREEN", "WoodsScreen"]
