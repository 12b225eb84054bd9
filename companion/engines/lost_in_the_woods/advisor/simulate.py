"""Vectorised Monte Carlo playouts: thousands of games at once as numpy arrays.

Each lane is one game played from a starting position (``start_state``) to the end under
a ``Policy``.  The rules and the policy are the same as the engine's + ``policy.choose``,
rewritten over arrays for speed (the advisor needs ~20,000 playouts in well under 100 ms);
``tests/engines/lost_in_the_woods/test_properties.py`` checks that both give the same
win rates.  Like the player, a lane knows only compositions: the next card is drawn from
the top segment of the Journey deck in proportion to its unseen counts.

Common random numbers: lane ``pair`` of every starting position reads the same uniform at
each step, so the playouts after two choices are paired and their difference has less
variance than two independent batches (``sequential.py`` uses that); each position's own
lanes stay independent, so every position's estimate is an ordinary one.
"""

from __future__ import annotations

import numpy as np

from companion.engines.base import CHANCE
from companion.engines.lost_in_the_woods.advisor import policy as pol
from companion.engines.lost_in_the_woods.cards import EVENTS, INDEX, KINDS, SYMBOLS
from companion.engines.lost_in_the_woods.clock import CLOCK_END
from companion.engines.lost_in_the_woods.forest import FOREST_LENGTH
from companion.engines.lost_in_the_woods.state import LostInTheWoodsState

K = len(KINDS)
SYMBOL_IDS = np.arange(len(SYMBOLS), dtype=np.int8)
KIND_IDS = np.arange(len(KINDS), dtype=np.int8)
WELL, TORCH, COMPASS, LIGHTNING, GRAVESTONE, SIGNPOST, SCARECROW, HORSEMAN = (
    INDEX[k] for k in EVENTS
)
I16 = np.int8
S = len(SYMBOLS)

# Row layout of the lanes matrix (fields x lanes, so each field is one contiguous row).
SCALARS = (
    "time",
    "flen",
    "rowc",
    "nrest",
    "tready",
    "well_used",
    "setup",
    "force",
    "shuffles",
    "live",
    "won",
    "last",
    "ttot",
)
ROWP = len(SCALARS)
ROWF = ROWP + S
VIRT = ROWF + S
FOREST = VIRT + S
TOP = FOREST + FOREST_LENGTH
DISCARD = TOP + K
HEIGHT = DISCARD + K


class Lanes:
    """The games being played: one column per lane of an int8 matrix, whose rows are the
    fields (kind-major, so per-field work and sums over kinds run on contiguous rows)."""

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
            self.rowc,  # Compass cards in the Fright row
            self.nrest,
            self.tready,  # lit Torches set aside (usable at once, LW6)
            self.well_used,
            self.setup,
            self.force,  # must draw first: the player already chose "draw"
            self.shuffles,
            self.live,
            self.won,
            self.last,  # the last Forest card's symbol id, -1 next to the Mansion
            self.ttot,  # cards in the top segment
        ) = matrix[:ROWP]
        self.rowp = matrix[ROWP:ROWF]  # Progress cards per symbol in the Fright row
        self.rowf = matrix[ROWF:VIRT]  # 1 if that animal is in the Fright row
        self.virt = matrix[VIRT:FOREST]  # symbols the Compasses count as (end of round)
        self.forest = matrix[FOREST:TOP]  # symbol ids, flen of them
        self.top = matrix[TOP:DISCARD]  # the top segment of the Journey deck
        self.discard = matrix[DISCARD:HEIGHT]

    @property
    def n(self) -> int:
        return int(self.group.shape[0])

    def take(self, idx: np.ndarray) -> Lanes:
        return Lanes(self.M[:, idx], self.rest[:, :, idx], self.group[idx], self.pair[idx])


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
    scalars = {
        "time": s.time,
        "flen": len(s.forest),
        "rowc": s.row.count("compass"),
        "nrest": len(segs) - 1,
        "tready": s.torch_ready,
        "well_used": int(s.well_used),
        "setup": int(s.stage == "setup"),
        "force": int(at_draw and s.stage == "play"),
        "shuffles": s.shuffles,
        "live": 1,
        "won": 0,
        "last": forest[-1] if forest else -1,
        "ttot": sum(segs[0]),
    }
    column = [scalars[name] for name in SCALARS]
    column += [s.row.count(x) for x in SYMBOLS]
    column += [int(a in s.row) for a in ("wolf", "owl", "bat")]
    column += [0] * S
    column += forest + [0] * (FOREST_LENGTH - len(forest))
    column += segs[0] + _counts(s.discard)
    return column, segs[1:]


