"""Monte Carlo playouts: thousands of games at once, compiled or as numpy arrays.

Each lane is one game played from a starting position to the end under a ``Policy``.  The
rules and the policy are the engine's + ``policy.choose``, rewritten for speed;
``tests/engines/lost_in_the_woods/test_properties.py`` and ``test_advisor_parity.py`` check
that both give the same win rates.  Like the player, a lane knows only compositions: the
next card is drawn from the top segment of the Journey deck in proportion to its counts.

The games are played by ``kernel.play``: the same step as ``Simulator._step`` below, for
one lane at a time, compiled by numba (~20 ns a card, where a numpy step over every lane
costs ~0.3 ms whatever the number of lanes, and the longest games of a batch make the
most steps).  The numpy steps stay as the rules' reference: ``test_advisor_kernel.py``
plays both with the same random numbers and asks for the same outcome in every lane.

Why it is fast:

* the kernel works in place on a lane-major (Fortran-order) copy of the lanes matrix of
  small integers (each game's fields in one cache line), with the rules met at nearly every
  card written out in its loop: a compiled helper handed the arrays would pay reference
  counting at each call;
* the discard pile is never tracked card by card: it is whatever of the lane's own box is
  not in the deck, the Fright row, the Forest row or a lit Torch (``_pile``), worked out
  only when a shuffle or an empty deck needs it;
* a round's reset is deferred to the start of the next step for the cards that end a
  round;
* the policy's choices that depend only on the Progress cards in the row and the last
  Forest card (Wishing Well, Lightning, Signpost, and the placements, the Forest cards
  and the time a round's end costs) are table look-ups on one key (``_row_key``), built
  from the engine's own rules and checked row by row in ``test_advisor_tables.py``;
  the kernel is handed them as arguments (numba would freeze a global array into its
  on-disk cache);
* the uniforms come in pairs x 64-step blocks, so each lane reads its pair's from
  contiguous memory, drawn only for the pairs that still have a game being played.

Compiling ``kernel.play`` takes ~2 s on the first use after an install (numba caches it
beside the module, or in the user's cache directory when the package is read-only);
later starts load it in ~0.1 s, after numba's own ~0.2 s import.  Numba loads with this
module, so only once the advisor is used: never for the home screen.

Common random numbers: lane ``pair`` of every starting position reads the same uniform at
each step (in both paths, column ``step % BLOCK`` of a block), so the playouts after two
choices are paired and their difference has less variance than two independent batches
(``sequential.py`` uses that); each position's own lanes stay independent, so every
position's estimate is an ordinary one.
"""

from __future__ import annotations

import sys

import numpy as np

from companion.engines.lost_in_the_woods.advisor import kernel
from companion.engines.lost_in_the_woods.advisor import policy as pol
from companion.engines.lost_in_the_woods.advisor.lanes import (
    BOX,
    COMPASS,
    COMPASS_CHOICE,
    COMPASS_ONLY_EARLY,
    END_ADDED,
    END_COST,
    END_COUNT,
    END_LAST,
    END_ORDER,
    FCOUNT,
    FOREST,
    GRAVESTONE,
    HEIGHT,
    HORSEMAN,
    KIND_IDS,
    LIGHTNING,
    LIGHTNING_CHOICE,
    ROW,
    ROW_CAP,
    ROWC,
    ROWF,
    ROWP,
    SCARECROW,
    SIGNPOST,
    SIGNPOST_CHOICE,
    SLOTS,
    SYMBOL_IDS,
    TOP,
    TORCH,
    WELL,
    WELL_CHOICE,
    K,
    Lanes,
    S,
    _gather,
    start_lanes,
)
from companion.engines.lost_in_the_woods.clock import CLOCK_END
from companion.engines.lost_in_the_woods.forest import FOREST_LENGTH
from companion.engines.lost_in_the_woods.state import LostInTheWoodsState


def _i8(mask: np.ndarray) -> np.ndarray:
    """A bool array as 0/1 bytes (no copy)."""
    return mask.view(np.int8)


