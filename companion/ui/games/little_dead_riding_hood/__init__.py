"""The Little Dead Riding Hood round screen (board, players, moves, combat bag)."""

from companion.ui.games.little_dead_riding_hood.box_editor import HoodBoxEditor
from companion.ui.games.little_dead_riding_hood.screen import LittleDeadRidingHoodScreen

SCREEN = LittleDeadRidingHoodScreen
BOX_EDITOR = HoodBoxEditor
"""The My box screen's rows: spare columns, the tile pool, the event deck."""

__all__ = ["BOX_EDITOR", "SCREEN", "LittleDeadRidingHoodScreen"]
