"""The playouts compiled: every lane of a batch played card by card to its end.

``simulate.Simulator._step`` states the rules over whole rows of lanes with numpy; this
module is the same step for one lane at a time, compiled to machine code by numba, so a
card costs a few dozen nanoseconds instead of numpy's call overhead per step.  Same field
layout (``lanes``), same look-up tables (passed in, never frozen into the compiled code),
same order of rule checks; ``test_advisor_kernel.py`` holds it to the numpy steps lane by
lane, and ``test_advisor_parity.py`` both to the engine.

Common random numbers stay: at its step ``t`` of a block a lane reads ``uniforms[pair, t]``,
the uniform the numpy path reads for that pair at that step.

The layout, rule and clock constants are literals here (numba folds them into the compiled
code): its on-disk cache is keyed on this file alone, so a constant read from another
module could go stale in the cache when that module changes.  ``_check_constants`` holds
every literal to the module it copies, at import.
"""

from __future__ import annotations

from typing import Any

import numpy as np

try:
    from numba import njit

    COMPILED = True
except ImportError:  # a machine numba has no wheel for: the numpy steps play every game
    COMPILED = False

    def njit(*_args: object, **_kwargs: object) -> Any:  # type: ignore[no-redef]
        return lambda function: function


from companion.engines.lost_in_the_woods.advisor import lanes as lay
from companion.engines.lost_in_the_woods.advisor import policy as pol
from companion.engines.lost_in_the_woods.clock import CLOCK_END as _CLOCK_END
from companion.engines.lost_in_the_woods.forest import FOREST_LENGTH as _FOREST_LENGTH

S = 3
K = 14
TIME, FLEN, NREST, TREADY, SETUP, RESET, FORCE, SHUFFLES, LIVE, WON, LAST, TTOT = range(12)
ROWP, ROWF, ROWC, WELL_USED, ROUND_END = 12, 15, 18, 19, 20
FCOUNT, FOREST, TOP, BOX, HEIGHT = 20, 23, 32, 46, 60
WELL, TORCH, COMPASS, LIGHTNING, GRAVESTONE, SIGNPOST, SCARECROW, HORSEMAN = range(6, 14)
ROW_CAP = 4
FOREST_LENGTH = 9
CLOCK_END = 12
LIGHT_TORCH_MAX_TIME = 8
TORCH_USE_ANIMALS = 2
SIGNPOST_MAX_TIME = 10
COMPASS_MAX_TIME = 10
COMPASS_EXTRA_SET_MAX_TIME = 8


def _check_constants() -> None:
    ours = (
        (S, K, ROW_CAP, FOREST_LENGTH, CLOCK_END),
        (TIME, FLEN, NREST, TREADY, SETUP, RESET, FORCE, SHUFFLES, LIVE, WON, LAST, TTOT),
        (ROWP, ROWF, ROWC, WELL_USED, ROUND_END, FCOUNT, FOREST, TOP, BOX, HEIGHT),
        (WELL, TORCH, COMPASS, LIGHTNING, GRAVESTONE, SIGNPOST, SCARECROW, HORSEMAN),
        (
            LIGHT_TORCH_MAX_TIME,
            TORCH_USE_ANIMALS,
            SIGNPOST_MAX_TIME,
            COMPASS_MAX_TIME,
            COMPASS_EXTRA_SET_MAX_TIME,
        ),
    )
    theirs = (
        (lay.S, lay.K, lay.ROW_CAP, _FOREST_LENGTH, _CLOCK_END),
        tuple(lay.ROW[name] for name in lay.SCALARS),
        (
            lay.ROWP,
            lay.ROWF,
            lay.ROWC,
            lay.WELL_USED,
            lay.ROUND_END,
            lay.FCOUNT,
            lay.FOREST,
            lay.TOP,
            lay.BOX,
            lay.HEIGHT,
        ),
        (
            lay.WELL,
            lay.TORCH,
            lay.COMPASS,
            lay.LIGHTNING,
            lay.GRAVESTONE,
            lay.SIGNPOST,
            lay.SCARECROW,
            lay.HORSEMAN,
        ),
        (
            pol.LIGHT_TORCH_MAX_TIME,
            pol.TORCH_USE_ANIMALS,
            pol.SIGNPOST_MAX_TIME,
            pol.COMPASS_MAX_TIME,
            pol.COMPASS_EXTRA_SET_MAX_TIME,
        ),
    )
    if ours != theirs:
        raise RuntimeError(f"kernel.py's constants {ours} no longer match {theirs}: update them")