def _count3(rows: np.ndarray) -> np.ndarray:
    """Per lane, how many of the 3 rows are true/nonzero (bool rows viewed as 0/1 bytes:
    much cheaper than a reduction over a 3-row axis)."""
    b = rows.view(np.int8) if rows.dtype == bool else rows
    return b[0] + b[1] + b[2]


def _any3(rows: np.ndarray) -> np.ndarray:
    return rows[0] | rows[1] | rows[2]


def _first3(rows: np.ndarray) -> np.ndarray:
    """Per lane, the index of the first true row of 3 bool rows (2 if none is true;
    callers only use lanes with a true row)."""
    not0 = _i8(~rows[0])
    return (not0 * (1 + _i8(~rows[1]))).astype(np.intp)  # intp: fast indexing


def _row_key(counts: np.ndarray, last: np.ndarray) -> np.ndarray:
    """The key of ``_row_choices``' tables for (3, n) Progress counts and last symbols."""
    capped = np.minimum(counts, ROW_CAP - 1).astype(np.intp)
    return capped[0] + ROW_CAP * capped[1] + ROW_CAP**2 * capped[2] + ROW_CAP**S * (last + 1)


def _placed(sets: np.ndarray, last: np.ndarray) -> np.ndarray:
    """Vector form of ``forest.placed_count``; ``sets`` is (3, n) bool."""
    nsets = _count3(sets)
    matches = _any3(sets & (SYMBOL_IDS[:, None] == last))
    return nsets - _i8((nsets == 1) & matches)


