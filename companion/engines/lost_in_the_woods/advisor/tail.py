"""The last few playouts of a batch, one lane at a time in plain Python.

A numpy step of ``simulate.Simulator`` costs about the same whatever the number of lanes
(call overhead), and the longest games of a batch take a third of the steps with only a
few lanes still playing.  Below ``Simulator.SCALAR_BELOW`` lanes the rest of each game is
played here, card by card, with the very same rules as ``Simulator._step`` (same field
layout, same look-up tables, same order of rule checks); ``test_advisor_parity.py`` holds
both paths to the engine.

Common random numbers stay: the lanes with the same ``pair`` number read the same uniform
at each of their steps, as the vector path's lanes do.
"""

from __future__ import annotations

import numpy as np

from companion.engines.lost_in_the_woods.advisor import lanes as lay
from companion.engines.lost_in_the_woods.advisor import policy as pol
from companion.engines.lost_in_the_woods.clock import CLOCK_END
from companion.engines.lost_in_the_woods.forest import FOREST_LENGTH

S, K = lay.S, lay.K
TIME, FLEN, NREST, TREADY, SETUP, RESET, FORCE, SHUFFLES, LIVE, WON, LAST, TTOT = (
    lay.ROW[name] for name in lay.SCALARS
)
ROWP, ROWF, ROWC, WELL_USED, ROUND_END = lay.ROWP, lay.ROWF, lay.ROWC, lay.WELL_USED, lay.ROUND_END
FCOUNT, FOREST, TOP, BOX = lay.FCOUNT, lay.FOREST, lay.TOP, lay.BOX
WELL, TORCH, COMPASS, LIGHTNING = lay.WELL, lay.TORCH, lay.COMPASS, lay.LIGHTNING
GRAVESTONE, SIGNPOST, SCARECROW, HORSEMAN = (
    lay.GRAVESTONE,
    lay.SIGNPOST,
    lay.SCARECROW,
    lay.HORSEMAN,
)

# The simulator's tables as Python lists (indexing a list is far cheaper than a numpy array).
END_ORDER = lay.END_ORDER.tolist()
END_COUNT = lay.END_COUNT.tolist()
END_ADDED = lay.END_ADDED.tolist()
END_LAST = lay.END_LAST.tolist()
END_COST = lay.END_COST.tolist()
WELL_CHOICE = lay.WELL_CHOICE.tolist()
LIGHTNING_CHOICE = lay.LIGHTNING_CHOICE.tolist()
SIGNPOST_CHOICE = lay.SIGNPOST_CHOICE.tolist()
COMPASS_CHOICE = lay.COMPASS_CHOICE.tolist()
COMPASS_ONLY_EARLY = lay.COMPASS_ONLY_EARLY.tolist()
CAP = lay.ROW_CAP - 1
BLOCK = 32
"""Uniforms drawn per pair at a time."""


def row_key(a: int, b: int, c: int, last: int) -> int:
    """``simulate._row_key`` for one lane."""
    cap = lay.ROW_CAP
    return min(a, CAP) + cap * min(b, CAP) + cap * cap * min(c, CAP) + cap**S * (last + 1)


def placed(c: list[int]) -> int:
    """``simulate._placed`` (``forest.placed_count``) for one lane."""
    sets = [c[ROWP + s] >= 2 for s in range(S)]
    n = sets[0] + sets[1] + sets[2]
    last = c[LAST]
    if n == 1 and last >= 0 and sets[last]:
        return 0
    return n


