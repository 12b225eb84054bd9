"""Rule scenarios: one or more per rulebook sentence and decision BW2-BW12."""

from __future__ import annotations

import math

import pytest

from companion.engines.base import CHANCE, IllegalAction, InvalidOptions, InvalidState
from companion.engines.beware_of_the_wolf import GAME, spin_outcome
from tests.engines.beware_of_the_wolf.helpers import moves, position


# -- setup -------------------------------------------------------------------------
def test_the_wolf_is_first_set_pointing_at_none_of_the_houses() -> None:
    state = GAME.new_initial_state(4)
    assert state.current_player() == CHANCE
    outcomes = dict(state.chance_outcomes())
    assert math.isclose(sum(outcomes.values()), 1.0)
    for door_angle in (0, 90, 180, 270):  # each house's coloured space
        assert ("wolf", door_angle) not in outcomes
    assert ("wolf", 45) in outcomes
    # 5.625 deg half-width + 2 deg midline tolerance around each house space
    assert ("wolf", 7) not in outcomes and ("wolf", 8) in outcomes


def test_each_player_chooses_a_free_house_youngest_first() -> None:
    state = GAME.new_initial_state(2)
    state.apply(("wolf", 45))
    assert state.current_player() == 0
    state.apply(("house", "blue"))
    assert state.current_player() == 1
    with pytest.raises(IllegalAction, match="chooses a free house"):
        state.apply(("house", "blue"))
    state.apply(state.string_to_action("choose the green house"))
    assert state.current_player() == CHANCE and state.phase == "roll"
    assert [state.board.houses[h].colour for h in state.houses] == ["blue", "green"]  # type: ignore[index]


def test_more_players_than_houses_is_refused() -> None:
    with pytest.raises(InvalidOptions, match="2-4 players"):
        GAME.new_initial_state(5)


# -- the die (BW2, BW3) ---------------------------------------------------------------
def test_die_has_five_numbers_and_the_wolfs_head() -> None:
    state = position(["o3", "o12"])
    outcomes = dict(state.chance_outcomes())
    assert set(outcomes) == {("roll", f) for f in (1, 2, 3, 4, 5, "wolf")}
    assert all(math.isclose(p, 1 / 6) for p in outcomes.values())
    assert state.action_to_string(("roll", "wolf")) == "roll the wolf's head"


def test_die_faces_option_weights_repeated_faces() -> None:
    state = position(["o3", "o12"], options={"die_faces": "1 1 2 wolf"})
    assert dict(state.chance_outcomes()) == {
        ("roll", 1): 0.5,
        ("roll", 2): 0.25,
        ("roll", "wolf"): 0.25,
    }
    with pytest.raises(InvalidOptions, match='"Die faces" cannot show "seven"'):
        GAME.new_initial_state(2, {"die_faces": "1 2 seven"})


def test_wolfs_head_moves_no_pawn_and_lets_the_roller_spin() -> None:
    state = position(["o3", "o12"])
    state.apply(("roll", "wolf"))
    assert moves(state) == ["leave the wolf", "spin the wolf"]
    before = list(state.positions)
    state.apply(("spin",))
    assert state.current_player() == CHANCE
    assert len(state.chance_outcomes()) == 360
    state.apply(("wolf", 120))
    assert state.wolf == 120 and state.positions == before and state.turn == 1


def test_leaving_the_wolf_ends_the_turn() -> None:
    state = position(["o3", "o12"], phase="spin-choice", roll="wolf")
    state.apply(("leave",))
    assert state.wolf == 200 and state.turn == 1 and state.phase == "roll"


def test_spin_outcome_rounds_a_sensor_angle_to_whole_degrees() -> None:
    assert spin_outcome(359.6) == ("wolf", 0)
    assert spin_outcome(33.4) == ("wolf", 33)


# -- moving along the arrows --------------------------------------------------------------
def test_the_coloured_space_above_the_house_is_counted() -> None:
    state = position([None, None], phase="move", roll=1)
    assert moves(state) == ["move to o0"]
    state = position([None, None], phase="move", roll=3)
    assert moves(state) == ["move to i1", "move to o2"]  # o0 o1 then outer or inner


def test_the_inner_path_is_faster() -> None:
    state = position(["o1", None], phase="move", roll=4)
    # outer: o2 o3 o4 o5; inner: i1 i2 i3 then out to o7 or on to i4; or i1 i2 out to o4 then o5
    assert moves(state) == [
        "move to i4",
        "move to o5 via i1 i2 o4",
        "move to o5 via o2 o3 o4",
        "move to o7",
    ]