def start_lanes(states: list[LostInTheWoodsState], per_state: int) -> Lanes:
    """``per_state`` lanes for each position; each must be a table-mode (knowledge) state at
    the act decision or at a draw."""
    columns, lower = zip(*(_column(s) for s in states), strict=True)
    depth = max(1, max(len(segs) for segs in lower))
    rest = np.zeros((depth, K, len(states)), dtype=I16)
    for i, segs in enumerate(lower):
        for j, seg in enumerate(segs):
            rest[j, :, i] = seg
    matrix = np.repeat(np.array(columns, dtype=I16).T, per_state, axis=1)
    group = np.repeat(np.arange(len(states)), per_state)
    pair = np.tile(np.arange(per_state), len(states))
    return Lanes(np.ascontiguousarray(matrix), np.repeat(rest, per_state, axis=2), group, pair)


def _count3(rows: np.ndarray) -> np.ndarray:
    """Per lane, how many of the 3 rows are true/nonzero (bool rows viewed as 0/1 bytes:
    much cheaper than a reduction over a 3-row axis)."""
    b = rows if rows.dtype == np.int8 else rows.view(np.int8)
    return b[0] + b[1] + b[2]


def _any3(rows: np.ndarray) -> np.ndarray:
    return rows[0] | rows[1] | rows[2]


def _first3(rows: np.ndarray) -> np.ndarray:
    """Per lane, the index of the first true row of 3 bool rows (2 if none is true;
    callers only use lanes with a true row)."""
    not0 = (~rows[0]).view(np.int8)
    return (not0 * (1 + (~rows[1]).view(np.int8))).astype(np.intp)  # intp: fast indexing


def _placed(sets: np.ndarray, last: np.ndarray) -> np.ndarray:
    """Vector form of ``logic.placed_count``; ``sets`` is (3, n) bool."""
    nsets = _count3(sets)
    matches = _any3(sets & (SYMBOL_IDS[:, None] == last))
    return nsets - ((nsets == 1) & matches)


