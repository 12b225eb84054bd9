"""Le Petit Poucet: memory and touch in a dark forest, with the Ogre on your heels.

The public names are what a screen may use: the game, the state's type, the
view's table data (``PoucetTable`` and its parts), and the box and its edits (the
My box screen).
"""

from __future__ import annotations

from companion.engines.le_petit_poucet import box_edits
from companion.engines.le_petit_poucet.box import PAWN_HEX, Box, box_toml
from companion.engines.le_petit_poucet.box_edits import BoxEditRefused
from companion.engines.le_petit_poucet.game import GAME, LePetitPoucetGame
from companion.engines.le_petit_poucet.state import PoucetState
from companion.engines.le_petit_poucet.view import (
    BOOT_OFF,
    OGRE_HOUSE,
    Pawn,
    PoucetTable,
    SeriesRow,
    TouchRound,
    TreeCard,
    TurnReport,
)

__all__ = [
    "BOOT_OFF",
    "PAWN_HEX",
    "Box",
    "BoxEditRefused",
    "box_edits",
    "box_toml",
    "GAME",
    "OGRE_HOUSE",
    "LePetitPoucetGame",
    "Pawn",
    "PoucetState",
    "PoucetTable",
    "SeriesRow",
    "TouchRound",
    "TreeCard",
    "TurnReport",
]
