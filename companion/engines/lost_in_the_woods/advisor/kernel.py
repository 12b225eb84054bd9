"""The playouts compiled: every lane of a batch played card by card to its end.

``simulate.Simulator._step`` states the rules over whole rows of lanes with numpy; this
module is the same step for one lane at a time, compiled to machine code by numba, so a
card costs a few dozen nanoseconds instead of numpy's call overhead per step.  Same field
layout (``lanes``), same look-up tables (passed in, never frozen into the compiled code),
same order of rule checks; ``test_advisor_kernel.py`` holds it to the numpy steps lane by
lane, and ``test_advisor_parity.py`` both to the engine.

Common random numbers stay: at its step ``t`` a lane reads ``uniforms[t, pair]``, the
uniform the numpy path draws for that pair at that step.

The layout, rule and clock constants are literals here (numba folds them into the compiled
code): its on-disk cache is keyed on this file alone, so a constant read from another
module could go stale in the cache when that module changes.  ``_check_constants`` holds
every literal to the module it copies, at import.
"""

from __future__ import annotations

import numpy as np
from numba import njit

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

DTYPE = np.int16
"""The kernel's integer type: holds every count of any house box."""


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

# Every function below works on lane ``i`` of ``c`` (lanes x fields) and ``rest`` (lanes x
# segments x kinds), indexing the 2-D / 3-D arrays directly.  The rules a lane meets at
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
        pile[k] = c[i, BOX + k] - c[i, TOP + k]
    for j in range(c[i, NREST]):
        for k in range(K):
            pile[k] -= rest[i, j, k]
    for s in range(S):
        pile[s] -= c[i, ROWP + s] + c[i, FCOUNT + s]
        pile[S + s] -= c[i, ROWF + s]
    pile[COMPASS] -= c[i, ROWC]
    pile[TORCH] -= c[i, TREADY]
    total = 0
    for k in range(K):
        total += pile[k]
    return total


@njit(cache=True, nogil=True)
def _count_shuffle(c: np.ndarray, i: int, max_shuffles: int) -> bool:
    """Count a shuffle; past the LW12 limit the lane loses (False)."""
    if c[i, SHUFFLES] >= max_shuffles:
        c[i, LIVE] = 0
        return False
    c[i, SHUFFLES] += 1
    return True


@njit(cache=True, nogil=True)
def _end_round(c: np.ndarray, i: int, rows: np.ndarray, compass: np.ndarray) -> None:
    """Compasses, the sets placed, 0 or 3 sets cost 1 time, the Fright row cleared."""
    a, b, d = c[i, ROWP], c[i, ROWP + 1], c[i, ROWP + 2]
    time, start, last = c[i, TIME], c[i, FLEN], c[i, LAST]
    if c[i, ROWC]:  # each Compass in turn: the policy's symbol, 1 time each
        base = min(a, 2) + 3 * min(b, 2) + 9 * min(d, 2) + 216 * (last + 1)
        v0 = v1 = v2 = 0
        for _ in range(c[i, ROWC]):
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
                c[i, FOREST + start + j] = rows[key, END_ORDER + j]
        for s in range(S):
            c[i, FCOUNT + s] += rows[key, END_ADDED + s]
        c[i, FLEN] = start + n
        c[i, LAST] = rows[key, END_LAST]
        won = start + n >= FOREST_LENGTH
        if not won:
            time += rows[key, END_COST]
    else:
        won = start >= FOREST_LENGTH
    c[i, TIME] = time
    c[i, WON] = 1 if won else 0
    c[i, LIVE] = 1 if (not won and time < CLOCK_END) else 0
    c[i, SETUP] = 1
    for f in range(ROWP, ROUND_END):
        c[i, f] = 0


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
        c[i, TOP + k] = pile[k]
    c[i, TTOT] = total
    return False


