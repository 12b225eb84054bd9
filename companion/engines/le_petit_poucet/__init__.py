"""Le Petit Poucet: memory and touch in a dark forest, with the Ogre on your heels."""

from __future__ import annotations

from companion.engines.le_petit_poucet.game import GAME, LePetitPoucetGame
from companion.engines.le_petit_poucet.rules import PoucetState

__all__ = ["GAME", "LePetitPoucetGame", "PoucetState"]
