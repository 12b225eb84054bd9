"""Beware of the Wolf: a dice race round a forest board, with a spinning wolf in the middle."""

from companion.engines.beware_of_the_wolf.board import Board, BoardError, default_board, load_board
from companion.engines.beware_of_the_wolf.rules import (
    BewareOfTheWolfGame,
    WolfState,
    spin_outcome,
)

GAME = BewareOfTheWolfGame()

__all__ = [
    "GAME",
    "Board",
    "BoardError",
    "BewareOfTheWolfGame",
    "WolfState",
    "default_board",
    "load_board",
    "spin_outcome",
]