_check_constants()


def _tables() -> tuple[np.ndarray, np.ndarray]:
    """``lanes``' look-up tables as two int64 arrays, one row per key: for every
    ``_row_key``, the round end's placements (``END_ORDER``, then ``END_COUNT``,
    ``END_ADDED``, ``END_LAST``, ``END_COST``) and the Wishing Well, Lightning and Signpost
    symbols; for every Compass key, the Compass symbol and ``COMPASS_ONLY_EARLY``."""
    row = np.concatenate(
        [
            lay.END_ORDER,
            lay.END_COUNT[:, None],
            lay.END_ADDED,
            lay.END_LAST[:, None],
            lay.END_COST[:, None],
            lay.WELL_CHOICE[:, None],
            lay.LIGHTNING_CHOICE[:, None],
            lay.SIGNPOST_CHOICE[:, None],
        ],
        axis=1,
        dtype=np.int64,
    )
    compass = np.stack([lay.COMPASS_CHOICE, lay.COMPASS_ONLY_EARLY], axis=1).astype(np.int64)
    return np.ascontiguousarray(row), np.ascontiguousarray(compass)


ROW_TABLE, COMPASS_TABLE = _tables()
"""Passed to ``play`` as arguments: numba would freeze a global array into its cache."""
# Columns of ROW_TABLE.
END_ORDER, END_COUNT, END_ADDED, END_LAST, END_COST = 0, S, S + 1, 2 * S + 1, 2 * S + 2
WELL_CHOICE, LIGHTNING_CHOICE, SIGNPOST_CHOICE = 2 * S + 3, 2 * S + 4, 2 * S + 5

# Every function below works on lane ``i`` of ``c`` (fields x lanes, as ``lanes.Lanes.M``)
# and ``rest`` (segments x kinds x lanes), indexing the 2-D / 3-D arrays directly.  The rules a lane meets at
# nearly every card are written out in ``play`` itself: an array handed to a compiled
# helper costs reference count updates at each call, more than most rules themselves.
# The helpers are the rules met once a round or more seldom.


@njit(cache=True, nogil=True)
def _row_key(a: int, b: int, d: int, last: int) -> int:
    """``simulate._row_key`` for one lane."""
    cap = ROW_CAP - 1
    return (
        min(a, cap)
        + ROW_CAP * min(b, cap)
        + ROW_CAP * ROW_CAP * min(d, cap)
        + ROW_CAP * ROW_CAP * ROW_CAP * (last + 1)
    )


@njit(cache=True, nogil=True)
def _pile(c: np.ndarray, rest: np.ndarray, i: int, pile: np.ndarray) -> int:
    """The discard pile into ``pile`` (per kind): every card of the lane's box that is not
    in the deck, the Fright row, the Forest row or a lit Torch set aside.  Its size."""
    for k in range(K):
        pile[k] = c[BOX + k, i] - c[TOP + k, i]
    for j in range(c[NREST, i]):
        for k in range(K):
            pile[k] -= rest[j, k, i]
    for s in range(S):
        pile[s] -= c[ROWP + s, i] + c[FCOUNT + s, i]
        pile[S + s] -= c[ROWF + s, i]
    pile[COMPASS] -= c[ROWC, i]
    pile[TORCH] -= c[TREADY, i]
    total = 0
    for k in range(K):
        total += pile[k]
    return total


