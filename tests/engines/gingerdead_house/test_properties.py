"""Properties over random games in every mode and deck mode (hypothesis picks the seeds)."""

from __future__ import annotations

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engines.base import CHANCE, sample_chance
from companion.engines.gingerdead_house import GAME, GingerdeadState
from tests.engines.gingerdead_house.helpers import TEST_GAME

MODES = st.sampled_from(
    [
        (2, {}),
        (3, {}),
        (4, {}),
        (4, {"mode": "co-op"}),
        (4, {"mode": "co-op", "teams": "side-by-side"}),
        (2, {"mode": "monster-hunter"}),
        (3, {"mode": "monster-hunter"}),
        (3, {"player_decks": "table"}),
        (2, {"mode": "monster-hunter", "player_decks": "table"}),
        (2, {"round_limit": 5}),
    ]
)


def play(game, players: int, options: dict, seed: int, check) -> GingerdeadState:  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    state = game.new_initial_state(players, options, seed=seed)
    for _ in range(game.max_game_length):
        if state.is_terminal():
            return state
        check(state)
        action = (
            sample_chance(state, rng)
            if state.is_chance_node()
            else rng.choice(state.legal_actions())
        )
        state.apply(action)
    raise AssertionError("the game did not end within max_game_length")


@settings(max_examples=25, deadline=None)
@given(mode=MODES, seed=st.integers(0, 10**6), test_cards=st.booleans())
def test_random_games_end_and_every_position_saves_and_loads(
    mode, seed: int, test_cards: bool
) -> None:  # type: ignore[no-untyped-def]
    players, options = mode
    game = TEST_GAME if test_cards else GAME
    fallen: set[int] = set()

    def check(state: GingerdeadState) -> None:
        # a save loads again: this re-checks that every card is somewhere, once
        assert game.state_from_dict(state.to_dict()).to_dict() == state.to_dict()
        if state.current_player() == CHANCE:
            assert math.isclose(sum(p for _, p in state.chance_outcomes()), 1.0)
        else:
            assert state.current_player() not in fallen  # the fallen never act again
        for p in range(players):
            if not state.board.alive[p]:
                fallen.add(p)
                assert all(t is None for t in state.board.fields[p])

    end = play(game, players, options, seed, check)
    outcome = end.outcome()
    assert outcome is not None and outcome.reason
    if options.get("mode") == "monster-hunter":
        assert end.returns() == [float(s) for s in end.scores()]
    else:
        winners = set(outcome.winners)
        assert winners, "last house standing always has a winner"
        if options.get("mode") == "co-op":
            teams = {end.board.teams[w] for w in winners}
            assert len(teams) == 1 and len(winners) == 2  # a team wins together


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 300))
def test_a_clone_is_independent_and_equal(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    state = TEST_GAME.new_initial_state(3, seed=seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(
            sample_chance(state, rng)
            if state.is_chance_node()
            else rng.choice(state.legal_actions())
        )
    twin = state.clone()
    assert twin == state
    if not state.is_terminal():
        before = state.to_dict()
        twin.apply(twin.legal_actions()[-1])
        assert state.to_dict() == before
