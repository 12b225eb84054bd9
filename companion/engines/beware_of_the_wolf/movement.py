"""Walking a board: forward paths for a throw, and being sent back along the outer path.

Pure functions over a Board; they know the path rules (arrows, the house door,
BW6, BW8) but not whose turn it is or where the wolf stands.
"""

from __future__ import annotations

from collections import deque

from companion.engines.beware_of_the_wolf.board import HOUSE_STEP, Board

Path = tuple[str, ...]
"""The spaces a pawn steps onto, in order; may end with HOUSE_STEP (into its own house)."""


def forward_paths(
    board: Board, house: int, start: str | None, steps: int, round_complete: bool
) -> list[Path]:
    """Every way to walk exactly ``steps`` steps along the arrows from ``start``.

    ``start`` None means the pawn is in its house: the first step is onto the
    house's coloured space.  Once the pawn's round is complete (BW8) its own
    coloured space leads only into the house, and the house is entered only with
    the last step of the throw: an overshoot is no path at all.
    """
    door = board.house_space(house)
    paths: list[Path] = []

    def walk(here: str, path: list[str], left: int) -> None:
        if left == 0:
            paths.append(tuple(path))
            return
        if round_complete and here == door:
            if left == 1:
                paths.append((*path, HOUSE_STEP))
            return
        for nxt in board.by_id[here].next:
            path.append(nxt)
            walk(nxt, path, left - 1)
            path.pop()

    if steps <= 0:
        return []
    if start is None:
        walk(door, [door], steps - 1)
    else:
        walk(start, [], steps)
    return paths


def back_path(
    board: Board, house: int, start: str, steps: int, round_complete: bool
) -> tuple[list[str], str | None]:
    """Where a pawn on ``start`` ends after moving back ``steps`` on the outer path (BW6).

    A pawn on the inner path first steps sideways to the outer space at the
    same angle (not counted).  It never goes back past its own house: a pawn
    whose round is not complete that steps back off its coloured space is home
    (None).  Returns the spaces passed (for animation) and the end (None = house).
    """
    door = board.house_space(house)
    here = start
    trail: list[str] = []
    if board.by_id[here].ring != "outer":
        here = board.outer_at(board.by_id[here].angle)
        trail.append(here)
    for _ in range(steps):
        if here == door and not round_complete:
            return trail, None
        here = board.outer_prev[here]
        trail.append(here)
    return trail, here


def step_back_once(board: Board, house: int, here: str, round_complete: bool) -> str | None:
    """One more step back on the outer path (None: into the house)."""
    if here == board.house_space(house) and not round_complete:
        return None
    return board.outer_prev[here]


def distance_home(board: Board, house: int, start: str | None, round_complete: bool) -> int:
    """Fewest steps from ``start`` until stepping into ``house`` (for ranking, BW12)."""
    door = board.house_space(house)
    if start == door and round_complete:
        return 1
    origin, first = (door, 1) if start is None else (start, 0)
    seen = {origin}
    todo = deque([(origin, 0)])
    while todo:
        here, dist = todo.popleft()
        for nxt in board.by_id[here].next:
            if nxt == door:
                return first + dist + 2  # onto the door, then into the house
            if nxt not in seen:
                seen.add(nxt)
                todo.append((nxt, dist + 1))
    return first + len(board.spaces) + 1  # pragma: no cover - boards are strongly connected
