"""The Gingerdead House screen: each field as a 4 by 5 grid, the hand, moves and the log."""

from companion.ui.games.gingerdead_house.screen import GingerdeadScreen

SCREEN = GingerdeadScreen

__all__ = ["SCREEN", "GingerdeadScreen"]
