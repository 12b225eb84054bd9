"""The lanes matrix that the playouts work on, and the policy's look-up tables.

Shared by ``simulate`` (the numpy steps) and ``kernel`` (the compiled playouts), so
both read one row layout and one set of tables built from the engine's own rules.
"""

from __future__ import annotations

import numpy as np

from companion.engines.base import CHANCE
from companion.engines.lost_in_the_woods.advisor import policy as pol
from companion.engines.lost_in_the_woods.cards import ANIMALS, EVENTS, INDEX, KINDS, SYMBOLS
from companion.engines.lost_in_the_woods.forest import (
    FOREST_LENGTH,
    can_follow,
    placed_count,
    sets_of,
)
from companion.engines.lost_in_the_woods.state import LostInTheWoodsState

K = len(KINDS)
S = len(SYMBOLS)
SYMBOL_IDS = np.arange(S, dtype=np.int8)
KIND_IDS = np.arange(K, dtype=np.int8)
WELL, TORCH, COMPASS, LIGHTNING, GRAVESTONE, SIGNPOST, SCARECROW, HORSEMAN = (
    INDEX[k] for k in EVENTS
)

# Row layout of the lanes matrix (fields x lanes, so each field is one contiguous row).  The
# rows a new round clears are adjacent (ROWP .. ROUND_END), so the reset is one operation.
SCALARS = (
    "time",
    "flen",
    "nrest",
    "tready",
    "setup",
    "reset",
    "force",
    "shuffles",
    "live",
    "won",
    "last",
    "ttot",
)
ROW = {name: i for i, name in enumerate(SCALARS)}
ROWP = len(SCALARS)
ROWF = ROWP + S
ROWC = ROWF + S
WELL_USED = ROWC + 1
ROUND_END = WELL_USED + 1
FCOUNT = ROUND_END
FOREST = FCOUNT + S
TOP = FOREST + FOREST_LENGTH
BOX = TOP + K
HEIGHT = BOX + K


def _placements() -> tuple[np.ndarray, np.ndarray]:
    """For every (sets present as a 3-bit mask, last Forest symbol + 1): the symbols placed
    in order by the policy's rule (the first placeable set in symbol order, repeatedly), and
    how many.  A set that matches the last card is placed only once another has gone."""
    order = np.zeros((8 * (S + 1), S), dtype=np.intp)
    count = np.zeros(8 * (S + 1), dtype=np.int8)
    for mask in range(8):
        for last in range(-1, S):
            left = [s for s in range(S) if mask >> s & 1]
            at, placed = last, []
            while True:
                ok = [s for s in left if s != at]
                if not ok:
                    break
                at = ok[0]
                left.remove(at)
                placed.append(at)
            code = mask * (S + 1) + last + 1
            order[code, : len(placed)] = placed
            count[code] = len(placed)
    return order, count


PLACEMENTS, PLACED_COUNT = _placements()