class Tail:
    """Plays lanes to the end one by one, with the simulator's policy and shuffle limit."""

    def __init__(self, policy: pol.Policy, max_shuffles: int, rng: np.random.Generator) -> None:
        self.policy = policy
        self.max_shuffles = max_shuffles
        self.rng = rng

    def run(self, lanes: lay.Lanes) -> list[bool]:
        """Whether each (live) lane of ``lanes`` is won, played to its end."""
        matrix = lanes.M.T.tolist()
        rests = lanes.rest.transpose(2, 0, 1).tolist()
        pairs = lanes.pair.tolist()
        column = {p: i for i, p in enumerate(sorted(set(pairs)))}
        uniforms: list[list[float]] = []
        won = []
        for c, rest, pair in zip(matrix, rests, pairs, strict=True):
            j, t = column[pair], 0
            while c[LIVE]:
                if t == len(uniforms):  # the next block of steps, one uniform per pair
                    uniforms.extend(self.rng.random((BLOCK, len(column))).tolist())
                self._step(c, rest, uniforms[t][j])
                t += 1
            won.append(bool(c[WON]))
        return won

    # -- one decision and one card, as ``Simulator._step`` ---------------------
    def _step(self, c: list[int], rest: list[list[int]], u: float) -> None:
        if c[RESET]:
            c[ROWP:ROUND_END] = [0] * (ROUND_END - ROWP)
            c[RESET] = 0
        play = not c[SETUP] and not c[FORCE]
        empty_top = c[TTOT] == 0
        p = self.policy
        end = False
        if play:
            n = placed(c)
            end = n >= p.stop_sets
            if not end and p.risk_limit <= 1 and n >= 1:
                end = self._risky(c, rest, empty_top, p.risk_limit)
        draw = not end
        animals = c[ROWF] + c[ROWF + 1] + c[ROWF + 2]
        if play and draw and c[TREADY] > 0 and animals >= pol.TORCH_USE_ANIMALS:
            c[ROWF : ROWF + S] = [0] * S
            c[TREADY] -= 1
        if end:
            self._end_round(c)
            draw = bool(c[LIVE])
        if draw and empty_top:
            draw = not self._rebuild(c, rest)
        if draw:
            self._draw(c, rest, u)
        if c[TIME] >= CLOCK_END:
            c[LIVE] = 0
        c[FORCE] = 0

    def _pile(self, c: list[int], rest: list[list[int]]) -> list[int]:
        pile = [c[BOX + k] - c[TOP + k] for k in range(K)]
        for segment in rest:
            for k in range(K):
                pile[k] -= segment[k]
        for s in range(S):
            pile[s] -= c[ROWP + s] + c[FCOUNT + s]
            pile[S + s] -= c[ROWF + s]
        pile[COMPASS] -= c[ROWC]
        pile[TORCH] -= c[TREADY]
        return pile

    def _risky(self, c: list[int], rest: list[list[int]], from_pile: bool, limit: float) -> bool:
        rowf = c[ROWF : ROWF + S]
        two = sum(rowf) == 2
        source = self._pile(c, rest) if from_pile else c[TOP : TOP + K]
        total = sum(source)
        bad = sum(source[S + a] for a in range(S) if rowf[a] or two)
        return total > 0 and bad >= limit * total

    def _count_shuffle(self, c: list[int]) -> bool:
        if c[SHUFFLES] >= self.max_shuffles:
            c[LIVE] = 0
            return False
        c[SHUFFLES] += 1
        return True

    def _rebuild(self, c: list[int], rest: list[list[int]]) -> bool:
        """True where no card is drawn now (the round ended, or the shuffle limit lost)."""
        pile = self._pile(c, rest)
        total = sum(pile)
        if total == 0:
            self._end_round(c)
            return True
        if not self._count_shuffle(c):
            return True
        c[TOP : TOP + K] = pile
        c[TTOT] = total
        return False

    def _end_round(self, c: list[int]) -> None:
        counts = c[ROWP : ROWP + S]
        time, start, last = c[TIME], c[FLEN], c[LAST]
        if c[ROWC]:
            counts, time = self._compasses(counts, c[ROWC], last, time)
        key = row_key(counts[0], counts[1], counts[2], last)
        if time < CLOCK_END:
            n = END_COUNT[key]
            for j in range(n):
                if start + j < FOREST_LENGTH:
                    c[FOREST + start + j] = END_ORDER[key][j]
            for s in range(S):
                c[FCOUNT + s] += END_ADDED[key][s]
            c[FLEN] = start + n
            c[LAST] = END_LAST[key]
            won = start + n >= FOREST_LENGTH
            if not won:
                time += END_COST[key]
        else:
            won = start >= FOREST_LENGTH
        c[TIME] = time
        c[WON] = int(won)
        c[LIVE] = int(not won and time < CLOCK_END)
        c[SETUP] = 1
        c[ROWP:ROUND_END] = [0] * (ROUND_END - ROWP)

    def _compasses(
        self, counts: list[int], compasses: int, last: int, time: int
    ) -> tuple[list[int], int]:
        base = sum(min(counts[s], 2) * 3**s for s in range(S)) + 216 * (last + 1)
        virt = [0] * S
        for _ in range(compasses):
            key = base + 27 * (virt[0] + 2 * virt[1] + 4 * virt[2])
            choice = COMPASS_CHOICE[key]
            if (
                choice >= 0
                and time <= pol.COMPASS_MAX_TIME
                and (not COMPASS_ONLY_EARLY[key] or time <= pol.COMPASS_EXTRA_SET_MAX_TIME)
            ):
                virt[choice] = 1
                time += 1
        return [counts[s] + virt[s] for s in range(S)], time

    # -- drawing ---------------------------------------------------------------
    def _draw(self, c: list[int], rest: list[list[int]], u: float) -> None:
        pick = int(u * c[TTOT])
        kind, below = 0, 0
        for k in range(K - 1):
            below += c[TOP + k]
            if below > pick:
                break
            kind += 1
        c[TOP + kind] -= 1
        c[TTOT] -= 1
        if c[TTOT] == 0 and c[NREST] > 0:
            c[TOP : TOP + K] = rest[0]
            c[TTOT] = sum(rest[0])
            rest[:-1] = rest[1:]
            rest[-1] = [0] * K
            c[NREST] -= 1
        if kind < S:
            c[ROWP + kind] += 1
            c[SETUP] = 0
        elif kind < 2 * S:
            self._fright(c, kind - S)
        elif kind in (WELL, LIGHTNING, SIGNPOST):
            self._progress_event(c, kind)
        elif kind == TORCH:
            if c[TIME] <= pol.LIGHT_TORCH_MAX_TIME:
                c[TREADY] += 1
                c[TIME] += 1
        elif kind == COMPASS:
            c[ROWC] += 1
        elif kind == GRAVESTONE:
            c[TIME] += c[ROWF] + c[ROWF + 1] + c[ROWF + 2]
        elif kind == SCARECROW:
            c[RESET] = c[SETUP] = 1
        elif kind == HORSEMAN:
            self._horseman(c, rest)

    def _fright(self, c: list[int], animal: int) -> None:
        if c[ROWF + animal]:
            cost = 1
        elif c[ROWF] + c[ROWF + 1] + c[ROWF + 2] == 2:
            cost = 2
        else:
            c[ROWF + animal] = 1
            return
        if not c[SETUP]:
            c[TIME] += cost
            c[RESET] = c[SETUP] = 1

    def _progress_event(self, c: list[int], kind: int) -> None:
        key = row_key(c[ROWP], c[ROWP + 1], c[ROWP + 2], c[LAST])
        if kind == WELL:
            s = WELL_CHOICE[key]
            if s >= 0 and not c[WELL_USED] and c[TIME] > 0:
                c[ROWP + s] = 0
                c[TIME] -= 1
                c[WELL_USED] = 1
        elif kind == LIGHTNING:
            s = LIGHTNING_CHOICE[key]
            if s >= 0:
                c[ROWP + s] -= 1
        else:
            s = SIGNPOST_CHOICE[key]
            if s >= 0 and c[TIME] <= pol.SIGNPOST_MAX_TIME:
                c[ROWP + s] -= 1
                c[TIME] += 1
                c[FOREST + c[FLEN]] = s
                c[FCOUNT + s] += 1
                c[FLEN] += 1
                c[LAST] = s
                if c[FLEN] >= FOREST_LENGTH:
                    c[WON] = 1
                    c[LIVE] = 0
                else:
                    c[RESET] = c[SETUP] = 1

    def _horseman(self, c: list[int], rest: list[list[int]]) -> None:
        if c[FLEN] > 0:
            c[FLEN] -= 1
            n = c[FLEN]
            c[FCOUNT + c[FOREST + n]] -= 1
            c[LAST] = c[FOREST + n - 1] if n > 0 else -1
        pile = self._pile(c, rest)
        pile[HORSEMAN] -= 1
        if sum(pile) == 0 or not self._count_shuffle(c):
            return
        if c[TTOT] == 0:
            c[TOP : TOP + K] = pile
            c[TTOT] = sum(pile)
        else:
            if c[NREST] >= len(rest):
                rest.append([0] * K)
            rest[c[NREST]] = pile
            c[NREST] += 1