@njit(cache=True, nogil=True)
def _next_segment(c: np.ndarray, rest: np.ndarray, i: int) -> None:
    """The top segment is used up: the one under it becomes the top."""
    nrest = c[i, NREST]
    total = 0
    for k in range(K):
        c[i, TOP + k] = rest[i, 0, k]
        total += rest[i, 0, k]
    c[i, TTOT] = total
    for j in range(nrest - 1):
        for k in range(K):
            rest[i, j, k] = rest[i, j + 1, k]
    for k in range(K):
        rest[i, nrest - 1, k] = 0
    c[i, NREST] = nrest - 1


@njit(cache=True, nogil=True)
def _horseman(c: np.ndarray, rest: np.ndarray, i: int, pile: np.ndarray, max_shuffles: int) -> None:
    """The last Forest card to the discard pile, shuffled under the deck (the Horseman
    itself is discarded after the shuffle)."""
    if c[i, FLEN] > 0:
        c[i, FLEN] -= 1
        n = c[i, FLEN]
        c[i, FCOUNT + c[i, FOREST + n]] -= 1
        c[i, LAST] = c[i, FOREST + n - 1] if n > 0 else -1
    total = _pile(c, rest, i, pile) - 1
    pile[HORSEMAN] -= 1
    if total == 0 or not _count_shuffle(c, i, max_shuffles):
        return
    if c[i, TTOT] == 0:
        for k in range(K):
            c[i, TOP + k] = pile[k]
        c[i, TTOT] = total
    else:
        j = c[i, NREST]
        for k in range(K):
            rest[i, j, k] = pile[k]
        c[i, NREST] = j + 1


