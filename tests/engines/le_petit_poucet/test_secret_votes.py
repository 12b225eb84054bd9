"""Step 3's votes are secret until the last one is cast: what the public log and the
shared view may show (the spoiler property test of the player's view)."""

from __future__ import annotations

import random

import pytest

from companion.engines.base import sample_chance
from companion.engines.le_petit_poucet import GAME, PoucetState
from companion.engines.le_petit_poucet.actions import Vote
from companion.engines.le_petit_poucet.steps import VOTE
from tests.engines.le_petit_poucet.helpers import do, new_game, touch_round


def log_texts(state: PoucetState) -> list[str]:
    return [line.text for line in state.log]


def test_votes_read_secret_until_the_last_vote_is_cast() -> None:
    state = new_game(3)
    touch_round(state)
    do(state, "reveal the oak (no hole) card", "P2 takes the oak (no hole) card")
    do(state, "reveal the fir (no hole) card", "P3 takes the fir (no hole) card")
    do(state, "reveal the birch (no hole) card", "P1 takes the birch (no hole) card")
    assert state.phase == VOTE
    before = log_texts(state)

    do(state, "P1 votes for P2")
    assert log_texts(state) == [*before, "Player 1 has voted."]
    do(state, "P2 votes for P3")
    assert log_texts(state)[-1] == "Player 2 has voted."
    assert not any("voted for" in line or "votes for" in line for line in log_texts(state))
    do(state, "P3 votes for P3")  # the last vote: all are revealed together
    assert state.phase != VOTE
    assert log_texts(state)[-1] == (
        "Player 3 has voted. The pebbles are turned over: Player 1 voted for Player 2, "
        "Player 2 voted for Player 3, Player 3 voted for Player 3."
    )

    # The next turn's votes are secret again; the last turn's stay visible.
    do(state, "the token is the fir (no hole)")
    touch_round(state)
    do(state, "reveal the apple (no hole) card", "P1 takes the apple (no hole) card")
    while state.phase != VOTE:
        do(state, f"reveal the {state.tree_label(state.unrevealed()[0])} card")
        do(state, state.legal_action_strings()[-1])
    do(state, state.legal_action_strings()[0])
    assert log_texts(state)[-1].endswith("has voted.")
    assert sum("The pebbles are turned over" in line for line in log_texts(state)) == 1


def with_other_votes(state: PoucetState, actions: list[object], cast: int) -> PoucetState:
    """The same game replayed with each of this turn's ``cast`` votes naming another
    card holder: what the table would see if the votes had been different."""
    holders = state.card_holders()
    twin = GAME.new_initial_state(state.num_players, state.options, state.seed)
    assert isinstance(twin, PoucetState)
    twin.names = state.names
    for action in actions[: len(actions) - cast]:
        twin.apply(action)
    for action in actions[len(actions) - cast :]:
        assert isinstance(action, Vote)
        other = holders[(holders.index(action.player) + 1) % len(holders)]
        twin.apply(Vote(other))
    return twin


@pytest.mark.parametrize("seed", range(30))
def test_no_vote_of_the_turn_in_progress_is_ever_shown(seed: int) -> None:
    """While step 3 goes on, the shared view (headline, choices, chance entry, public
    log, table) is exactly what it would be had the votes cast so far been different,
    for every viewer; and none of the position's secrets is in it."""
    rng = random.Random(seed)
    players = rng.choice([2, 3, 4, 5])
    options = {"less_quick": rng.random() < 0.5}
    state = GAME.new_initial_state(players, options, seed=seed)
    assert isinstance(state, PoucetState)
    state.names = ["Ann", "Bo", "Cy", "Di", "Ed"][:players]
    actions: list[object] = []
    checked = 0
    while not state.is_terminal():
        action = (
            sample_chance(state, rng)
            if state.is_chance_node()
            else rng.choice(state.legal_actions())
        )
        actions.append(action)
        state.apply(action)
        cast = sum(v is not None for v in state.votes) if state.phase == VOTE else 0
        if cast and len(state.card_holders()) > 1:
            twin = with_other_votes(state, actions, cast)
            assert twin.votes != state.votes
            for viewer in (None, *range(players)):
                assert twin.view(viewer).to_json() == state.view(viewer).to_json()
                assert twin.view(viewer).table == state.view(viewer).table
            shown = str(state.view().to_json())
            assert state.secrets() and not any(s in shown for s in state.secrets())
            checked += 1
    assert checked, "every game here has a turn with two card holders"