def test_moving_backwards_is_not_allowed() -> None:
    state = position(["o5", None], phase="move", roll=2)
    assert moves(state) == ["move to o7"]
    with pytest.raises(IllegalAction):
        state.apply(("move", "o4", "o3"))


# -- the guarded zone (BW4) and the midline (BW5) -------------------------------------------
def test_a_move_may_not_end_in_the_guarded_zone() -> None:
    # wolf at 34 deg: outer o3, and inner i1/i2 (34 is 0.25 deg from their midline)
    state = position(["o1", None], wolf=34, phase="move", roll=2)
    assert state.guarded_zone() == {"o3", "i1", "i2"}
    assert moves(state) == ["forfeit the throw"]
    state.apply(("forfeit",))
    assert state.positions == ["o1", None] and state.turn == 1


def test_a_tree_in_the_guarded_zone_still_protects() -> None:
    state = position(["o0", None], wolf=22, phase="move", roll=2)
    assert state.guarded_zone() == {"o2", "i1"}
    assert moves(state) == ["move to o2"]  # the tree; the inner i1 is refused


def test_passing_through_the_zone_is_allowed_by_default_but_not_with_the_option() -> None:
    state = position(["o2", None], wolf=34, phase="move", roll=2)
    assert moves(state) == ["move to o4"]
    strict = position(
        ["o2", None], wolf=34, phase="move", roll=2, options={"guard_blocks_passing": True}
    )
    assert moves(strict) == ["forfeit the throw"]


def test_refused_move_names_the_reason_and_changes_nothing() -> None:
    state = position(["o1", None], wolf=34, phase="move", roll=2)
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="avoids the wolf; the throw is forfeited"):
        state.apply(("move", "o2", "o3"))
    assert state.to_dict() == before


# -- one pawn per open space, throwing out (BW7) -------------------------------------------------
def test_ending_on_a_pawn_throws_it_out_to_its_house() -> None:
    state = position(["o3", "o5"], quarters=[1, 0b0011], phase="move", roll=2)
    state.apply(state.string_to_action("move to o5"))
    assert state.positions == ["o5", None]
    assert state.quarters[1] == 0  # its round starts again
    assert ["thrown-out", 1, "o5", None, []] in state.events


def test_thrown_out_pawn_moves_back_four_with_the_option() -> None:
    state = position(["o3", "o5"], phase="move", roll=2, options={"thrown_out": "back4"})
    state.apply(state.string_to_action("move to o5"))
    assert state.positions == ["o5", "o1"]


def test_nobody_is_thrown_out_behind_a_tree() -> None:
    state = position(["o2", "o4"], phase="move", roll=2)
    state.apply(state.string_to_action("move to o4"))
    assert state.positions == ["o4", "o4"]


# -- wolf hits (BW6, BW10, BW11) ------------------------------------------------------------------
def test_wolf_hit_moves_unprotected_pawns_back_four_on_the_outer_path() -> None:
    state = position(["o20", "o3", "i2", "o2"], phase="spin", roll="wolf", wolf=200)
    state.apply(("wolf", 34))  # o3, i1, i2
    # blue: o3 -> o2 o1 o0 o31; yellow: i2 steps out to o4 (45 deg), then o3 o2 o1 o0
    assert state.positions == ["o20", "o31", "o0", "o2"]
    assert ["wolf-hit", 2, "i2", "o0", ["o4", "o3", "o2", "o1", "o0"]] in state.events


def test_pawns_behind_trees_are_safe_from_the_wolf() -> None:
    state = position(["o20", "o2", "i1"], phase="spin", roll="wolf")
    state.apply(("wolf", 22))  # o2 (a tree) and i1
    assert state.positions[1] == "o2"
    assert state.positions[2] == "o30"  # i1 -> o2, back to o1 o0 o31 o30


def test_the_spinner_is_spared_unless_the_option_says_otherwise() -> None:
    spared = position(["o3", "o20"], phase="spin", roll="wolf")
    spared.apply(("wolf", 34))
    assert spared.positions[0] == "o3"
    hit = position(["o3", "o20"], phase="spin", roll="wolf", options={"wolf_hits_spinner": True})
    hit.apply(("wolf", 34))
    assert hit.positions[0] is None  # red goes back past o0: home, never further