def _compass_choices() -> tuple[np.ndarray, np.ndarray]:
    """The policy's Compass choice (``policy._compass_symbol``) for every (Progress cards
    per symbol as 0 / 1 / 2+, symbols Compasses already count as, last Forest symbol + 1):
    the symbol (-1: none), and whether it is taken only with the clock at the lower limit
    (a set could be placed already)."""
    choice = np.full(3**S * 2**S * (S + 1), -1, dtype=np.intp)
    only_early = np.zeros(choice.size, dtype=bool)
    for key in range(choice.size):
        held = [key // 3**s % 3 for s in range(S)]
        virtual = [key // 27 >> s & 1 for s in range(S)]
        last = key // 216 - 1
        forest = [SYMBOLS[last]] if last >= 0 else []
        with_virtual = {SYMBOLS[s]: held[s] + virtual[s] for s in range(S)}
        before = placed_count(sets_of(with_virtual), forest)
        only_early[key] = before > 0
        for s in range(S):
            if held[s] != 1 or virtual[s]:
                continue
            after = sets_of({**with_virtual, SYMBOLS[s]: with_virtual[SYMBOLS[s]] + 1})
            if len(after) < S and placed_count(after, forest) > before:
                choice[key] = s
                break
    return choice, only_early


COMPASS_CHOICE, COMPASS_ONLY_EARLY = _compass_choices()

ROW_CAP = 4
"""Progress cards per symbol as 0 / 1 / 2 / 3+: all the event rules below tell apart."""


def _row_choices() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The policy's Wishing Well, Lightning and Signpost symbols (-1: not used) for every
    (Progress cards per symbol as 0..3+, last Forest symbol + 1), before the clock and
    Well-used checks; the key is ``_row_key``'s.  Built from the engine's own set rules."""
    size = ROW_CAP**S * (S + 1)
    well, lightning, signpost = (np.full(size, -1, dtype=np.intp) for _ in range(3))
    for key in range(size):
        counts = {SYMBOLS[s]: key // ROW_CAP**s % ROW_CAP for s in range(S)}
        last = key // ROW_CAP**S - 1
        forest = [SYMBOLS[last]] if last >= 0 else []
        sets = sets_of(counts)
        placed = placed_count(sets, forest)
        if sets and (len(sets) >= 2 or placed == 0):
            chosen = forest[-1] if forest and forest[-1] in sets else sets[0]
            well[key] = SYMBOLS.index(chosen)
        if any(counts.values()):
            lightning[key] = SYMBOLS.index(
                pol.lightning_target(counts, forest[-1] if forest else None)
            )
        follow = [x for x in SYMBOLS if counts[x] and can_follow(x, forest)]
        if follow and placed == 0:
            signpost[key] = SYMBOLS.index(follow[0])
    return well, lightning, signpost


WELL_CHOICE, LIGHTNING_CHOICE, SIGNPOST_CHOICE = _row_choices()


def _round_ends() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Ending the round for every ``_row_key`` (Compasses already counted): the symbols
    placed in order (``PLACEMENTS``; slots past the count are 0), how many, how many of
    each symbol, the last Forest symbol after it, and whether it costs 1 time (0 or 3
    sets)."""
    size = ROW_CAP**S * (S + 1)
    order = np.zeros((size, S), dtype=np.intp)
    count = np.zeros(size, dtype=np.int8)
    added = np.zeros((size, S), dtype=np.int8)
    last_after = np.zeros(size, dtype=np.int8)
    cost = np.zeros(size, dtype=np.int8)
    for key in range(size):
        sets = [key // ROW_CAP**s % ROW_CAP >= 2 for s in range(S)]
        last = key // ROW_CAP**S - 1
        code = sum(1 << s for s in range(S) if sets[s]) * (S + 1) + last + 1
        n = int(PLACED_COUNT[code])
        order[key] = PLACEMENTS[code]
        count[key] = n
        for symbol in PLACEMENTS[code, :n]:
            added[key, symbol] += 1
        last_after[key] = PLACEMENTS[code, n - 1] if n else last
        cost[key] = sum(sets) in (0, S)
    return order, count, added, last_after, cost


END_ORDER, END_COUNT, END_ADDED, END_LAST, END_COST = _round_ends()
SLOTS = np.arange(S, dtype=np.intp)[:, None]


class Lanes:
    """The games being played: one column per lane of an integer matrix whose rows are the
    fields (so per-field work runs on contiguous rows), plus the deck's lower segments."""

    def __init__(
        self, matrix: np.ndarray, rest: np.ndarray, group: np.ndarray, pair: np.ndarray
    ) -> None:
        self.M = matrix
        self.rest = rest  # (R, K, n): segments under the top one (Headless Horseman)
        self.group = group  # which starting position each lane plays
        self.pair = pair  # the lane's playout number within its group (common random numbers)
        (
            self.time,
            self.flen,
            self.nrest,
            self.tready,  # lit Torches set aside (usable at once, LW6)
            self.setup,
            self.reset,  # a card ended the round: clear the Fright row before the next draw
            self.force,  # must draw first: the player already chose "draw"
            self.shuffles,
            self.live,
            self.won,
            self.last,  # the last Forest card's symbol id, -1 next to the Mansion
            self.ttot,  # cards in the top segment
        ) = matrix[:ROWP]
        self.rowp = matrix[ROWP:ROWF]  # Progress cards per symbol in the Fright row
        self.rowf = matrix[ROWF:ROWC]  # 1 if that animal is in the Fright row
        self.rowc = matrix[ROWC]  # Compass cards in the Fright row
        self.well_used = matrix[WELL_USED]
        self.round_rows = matrix[ROWP:ROUND_END]
        self.fcount = matrix[FCOUNT:FOREST]  # Forest cards per symbol
        self.forest = matrix[FOREST:TOP]  # symbol ids, flen of them
        self.top = matrix[TOP:BOX]  # the top segment of the Journey deck
        self.box = matrix[BOX:HEIGHT]  # every card the lane's game holds, per kind

    @property
    def n(self) -> int:
        return int(self.group.shape[0])

    def take(self, idx: np.ndarray) -> Lanes:
        return Lanes(
            _gather(self.M, idx), np.take(self.rest, idx, axis=2), self.group[idx], self.pair[idx]
        )


def _counts(counts: dict[str, int]) -> list[int]:
    return [counts.get(k, 0) for k in KINDS]


def _column(s: LostInTheWoodsState) -> tuple[list[int], list[list[int]]]:
    """One starting position as a matrix column plus its lower deck segments."""
    at_draw = s.current_player() == CHANCE
    if s.is_terminal() or s.pool or s.order is not None or s.ending:
        raise ValueError("playouts start from a knowledge view at a draw or the act decision")
    if not at_draw and s.decision is not None:
        raise ValueError("playouts start at a draw or the act decision, not an event choice")
    segs = [_counts(seg) for seg in s.segments] or [[0] * K]
    forest = [SYMBOLS.index(x) for x in s.forest]
    box = [
        sum(seg[i] for seg in segs) + s.discard.get(kind, 0) + s.row.count(kind)
        for i, kind in enumerate(KINDS)
    ]
    for symbol in forest:
        box[symbol] += 1
    box[TORCH] += s.torch_ready
    scalars = {
        "time": s.time,
        "flen": len(s.forest),
        "nrest": len(segs) - 1,
        "tready": s.torch_ready,
        "setup": int(s.stage == "setup"),
        "reset": 0,
        "force": int(at_draw and s.stage == "play"),
        "shuffles": s.shuffles,
        "live": 1,
        "won": 0,
        "last": forest[-1] if forest else -1,
        "ttot": sum(segs[0]),
    }
    column = [scalars[name] for name in SCALARS]
    column += [s.row.count(x) for x in SYMBOLS]
    column += [int(a in s.row) for a in ANIMALS]
    column += [s.row.count("compass"), int(s.well_used)]
    column += [forest.count(i) for i in range(S)]
    column += forest + [0] * (FOREST_LENGTH - len(forest))
    column += segs[0] + box
    return column, segs[1:]


def start_lanes(states: list[LostInTheWoodsState], per_state: int) -> Lanes:
    """``per_state`` lanes for each position; each must be a table-mode (knowledge) state at
    the act decision or at a draw."""
    columns, lower = zip(*(_column(s) for s in states), strict=True)
    # int8 holds every count of a 43-card box; a house box of over 127 cards needs int16.
    dtype = np.int8 if max(sum(c[BOX:HEIGHT]) for c in columns) <= 127 else np.int16
    depth = max(1, max(len(segs) for segs in lower))
    rest = np.zeros((depth, K, len(states)), dtype=dtype)
    for i, segs in enumerate(lower):
        for j, seg in enumerate(segs):
            rest[j, :, i] = seg
    matrix = np.repeat(np.array(columns, dtype=dtype).T, per_state, axis=1)
    group = np.repeat(np.arange(len(states)), per_state)
    pair = np.tile(np.arange(per_state), len(states))
    return Lanes(np.ascontiguousarray(matrix), np.repeat(rest, per_state, axis=2), group, pair)


def _gather(rows: np.ndarray, lanes: np.ndarray) -> np.ndarray:
    """The columns ``lanes`` of a fields x lanes matrix, as a new matrix: ``np.take`` runs
    several times faster than ``rows[:, lanes]`` on these int8 rows."""
    return np.take(rows, lanes, axis=1)
