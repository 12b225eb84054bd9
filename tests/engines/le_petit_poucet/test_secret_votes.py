"""Step 3's votes are secret until the last one is cast: what a history may show."""

from __future__ import annotations

import random

import pytest

from companion.engines.base import sample_chance
from companion.engines.le_petit_poucet import GAME, PoucetState
from companion.engines.le_petit_poucet.steps import VOTE
from companion.engines.le_petit_poucet.text import SECRET_VOTE
from tests.engines.le_petit_poucet.helpers import new_game


def play(state: PoucetState, history: list[str], *texts: str) -> None:
    """Apply actions by their words and keep the texts a journal would keep."""
    for text in texts:
        action = state.string_to_action(text)
        history.append(state.action_to_string(action))
        state.apply(action)


def touch_round(state: PoucetState, history: list[str]) -> None:
    play(state, history, "draw a tree token from the bag")
    while state.phase == "touch":
        play(state, history, state.legal_action_strings()[0])


def shown(state: PoucetState, history: list[str]) -> list[str]:
    return [
        state.public_step_text(text, len(history) - 1 - number)
        for number, text in enumerate(history)
    ]


def test_votes_read_secret_until_the_last_vote_is_cast() -> None:
    state, history = new_game(3), ["P1 is the first player"]
    touch_round(state, history)
    play(state, history, "reveal the oak (no hole) card", "P2 takes the oak (no hole) card")
    play(state, history, "reveal the fir (no hole) card", "P3 takes the fir (no hole) card")
    play(state, history, "reveal the birch (no hole) card", "P1 takes the birch (no hole) card")
    assert state.phase == VOTE
    before = list(history)
    assert shown(state, history) == before  # nothing secret yet

    play(state, history, "P1 votes for P2")
    assert shown(state, history) == [*before, SECRET_VOTE]
    play(state, history, "P2 votes for P3")
    assert shown(state, history) == [*before, SECRET_VOTE, SECRET_VOTE]
    play(state, history, "P3 votes for P3")  # the last vote: all are revealed together
    assert state.phase != VOTE
    assert shown(state, history) == [
        *before,
        "P1 votes for P2",
        "P2 votes for P3",
        "P3 votes for P3",
    ]

    # The next turn's votes are secret again; the last turn's stay visible.
    play(state, history, "the token is the fir (no hole)")
    touch_round(state, history)
    play(state, history, "reveal the apple (no hole) card", "P1 takes the apple (no hole) card")
    while state.phase != VOTE:
        play(state, history, f"reveal the {state.tree_label(state.unrevealed()[0])} card")
        play(state, history, state.legal_action_strings()[-1])
    play(state, history, state.legal_action_strings()[0])
    visible = shown(state, history)
    assert visible[-1] == SECRET_VOTE
    assert visible[:-1] == history[:-1]
    assert "P3 votes for P3" in visible


@pytest.mark.parametrize("seed", range(30))
def test_no_vote_of_the_turn_in_progress_is_ever_shown(seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.new_initial_state(rng.choice([2, 3, 4, 5]), {})
    assert isinstance(state, PoucetState)
    history: list[str] = []
    while not state.is_terminal():
        action = (
            sample_chance(state, rng)
            if state.is_chance_node()
            else rng.choice(state.legal_actions())
        )
        history.append(state.action_to_string(action))
        state.apply(action)
        visible = shown(state, history)
        if state.phase == VOTE:
            cast = sum(v is not None for v in state.votes)
            assert visible[len(history) - cast :] == [SECRET_VOTE] * cast
            assert visible[: len(history) - cast] == history[: len(history) - cast]
        else:
            assert visible == history
