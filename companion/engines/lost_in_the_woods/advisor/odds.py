"""Win rates of the built-in policies from a fresh game (what ``companion odds`` prints).

The simple policies play the simulator's batched playouts.  The ``advisor`` policy takes the advisor's
recommendation at every decision; its games run in lockstep so that each step weighs the
choices of all unfinished games in one batch of playouts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from companion.engines.base import sample_chance
from companion.engines.lost_in_the_woods.advisor import policy as pol
from companion.engines.lost_in_the_woods.advisor.advice import choice_starts
from companion.engines.lost_in_the_woods.advisor.sequential import wilson_interval
from companion.engines.lost_in_the_woods.advisor.simulate import win_counts
from companion.engines.lost_in_the_woods.game import GAME
from companion.engines.lost_in_the_woods.state import LostInTheWoodsState

ADVISOR = "advisor"
ADVISOR_PLAYOUTS = 400
"""Playouts per choice when the advisor decides inside an evaluation game."""
ADVISOR_SHARE = 200
"""The advisor plays one game per this many playouts asked for (its games cost far more)."""


@dataclass(frozen=True)
class PolicyOdds:
    name: str
    description: str
    wins: int
    games: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)


def policy_names() -> list[str]:
    return [*pol.POLICIES, ADVISOR]


def describe(name: str) -> str:
    if name == ADVISOR:
        return (
            f"the advisor's choice at every decision ({ADVISOR_PLAYOUTS} playouts per choice, "
            f"then {pol.ROLLOUT_POLICY.name})"
        )
    return pol.POLICIES[name].description


def win_rates(names: list[str], playouts: int, seed: int) -> list[PolicyOdds]:
    """``playouts`` games per simple policy (``playouts // 200`` for the advisor)."""
    unknown = [n for n in names if n not in policy_names()]
    if unknown:
        raise ValueError(f"unknown policy {unknown[0]!r}; choose from {', '.join(policy_names())}")
    start = GAME.new_initial_state(1, {"deck": "table"}, seed=seed)
    assert isinstance(start, LostInTheWoodsState)
    results = []
    for i, name in enumerate(names):
        rng = np.random.default_rng([seed, i])
        if name == ADVISOR:
            games = max(1, playouts // ADVISOR_SHARE)
            wins = advisor_wins(start, games, rng, random.Random(seed))
        else:
            games = playouts
            wins = int(win_counts([start], games, pol.POLICIES[name], rng)[0])
        results.append(PolicyOdds(name, describe(name), wins, games))
    return results


def advisor_wins(
    start: LostInTheWoodsState, games: int, rng: np.random.Generator, chance: random.Random
) -> int:
    """Play ``games`` games where every decision follows the advisor; count the wins."""
    running: list[LostInTheWoodsState] = [start.clone() for _ in range(games)]  # type: ignore[misc]
    wins = 0
    while running:
        waiting: list[LostInTheWoodsState] = []
        for state in running:
            assert isinstance(state, LostInTheWoodsState)
            while state.is_chance_node():
                state.apply(sample_chance(state, chance))
            if state.is_terminal():
                wins += int(state.returns()[0])
            else:
                waiting.append(state)
        plans = [choice_starts(s, pol.ROLLOUT_POLICY) for s in waiting]
        live = [start for _, starts, _ in plans for start in starts if start is not None]
        counts = iter(win_counts(live, ADVISOR_PLAYOUTS, pol.ROLLOUT_POLICY, rng).tolist())
        for state, (actions, _, exact) in zip(waiting, plans, strict=True):
            values = [x if x is not None else next(counts) / ADVISOR_PLAYOUTS for x in exact]
            state.apply(actions[int(np.argmax(values))])
        running = waiting
    return wins
