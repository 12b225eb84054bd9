"""Paired, sequential playouts: as few as the question asked needs, and no fewer.

The choices of one decision are played out in batches of *paired* playouts (common random
numbers, ``simulate.outcomes``): column j of every choice reads the same random numbers, so
the difference between two choices varies far less than two independent batches would.

* ``Race.until_clear``: stop once the best choice is better than every other one with 99%
  confidence (a one-sided paired z test per comparison, Bonferroni-corrected over the
  comparisons and over every look at the data, so stopping early keeps the 1% promise).
* ``Race.until_precise``: go on until every choice's 95% Wilson interval is within
  +-``precision``, sizing the next batch from the rates seen so far (a rate of 80% needs
  6,147 playouts for 1 point, where a fixed worst-case batch takes 9,604).

Choices that end the game at once are exact rows (every playout the same value).
"""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np

from companion.engines.lost_in_the_woods.advisor import policy as pol
from companion.engines.lost_in_the_woods.advisor.simulate import outcomes
from companion.engines.lost_in_the_woods.state import LostInTheWoodsState

Z95 = 1.959963984540054
CHOICE_CONFIDENCE = 0.99
FIRST_BATCH = 1024
MAX_LOOKS = 10
"""Looks at the data that the choice's 1% error is shared over (Bonferroni)."""
MAX_PLAYOUTS = 40_000
"""Per choice: beyond this two choices are too close to tell apart, and precise enough."""
MIN_BATCH = 256


def wilson_interval(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (sound near 0 and 1)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


def _cautious(rate: float, n: int) -> float:
    """``rate`` moved two standard errors towards 1/2 (where a sample needs the most)."""
    margin = 2 * math.sqrt(max(rate * (1 - rate), 1 / n) / n)
    return min(rate + margin, 0.5) if rate < 0.5 else max(rate - margin, 0.5)


def playouts_needed(rate: float, precision: float, z: float = Z95) -> int:
    """Playouts for a 95% half-width of ``precision`` at win rate ``rate``."""
    p = min(max(rate, 0.0), 1.0)
    return int(math.ceil(z * z * max(p * (1 - p), 1e-4) / precision**2))


class Race:
    """The paired playouts of one decision's choices, kept as they grow batch by batch."""

    def __init__(
        self,
        starts: list[LostInTheWoodsState | None],
        exact: list[float | None],
        policy: pol.Policy,
        rng: np.random.Generator,
    ) -> None:
        self.live = [s for s in starts if s is not None]
        self.exact = exact
        self.policy = policy
        self.rng = rng
        self.won = np.zeros((len(self.live), 0), dtype=bool)

    @property
    def playouts(self) -> int:
        return int(self.won.shape[1])

    def play(self, n: int) -> None:
        """Add ``n`` more paired playouts of every choice that needs them."""
        if self.live and n > 0:
            batch = outcomes(self.live, n, self.policy, self.rng)
            self.won = np.concatenate([self.won, batch], axis=1)

    def wins(self) -> list[int]:
        return [int(w) for w in self.won.sum(axis=1)]

    def rows(self) -> np.ndarray:
        """Every choice's playout values (exact choices as constant rows), choices x n."""
        n = max(self.playouts, 1)
        live = iter(self.won.astype(np.float64))
        return np.array(
            [np.full(n, x) if x is not None else next(live) for x in self.exact], dtype=float
        )

    def rates(self) -> np.ndarray:
        return self.rows().mean(axis=1)

    def clear(self, looks: int) -> bool:
        """Is the best choice better than every other with 99% confidence, over ``looks``
        looks at the data?"""
        values = self.rows()
        if len(values) < 2:
            return True
        n = values.shape[1]
        best = int(np.argmax(values.mean(axis=1)))
        alpha = (1 - CHOICE_CONFIDENCE) / (max(looks, 1) * (len(values) - 1))
        z = NormalDist().inv_cdf(1 - alpha)
        for other in range(len(values)):
            if other == best:
                continue
            d = values[best] - values[other]
            mean = float(d.mean())
            sd = float(d.std(ddof=1)) if n > 1 else 0.0
            if mean <= 0 or mean <= z * sd / math.sqrt(n):
                return False
        return True

    def until_clear(self) -> bool:
        """Play batches until the best choice is clear at 99% (True), or the looks or the
        playouts run out (False: the choices are too close to call)."""
        if not self.live:
            return self.clear(1)
        batch = FIRST_BATCH
        for _ in range(MAX_LOOKS):
            self.play(min(batch, MAX_PLAYOUTS - self.playouts))
            if self.clear(MAX_LOOKS):
                return True
            if self.playouts >= MAX_PLAYOUTS:
                return False
            batch = self.playouts  # double the sample at each look
        return False

    def until_precise(self, precision: float) -> None:
        """Play batches until every choice's 95% interval is within +-``precision``."""
        while self.live and self.playouts < MAX_PLAYOUTS:
            n = self.playouts
            if n == 0:
                self.play(FIRST_BATCH)
                continue
            wins = self.wins()
            if max(self.half_width(w) for w in wins) <= precision:
                return
            # Sized from cautious rates, one more batch nearly always suffices.
            need = max(playouts_needed(_cautious(w / n, n), precision) for w in wins)
            self.play(min(max(need - n, MIN_BATCH), MAX_PLAYOUTS - n))

    def half_width(self, wins: int) -> float:
        low, high = wilson_interval(wins, self.playouts)
        return (high - low) / 2
