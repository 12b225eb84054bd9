"""Gingerdead House: fields of 4 lanes by 5 rows, a box of cards, monsters and combat.

The public names below are all a screen may use: the game, its state and the picture
data its view carries (``View.table`` is a ``GingerdeadTable``), and for the My box
screen the box's cards (``Catalogue``), the owner's edits and the box file text.
"""

from companion.engines.gingerdead_house import box_edits
from companion.engines.gingerdead_house.box_edits import BoxEditRefused, NewCard
from companion.engines.gingerdead_house.box_text import box_toml
from companion.engines.gingerdead_house.cards import (
    CARD_TYPES,
    DECK_OF_TYPE,
    DECKS,
    Card,
    Catalogue,
)
from companion.engines.gingerdead_house.game import GAME, GingerdeadHouseGame
from companion.engines.gingerdead_house.state import GingerdeadState
from companion.engines.gingerdead_house.text import UNKNOWN_DRAW
from companion.engines.gingerdead_house.view import (
    FORCED,
    FieldView,
    GingerdeadTable,
    PhaseEvent,
    TileChange,
    TileView,
)

__all__ = [
    "CARD_TYPES",
    "DECKS",
    "DECK_OF_TYPE",
    "FORCED",
    "GAME",
    "UNKNOWN_DRAW",
    "BoxEditRefused",
    "Card",
    "Catalogue",
    "FieldView",
    "GingerdeadHouseGame",
    "GingerdeadState",
    "GingerdeadTable",
    "NewCard",
    "PhaseEvent",
    "TileChange",
    "TileView",
    "box_edits",
    "box_toml",
]