class Simulator:
    """Plays lanes to the end under one policy; ``run`` returns wins per starting position."""

    COMPACT_BELOW = 0.6
    """Drop finished lanes once fewer than this share is still playing."""
    COMPILED_BELOW = sys.maxsize if kernel.COMPILED else 0
    """Play the games in the compiled kernel (``kernel.play``) once no more than this many
    are still playing: by default every game from its first card (without numba, none:
    the numpy steps play them all).  The numpy steps stay as the rules' reference (a test
    plays them with ``compiled_below=0``)."""
    BLOCK = 64
    """Steps of uniforms drawn at a time, one per pair and step: a pairs x steps block,
    so the compiled kernel reads each pair's uniforms from contiguous memory."""

    def __init__(
        self,
        policy: pol.Policy,
        max_shuffles: int,
        rng: np.random.Generator,
        compiled_below: int = COMPILED_BELOW,
    ) -> None:
        self.policy = policy
        self.max_shuffles = max_shuffles
        self.rng = rng
        self.compiled_below = compiled_below
        self.pairs = 0
        self.block = np.zeros((0, self.BLOCK))
        self.steps = 0
        """Steps the last ``run`` took (one card per lane each) until its last game ended."""
        self.compiled_games = 0
        """Games the last ``run`` played (on) in the compiled kernel."""

    def run(self, lanes: Lanes, groups: int, per_state: int) -> np.ndarray:
        """Play every lane to the end: a (groups, per_state) bool matrix of the wins."""
        won = np.zeros((groups, per_state), dtype=bool)
        self.pairs = per_state
        self.steps = self.compiled_games = 0  # the uniforms' blocks start again too
        L = lanes
        playing = L.n
        while playing > self.compiled_below:
            self._step(L)
            self.steps += 1
            live = L.live == 1
            playing = int(np.count_nonzero(live))
            if playing < self.COMPACT_BELOW * L.n:
                L = self._compact(L, live, won)
        if L.n:
            L = self._compact(L, L.live == 1, won)
        if L.n:
            self._play_compiled(L, won)
        return won

    def _play_compiled(self, L: Lanes, won: np.ndarray) -> None:
        """Play lanes ``L`` to their ends in the compiled kernel, in place; record the wins
        in ``won``.  The uniforms go on from the step the numpy steps stopped at."""
        # Lane-major copies (Fortran order): each game's fields in a cache line or two.  One
        # lane alone would be C-contiguous too, which numba compiles apart: a dead lane
        # beside it keeps the one compiled version.
        M, rest, pair = L.M, L.rest, L.pair
        if L.n == 1:
            M = np.concatenate([M, np.zeros_like(M)], axis=1)
            rest = np.concatenate([rest, np.zeros_like(rest)], axis=2)
            pair = np.concatenate([pair, pair])
        M = np.asfortranarray(M)
        rest = np.asfortranarray(rest)
        pair = np.ascontiguousarray(pair, dtype=np.int64)
        at = np.full(pair.size, self.steps % self.BLOCK, dtype=np.int64)
        if at[0] == 0:  # else the numpy steps' block goes on
            self.block = self._new_block(pair, M[kernel.LIVE] == 1)
        p = self.policy
        while True:
            playing, blocked = kernel.play(
                M,
                rest,
                pair,
                at,
                self.block,
                kernel.ROW_TABLE,
                kernel.COMPASS_TABLE,
                p.stop_sets,
                p.risk_limit,
                self.max_shuffles,
            )
            if blocked:  # a Headless Horseman may add a segment under the deck: room for it
                rest = np.asfortranarray(np.concatenate([rest, np.zeros_like(rest)]))
                continue
            self.steps += int(at.max()) - self.steps % self.BLOCK
            if not playing:
                break
            at[:] = 0
            self.block = self._new_block(pair, M[kernel.LIVE] == 1)
        self.compiled_games += L.n
        w = np.flatnonzero(M[kernel.WON] == 1)
        won[L.group[w], L.pair[w]] = True

    def _new_block(self, pair: np.ndarray, live: np.ndarray) -> np.ndarray:
        """The next ``BLOCK`` steps' uniforms as a pairs x steps block, drawn for just the
        pairs that still have a game being played (the other rows: 0, never used)."""
        playing = np.zeros(self.pairs, dtype=bool)
        playing[pair[live]] = True
        rows = np.flatnonzero(playing)
        if rows.size == self.pairs:
            return self.rng.random((self.pairs, self.BLOCK))
        block = np.zeros((self.pairs, self.BLOCK))
        block[rows] = self.rng.random((rows.size, self.BLOCK))
        return block

    @staticmethod
    def _compact(L: Lanes, live: np.ndarray, won: np.ndarray) -> Lanes:
        """Record the won lanes in ``won`` and keep the ``live`` ones."""
        w = np.flatnonzero(L.won == 1)
        won[L.group[w], L.pair[w]] = True
        return L.take(np.flatnonzero(live))

    # -- one decision and one card per lane ----------------------------------
    def _step(self, L: Lanes) -> None:
        at = self.steps % self.BLOCK  # this step's uniform per pair: a column of a block
        if at == 0:
            self.block = self._new_block(L.pair, L.live == 1)
        uniforms = self.block[:, at]
        if L.reset.any():  # the cards that ended a round last step: clear the Fright row
            L.round_rows *= _i8(L.reset == 0)
            L.reset[:] = 0
        live = L.live == 1
        play = live & (L.setup == 0) & (L.force == 0)
        empty_top = L.ttot == 0
        placed = _placed(L.rowp >= 2, L.last)
        p = self.policy
        end = play & (placed >= p.stop_sets)
        if p.risk_limit <= 1:
            unsure = play & (placed >= 1) & (placed < p.stop_sets)
            if unsure.any():
                end |= unsure & self._risky(L, unsure & empty_top, p.risk_limit)
        draw = live & ~end
        use = play & draw & (L.tready > 0)
        if use.any():  # Torch: the two animals leave the row just before the draw
            use &= _count3(L.rowf) >= pol.TORCH_USE_ANIMALS
            L.rowf *= _i8(~use)
            L.tready -= _i8(use)
        if end.any():
            self._end_round(L, np.flatnonzero(end))
            draw = L.live == 1  # the next round's setup draws at once
        empty = draw & empty_top
        if empty.any():
            draw &= ~self._rebuild(L, np.flatnonzero(empty))
        if draw.any():
            self._draw(L, draw, uniforms)
        L.live *= _i8(L.time < CLOCK_END)  # LW11: the clock at 12 loses at once
        L.force[:] = 0

    def _risky(self, L: Lanes, from_pile: np.ndarray, limit: float) -> np.ndarray:
        """Whether the chance that the next draw costs time is at least ``limit`` (as
        ``policy.penalty_risk``: from the top segment, or for the lanes ``from_pile``, whose
        deck is empty, from the discard pile)."""
        rowf = L.rowf
        penal = rowf | _i8(_count3(rowf) == 2)
        bad = _count3(L.top[S : 2 * S] * penal)
        total = L.ttot
        if from_pile.any():
            e = np.flatnonzero(from_pile)
            pile = self._pile(L, e)
            total = total.copy()
            bad = bad.copy()
            total[e] = pile.sum(0, dtype=pile.dtype)
            bad[e] = _count3(pile[S : 2 * S] * penal[:, e])
        return (total > 0) & (bad >= limit * total)

    def _pile(self, L: Lanes, i: np.ndarray) -> np.ndarray:
        """The discard pile of lanes ``i``, per kind: every card of the lane's box that is
        not in the deck, the Fright row, the Forest row or a lit Torch set aside."""
        c = _gather(L.M, i)  # one gather of every field
        pile = c[BOX:HEIGHT] - c[TOP:BOX]
        if c[ROW["nrest"]].any():
            pile -= L.rest[:, :, i].sum(0, dtype=L.M.dtype)
        pile[:S] -= c[ROWP:ROWF] + c[FCOUNT:FOREST]
        pile[S : 2 * S] -= c[ROWF:ROWC]
        pile[COMPASS] -= c[ROWC]
        pile[TORCH] -= c[ROW["tready"]]
        return pile

    def _rebuild(self, L: Lanes, i: np.ndarray) -> np.ndarray:
        """LW10 for lanes ``i`` about to draw from an empty deck: the discard pile becomes
        the deck, or if it is empty too the round ends.  True where no card is drawn now."""
        pile = self._pile(L, i)
        total = pile.sum(0, dtype=pile.dtype)
        nothing = total == 0
        if nothing.any():
            self._end_round(L, i[nothing])
        keep = ~nothing
        keep[keep] = self._count_shuffle(L, i[keep])
        ok = i[keep]
        L.top[:, ok] = pile[:, keep]
        L.ttot[ok] = total[keep]
        skip = np.zeros(L.n, dtype=bool)
        skip[i[~keep]] = True
        return skip

    def _count_shuffle(self, L: Lanes, i: np.ndarray) -> np.ndarray:
        """Count a shuffle for lanes ``i``; those past the LW12 limit lose. True for the
        others (per lane of ``i``)."""
        over = L.shuffles[i] >= self.max_shuffles
        L.live[i[over]] = 0
        L.shuffles[i[~over]] += 1
        return ~over

    def _new_round(self, L: Lanes, k: np.ndarray) -> None:
        """Lanes ``k`` start a new round before their next draw (a lit Torch stays aside)."""
        L.reset[k] = 1
        L.setup[k] = 1

    def _add_forest(self, L: Lanes, k: np.ndarray, symbols: np.ndarray) -> np.ndarray:
        """Place one card per lane; the ninth wins. Returns the lanes still playing."""
        L.forest[L.flen[k].astype(np.intp), k] = symbols
        L.fcount[symbols, k] += 1
        L.flen[k] += 1
        L.last[k] = symbols
        full = L.flen[k] >= FOREST_LENGTH
        L.won[k[full]] = 1
        L.live[k[full]] = 0
        return k[~full]

    # -- ending a round ------------------------------------------------------
    def _end_round(self, L: Lanes, i: np.ndarray) -> None:
        """End the Round for lanes ``i``: Compasses, the sets placed, 0 or 3 sets cost 1
        time, and the Fright row cleared for the new round's setup draw.  The placements
        come from tables (``_round_ends``); a lane whose sets fill the Forest row has won,
        so what its Forest row holds past the ninth card never matters."""
        counts, rowc = _gather(L.rowp, i), L.rowc[i]
        last, time, start = L.last[i], L.time[i], L.flen[i]
        if rowc.any():
            counts = self._compasses(counts, rowc, last, time)
        key = _row_key(counts, last)
        alive = _i8(time < CLOCK_END)
        flen = start + END_COUNT[key] * alive
        won = flen >= FOREST_LENGTH
        slots = np.minimum(start + SLOTS, FOREST_LENGTH - 1)  # cells past the count: unread
        L.forest[slots, i] = END_ORDER[key].T
        L.fcount[:, i] += END_ADDED[key].T * alive
        L.last[i] = np.where(alive, END_LAST[key], last)
        time += alive & ~won & END_COST[key]
        L.time[i], L.flen[i] = time, flen
        L.won[i] = won
        L.live[i] = ~won & (time < CLOCK_END)
        L.setup[i] = 1
        L.round_rows[:, i] = 0

    def _compasses(
        self, counts: np.ndarray, rowc: np.ndarray, last: np.ndarray, time: np.ndarray
    ) -> np.ndarray:
        """Each Compass in the row, one after the other: count it as the policy's symbol
        (1 time each, ``time`` updated in place). Returns the counts with the Compasses."""
        c = np.flatnonzero(rowc)
        held = counts[:, c]
        virt = np.zeros_like(held)
        t = time[c]
        base = np.minimum(held, 2).astype(np.intp)
        base = base[0] + 3 * base[1] + 9 * base[2] + 216 * (last[c] + 1).astype(np.intp)
        for used in range(int(rowc.max())):
            key = base + 27 * (virt[0] + 2 * virt[1] + 4 * virt[2])
            choice = COMPASS_CHOICE[key]
            use = (rowc[c] > used) & (choice >= 0) & (t <= pol.COMPASS_MAX_TIME)
            use &= ~COMPASS_ONLY_EARLY[key] | (t <= pol.COMPASS_EXTRA_SET_MAX_TIME)
            w = np.flatnonzero(use)
            virt[choice[w], w] = 1
            t += _i8(use)
        time[c] = t
        counts = counts.copy()
        counts[:, c] += virt
        return counts

    # -- drawing -------------------------------------------------------------
    def _draw(self, L: Lanes, drawing: np.ndarray, uniforms: np.ndarray) -> None:
        """Every lane in the ``drawing`` mask turns over one card and resolves it.

        The common cards are handled with whole-row masks (no gathers); events work on
        index subsets."""
        kind = self._sample(L.top, L.ttot, uniforms[L.pair])
        kind[~drawing] = K  # no card
        onehot = kind == KIND_IDS[:, None]
        L.top -= _i8(onehot)
        L.ttot -= _i8(drawing)
        emptied = np.flatnonzero(drawing & (L.ttot == 0) & (L.nrest > 0))
        if emptied.size:
            L.top[:, emptied] = L.rest[0][:, emptied]
            L.ttot[emptied] = L.top[:, emptied].sum(0, dtype=L.M.dtype)
            L.rest[:-1, :, emptied] = L.rest[1:, :, emptied]
            L.rest[-1][:, emptied] = 0
            L.nrest[emptied] -= 1
        L.rowp += _i8(onehot[:S])
        L.setup *= _i8(kind >= S)  # a Progress card ends round setup
        fright = (kind >= S) & (kind < 2 * S)
        if fright.any():
            self._fright(L, onehot[S : 2 * S], fright)
        events = np.flatnonzero((kind >= 2 * S) & (kind < K))
        if events.size:
            order = np.argsort(kind[events], kind="stable")
            events = events[order]
            bounds = np.searchsorted(kind[events], np.arange(2 * S, K + 1))
            drawn = kind[events]
            on_row = np.flatnonzero((drawn == WELL) | (drawn == LIGHTNING) | (drawn == SIGNPOST))
            if on_row.size:
                self._progress_events(L, events[on_row], drawn[on_row])
            for event, handler in (
                (TORCH, self._torch),
                (COMPASS, self._compass_drawn),
                (GRAVESTONE, self._gravestone),
                (SCARECROW, self._scarecrow),
                (HORSEMAN, self._horseman),
            ):
                k = events[bounds[event - 2 * S] : bounds[event - 2 * S + 1]]
                if k.size:
                    handler(L, k)

    def _sample(self, tops: np.ndarray, total: np.ndarray, uniform: np.ndarray) -> np.ndarray:
        """One card kind per column of ``tops`` (counts), in proportion to the counts, from
        each lane's ``uniform`` (the lanes of one pair number share it: common random
        numbers)."""
        pick = (uniform * total).astype(tops.dtype)
        below = np.zeros(total.size, dtype=tops.dtype)  # cards of this kind or before
        kind = np.zeros(total.size, dtype=np.int8)
        for row in tops[:-1]:  # a row loop: numpy's int8 cumsum over rows is far slower
            below += row
            kind += _i8(below <= pick)
        return kind

    def _fright(self, L: Lanes, animal: np.ndarray, fright: np.ndarray) -> None:
        """A pair costs 1 time, the third kind 2, and ends the round; in setup that card
        goes to the discard pile instead, and any other animal joins the row."""
        present = _any3(L.rowf.view(bool) & animal)
        third = ~present & (_count3(L.rowf) == 2) & fright
        cost = _i8(present) + (_i8(third) << 1)
        L.rowf |= animal & (fright & (cost == 0))
        penalised = (cost > 0) & (L.setup == 0)
        L.time += cost * _i8(penalised)
        L.reset |= _i8(penalised)
        L.setup |= _i8(penalised)

    def _progress_events(self, L: Lanes, k: np.ndarray, kind: np.ndarray) -> None:
        """The events that act on the Progress cards in the row (Wishing Well, Lightning,
        Signpost) for lanes ``k`` that drew ``kind``: the policy's symbol from a table,
        then writes to just the cells that change (each lane drew one event, so the three
        writes never meet)."""
        time = L.time[k]
        key = _row_key(_gather(L.rowp, k), L.last[k])
        wished, struck, signed = WELL_CHOICE[key], LIGHTNING_CHOICE[key], SIGNPOST_CHOICE[key]
        wish = (kind == WELL) & (wished >= 0) & (L.well_used[k] == 0) & (time > 0)
        strike = (kind == LIGHTNING) & (struck >= 0)
        sign = (kind == SIGNPOST) & (signed >= 0) & (time <= pol.SIGNPOST_MAX_TIME)
        w, t, g = k[wish], k[strike], k[sign]
        L.rowp[wished[wish], w] = 0
        L.time[w] -= 1
        L.well_used[w] = 1
        L.rowp[struck[strike], t] -= 1
        signed = signed[sign]
        L.rowp[signed, g] -= 1
        L.time[g] += 1
        self._new_round(L, self._add_forest(L, g, signed))

    def _torch(self, L: Lanes, k: np.ndarray) -> None:
        lit = k[L.time[k] <= pol.LIGHT_TORCH_MAX_TIME]
        L.tready[lit] += 1
        L.time[lit] += 1

    def _compass_drawn(self, L: Lanes, k: np.ndarray) -> None:
        L.rowc[k] += 1

    def _gravestone(self, L: Lanes, k: np.ndarray) -> None:
        L.time[k] += _count3(L.rowf[:, k])

    def _scarecrow(self, L: Lanes, k: np.ndarray) -> None:
        self._new_round(L, k)

    def _horseman(self, L: Lanes, k: np.ndarray) -> None:
        """The last Forest card goes to the discard pile, which is shuffled under the deck
        (the Horseman itself is discarded after the shuffle)."""
        h = k[L.flen[k] > 0]
        L.flen[h] -= 1
        gone = L.forest[L.flen[h].astype(np.intp), h]
        L.fcount[gone, h] -= 1
        before = np.maximum(L.flen[h].astype(np.intp) - 1, 0)
        L.last[h] = np.where(L.flen[h] > 0, L.forest[before, h], -1)
        pile = self._pile(L, k)
        pile[HORSEMAN] -= 1
        total = pile.sum(0, dtype=pile.dtype)
        some = total > 0
        some[some] = self._count_shuffle(L, k[some])
        ok = k[some]
        if not ok.size:
            return
        shuffled = pile[:, some]
        top_empty = L.ttot[ok] == 0
        a = ok[top_empty]
        L.top[:, a] = shuffled[:, top_empty]
        L.ttot[a] = L.top[:, a].sum(0, dtype=L.M.dtype)
        b = ok[~top_empty]
        if b.size:
            if int(L.nrest[b].max()) >= L.rest.shape[0]:
                grown = np.zeros((1, K, L.n), dtype=L.rest.dtype)
                L.rest = np.concatenate([L.rest, grown], axis=0)
            L.rest[L.nrest[b], :, b] = shuffled[:, ~top_empty].T
            L.nrest[b] += 1


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