@njit(cache=True, nogil=True)
def _count_shuffle(c: np.ndarray, i: int, max_shuffles: int) -> bool:
    """Count a shuffle; past the LW12 limit the lane loses (False)."""
    if c[SHUFFLES, i] >= max_shuffles:
        c[LIVE, i] = 0
        return False
    c[SHUFFLES, i] += 1
    return True


@njit(cache=True, nogil=True)
def _end_round(c: np.ndarray, i: int, rows: np.ndarray, compass: np.ndarray) -> None:
    """Compasses, the sets placed, 0 or 3 sets cost 1 time, the Fright row cleared."""
    a, b, d = c[ROWP, i], c[ROWP + 1, i], c[ROWP + 2, i]
    time, start, last = c[TIME, i], c[FLEN, i], c[LAST, i]
    if c[ROWC, i]:  # each Compass in turn: the policy's symbol, 1 time each
        base = min(a, 2) + 3 * min(b, 2) + 9 * min(d, 2) + 216 * (last + 1)
        v0 = v1 = v2 = 0
        for _ in range(c[ROWC, i]):
            key = base + 27 * (v0 + 2 * v1 + 4 * v2)
            choice = compass[key, 0]
            if (
                choice >= 0
                and time <= COMPASS_MAX_TIME
                and (not compass[key, 1] or time <= COMPASS_EXTRA_SET_MAX_TIME)
            ):
                if choice == 0:
                    v0 = 1
                elif choice == 1:
                    v1 = 1
                else:
                    v2 = 1
                time += 1
        a, b, d = a + v0, b + v1, d + v2
    key = _row_key(a, b, d, last)
    if time < CLOCK_END:
        n = rows[key, END_COUNT]
        for j in range(n):
            if start + j < FOREST_LENGTH:
                c[FOREST + start + j, i] = rows[key, END_ORDER + j]
        for s in range(S):
            c[FCOUNT + s, i] += rows[key, END_ADDED + s]
        c[FLEN, i] = start + n
        c[LAST, i] = rows[key, END_LAST]
        won = start + n >= FOREST_LENGTH
        if not won:
            time += rows[key, END_COST]
    else:
        won = start >= FOREST_LENGTH
    c[TIME, i] = time
    c[WON, i] = 1 if won else 0
    c[LIVE, i] = 1 if (not won and time < CLOCK_END) else 0
    c[SETUP, i] = 1
    for f in range(ROWP, ROUND_END):
        c[f, i] = 0


@njit(cache=True, nogil=True)
def _rebuild(
    c: np.ndarray,
    rest: np.ndarray,
    i: int,
    pile: np.ndarray,
    rows: np.ndarray,
    compass: np.ndarray,
    max_shuffles: int,
) -> bool:
    """LW10 before drawing from an empty deck: the discard pile becomes the deck, or if it
    is empty too the round ends.  True where no card is drawn now."""
    total = _pile(c, rest, i, pile)
    if total == 0:
        _end_round(c, i, rows, compass)
        return True
    if not _count_shuffle(c, i, max_shuffles):
        return True
    for k in range(K):
        c[TOP + k, i] = pile[k]
    c[TTOT, i] = total
    return False


@njit(cache=True, nogil=True)
def _next_segment(c: np.ndarray, rest: np.ndarray, i: int) -> None:
    """The top segment is used up: the one under it becomes the top."""
    nrest = c[NREST, i]
    total = 0
    for k in range(K):
        c[TOP + k, i] = rest[0, k, i]
        total += rest[0, k, i]
    c[TTOT, i] = total
    for j in range(nrest - 1):
        for k in range(K):
            rest[j, k, i] = rest[j + 1, k, i]
    for k in range(K):
        rest[nrest - 1, k, i] = 0
    c[NREST, i] = nrest - 1


