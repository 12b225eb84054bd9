"""Elimination and each mode's winner: last house standing, Co-op 2 v 2, Monster Hunter (GH7),
and the round limit that ends endless games (GH8)."""

from __future__ import annotations

import pytest

from companion.engines.base import CHANCE, InvalidOptions
from companion.engines.gingerdead_house import GingerdeadHouseGame
from companion.engines.gingerdead_house.box import box_from_text
from companion.engines.gingerdead_house.decks import take
from tests.engines.gingerdead_house.helpers import TEST_GAME, act, scenario

FULL_HAND = ["wall-2", "wall-2", "wall-6", "wall-6", "wall-9"]


def test_last_house_standing_continues_past_an_elimination_and_skips_the_fallen() -> None:
    state = scenario(players=3, layout={(0, 1, 1): "m4-1"})
    act(state, "end the player step")
    assert state.board.alive == [False, True, True]
    assert not state.is_terminal()
    assert state.board.active == 1 and state.current_player() == CHANCE
    assert "Player 1's house falls" in state.board.log


def test_the_last_house_standing_wins() -> None:
    state = scenario(players=3, layout={(2, 1, 1): "m4-1"}, active=2, hands={2: FULL_HAND})
    state.board.alive[0] = False
    act(state, "end the player step")
    assert state.is_terminal()
    assert state.returns() == [0.0, 1.0, 0.0]
    assert state.outcome().winners == (1,)  # type: ignore[union-attr]
    assert "last house standing" in state.end_reason()


def test_co_op_needs_four_players() -> None:
    with pytest.raises(InvalidOptions, match="4 players"):
        TEST_GAME.new_initial_state(2, {"mode": "co-op"})


def test_co_op_partners_place_defenses_on_each_others_fields_not_on_opponents() -> None:
    state = scenario(players=4, options={"mode": "co-op"}, hands={0: ["wall-6"]})
    legal = state.legal_action_strings()
    assert "place Wall 6 at lane 1 row 1 of player 3's field" in legal
    assert not any("player 2's field" in t or "player 4's field" in t for t in legal)
    act(state, "place Wall 6 at lane 1 row 1 of player 3's field")
    assert state.board.at(2, 1, 1) is not None and state.board.at(2, 1, 1)[1] == 0


def test_co_op_partners_fall_together_and_the_other_team_wins() -> None:
    state = scenario(players=4, options={"mode": "co-op"}, layout={(0, 2, 1): "m4-2"})
    act(state, "end the player step")
    assert state.is_terminal()
    assert state.board.alive == [False, True, False, True]
    assert state.returns() == [0.0, 1.0, 0.0, 1.0]
    assert state.outcome().winners == (1, 3)  # type: ignore[union-attr]


def test_co_op_side_by_side_teams() -> None:
    state = scenario(
        players=4, options={"mode": "co-op", "teams": "side-by-side"}, layout={(0, 2, 1): "m4-2"}
    )
    act(state, "end the player step")
    assert state.returns() == [0.0, 0.0, 1.0, 1.0]


def test_monster_hunter_keeps_destroyed_monsters_as_points() -> None:
    state = scenario(
        options={"mode": "monster-hunter"},
        layout={(0, 2, 3): "m4-2", (0, 2, 2): "wall-6", (0, 4, 3): "mx-4", (0, 4, 2): "wall-2"},
    )
    act(state, "end the player step")
    assert sorted(state.board.trophies[0]) == ["m4-2", "mx-4"]
    assert state.scores() == [4, 0]  # X counts 0
    assert state.board.monster_discard == {}


def test_monster_hunter_scores_count_even_for_a_fallen_house() -> None:
    """Whoever has the most points wins, regardless of if they were destroyed."""
    state = scenario(options={"mode": "monster-hunter"}, layout={(1, 2, 1): "m4-2"}, active=1)
    take(state.board.monster_pile, "dragon")
    state.board.trophies[0] = ["dragon"]
    state.board.alive[0] = False
    act(state, "end the player step")
    assert state.is_terminal()
    assert state.returns() == [10.0, 0.0]
    assert state.outcome().winners == (0,)  # type: ignore[union-attr]
    assert "every house has fallen" in state.end_reason()


