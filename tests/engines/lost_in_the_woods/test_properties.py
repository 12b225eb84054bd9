"""Property tests and random playouts: invariants that hold in every reachable position."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engines.base import IllegalAction, sample_chance
from companion.engines.lost_in_the_woods import GAME, LostInTheWoodsState
from companion.engines.lost_in_the_woods.advisor import draw_odds
from companion.engines.lost_in_the_woods.advisor import policy as pol
from companion.engines.lost_in_the_woods.advisor.simulate import win_counts
from companion.engines.lost_in_the_woods.clock import CLOCK_END
from companion.engines.lost_in_the_woods.forest import FOREST_LENGTH
from tests.engines.conformance import check_playouts


def test_table_deck_games_follow_the_contract() -> None:
    check_playouts(GAME, 1, count=200, options={"deck": "table"})


def _check_invariants(state: LostInTheWoodsState) -> None:
    assert 0 <= state.time <= CLOCK_END
    assert len(state.forest) <= FOREST_LENGTH
    assert all(a != b for a, b in zip(state.forest, state.forest[1:], strict=False))
    rebuilt = GAME.state_from_dict(state.to_dict())  # validates card conservation too
    assert rebuilt == state
    if state.current_player() == 0 and state.decision is None:
        odds = draw_odds(state)
        if odds is not None:
            assert sum(odds.kinds.values()) == pytest.approx(1.0)
            assert 0.0 <= odds.penalty <= 1.0
            if not state.digital and state.segments:
                after = state.child("draw")
                assert dict(after.chance_outcomes()) == pytest.approx(
                    {f"drawn: {k}": p for k, p in odds.kinds.items()}
                ), "the odds shown are the odds the engine deals with"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), mode=st.sampled_from(["digital", "table"]))
def test_random_games_keep_every_invariant(seed: int, mode: str) -> None:
    rng = random.Random(seed)
    state = GAME.new_initial_state(1, {"deck": mode}, seed=seed)
    while not state.is_terminal():
        _check_invariants(state)
        if state.is_chance_node():
            state.apply(sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert state.outcome() is not None and state.end_reason()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), junk=st.text(max_size=20))
def test_refused_actions_change_nothing(seed: int, junk: str) -> None:
    rng = random.Random(seed)
    state = GAME.new_initial_state(1, {"deck": "table"}, seed=seed)
    for _ in range(rng.randrange(1, 60)):
        if state.is_terminal():
            break
        before = state.to_dict()
        for bad in (junk, "drawn: " + junk, "place " + junk):
            if bad in state.legal_actions():
                continue
            with pytest.raises(IllegalAction):
                state.apply(bad)
            assert state.to_dict() == before
        if state.is_chance_node():
            state.apply(sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))


def test_the_engine_and_the_simulator_agree_on_a_fresh_game() -> None:
    """The scalar policy through the engine and the numpy playouts are the same game."""
    policy = pol.POLICIES["balanced"]
    start = GAME.new_initial_state(1, {"deck": "table"}, seed=0)
    rng = random.Random(11)
    games = 1500
    wins = 0
    for _ in range(games):
        state = start.clone()
        assert isinstance(state, LostInTheWoodsState)
        pol.play_out(state, policy, lambda s: sample_chance(s, rng))
        wins += int(state.returns()[0])
    engine_rate = wins / games
    sim_rate = win_counts([start], 40_000, policy, np.random.default_rng(5))[0] / 40_000
    sigma = (sim_rate * (1 - sim_rate) / games) ** 0.5
    assert abs(engine_rate - sim_rate) < 4 * sigma, (engine_rate, sim_rate)
