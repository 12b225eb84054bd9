"""Little Dead Riding Hood: lanes of forest tiles, zombie wolves and a combat bag.

The engine follows the rulebook with decisions LD1-LD10 of rules-decisions.md and
the engine's own documented gaps (docs/games/little-dead-riding-hood.md).
Event cards are the app's digital deck (the engine knows every hand) or the real
cards (option ``event_cards = "table"``: the engine knows hand sizes and the cards
that can still be unseen).

The public names below are all that the screen and the devices use: the Game, the
presenter's picture (``LdrhTable`` and its parts), the combat-bag maths, and the
box and its edits (the My box screen).
"""

from companion.engines.box_edit import BoxEditRefused
from companion.engines.little_dead_riding_hood import box_edits
from companion.engines.little_dead_riding_hood.bag import (
    BULLET,
    OUTCOMES,
    WOLF,
    BagContents,
    FightOdds,
    chi_square_sf_1dof,
    chi_square_two_cells,
    draw_from,
    fight_odds,
    fill_bag,
    odds_words,
    win_probability,
)
from companion.engines.little_dead_riding_hood.box import Box, box_toml
from companion.engines.little_dead_riding_hood.components import (
    EFFECTS,
    MOVEMENT_VALUES,
    RIDING_HOODS,
    TILE_KINDS,
)
from companion.engines.little_dead_riding_hood.game import GAME, LittleDeadRidingHoodGame
from companion.engines.little_dead_riding_hood.view import (
    BagInfo,
    CardOption,
    CardRow,
    LdrhTable,
    PlayerInfo,
    bag_summary,
)

__all__ = [
    "BULLET",
    "GAME",
    "OUTCOMES",
    "RIDING_HOODS",
    "WOLF",
    "BagContents",
    "BagInfo",
    "Box",
    "BoxEditRefused",
    "EFFECTS",
    "MOVEMENT_VALUES",
    "TILE_KINDS",
    "CardOption",
    "CardRow",
    "FightOdds",
    "LdrhTable",
    "LittleDeadRidingHoodGame",
    "PlayerInfo",
    "chi_square_sf_1dof",
    "chi_square_two_cells",
    "draw_from",
    "fight_odds",
    "fill_bag",
    "odds_words",
    "bag_summary",
    "box_edits",
    "box_toml",
    "win_probability",
]