SMALL = """
[[card]]
id = "wall"
name = "Wall"
type = "defense"
power = 6
count = 8
[[card]]
id = "go"
name = "Go"
type = "action"
flips = 1
count = 2
[[card]]
id = "troll"
name = "Troll"
type = "monster"
power = 4
lane = 2
count = 1
"""


def test_monster_hunter_ends_when_every_monster_is_destroyed() -> None:
    game = GingerdeadHouseGame(box_from_text(SMALL))
    state = scenario(
        options={"mode": "monster-hunter"},
        game=game,
        layout={(0, 2, 3): "troll", (0, 2, 2): "wall"},
    )
    state.action_card = None
    act(state, "end the player step")
    assert state.is_terminal()
    assert state.returns() == [4.0, 0.0]
    assert "every monster has been destroyed" in state.end_reason()


def test_the_round_limit_ends_the_game_and_the_least_threatened_house_wins() -> None:
    state = scenario(
        options={"round_limit": 5},
        active=1,
        hands={1: FULL_HAND},
        layout={(0, 3, 5): "m6-3", (1, 2, 5): "m4-2"},
    )
    state.round = 5
    act(state, "end the player step")
    assert state.is_terminal()
    assert state.returns() == [0.0, 1.0]
    assert "5-round limit" in state.end_reason()


def test_the_round_limit_shares_a_tie() -> None:
    state = scenario(
        options={"round_limit": 5},
        active=1,
        hands={1: FULL_HAND},
        layout={(0, 2, 5): "m4-2", (1, 2, 5): "m4-2"},
    )
    state.round = 5
    act(state, "end the player step")
    assert state.returns() == [1.0, 1.0]


def test_turns_pass_clockwise_and_count_rounds() -> None:
    state = scenario(players=2, hands={0: FULL_HAND})
    act(state, "end the player step")
    assert state.board.active == 1 and state.round == 1
    state = scenario(players=2, active=1, hands={1: FULL_HAND})
    act(state, "end the player step")
    assert state.board.active == 0 and state.round == 2


def test_a_fallen_first_seat_is_skipped_without_an_extra_round() -> None:
    """Issue 17.4: a round passes once per trip round the table, however many houses fell."""
    state = scenario(players=3, active=2, hands={2: FULL_HAND})
    state.round = 2
    state.board.alive[0] = False
    act(state, "end the player step")
    assert state.board.active == 1 and state.round == 3
    assert any(line.startswith("round 3:") for line in state.board.log)


def test_monster_hunter_with_one_house_fallen_counts_rounds_one_by_one() -> None:
    """Issue 17.4: 2-player Monster Hunter went from round 2 straight to round 4."""
    state = scenario(players=2, active=1, hands={1: FULL_HAND}, options={"mode": "monster-hunter"})
    state.round = 2
    state.board.alive[0] = False
    act(state, "end the player step")
    assert state.board.active == 1 and state.round == 3


def test_the_round_limit_is_not_reached_early_after_a_fall() -> None:
    """GH8 counts rounds played: round 5 of a 5-round limit is still played."""
    state = scenario(players=3, active=2, hands={2: FULL_HAND}, options={"round_limit": 5})
    state.round = 4
    state.board.alive[0] = False
    act(state, "end the player step")
    assert not state.is_terminal() and state.round == 5


def test_event_lines_name_players_as_the_state_does_and_keys_stay_numbered() -> None:
    """The board says the table's names (State.player_name); action keys keep "player N"."""
    state = scenario(players=3, layout={(0, 1, 1): "m4-1"})
    state.names = ["Ann", "Bo", "Cy"]
    twin = state.clone()
    act(twin, "end the player step")
    assert "Ann's house falls" in twin.board.log
    state = scenario(players=2, hands={0: ["swap-lane"]})
    state.names = ["Ann", "Bo"]
    assert "play Lane Swap: swap lane 1 with player 2's field" in [
        state.action_to_string(a) for a in state.legal_actions()
    ]
