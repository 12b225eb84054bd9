"""Gingerdead House: fields of 4 lanes by 5 rows, a box of cards, monsters and combat.

The public names below are all a screen may use: the game, its state and the picture
data its view carries (``View.table`` is a ``GingerdeadTable``).
"""

from companion.engines.gingerdead_house.game import GAME, GingerdeadHouseGame
from companion.engines.gingerdead_house.state import GingerdeadState
from companion.engines.gingerdead_house.view import (
    FORCED,
    FieldView,
    GingerdeadTable,
    PhaseEvent,
    TileChange,
    TileView,
)

__all__ = [
    "FORCED",
    "GAME",
    "FieldView",
    "GingerdeadHouseGame",
    "GingerdeadState",
    "GingerdeadTable",
    "PhaseEvent",
    "TileChange",
    "TileView",
]