@njit(cache=True, nogil=True)
def play(
    c: np.ndarray,
    rest: np.ndarray,
    pair: np.ndarray,
    uniforms: np.ndarray,
    rows: np.ndarray,
    compass: np.ndarray,
    stop_sets: int,
    risk_limit: float,
    max_shuffles: int,
) -> tuple[int, int]:
    """Play every live lane (a row of ``c``, its lower deck segments ``rest[lane]``) on for
    as many steps as ``uniforms`` (pairs x steps) has columns, or to its end; ``rows`` and
    ``compass`` are ``ROW_TABLE`` and ``COMPASS_TABLE``.  Updates ``c`` and ``rest`` in
    place; returns how many lanes are still playing and the most steps a lane took.

    Each step is one decision and one card, as ``Simulator._step`` for one lane."""
    steps = uniforms.shape[1]
    pile = np.zeros(K, dtype=np.int64)
    playing = longest = 0
    for i in range(c.shape[0]):
        p = pair[i]
        t = 0
        while c[i, LIVE] and t < steps:
            u = uniforms[p, t]
            t += 1
            if c[i, RESET]:  # the card that ended the round last step: clear the row
                for f in range(ROWP, ROUND_END):
                    c[i, f] = 0
                c[i, RESET] = 0
            play = not c[i, SETUP] and not c[i, FORCE]
            empty_top = c[i, TTOT] == 0
            end = False
            if play:
                placed = 0  # forest.placed_count
                for s in range(S):
                    if c[i, ROWP + s] >= 2:
                        placed += 1
                last = c[i, LAST]
                if placed == 1 and last >= 0 and c[i, ROWP + last] >= 2:
                    placed = 0
                end = placed >= stop_sets
                if not end and risk_limit <= 1 and placed >= 1:
                    # policy.penalty_risk: from the top segment, or the pile to come
                    two = c[i, ROWF] + c[i, ROWF + 1] + c[i, ROWF + 2] == 2
                    bad = 0
                    if empty_top:
                        total = _pile(c, rest, i, pile)
                        for a in range(S):
                            if c[i, ROWF + a] or two:
                                bad += pile[S + a]
                    else:
                        total = c[i, TTOT]
                        for a in range(S):
                            if c[i, ROWF + a] or two:
                                bad += c[i, TOP + S + a]
                    end = total > 0 and bad >= risk_limit * total
            animals = c[i, ROWF] + c[i, ROWF + 1] + c[i, ROWF + 2]
            if play and not end and c[i, TREADY] > 0 and animals >= TORCH_USE_ANIMALS:
                for a in range(S):  # Torch: the animals leave the row just before the draw
                    c[i, ROWF + a] = 0
                c[i, TREADY] -= 1
            draw = not end
            if end:
                _end_round(c, i, rows, compass)
                draw = c[i, LIVE] != 0  # the next round's setup draws at once
            if draw and empty_top:
                draw = not _rebuild(c, rest, i, pile, rows, compass, max_shuffles)
            if draw:  # one card, in proportion to the top segment's counts
                pick = int(u * c[i, TTOT])
                kind, below = 0, 0
                for k in range(K - 1):
                    below += c[i, TOP + k]
                    if below > pick:
                        break
                    kind += 1
                c[i, TOP + kind] -= 1
                c[i, TTOT] -= 1
                if c[i, TTOT] == 0 and c[i, NREST] > 0:
                    _next_segment(c, rest, i)
                if kind < S:
                    c[i, ROWP + kind] += 1
                    c[i, SETUP] = 0
                elif kind < 2 * S:  # a pair costs 1 time, the third kind 2: round over
                    if c[i, ROWF + kind - S]:
                        cost = 1
                    elif c[i, ROWF] + c[i, ROWF + 1] + c[i, ROWF + 2] == 2:
                        cost = 2
                    else:
                        c[i, ROWF + kind - S] = 1
                        cost = 0
                    if cost and not c[i, SETUP]:
                        c[i, TIME] += cost
                        c[i, RESET] = 1
                        c[i, SETUP] = 1
                elif kind == WELL or kind == LIGHTNING or kind == SIGNPOST:
                    key = _row_key(c[i, ROWP], c[i, ROWP + 1], c[i, ROWP + 2], c[i, LAST])
                    if kind == WELL:
                        s = rows[key, WELL_CHOICE]
                        if s >= 0 and not c[i, WELL_USED] and c[i, TIME] > 0:
                            c[i, ROWP + s] = 0
                            c[i, TIME] -= 1
                            c[i, WELL_USED] = 1
                    elif kind == LIGHTNING:
                        s = rows[key, LIGHTNING_CHOICE]
                        if s >= 0:
                            c[i, ROWP + s] -= 1
                    else:
                        s = rows[key, SIGNPOST_CHOICE]
                        if s >= 0 and c[i, TIME] <= SIGNPOST_MAX_TIME:
                            c[i, ROWP + s] -= 1
                            c[i, TIME] += 1
                            c[i, FOREST + c[i, FLEN]] = s
                            c[i, FCOUNT + s] += 1
                            c[i, FLEN] += 1
                            c[i, LAST] = s
                            if c[i, FLEN] >= FOREST_LENGTH:
                                c[i, WON] = 1
                                c[i, LIVE] = 0
                            else:
                                c[i, RESET] = 1
                                c[i, SETUP] = 1
                elif kind == TORCH:
                    if c[i, TIME] <= LIGHT_TORCH_MAX_TIME:
                        c[i, TREADY] += 1
                        c[i, TIME] += 1
                elif kind == COMPASS:
                    c[i, ROWC] += 1
                elif kind == GRAVESTONE:
                    c[i, TIME] += c[i, ROWF] + c[i, ROWF + 1] + c[i, ROWF + 2]
                elif kind == SCARECROW:
                    c[i, RESET] = 1
                    c[i, SETUP] = 1
                else:
                    _horseman(c, rest, i, pile, max_shuffles)
            if c[i, TIME] >= CLOCK_END:  # LW11: the clock at 12 loses at once
                c[i, LIVE] = 0
            c[i, FORCE] = 0
        longest = max(longest, t)
        if c[i, LIVE]:
            playing += 1
    return playing, longest


def warm() -> None:
    """Compile ``play`` for the types ``Simulator`` calls it with (or load it from numba's
    cache) through a call that plays nothing."""
    play(
        np.zeros((1, HEIGHT), dtype=DTYPE),
        np.zeros((1, 1, K), dtype=DTYPE),
        np.zeros(1, dtype=np.intp),
        np.zeros((1, 1)),
        ROW_TABLE,
        COMPASS_TABLE,
        1,
        2.0,
        1,
    )
