"""What is in the box: the shipped board, read from ``box.toml`` when first needed.

Loaded lazily through the shared data-file reader (never at import), so a broken
file makes this one game unavailable, with a message naming the file, the place
and the problem, instead of stopping the app.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from companion.engines.beware_of_the_wolf.board import Board, BoardError, parse_board
from companion.engines.datafile import DataFileError, read_toml

BOX_FILE = "box.toml"


@lru_cache(maxsize=1)
def default_board() -> Board:
    """The shipped default 4-house board; DataFileError if ``box.toml`` is broken."""
    reader = read_toml(resources.files(__package__).joinpath(BOX_FILE), BOX_FILE)
    try:
        return parse_board(reader.data, "")
    except BoardError as err:
        raise DataFileError(BOX_FILE, str(err).removeprefix(": ")) from None


def box_problem() -> str | None:
    """Why the shipped board cannot be used, or None when it is fine."""
    try:
        default_board()
    except DataFileError as err:
        return f"The game's board file is broken: {err}"
    return None
