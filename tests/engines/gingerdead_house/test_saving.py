"""Saves round-trip; a damaged save is refused with a message naming what and where."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from companion.engines.base import InvalidState
from companion.engines.gingerdead_house import GAME
from tests.engines.gingerdead_house.helpers import TEST_GAME, act, scenario


def saved() -> dict[str, Any]:
    state = scenario(
        layout={(0, 2, 3): "m4-2", (0, 2, 2): "wall-6", (1, 1, 1): "wizard@0"},
        hands={0: ["grunt", "steal"]},
    )
    act(state, "place Gummy Grunt at lane 1 row 3")
    return json.loads(json.dumps(state.to_dict()))


def test_a_save_round_trips() -> None:
    data = saved()
    state = TEST_GAME.state_from_dict(data)
    assert state.to_dict() == data
    assert state.legal_action_strings() == TEST_GAME.state_from_dict(data).legal_action_strings()


def damaged(change) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    data = copy.deepcopy(saved())
    data["state"]["next_uid"] = 100  # room for the ids the damage adds
    change(data["state"])
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda s: s["fields"][0].__setitem__(7, ["drgon", -1, 99]),
            "fields[0] lane 2 row 3: unknown card 'drgon'",
        ),
        (
            lambda s: s["fields"][0].__setitem__(0, ["m4-2", 1, 99]),
            "fields[0] lane 1 row 1: 'm4-2' cannot belong to 1",
        ),
        (
            lambda s: s["fields"][1].__setitem__(3, ["steal", 1, 98]),
            "a trick card cannot stand on a field",
        ),
        (
            lambda s: (
                s["fields"][1].__setitem__(4, ["dragon", -1, 97])
                or s["fields"][1].__setitem__(5, ["dragon", -1, 96])
                or s["fields"][1].__setitem__(6, ["dragon", -1, 95])
            ),
            "monster: 'dragon' appears 5 times, the deck holds 2",
        ),
        (lambda s: s.__setitem__("phase", "lunch"), "phase must be one of"),
        (
            lambda s: s["players"][0]["hand"].__setitem__("wall-9", 1),
            "players[0]: pile, hand, discard and field hold",
        ),
        (lambda s: s.__setitem__("active", 5), "active must be from 0 to 1, got 5"),
        (
            lambda s: s.__setitem__("monster_pile", {"m4-2": -1}),
            "monster_pile.m4-2 must be at least 0",
        ),
        (lambda s: s.__setitem__("next_uid", 1), "next_uid must be above every card id"),
        (lambda s: s.__setitem__("result", [1.0, 0.0]), "only a finished game has a result"),
        (lambda s: s.__setitem__("steal", [0, ["m4-2", -1, 90]]), "steal must hold a free defense"),
    ],
)
def test_a_damaged_save_is_refused_with_a_clear_message(change, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InvalidState) as err:
        TEST_GAME.state_from_dict(damaged(change))
    assert message in str(err.value)


def test_a_co_op_save_with_three_players_is_refused() -> None:
    data = GAME.new_initial_state(3).to_dict()
    data["options"]["mode"] = "co-op"
    with pytest.raises(InvalidState, match="Co-op"):
        GAME.state_from_dict(data)


def test_a_table_mode_save_keeps_only_card_counts() -> None:
    state = scenario(options={"player_decks": "table"}, hands={0: ["", ""]})
    data = state.to_dict()
    assert data["state"]["players"][0]["hand"] == 2
    assert TEST_GAME.state_from_dict(data).to_dict() == data
