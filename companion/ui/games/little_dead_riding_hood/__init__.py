"""The Little Dead Riding Hood round screen (board, players, moves, combat bag)."""

from companion.ui.games.little_dead_riding_hood.screen import LittleDeadRidingHoodScreen

SCREEN = LittleDeadRidingHoodScreen

__all__ = ["SCREEN", "LittleDeadRidingHoodScreen"]
