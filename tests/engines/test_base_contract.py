"""The base contract itself, exercised through the test-only Die Race game."""

from __future__ import annotations

import random

import pytest

from companion.engines.base import (
    CHANCE,
    IllegalAction,
    InvalidOptions,
    InvalidState,
    random_playout,
)
from tests.engines.toy_game import GAME, Move, Roll


def test_options_fill_defaults_and_refuse_bad_values() -> None:
    assert GAME.resolve_options(None) == {"target": 5}
    assert GAME.resolve_options({"target": 7}) == {"target": 7}
    with pytest.raises(InvalidOptions, match="from 2 to 20, not 99"):
        GAME.resolve_options({"target": 99})
    with pytest.raises(
        InvalidOptions, match='"Target" can be a whole number from 2 to 20, not "7"'
    ):
        GAME.resolve_options({"target": "7"})
    with pytest.raises(InvalidOptions, match="no option 'colour'"):
        GAME.resolve_options({"colour": "red"})


def test_player_count_is_checked() -> None:
    with pytest.raises(InvalidOptions, match="1-3 players, not 4"):
        GAME.new_initial_state(4)


def test_illegal_action_names_the_reason_and_changes_nothing() -> None:
    state = GAME.new_initial_state(2)
    assert state.current_player() == CHANCE
    state.apply(Roll(2))
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="not a legal move"):
        state.apply(Move(3))
    assert state.to_dict() == before
    assert state.legal_action_strings() == ["move 1", "move 2"]
    assert state.string_to_action("  MOVE   2 ") == Move(2)
    with pytest.raises(IllegalAction, match="'move 3' is not a legal action"):
        state.string_to_action("move 3")


def test_finished_game_refuses_moves_and_reports_the_winner() -> None:
    state = random_playout(GAME.new_initial_state(2), random.Random(4))
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None and len(outcome.winners) == 1
    assert "reached square 5" in outcome.reason
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(Move(1))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "must be an object"),
        ({"game": "other"}, "not 'die-race'"),
        ({"game": "die-race", "players": 9, "state": {}}, "not 9"),
        (
            {"game": "die-race", "players": 2, "options": {"target": 0}, "state": {}},
            "from 2 to 20, not 0",
        ),
        ({"game": "die-race", "players": 2, "seed": "x", "state": {}}, "seed"),
        ({"game": "die-race", "players": 2}, "no 'state'"),
        (
            {"game": "die-race", "players": 2, "state": {"positions": [0]}},
            "positions must list 2 entries",
        ),
        ({"game": "die-race", "players": 2, "state": {}}, "positions must be a list"),
    ],
)
def test_state_from_dict_names_what_is_wrong(data: object, message: str) -> None:
    with pytest.raises(InvalidState, match=message):
        GAME.state_from_dict(data)
