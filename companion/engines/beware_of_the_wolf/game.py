"""The Beware of the Wolf game: its id, house rules, and the board it is played on.

The board is the box's (``box.toml``, read when first needed) unless the owner
taught the app their own; a saved game carries its board, so a replay uses it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engines.base import Game, InvalidOptions
from companion.engines.beware_of_the_wolf.board import Board, BoardError, parse_board_toml
from companion.engines.beware_of_the_wolf.board_toml import board_to_toml
from companion.engines.beware_of_the_wolf.box import box_problem, default_board
from companion.engines.beware_of_the_wolf.options import MAX_ROUND_LIMIT, OPTIONS
from companion.engines.beware_of_the_wolf.state import WolfState
from companion.engines.datafile import DataFileError


class BewareOfTheWolfGame(Game):
    id = "beware-of-the-wolf"
    name = "Beware of the Wolf"
    min_players = 2
    max_players = 4
    first_player = "youngest"  # "The youngest player begins and rolls the die."
    options = OPTIONS
    max_game_length = 1 + max_players + 3 * max_players * MAX_ROUND_LIMIT
    """Set the wolf, choose houses, then at most roll + spin choice + spin per turn."""

    def __init__(self, board: Board | None = None) -> None:
        self._board = board

    @property
    def board(self) -> Board:
        return self._board if self._board is not None else default_board()

    def unavailable(self) -> str | None:
        return None if self._board is not None else box_problem()

    def with_board(self, board: Board) -> BewareOfTheWolfGame:
        """The same game played on an owner's board (saved games carry their board)."""
        return BewareOfTheWolfGame(board)

    # -- the owner's box (the My box screen): the board, saved with each game -----------
    box_setup_key = "board"
    """The owner's box is a board file, kept in a game's setup as a taught board is."""

    def box_from_text(self, text: str, source: str) -> Board:
        """Validate a board file's text; DataFileError names the file, place and problem."""
        try:
            return parse_board_toml(text, source)
        except BoardError as err:
            raise DataFileError(source, str(err).removeprefix(f"{source}: ")) from None

    def box_text(self) -> str:
        """This game's board as board file text (the box's unless an owner's is set)."""
        return board_to_toml(self.board, header="Beware of the Wolf: the board in this box.")

    def with_setup(self, setup: Mapping[str, Any]) -> BewareOfTheWolfGame:
        """``{"board": "<board TOML>"}`` plays on that board (a board taught by its owner)."""
        unknown = sorted(set(setup) - {"board"})
        if unknown:
            raise InvalidOptions(f"{self.name} has no setup {', '.join(unknown)}")
        if "board" not in setup:
            return self
        try:
            return self.with_board(parse_board_toml(str(setup["board"]), "the saved board"))
        except BoardError as err:
            raise InvalidOptions(str(err)) from err

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> WolfState:
        board = self.board
        if players > len(board.houses):
            raise InvalidOptions(
                f"the board {board.name!r} has {len(board.houses)} houses: at most "
                f"{len(board.houses)} players"
            )
        return WolfState(self, players, options, seed, board)