class Simulator:
    """Plays lanes to the end under one policy; ``run`` returns wins per starting position."""

    COMPACT_BELOW = 0.6
    """Drop finished lanes once fewer than this share is still playing."""

    def __init__(self, policy: pol.Policy, max_shuffles: int, rng: np.random.Generator) -> None:
        self.policy = policy
        self.max_shuffles = max_shuffles
        self.rng = rng
        self.pairs = 0

    def run(self, lanes: Lanes, groups: int, per_state: int) -> np.ndarray:
        """Play every lane to the end: a (groups, per_state) bool matrix of the wins."""
        won = np.zeros((groups, per_state), dtype=bool)
        self.pairs = per_state
        L = lanes
        while L.n:
            self._step(L)
            live = L.live == 1
            playing = int(np.count_nonzero(live))
            if playing < self.COMPACT_BELOW * L.n:
                w = np.flatnonzero(L.won == 1)
                won[L.group[w], L.pair[w]] = True
                L = L.take(np.flatnonzero(live))
        return won

    # -- one decision and one card per lane ----------------------------------
    def _step(self, L: Lanes) -> None:
        live = L.live == 1
        play = live & (L.setup == 0) & (L.force == 0)
        placed = _placed(L.rowp >= 2, L.last)
        p = self.policy
        end = play & (placed >= p.stop_sets)
        if p.risk_limit <= 1:
            unsure = np.flatnonzero(play & (placed >= 1) & (placed < p.stop_sets))
            end[unsure] = self._risk_reached(L, unsure, p.risk_limit)
        draw = live & ~end
        use = play & draw & (L.tready > 0)
        if use.any():
            use &= (L.rowf[0] + L.rowf[1] + L.rowf[2]) >= pol.TORCH_USE_ANIMALS
            i = np.flatnonzero(use)
            L.discard[3:6, i] += L.rowf[:, i]
            L.rowf[:, i] = 0
            L.tready[i] -= 1
            L.discard[TORCH, i] += 1
        if end.any():
            ended = np.flatnonzero(end)
            self._end_round(L, ended)
            draw[ended] = L.live[ended] == 1  # the next round's setup draws at once
        empty = draw & (L.ttot == 0)
        if empty.any():
            i = np.flatnonzero(empty)
            pile = L.discard[:, i].sum(0, dtype=I16)
            lw10 = i[pile == 0]
            draw[lw10] = False
            if lw10.size:
                self._end_round(L, lw10)
            rebuild = i[pile > 0]
            if rebuild.size:
                ok = self._count_shuffle(L, rebuild)
                draw[rebuild] = L.live[rebuild] == 1
                L.top[:, ok] = L.discard[:, ok]
                L.ttot[ok] = L.top[:, ok].sum(0, dtype=I16)
                L.discard[:, ok] = 0
        if draw.any():
            self._draw(L, draw)
        L.force[:] = 0

    def _risk_reached(self, L: Lanes, i: np.ndarray, limit: float) -> np.ndarray:
        """Whether the chance that the next draw costs time is at least ``limit``, for lanes
        ``i`` (as ``policy.penalty_risk``: from the top segment, or the discard pile)."""
        frights = L.top[S : 2 * S][:, i]
        total = L.ttot[i]
        empty = np.flatnonzero(total == 0)
        if empty.size:
            frights[:, empty] = L.discard[S : 2 * S][:, i[empty]]
            total[empty] = L.discard[:, i[empty]].sum(0, dtype=I16)
        rowf = L.rowf[:, i]
        penal = rowf | (_count3(rowf) == 2)
        bad = frights * penal
        bad = bad[0] + bad[1] + bad[2]
        return (total > 0) & (bad >= limit * total)

    def _count_shuffle(self, L: Lanes, i: np.ndarray) -> np.ndarray:
        """Count a shuffle for lanes ``i``; those past the LW12 limit lose. Returns the rest."""
        over = L.shuffles[i] >= self.max_shuffles
        L.live[i[over]] = 0
        ok = i[~over]
        L.shuffles[ok] += 1
        return ok

    def _lose_if_late(self, L: Lanes, i: np.ndarray) -> np.ndarray:
        """Lanes whose clock reached 12 lose; returns the others."""
        late = L.time[i] >= CLOCK_END
        L.live[i[late]] = 0
        return i[~late]

    def _new_round(self, L: Lanes, k: np.ndarray) -> None:
        # Progress then Fright rows of the Fright row and of the discard pile line up.
        L.M[DISCARD : DISCARD + 2 * S, k] += L.M[ROWP : ROWP + 2 * S, k]
        L.discard[COMPASS, k] += L.rowc[k]
        L.M[ROWP:FOREST, k] = 0  # row Progress, animals, Compass symbols
        L.rowc[k] = 0
        L.setup[k] = 1
        L.well_used[k] = 0

    def _add_forest(self, L: Lanes, k: np.ndarray, symbols: np.ndarray) -> np.ndarray:
        """Place one card per lane; the ninth wins. Returns the lanes still playing."""
        L.M[FOREST + L.flen[k].astype(np.intp), k] = symbols
        L.flen[k] += 1
        L.last[k] = symbols
        full = L.flen[k] >= FOREST_LENGTH
        L.won[k[full]] = 1
        L.live[k[full]] = 0
        return k[~full]

    # -- ending a round ------------------------------------------------------
    def _end_round(self, L: Lanes, i: np.ndarray) -> None:
        for c in range(int(L.rowc[i].max())):
            j = i[(L.rowc[i] > c) & (L.live[i] == 1)]
            if j.size:
                self._compass(L, j)
        i = i[L.live[i] == 1]
        sets = (L.rowp[:, i] + L.virt[:, i]) >= 2
        nsets = _count3(sets)
        remaining = sets.copy()
        cols = np.arange(i.size)
        for _ in range(S):
            placeable = remaining & (SYMBOL_IDS[:, None] != L.last[i]) & (L.live[i] == 1)
            has = _any3(placeable)
            if not has.any():
                break
            symbol = _first3(placeable)[has]
            remaining[symbol, cols[has]] = False
            k = i[has]
            L.rowp[symbol, k] -= 1
            self._add_forest(L, k, symbol)
        alive = L.live[i] == 1
        penalised = i[alive & ((nsets == 0) | (nsets == 3))]
        L.time[penalised] += 1
        self._lose_if_late(L, penalised)
        self._new_round(L, i[L.live[i] == 1])

    def _compass(self, L: Lanes, j: np.ndarray) -> None:
        counts = L.rowp[:, j] + L.virt[:, j]
        last = L.last[j]
        before = _placed(counts >= 2, last)
        t = L.time[j]
        allowed = (t <= pol.COMPASS_MAX_TIME) & (
            (before == 0) | (t <= pol.COMPASS_EXTRA_SET_MAX_TIME)
        )
        choice = np.full(j.size, -1)
        for s in range(S):
            candidate = (L.rowp[s, j] == 1) & (L.virt[s, j] == 0)
            after = counts.copy()
            after[s] += 1
            sets_after = after >= 2
            good = candidate & (_count3(sets_after) < 3) & (_placed(sets_after, last) > before)
            choice[good & (choice < 0)] = s
        use = allowed & (choice >= 0)
        k = j[use]
        L.virt[choice[use], k] += 1
        L.time[k] += 1
        self._lose_if_late(L, k)

    # -- drawing -------------------------------------------------------------
    def _draw(self, L: Lanes, drawing: np.ndarray) -> None:
        """Every lane in the ``drawing`` mask turns over one card and resolves it.

        Most lanes draw in every step, so the common cards are handled with whole-row
        masks (no gathers); the rarer events work on index subsets."""
        kind = self._sample(L.top, L.ttot, L.pair)
        kind[~drawing] = K  # no card
        onehot = kind == KIND_IDS[:, None]
        L.top -= onehot.view(np.int8)
        L.ttot -= drawing
        emptied = np.flatnonzero(drawing & (L.ttot == 0) & (L.nrest > 0))
        if emptied.size:
            L.top[:, emptied] = L.rest[0][:, emptied]
            L.ttot[emptied] = L.top[:, emptied].sum(0, dtype=I16)
            L.rest[:-1, :, emptied] = L.rest[1:, :, emptied]
            L.rest[-1][:, emptied] = 0
            L.nrest[emptied] -= 1
        L.rowp += onehot[:S]
        L.setup *= kind >= S  # a Progress card ends round setup
        fright = (kind >= S) & (kind < 2 * S)
        if fright.any():
            self._fright(L, onehot[S : 2 * S], fright)
        events = np.flatnonzero((kind >= 2 * S) & (kind < K))
        if events.size:
            order = np.argsort(kind[events], kind="stable")
            events = events[order]
            bounds = np.searchsorted(kind[events], np.arange(2 * S, K + 1))
            for event, handler in (
                (WELL, self._well),
                (TORCH, self._torch),
                (COMPASS, self._compass_drawn),
                (LIGHTNING, self._lightning),
                (GRAVESTONE, self._gravestone),
                (SIGNPOST, self._signpost),
                (SCARECROW, self._scarecrow),
                (HORSEMAN, self._horseman),
            ):
                k = events[bounds[event - 2 * S] : bounds[event - 2 * S + 1]]
                if k.size:
                    handler(L, k)

    def _sample(self, tops: np.ndarray, total: np.ndarray, pair: np.ndarray) -> np.ndarray:
        """One card kind per column of ``tops`` (counts), in proportion to the counts; the
        lanes of one ``pair`` number share their uniform (common random numbers)."""
        pick = (self.rng.random(self.pairs)[pair] * total).astype(I16)
        acc = np.zeros(total.size, dtype=I16)
        kind = np.zeros(total.size, dtype=I16)
        for row in tops[:-1]:
            acc += row
            kind += acc <= pick
        return kind

    def _fright(self, L: Lanes, animal: np.ndarray, fright: np.ndarray) -> None:
        present = _any3(L.rowf.view(bool) & animal)
        others = _count3(L.rowf)
        pair = present & fright
        third = ~present & (others == 2) & fright
        cost = pair.view(np.int8) + (third.view(np.int8) << 1)
        to_row = fright & (cost == 0)
        L.rowf |= animal & to_row
        L.discard[S : 2 * S] += animal & ~to_row
        h = np.flatnonzero((cost > 0) & (L.setup == 0))
        L.time[h] += cost[h].astype(I16)
        self._new_round(L, self._lose_if_late(L, h))

    def _well(self, L: Lanes, k: np.ndarray) -> None:
        sets = L.rowp[:, k] >= 2
        nsets = _count3(sets)
        last = L.last[k]
        placed = _placed(sets, last)
        use = (nsets > 0) & (L.well_used[k] == 0) & (L.time[k] > 0)
        use &= (nsets >= 2) | (placed == 0)
        last_is_set = (last >= 0) & sets[np.maximum(last, 0), np.arange(k.size)]
        symbol = np.where(last_is_set, last, _first3(sets))[use]
        u = k[use]
        L.discard[symbol, u] += L.rowp[symbol, u]
        L.rowp[symbol, u] = 0
        L.time[u] -= 1
        L.well_used[u] = 1
        L.discard[WELL, k] += 1

    def _torch(self, L: Lanes, k: np.ndarray) -> None:
        light = L.time[k] <= pol.LIGHT_TORCH_MAX_TIME
        lit = k[light]
        L.tready[lit] += 1
        L.time[lit] += 1
        L.discard[TORCH, k[~light]] += 1

    def _compass_drawn(self, L: Lanes, k: np.ndarray) -> None:
        L.rowc[k] += 1

    def _lightning(self, L: Lanes, k: np.ndarray) -> None:
        counts = L.rowp[:, k]
        present = counts > 0
        last = L.last[k]
        target = _first3(present)
        for wanted in (
            (counts == 2) & (SYMBOL_IDS[:, None] == last),
            counts == 1,
            counts >= 3,
        ):  # lowest priority first: later rules overwrite earlier ones
            target = np.where(_any3(wanted), _first3(wanted), target)
        hit = _any3(present)
        u = k[hit]
        L.rowp[target[hit], u] -= 1
        L.discard[target[hit], u] += 1
        L.discard[LIGHTNING, k] += 1

    def _gravestone(self, L: Lanes, k: np.ndarray) -> None:
        L.discard[GRAVESTONE, k] += 1
        L.time[k] += _count3(L.rowf[:, k])
        self._lose_if_late(L, k)

    def _signpost(self, L: Lanes, k: np.ndarray) -> None:
        counts = L.rowp[:, k]
        last = L.last[k]
        eligible = (counts > 0) & (SYMBOL_IDS[:, None] != last)
        placed = _placed(counts >= 2, last)
        use = _any3(eligible) & (placed == 0) & (L.time[k] <= pol.SIGNPOST_MAX_TIME)
        L.discard[SIGNPOST, k] += 1
        u = k[use]
        symbol = _first3(eligible)[use]
        L.time[u] += 1
        L.rowp[symbol, u] -= 1
        self._new_round(L, self._add_forest(L, u, symbol))

    def _scarecrow(self, L: Lanes, k: np.ndarray) -> None:
        L.discard[SCARECROW, k] += 1
        self._new_round(L, k)

    def _horseman(self, L: Lanes, k: np.ndarray) -> None:
        h = k[L.flen[k] > 0]
        L.flen[h] -= 1
        L.discard[L.M[FOREST + L.flen[h], h], h] += 1
        L.last[h] = np.where(L.flen[h] > 0, L.M[FOREST + np.maximum(L.flen[h] - 1, 0), h], -1)
        pile = k[L.discard[:, k].sum(0, dtype=I16) > 0]
        ok = self._count_shuffle(L, pile)
        top_empty = L.ttot[ok] == 0
        a = ok[top_empty]
        L.top[:, a] = L.discard[:, a]
        L.ttot[a] = L.top[:, a].sum(0, dtype=I16)
        b = ok[~top_empty]
        if b.size:
            if int(L.nrest[b].max()) >= L.rest.shape[0]:
                grown = np.zeros((1, K, L.n), dtype=I16)
                L.rest = np.concatenate([L.rest, grown], axis=0)
            L.rest[L.nrest[b], :, b] = L.discard[:, b].T
            L.nrest[b] += 1
        L.discard[:, ok] = 0
        L.discard[HORSEMAN, k] += 1


def outcomes(
    states: list[LostInTheWoodsState],
    per_state: int,
    policy: pol.Policy,
    rng: np.random.Generator,
) -> np.ndarray:
    """Which of ``per_state`` paired playouts from each (knowledge-view) state are won:
    a (len(states), per_state) bool matrix; column j of every row shares its random numbers."""
    if not states:
        return np.zeros((0, per_state), dtype=bool)
    max_shuffles = int(states[0].options["max_shuffles"])
    lanes = start_lanes(states, per_state)
    return Simulator(policy, max_shuffles, rng).run(lanes, len(states), per_state)


def win_counts(
    states: list[LostInTheWoodsState],
    per_state: int,
    policy: pol.Policy,
    rng: np.random.Generator,
) -> np.ndarray:
    """Wins out of ``per_state`` playouts from each (knowledge-view) state."""
    return outcomes(states, per_state, policy, rng).sum(axis=1, dtype=np.int64)
