"""The Le Petit Poucet turn screen: the path, the count to ten, finding, votes, the Ogre."""

from __future__ import annotations

from companion.ui.games.le_petit_poucet.screen import PoucetScreen

SCREEN = PoucetScreen

__all__ = ["SCREEN", "PoucetScreen"]