@njit(cache=True, nogil=True)
def _horseman(c: np.ndarray, rest: np.ndarray, i: int, pile: np.ndarray, max_shuffles: int) -> None:
    """The last Forest card to the discard pile, shuffled under the deck (the Horseman
    itself is discarded after the shuffle)."""
    if c[FLEN, i] > 0:
        c[FLEN, i] -= 1
        n = c[FLEN, i]
        c[FCOUNT + c[FOREST + n, i], i] -= 1
        c[LAST, i] = c[FOREST + n - 1, i] if n > 0 else -1
    total = _pile(c, rest, i, pile) - 1
    pile[HORSEMAN] -= 1
    if total == 0 or not _count_shuffle(c, i, max_shuffles):
        return
    if c[TTOT, i] == 0:
        for k in range(K):
            c[TOP + k, i] = pile[k]
        c[TTOT, i] = total
    else:
        j = c[NREST, i]
        for k in range(K):
            rest[j, k, i] = pile[k]
        c[NREST, i] = j + 1


@njit(cache=True, nogil=True)
def play(
    c: np.ndarray,
    rest: np.ndarray,
    pair: np.ndarray,
    at: np.ndarray,
    uniforms: np.ndarray,
    rows: np.ndarray,
    compass: np.ndarray,
    stop_sets: int,
    risk_limit: float,
    max_shuffles: int,
) -> tuple[int, int]:
    """Play every live lane of ``c`` (fields x lanes, as ``lanes.Lanes.M``, best in Fortran
    order: each game's fields together) on from column ``at[lane]`` of ``uniforms`` (pairs
    x steps) to the last column, or to its end.  Its lower deck segments are
    ``rest[:, :, lane]``; ``rows`` and ``compass`` are ``ROW_TABLE`` and ``COMPASS_TABLE``.
    A lane whose segments fill ``rest`` stops before its next step (a Headless Horseman
    could add one): it is *blocked* until ``rest`` grows.  Updates ``c``, ``rest`` and
    ``at`` in place; returns how many lanes are still playing and how many of those are
    blocked.

    Each step is one decision and one card, as ``Simulator._step`` for one lane."""
    steps = uniforms.shape[1]
    depth = rest.shape[0]
    pile = np.zeros(K, dtype=np.int64)
    playing = blocked = 0
    for i in range(c.shape[1]):
        if not c[LIVE, i]:
            continue
        p = pair[i]
        t = at[i]
        while c[LIVE, i] and t < steps:
            if c[NREST, i] >= depth:
                blocked += 1
                break
            u = uniforms[p, t]
            t += 1
            if c[RESET, i]:  # the card that ended the round last step: clear the row
                for f in range(ROWP, ROUND_END):
                    c[f, i] = 0
                c[RESET, i] = 0
            play = not c[SETUP, i] and not c[FORCE, i]
            empty_top = c[TTOT, i] == 0
            end = False
            if play:
                placed = 0  # forest.placed_count
                for s in range(S):
                    if c[ROWP + s, i] >= 2:
                        placed += 1
                last = c[LAST, i]
                if placed == 1 and last >= 0 and c[ROWP + last, i] >= 2:
                    placed = 0
                end = placed >= stop_sets
                if not end and risk_limit <= 1 and placed >= 1:
                    # policy.penalty_risk: from the top segment, or the pile to come
                    two = c[ROWF, i] + c[ROWF + 1, i] + c[ROWF + 2, i] == 2
                    bad = 0
                    if empty_top:
                        total = _pile(c, rest, i, pile)
                        for a in range(S):
                            if c[ROWF + a, i] or two:
                                bad += pile[S + a]
                    else:
                        total = c[TTOT, i]
                        for a in range(S):
                            if c[ROWF + a, i] or two:
                                bad += c[TOP + S + a, i]
                    end = total > 0 and bad >= risk_limit * total
            animals = c[ROWF, i] + c[ROWF + 1, i] + c[ROWF + 2, i]
            if play and not end and c[TREADY, i] > 0 and animals >= TORCH_USE_ANIMALS:
                for a in range(S):  # Torch: the animals leave the row just before the draw
                    c[ROWF + a, i] = 0
                c[TREADY, i] -= 1
            draw = not end
            if end:
                _end_round(c, i, rows, compass)
                draw = c[LIVE, i] != 0  # the next round's setup draws at once
            if draw and empty_top:
                draw = not _rebuild(c, rest, i, pile, rows, compass, max_shuffles)
            if draw:  # one card, in proportion to the top segment's counts
                pick = int(u * c[TTOT, i])
                kind, below = 0, 0
                for k in range(K - 1):
                    below += c[TOP + k, i]
                    if below > pick:
                        break
                    kind += 1
                c[TOP + kind, i] -= 1
                c[TTOT, i] -= 1
                if c[TTOT, i] == 0 and c[NREST, i] > 0:
                    _next_segment(c, rest, i)
                if kind < S:
                    c[ROWP + kind, i] += 1
                    c[SETUP, i] = 0
                elif kind < 2 * S:  # a pair costs 1 time, the third kind 2: round over
                    if c[ROWF + kind - S, i]:
                        cost = 1
                    elif c[ROWF, i] + c[ROWF + 1, i] + c[ROWF + 2, i] == 2:
                        cost = 2
                    else:
                        c[ROWF + kind - S, i] = 1
                        cost = 0
                    if cost and not c[SETUP, i]:
                        c[TIME, i] += cost
                        c[RESET, i] = 1
                        c[SETUP, i] = 1
                elif kind == WELL or kind == LIGHTNING or kind == SIGNPOST:
                    key = _row_key(c[ROWP, i], c[ROWP + 1, i], c[ROWP + 2, i], c[LAST, i])
                    if kind == WELL:
                        s = rows[key, WELL_CHOICE]
                        if s >= 0 and not c[WELL_USED, i] and c[TIME, i] > 0:
                            c[ROWP + s, i] = 0
                            c[TIME, i] -= 1
                            c[WELL_USED, i] = 1
                    elif kind == LIGHTNING:
                        s = rows[key, LIGHTNING_CHOICE]
                        if s >= 0:
                            c[ROWP + s, i] -= 1
                    else:
                        s = rows[key, SIGNPOST_CHOICE]
                        if s >= 0 and c[TIME, i] <= SIGNPOST_MAX_TIME:
                            c[ROWP + s, i] -= 1
                            c[TIME, i] += 1
                            c[FOREST + c[FLEN, i], i] = s
                            c[FCOUNT + s, i] += 1
                            c[FLEN, i] += 1
                            c[LAST, i] = s
                            if c[FLEN, i] >= FOREST_LENGTH:
                                c[WON, i] = 1
                                c[LIVE, i] = 0
                            else:
                                c[RESET, i] = 1
                                c[SETUP, i] = 1
                elif kind == TORCH:
                    if c[TIME, i] <= LIGHT_TORCH_MAX_TIME:
                        c[TREADY, i] += 1
                        c[TIME, i] += 1
                elif kind == COMPASS:
                    c[ROWC, i] += 1
                elif kind == GRAVESTONE:
                    c[TIME, i] += c[ROWF, i] + c[ROWF + 1, i] + c[ROWF + 2, i]
                elif kind == SCARECROW:
                    c[RESET, i] = 1
                    c[SETUP, i] = 1
                else:
                    _horseman(c, rest, i, pile, max_shuffles)
            if c[TIME, i] >= CLOCK_END:  # LW11: the clock at 12 loses at once
                c[LIVE, i] = 0
            c[FORCE, i] = 0
        at[i] = t
        if c[LIVE, i]:
            playing += 1
    return playing, blocked


def warm() -> None:
    """Compile ``play`` for the types ``Simulator`` calls it with (or load it from numba's
    cache) through a call that plays nothing.  (A house box of over 127 cards has int16
    lanes: compiled on its first use.)"""
    play(
        np.zeros((HEIGHT, 2), dtype=np.int8, order="F"),
        np.zeros((1, K, 2), dtype=np.int8, order="F"),
        np.zeros(2, dtype=np.int64),
        np.zeros(2, dtype=np.int64),
        np.zeros((1, 1)),
        ROW_TABLE,
        COMPASS_TABLE,
        1,
        2.0,
        1,
    )