def test_no_pawn_is_moved_back_further_than_its_own_house() -> None:
    state = position(["o20", "i1"], phase="spin", roll="wolf", quarters=[1, 0b0001])
    state.apply(("wolf", 22))
    # red (player 0) spun; blue sits on i1 but blue's house is at o8, so it walks back fully
    assert state.positions[1] == "o30"
    red_hit = position(["i1", "o20"], phase="spin", roll="wolf", turn=1)
    red_hit.apply(("wolf", 22))
    assert red_hit.positions[0] is None and red_hit.quarters[0] == 0


def test_midline_affects_both_spaces() -> None:
    # 6 deg is 0.375 deg from the o0/o1 midline: both are affected
    state = position(["o20", "o0", "o1"], phase="spin", roll="wolf")
    state.apply(("wolf", 6))
    assert state.positions == ["o20", "o28", "o29"]


def test_midline_tolerance_zero_affects_only_the_pointed_space() -> None:
    state = position(
        ["o20", "o0", "o1"], phase="spin", roll="wolf", options={"midline_tolerance": 0.0}
    )
    state.apply(("wolf", 6))
    assert state.positions == ["o20", "o0", "o29"]


def test_a_pawn_sent_back_onto_an_occupied_space_goes_on_to_a_free_one() -> None:
    # blue is hit from o3 and would land on o31, where green stands: on to o30 (a tree)
    state = position(["o20", "o3", "o12", "o31"], phase="spin", roll="wolf")
    state.apply(("wolf", 34))
    assert state.positions[1] == "o30"


# -- a round in the forest and the exact throw home (BW8) ----------------------------------------------
def test_every_quarter_must_be_passed_before_the_round_is_complete() -> None:
    state = position(["o14", None], phase="move", roll=5, quarters=[0b0011, 0])
    state.apply(state.string_to_action("move to o19"))
    assert not state.round_complete(0)  # o19 lies in red's quarter 2
    state = position(["o19", None], phase="move", roll=2, quarters=[0b0111, 0])
    state.apply(state.string_to_action("move to o21"))
    assert state.round_complete(0)


def test_exact_throw_home_wins() -> None:
    state = position(["o30", None], phase="move", roll=3, quarters=[15, 0])
    assert moves(state) == ["move into the house"]
    state.apply(("move", "o31", "o0", "house"))
    assert state.is_terminal() and state.returns() == [1.0, 0.0]
    assert "exact throw" in state.end_reason()


def test_an_inexact_throw_cannot_move_a_pawn_past_its_house() -> None:
    state = position(["o30", None], phase="move", roll=4, quarters=[15, 0])
    assert moves(state) == ["forfeit the throw"]
    short = position(["o30", None], phase="move", roll=2, quarters=[15, 0])
    assert moves(short) == ["move to o0"]


def test_before_the_round_is_complete_a_pawn_walks_past_its_house() -> None:
    state = position(["o30", None], phase="move", roll=4, quarters=[0b0111, 0])
    assert moves(state) == ["move to i1", "move to o2"]


# -- the round limit (BW12) ------------------------------------------------------------------
def test_the_round_limit_ends_the_game_with_the_pawn_furthest_along() -> None:
    state = position(
        ["o20", "o12"], phase="move", roll=1, quarters=[0b0111, 0b0011], options={"round_limit": 20}
    )
    data = state.to_dict()
    data["state"]["turns_taken"] = 39
    state = GAME.state_from_dict(data)
    state.apply(state.legal_actions()[0])
    assert state.is_terminal()
    assert state.returns() == [1.0, 0.0]
    assert "after 20 rounds" in state.end_reason()


# -- saved games ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("positions", ["o3", "o3"], "share the open space 'o3'"),
        ("positions", ["o99", None], "'o99', which is not a space"),
        ("wolf", 400, "wolf must be 0-359"),
        ("houses", ["red", "red"], "two players chose the same house"),
        ("quarters", [16, 0], "quarters must be 0-15"),
        ("roll", 3, "no die result belongs in phase 'roll'"),
        ("phase", "dancing", "phase must be one of"),
    ],
)
def test_broken_saves_name_the_fault(field: str, value: object, message: str) -> None:
    data = position(["o3", None]).to_dict()
    data["state"][field] = value
    with pytest.raises(InvalidState, match=message):
        GAME.state_from_dict(data)


def test_describe_names_the_wolf_the_pawns_and_the_die() -> None:
    state = position(["o3", None], wolf=34, phase="move", roll=2, quarters=[15, 0])
    assert state.describe() == [
        "wolf: points at 34 deg, guarding i1 i2 o3",
        "player 1 (red): o3, round complete",
        "player 2 (blue): in the house",
        "die: 2",
    ]
