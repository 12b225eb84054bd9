"""What ``companion odds beware-of-the-wolf`` prints: a spin's chance of catching a pawn, space by space.

Beware of the Wolf has no playing policy to rate: its decisions are few and its
luck is physical.  So it offers *chance rows* (see ``companion/commands/odds.py``):
for every open space of the board, the chance that one spin of the wolf catches a
pawn standing there (the catching rule of ``catching.py``: the space's width and
the midline rule).  The table's records decide the source: the owner's board (the
one a new game would use: taught or from My box) when there is one, and the
owner's spinner once it has recorded enough spins; otherwise the box's board and a
fair spinner.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.engines.beware_of_the_wolf.board import Board, BoardError, parse_board_toml
from companion.engines.beware_of_the_wolf.box import default_board
from companion.engines.beware_of_the_wolf.catching import (
    ENOUGH_SPINS,
    catch_odds,
    source_words,
    spinner_weights,
)
from companion.engines.beware_of_the_wolf.options import OPTIONS
from companion.engines.beware_of_the_wolf.text import space_name

SPINS = "turntable spins"
"""The record key: the turntable's settled resting angles in board degrees, oldest first."""
BOARD = "owner board"
"""The record key: the owner's board file's text, as new games get it (None: the box's)."""
BOARD_PROBLEM = "owner board problem"
"""The record key: why an owner's board file could not be used, and what is used instead."""


@dataclass(frozen=True)
class ChanceRow:
    name: str
    chance: float
    note: str = ""


@dataclass(frozen=True)
class ChanceTable:
    title: str
    rows: tuple[ChanceRow, ...]
    notes: tuple[str, ...] = ()


def midline_default() -> float:
    return float(next(o.default for o in OPTIONS if o.key == "midline_tolerance"))


def chance_rows(records: Mapping[str, Any]) -> ChanceTable:
    """Every open space's chance of being caught by one spin, from the table's records."""
    problem = records.get(BOARD_PROBLEM)
    notes: list[str] = [problem] if isinstance(problem, str) else []
    board = _board(records.get(BOARD), notes)
    spins: Sequence[float] = records.get(SPINS) or ()
    weights = spinner_weights(spins)
    midline = midline_default()
    open_spaces = [s for s in board.spaces if not s.tree]
    at_risk = [(0, s.id) for s in open_spaces]
    fair = catch_odds(board, at_risk, midline)
    used = fair if weights is None else catch_odds(board, at_risk, midline, weights)
    rows = tuple(
        ChanceRow(
            space_name(board, odds.space),
            odds.chance,
            "" if weights is None else f"(fair spinner: {fair_odds.chance:.1%})",
        )
        for odds, fair_odds in zip(used, fair, strict=True)
    )
    if weights is None and spins:
        notes.append(
            f"Your spinner has recorded {len(spins)} spins; its own odds show from "
            f"{ENOUGH_SPINS} spins."
        )
    trees = len(board.spaces) - len(open_spaces)
    notes.append(f"Pawns behind the {trees} trees are never caught.")
    source = source_words(len(spins) if weights is not None else 0)
    title = (
        f"{board.name}: the chance that one spin of the wolf catches a pawn on each open "
        f"space ({source}, midline {midline:g} degrees)"
    )
    return ChanceTable(title, rows, tuple(notes))


def _board(text: object, notes: list[str]) -> Board:
    """The owner's board when its text reads; else the box's board (saying why)."""
    if not isinstance(text, str):
        return default_board()
    try:
        return parse_board_toml(text, "your board")
    except BoardError as err:
        notes.append(f"{err} The box's board is used instead.")
        return default_board()
