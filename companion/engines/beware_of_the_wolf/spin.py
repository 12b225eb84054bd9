"""The wolf in the middle: where it may be set, what a spin comes out as, whom it catches.

Pure functions over a Board (BW3-BW6, BW11): the state calls them; the presenter
and the turntable reading use ``spin_outcome`` to name a resting angle.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.engines.beware_of_the_wolf.actions import WolfAt
from companion.engines.beware_of_the_wolf.board import Board

SPIN_DEGREES = 360
"""A spin comes to rest at one of 360 whole degrees, each as likely."""


def spin_outcome(board_degrees: float) -> WolfAt:
    """The chance outcome for a wolf resting at ``board_degrees`` (rounded to a whole degree)."""
    return WolfAt(int(round(board_degrees)) % SPIN_DEGREES)


def setup_angles(board: Board, midline_tolerance: float) -> list[int]:
    """Whole degrees at which the snout points at none of the houses (the rulebook's setup)."""
    doors = {h.space for h in board.houses}
    return [
        d for d in range(SPIN_DEGREES) if not doors & board.guarded(float(d), midline_tolerance)
    ]


def caught(
    board: Board,
    positions: Sequence[str | None],
    zone: frozenset[str],
    spinner: int,
    hits_spinner: bool,
) -> list[int]:
    """The players the wolf sends back, in turn order after the spinner (BW5, BW6, BW11)."""
    players = len(positions)
    found = []
    for k in range(1, players + 1):
        player = (spinner + k) % players
        if player == spinner and not hits_spinner:
            continue
        space = positions[player]
        if space is not None and space in zone and not board.by_id[space].tree:
            found.append(player)
    return found
