"""Combat-bag maths (LD4-LD6), shared by the engine's chance node and the bag device.

The bag holds one wolf token and some bullet tokens.  The fighter commits k >= 1 of
their own bullets; Cake and Wine doubles the bullet tokens for this draw with extra
tokens from the supply (LD5); Once Upon A Time draws again from the same bag (LD6).
This module is the one place that turns those rules into probabilities and draws.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

WOLF = "wolf"
BULLET = "bullet"
OUTCOMES = (BULLET, WOLF)


@dataclass(frozen=True)
class BagContents:
    """The tokens in the bag for one draw."""

    bullets: int
    wolves: int = 1

    def __post_init__(self) -> None:
        if self.bullets < 1:
            raise ValueError(
                "the combat bag needs at least one bullet (LD4: no bullets, no combat)"
            )
        if self.wolves < 1:
            raise ValueError("the combat bag always holds a wolf token")

    @property
    def size(self) -> int:
        return self.bullets + self.wolves

    def probability(self, outcome: str) -> float:
        if outcome == BULLET:
            return self.bullets / self.size
        if outcome == WOLF:
            return self.wolves / self.size
        raise ValueError(f"a bag draw is 'bullet' or 'wolf', not {outcome!r}")

    def outcomes(self) -> list[tuple[str, float]]:
        """``[(outcome, probability)]`` for one draw, bullet first."""
        return [(o, self.probability(o)) for o in OUTCOMES]


def fill_bag(bullets: int, cake_and_wine: bool = False, supply: int | None = None) -> BagContents:
    """The bag for a fighter committing ``bullets``; ``supply`` caps Cake and Wine's extras."""
    if bullets < 1:
        raise ValueError(f"commit at least one bullet to fight, not {bullets}")
    extra = 0
    if cake_and_wine:
        extra = bullets if supply is None else max(0, min(bullets, supply))
    return BagContents(bullets=bullets + extra)


def win_probability(contents: BagContents, redraws: int = 0) -> float:
    """The chance of killing the wolf with ``redraws`` Once Upon A Time cards to spend."""
    return 1.0 - contents.probability(WOLF) ** (redraws + 1)


@dataclass(frozen=True)
class FightOdds:
    """The chance to kill the wolf committing ``bullets``, alone and with Cake and Wine."""

    bullets: int
    alone: float
    with_cake: float


def fight_odds(owned: int, supply: int | None = None, redraws: int = 0) -> list[FightOdds]:
    """One row per number of bullets a fighter owning ``owned`` could commit (1..owned):
    exact from the bag's tokens, ``supply`` capping Cake and Wine's extras (LD22) and
    ``redraws`` Once Upon A Time cards in hand."""
    return [
        FightOdds(
            k,
            win_probability(fill_bag(k), redraws),
            win_probability(fill_bag(k, True, supply), redraws),
        )
        for k in range(1, owned + 1)
    ]


def odds_words(probability: float) -> str:
    """A chance as players read it: "67%" (never 0% or 100% when it is neither)."""
    percent = round(probability * 100)
    if 0 < probability < 1:
        percent = min(max(percent, 1), 99)
    return f"{percent}%"


def draw_from(contents: BagContents, rng: random.Random) -> str:
    """Draw one token: each token in the bag is equally likely."""
    token = rng.randrange(contents.size)
    return BULLET if token < contents.bullets else WOLF


def chi_square_sf_1dof(statistic: float) -> float:
    """P(X >= statistic) for a chi-square variable with one degree of freedom.

    With one degree of freedom X = Z**2 for a standard normal Z, so the survival
    function is P(|Z| >= sqrt(x)) = erfc(sqrt(x / 2)).
    """
    if statistic < 0:
        raise ValueError(f"a chi-square statistic is never negative, got {statistic}")
    return math.erfc(math.sqrt(statistic / 2.0))


def chi_square_two_cells(wolves: int, draws: int, contents: BagContents) -> float:
    """Pearson's statistic for ``wolves`` wolf tokens in ``draws`` draws from ``contents``."""
    if draws <= 0 or not 0 <= wolves <= draws:
        raise ValueError(f"need 0 <= wolves <= draws and draws > 0, got {wolves}/{draws}")
    expected_wolves = draws * contents.probability(WOLF)
    expected_bullets = draws - expected_wolves
    bullets = draws - wolves
    return (wolves - expected_wolves) ** 2 / expected_wolves + (
        bullets - expected_bullets
    ) ** 2 / expected_bullets
