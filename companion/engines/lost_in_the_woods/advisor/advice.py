"""Odds and advice for the player at every decision (pure; numpy for the playouts).

* ``draw_odds(state)``: the exact chance of each kind of card on the next draw, and of a
  Fright penalty, from the unseen composition the player knows about.
* ``advise(state)``: for every choice open now, the estimated chance of winning if the
  player makes it and then plays on by the rollout policy (``policy.ROLLOUT_POLICY``),
  from Monte Carlo playouts with a 95% interval, and the recommended choice.

Advice only ever looks at a knowledge view of the state: with a digital deck the engine
knows the card order, but the advisor must not, or it would be cheating.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from companion.engines.lost_in_the_woods.advisor import policy as pol
from companion.engines.lost_in_the_woods.advisor.simulate import win_counts
from companion.engines.lost_in_the_woods.cards import ANIMALS, KINDS, SYMBOLS
from companion.engines.lost_in_the_woods.forest import symbol_counts
from companion.engines.lost_in_the_woods.fright import penalty_for
from companion.engines.lost_in_the_woods.state import LostInTheWoodsState

Z95 = 1.959963984540054
DEFAULT_PRECISION = 0.01
"""Target half-width of each 95% interval (1 percentage point)."""


@dataclass(frozen=True)
class DrawOdds:
    """What the next card can be, as the player knows it."""

    cards: int
    """Cards the next draw comes from (the top of the deck, or the discard pile to be
    reshuffled if the deck is empty)."""
    kinds: dict[str, float]
    pair: float
    third_kind: float
    new_set: float
    """Chance the next card turns a lone Progress card into a set."""
    reshuffle_first: bool

    @property
    def penalty(self) -> float:
        """Chance the next draw costs time (a pair, or the third kind of animal)."""
        return self.pair + self.third_kind


@dataclass(frozen=True)
class ChoiceEstimate:
    """The estimated chance of winning after one choice."""

    action: str
    wins: int
    playouts: int
    exact: float | None = None
    """Set when the choice ends the game at once (no playouts needed)."""

    @property
    def win_rate(self) -> float:
        if self.exact is not None:
            return self.exact
        return self.wins / self.playouts if self.playouts else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        if self.exact is not None:
            return (self.exact, self.exact)
        return wilson_interval(self.wins, self.playouts)


@dataclass(frozen=True)
class Advice:
    odds: DrawOdds | None
    """Next-draw odds when drawing is one of the choices (None otherwise)."""
    choices: tuple[ChoiceEstimate, ...]
    recommended: str
    confident: bool
    """True when the recommended choice's interval lies above every other choice's."""
    policy: str


def wilson_interval(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (sound near 0 and 1)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


def playouts_for(precision: float) -> int:
    """Playouts per choice so every 95% interval is at most +-``precision`` whatever the
    win rate (the worst case is p = 0.5: 9,604 playouts for 1 point). One batch, no pilot
    run: a pilot's long tail of unfinished games costs more time than it saves."""
    return int(math.ceil(Z95 * Z95 * 0.25 / precision**2))


def draw_odds(state: LostInTheWoodsState) -> DrawOdds | None:
    """Exact next-draw odds from the unseen composition; None if no card can be drawn."""
    composition = state.next_draw_composition()
    total = sum(composition.values())
    if not total:
        return None
    kinds = {k: composition[k] / total for k in KINDS if composition.get(k)}
    animals = state.row_animals()
    pair = third = 0.0
    if state.stage == "play":
        for animal in ANIMALS:
            cost = penalty_for(animal, animals)
            if cost == 1:
                pair += kinds.get(animal, 0.0)
            elif cost == 2:
                third += kinds.get(animal, 0.0)
    counts = symbol_counts(state.row)
    new_set = sum(kinds.get(s, 0.0) for s in SYMBOLS if counts[s] == 1)
    reshuffle = not any(state.segments) and not state.pool
    return DrawOdds(total, kinds, pair, third, new_set, reshuffle)


def settle(state: LostInTheWoodsState, policy: pol.Policy) -> LostInTheWoodsState:
    """Play the policy's event and placement choices (no chance involved) until the state
    reaches a draw, the Draw / End the Round decision, or the end."""
    while state.current_player() == 0 and state.decision is not None:
        state.apply(pol.choose(state, policy))
    return state


def estimate_choices(
    state: LostInTheWoodsState,
    playouts: int | None,
    rng: np.random.Generator,
    policy: pol.Policy,
    precision: float = DEFAULT_PRECISION,
) -> list[ChoiceEstimate]:
    """Win estimates for every legal action (``playouts`` each, or enough for ``precision``)."""
    actions, starts, exact = choice_starts(state, policy)
    live = [s for s in starts if s is not None]
    runs = playouts if playouts is not None else playouts_for(precision)
    wins = win_counts(live, runs, policy, rng) if live else np.zeros(0, dtype=np.int64)
    it = iter(wins.tolist())
    return [
        ChoiceEstimate(a, 0, 0, exact=x) if x is not None else ChoiceEstimate(a, next(it), runs)
        for a, x in zip(actions, exact, strict=True)
    ]


def choice_starts(
    state: LostInTheWoodsState, policy: pol.Policy
) -> tuple[list[str], list[LostInTheWoodsState | None], list[float | None]]:
    """For each legal action: where playouts start after it (None if the game is over at
    once) and the exact result in that case."""
    view = state.knowledge_view()
    actions = view.legal_actions()
    starts: list[LostInTheWoodsState | None] = []
    exact: list[float | None] = []
    for action in actions:
        child = view.child(action)
        assert isinstance(child, LostInTheWoodsState)
        child = settle(child, policy)
        done = child.is_terminal()
        starts.append(None if done else child)
        exact.append(child.returns()[0] if done else None)
    return actions, starts, exact


def advise(
    state: LostInTheWoodsState,
    playouts: int | None = None,
    seed: int = 0,
    policy: pol.Policy = pol.ROLLOUT_POLICY,
    precision: float = DEFAULT_PRECISION,
) -> Advice:
    """Advice at a decision: ``playouts`` per choice, or (None) enough for +-``precision``
    at 95% for every choice."""
    if state.current_player() != 0:
        raise ValueError("advice is for the player's decisions, not chance nodes or the end")
    rng = np.random.default_rng(seed)
    estimates = estimate_choices(state, playouts, rng, policy, precision)
    best = max(estimates, key=lambda e: (e.win_rate, e.exact is not None))
    low = best.interval[0]
    confident = all(e is best or e.interval[1] < low for e in estimates)
    odds = draw_odds(state) if state.decision is None else None
    return Advice(odds, tuple(estimates), best.action, confident, policy.name)
