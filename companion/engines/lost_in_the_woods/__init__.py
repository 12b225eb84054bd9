"""Lost in the Woods (solo): the engine, its box data, the player's view and the advisor.

These are the package's public names: the screen imports nothing else from it.
"""

from companion.engines.box_edit import BoxEditRefused
from companion.engines.lost_in_the_woods import box_edits
from companion.engines.lost_in_the_woods.actions import Action
from companion.engines.lost_in_the_woods.advisor import (
    Advice,
    ChoiceEstimate,
    DrawOdds,
    advice_stages,
    advise,
    draw_odds,
    recommend,
)
from companion.engines.lost_in_the_woods.box import Box, BoxError, box_toml
from companion.engines.lost_in_the_woods.cards import KINDS, NAMES, SYMBOLS
from companion.engines.lost_in_the_woods.game import GAME, LostInTheWoodsGame
from companion.engines.lost_in_the_woods.state import LostInTheWoodsState
from companion.engines.lost_in_the_woods.view import WoodsTable

__all__ = [
    "GAME",
    "KINDS",
    "NAMES",
    "SYMBOLS",
    "Action",
    "Advice",
    "Box",
    "BoxEditRefused",
    "BoxError",
    "ChoiceEstimate",
    "DrawOdds",
    "LostInTheWoodsGame",
    "LostInTheWoodsState",
    "WoodsTable",
    "advice_stages",
    "advise",
    "box_edits",
    "box_toml",
    "draw_odds",
    "recommend",
]
