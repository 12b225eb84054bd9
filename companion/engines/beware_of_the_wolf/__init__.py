"""Beware of the Wolf: a dice race round a forest board, with a spinning wolf in the middle.

The public names below are all a screen may use: the Game, the view's table
data, the board (for drawing and for the owner's own boards), the turntable
reading, the board teacher of the Wolf tools, and the board's edits (My box).
"""

from companion.engines.beware_of_the_wolf import box_edits
from companion.engines.beware_of_the_wolf.actions import parse_key
from companion.engines.beware_of_the_wolf.board import (
    HOUSE_STEP,
    Board,
    BoardError,
    load_board,
    parse_board,
    parse_board_toml,
)
from companion.engines.beware_of_the_wolf.board_toml import board_to_toml
from companion.engines.beware_of_the_wolf.box import default_board
from companion.engines.beware_of_the_wolf.catching import (
    CatchOdds,
    catch_odds,
    odds_words,
    spinner_weights,
)
from companion.engines.beware_of_the_wolf.game import BewareOfTheWolfGame
from companion.engines.beware_of_the_wolf.next_game import (
    LastGame,
    WinnerTurns,
    names,
    winner_turns,
)
from companion.engines.beware_of_the_wolf.reading import Reading, wolf_reading, wolf_tap
from companion.engines.beware_of_the_wolf.spin import spin_outcome
from companion.engines.beware_of_the_wolf.state import WolfState
from companion.engines.beware_of_the_wolf.teach import BoardTeacher
from companion.engines.beware_of_the_wolf.view import Pawn, PawnWalk, WolfTable
from companion.engines.box_edit import BoxEditRefused

GAME = BewareOfTheWolfGame()

__all__ = [
    "GAME",
    "HOUSE_STEP",
    "LastGame",
    "BewareOfTheWolfGame",
    "Board",
    "BoardError",
    "BoardTeacher",
    "BoxEditRefused",
    "CatchOdds",
    "Pawn",
    "PawnWalk",
    "Reading",
    "WolfState",
    "WinnerTurns",
    "WolfTable",
    "board_to_toml",
    "box_edits",
    "catch_odds",
    "default_board",
    "load_board",
    "names",
    "odds_words",
    "parse_board",
    "parse_board_toml",
    "parse_key",
    "spin_outcome",
    "spinner_weights",
    "wolf_reading",
    "winner_turns",
    "wolf_tap",
]
