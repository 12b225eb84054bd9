"""The plain-Python tail of the playouts against the numpy steps, lane by lane.

``tail.Tail`` finishes the last games of a batch with the rules of ``Simulator._step``
rewritten for one lane.  Played from the start with the same random numbers (one uniform
per pair and step, drawn in the same order), the two paths must give exactly the same
outcome in every lane, for every rule path that ``test_advisor_parity.py`` holds to the
engine, so the tail inherits that parity.
"""

from __future__ import annotations

import numpy as np
import pytest

from companion.engines.lost_in_the_woods import LostInTheWoodsState
from companion.engines.lost_in_the_woods.advisor import policy as pol
from companion.engines.lost_in_the_woods.advisor.simulate import Simulator, start_lanes
from tests.engines.lost_in_the_woods.scenario import DECK, position
from tests.engines.lost_in_the_woods.test_advisor_parity import POSITIONS

LANES = 1500
ALL = 10**9
"""A scalar threshold above any batch: every lane is played by the tail."""


def _outcomes(
    states: list[LostInTheWoodsState], policy: pol.Policy, scalar_below: int, seed: int
) -> np.ndarray:
    max_shuffles = int(states[0].options["max_shuffles"])
    sim = Simulator(policy, max_shuffles, np.random.default_rng(seed), scalar_below)
    return sim.run(start_lanes(states, LANES), len(states), LANES)


@pytest.mark.parametrize("name", list(POSITIONS))
def test_the_tail_plays_every_lane_as_the_numpy_steps_do(name: str) -> None:
    state = position(**POSITIONS[name])
    vector = _outcomes([state], pol.ROLLOUT_POLICY, 0, seed=11)
    scalar = _outcomes([state], pol.ROLLOUT_POLICY, ALL, seed=11)
    assert 0 < vector.sum() < LANES, "the position must be neither won nor lost for sure"
    assert np.array_equal(vector, scalar), (name, int(vector.sum()), int(scalar.sum()))


@pytest.mark.parametrize("policy", list(pol.POLICIES.values()), ids=lambda p: p.name)
def test_the_tail_follows_every_policy_over_whole_games(policy: pol.Policy) -> None:
    """Long games from both choices of a decision (paired lanes): every event of the deck,
    its reshuffles and many round ends pass through both paths."""
    state = position(forest=["acorn"], row=["shamrock", "shamrock", "wolf"], deck=DECK, time=2)
    starts = [state.child(a) for a in state.legal_actions()]
    vector = _outcomes(starts, policy, 0, seed=5)  # type: ignore[arg-type]
    scalar = _outcomes(starts, policy, ALL, seed=5)  # type: ignore[arg-type]
    assert np.array_equal(vector, scalar)


def test_a_batch_finished_by_the_tail_keeps_its_lanes_apart() -> None:
    """With the default threshold the last lanes go to the tail: every lane's outcome is
    still recorded under its own choice and playout number (none lost, none doubled)."""
    state = position(forest=["acorn"], row=["shamrock", "shamrock", "wolf"], deck=DECK, time=2)
    starts = [state.child(a) for a in state.legal_actions()]
    sim = Simulator(
        pol.ROLLOUT_POLICY, int(state.options["max_shuffles"]), np.random.default_rng(3)
    )
    won = sim.run(start_lanes(starts, LANES), len(starts), LANES)  # type: ignore[arg-type]
    assert won.shape == (len(starts), LANES)
    rates = won.mean(axis=1)
    reference = _outcomes(starts, pol.ROLLOUT_POLICY, 0, seed=4).mean(axis=1)  # type: ignore[arg-type]
    sigma = np.sqrt(np.maximum(rates * (1 - rates), 0.01) * 2 / LANES)
    assert np.all(np.abs(rates - reference) <= 4.5 * sigma), (rates, reference)
