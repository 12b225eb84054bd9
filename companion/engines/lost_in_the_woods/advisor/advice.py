"""Odds and advice for the player at every decision (pure; numpy and numba for the playouts).

* ``draw_odds(state)``: the exact chance of each kind of card on the next draw, and of a
  Fright penalty, from the unseen composition the player knows about.
* ``advise(state)``: for every choice open now, the estimated chance of winning if the
  player makes it and then plays on by the rollout policy (``policy.ROLLOUT_POLICY``),
  from Monte Carlo playouts with a 95% interval, and the recommended choice.
  ``advice_stages`` gives it in two steps from one set of paired playouts
  (``sequential.Race``): first as soon as the best choice is clear at 99%, then once every
  chance is within +-1 point; ``recommend`` is the first step alone.

Advice only ever looks at a knowledge view of the state: with a digital deck the engine
knows the card order, but the advisor must not, or it would be cheating.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from companion.engines.lost_in_the_woods.advisor import policy as pol
from companion.engines.lost_in_the_woods.advisor.sequential import (
    MAX_LOOKS,
    Race,
    wilson_interval,
)
from companion.engines.lost_in_the_woods.cards import ANIMALS, KINDS, SYMBOLS
from companion.engines.lost_in_the_woods.forest import symbol_counts
from companion.engines.lost_in_the_woods.fright import penalty_for
from companion.engines.lost_in_the_woods.state import LostInTheWoodsState

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
    """True when the paired playouts show the recommended choice better than every other
    with 99% confidence."""
    policy: str


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


def advice_stages(
    state: LostInTheWoodsState,
    seed: int = 0,
    policy: pol.Policy = pol.ROLLOUT_POLICY,
    precision: float = DEFAULT_PRECISION,
) -> Iterator[Advice]:
    """Advice twice from one growing set of paired playouts: as soon as the best choice is
    clear at 99% (or too close to call), then with every chance within +-``precision``."""
    race, actions = _race(state, seed, policy)
    yield _advice(state, race, actions, policy, race.until_clear())
    race.until_precise(precision)
    yield _advice(state, race, actions, policy, race.clear(MAX_LOOKS + 1))


def recommend(
    state: LostInTheWoodsState, seed: int = 0, policy: pol.Policy = pol.ROLLOUT_POLICY
) -> Advice:
    """The best choice, correct with 99% confidence, from as few playouts as that needs."""
    return next(advice_stages(state, seed, policy))


def advise(
    state: LostInTheWoodsState,
    playouts: int | None = None,
    seed: int = 0,
    policy: pol.Policy = pol.ROLLOUT_POLICY,
    precision: float = DEFAULT_PRECISION,
) -> Advice:
    """Advice at a decision: ``playouts`` per choice, or (None) enough for +-``precision``
    at 95% for every choice."""
    if playouts is None:
        *_, last = advice_stages(state, seed, policy, precision)
        return last
    race, actions = _race(state, seed, policy)
    race.play(playouts)
    return _advice(state, race, actions, policy, race.clear(1))


def _race(state: LostInTheWoodsState, seed: int, policy: pol.Policy) -> tuple[Race, list[str]]:
    if state.current_player() != 0:
        raise ValueError("advice is for the player's decisions, not chance nodes or the end")
    actions, starts, exact = choice_starts(state, policy)
    return Race(starts, exact, policy, np.random.default_rng(seed)), actions


def _advice(
    state: LostInTheWoodsState,
    race: Race,
    actions: list[str],
    policy: pol.Policy,
    confident: bool,
) -> Advice:
    wins = iter(race.wins())
    estimates = [
        ChoiceEstimate(a, 0, 0, exact=x)
        if x is not None
        else ChoiceEstimate(a, next(wins), race.playouts)
        for a, x in zip(actions, race.exact, strict=True)
    ]
    best = max(estimates, key=lambda e: (e.win_rate, e.exact is not None))
    odds = draw_odds(state) if state.decision is None else None
    return Advice(odds, tuple(estimates), best.action, confident, policy.name)
