"""The Le Petit Poucet turn screen: the path, the count to ten, finding, votes, the Ogre."""

from __future__ import annotations

from companion.ui.games.le_petit_poucet.box_editor import PoucetBoxEditor
from companion.ui.games.le_petit_poucet.screen import PoucetScreen

SCREEN = PoucetScreen
BOX_EDITOR = PoucetBoxEditor
"""The My box screen's rows: path length, pawn colours, tree series."""

__all__ = ["BOX_EDITOR", "SCREEN", "PoucetScreen"]
