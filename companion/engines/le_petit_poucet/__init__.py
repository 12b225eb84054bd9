"""Le Petit Poucet: memory and touch in a dark forest, with the Ogre on your heels.

The public names are what a screen may use: the game, the state's type, and the
view's table data (``PoucetTable`` and its parts).
"""

from __future__ import annotations

from companion.engines.le_petit_poucet.game import GAME, LePetitPoucetGame
from companion.engines.le_petit_poucet.state import PoucetState
from companion.engines.le_petit_poucet.view import (
    BOOT_OFF,
    OGRE_HOUSE,
    Pawn,
    PoucetTable,
    TouchRound,
    TurnReport,
)

__all__ = [
    "BOOT_OFF",
    "GAME",
    "OGRE_HOUSE",
    "LePetitPoucetGame",
    "Pawn",
    "PoucetState",
    "PoucetTable",
    "TouchRound",
    "TurnReport",
]
