"""A scenario for each of the six helpers, and the helper phase itself."""

from __future__ import annotations

import math

import pytest

from companion.engines.base import CHANCE, IllegalAction
from tests.engines.little_dead_riding_hood.scenario import (
    column,
    lay,
    new_game,
    play,
    roundtrip,
    texts,
)


def test_helpers_are_chosen_in_turn_from_the_starting_player_and_are_distinct() -> None:
    state = new_game(3)
    assert state.current_player() == 0
    assert texts(state) == [
        "choose the Prince",
        "choose the Wicked Queen",
        "choose the Huntsman",
        "choose the Fairy Godmother",
        "choose The Youngest Brother",
        "choose the Evil Stepmother",
    ]
    play(state, "choose The Youngest Brother")
    assert state.current_player() == 1
    assert "choose The Youngest Brother" not in texts(state)
    play(state, "choose the Wicked Queen")  # no wolves on the board: nothing to do
    assert state.current_player() == 2
    assert state.helpers == {0: "youngest-brother", 1: "wicked-queen"}


def test_the_starting_marker_passes_left_and_helpers_return() -> None:
    state = new_game(2, hands=[[], []])
    play(state, "choose The Youngest Brother", "choose the Wicked Queen")
    # no cards, no wolves: the round ends at once
    assert state.round == 2 and state.start_player == 1
    assert state.current_player() == 1
    assert len(texts(state)) == 6


def test_prince_moves_one_space_and_switches_two_tiles_in_either_order() -> None:
    state = new_game(2)
    lay(
        state,
        {**column(state, 0, 3), (1, 2): "path-plain", (2, 2): "obstacle"},
        wolves=[(2, 1)],
        bullets=[(1, 2)],
    )
    state.pawns[0] = (0, 1)
    play(state, "choose the Prince")
    assert "Prince: move to row 2 col 2" in texts(state)
    assert "Prince: switch the tile at row 1 col 2" not in texts(state)  # a pawn stands there
    # switching first: the wolf travels with its tile
    play(state, "Prince: switch the tile at row 3 col 2", "Prince: with the tile at row 2 col 3")
    assert (1, 2) in state.board.wolves and (2, 1) not in state.board.wolves
    assert state.board.tiles[(1, 2)] == "path-plain" and state.board.tiles[(2, 1)] == "path-plain"
    assert not any(t.startswith("Prince: switch") for t in texts(state))
    play(state, "Prince: move to row 2 col 2")
    assert state.pawns[0] == (1, 1)
    assert state.current_player() == 1  # the Prince's two actions are done


def test_prince_switch_must_leave_a_legal_board() -> None:
    state = new_game(2)
    lay(state, {**column(state, 0, 3), (1, 2): "obstacle"})
    state.pawns[0] = (2, 1)
    play(state, "choose the Prince", "Prince: switch the tile at row 2 col 3")
    # the obstacle may not go to the first row
    assert "Prince: with the tile at row 1 col 2" not in texts(state)
    assert texts(state) == ["Prince: with the tile at row 2 col 2"]


def test_prince_stepping_onto_a_wolf_fights_it() -> None:
    state = new_game(2)
    lay(state, column(state, 0, 2), wolves=[(1, 1)])
    state.pawns[0] = (0, 1)
    play(state, "choose the Prince", "Prince: move to row 2 col 2")
    assert state.steps[-1].kind == "combat"
    play(state, "fight with 3 bullets", "draw a bullet from the bag")
    assert state.pawns[0] == (1, 1) and not state.board.wolves
    assert texts(state) == ["Prince: done"]  # nothing left to switch


def test_wicked_queen_moves_up_to_two_wolves_one_per_tile_even_onto_pawns() -> None:
    state = new_game(2)
    lay(state, {**column(state, 0, 3), **column(state, 1, 3)}, wolves=[(0, 1), (1, 1)])
    state.pawns[1] = (2, 3)
    play(state, "choose the Wicked Queen", "Wicked Queen: take the wolf at row 1 col 2")
    assert "Wicked Queen: put the wolf at row 2 col 2" not in texts(state)  # one wolf per tile
    play(state, "Wicked Queen: put the wolf at row 3 col 4")
    play(
        state,
        "Wicked Queen: take the wolf at row 2 col 2",
        "Wicked Queen: put the wolf at row 1 col 4",
    )
    assert state.board.wolves == {(2, 3), (0, 3)}
    assert state.current_player() == 1  # two wolves moved: done
    play(state, "choose the Prince", "Prince: done")
    # pre-movement combat: player 2 shares a tile with a zombie wolf
    assert state.phase == "combat" and state.current_player() == 1
    assert texts(state)[0] == "fight with 1 bullet"


def test_huntsman_places_three_then_each_other_player_one() -> None:
    state = new_game(3)
    play(state, "choose the Huntsman")
    assert state.steps[-2].queue == (0, 0, 1, 2)  # player 1's first tile is being drawn
    play(state, "draw a path (bullet icon)", "place the tile at row 1 col 2")
    play(state, "draw a path (wolf icon)", "place the tile at row 2 col 2")
    play(state, "draw a path (no icon)", "place the tile at row 3 col 2")
    # a path piece without an icon gives a card
    assert state.current_player() == CHANCE
    play(state, "draw Wolf!!! (1)")
    assert state.board.bullets == {(0, 1)} and state.board.wolves == {(1, 1)}
    assert "wolf:1" in state.hands[0]
    play(state, "draw an obstacle")
    assert state.current_player() == 1
    assert "place the tile at row 1 col 4" not in texts(state)  # no obstacle on the first row
    play(state, "place the tile at row 3 col 3", "draw a path (no icon)")
    assert state.current_player() == 2
    play(state, "place the tile at row 1 col 6", "draw Wolf!!! (2)")
    assert state.current_player() == 1 and state.steps[-1].kind == "choose-helper"


def test_huntsman_in_a_five_player_game_gives_the_others_two_tiles() -> None:
    state = new_game(5)
    play(state, "choose the Huntsman")
    assert state.steps[-2].queue == (0, 0, 1, 1, 2, 2, 3, 3, 4, 4)  # after the first


def test_an_obstacle_that_cannot_be_placed_goes_back_and_another_tile_is_drawn() -> None:
    state = new_game(2)
    play(state, "choose the Huntsman")
    # an empty board takes no obstacle: the draw only ends on path pieces
    outcomes = dict(state.chance_outcomes())
    assert set(outcomes) == {("tile", "path-bullet"), ("tile", "path-plain"), ("tile", "path-wolf")}
    assert math.isclose(outcomes[("tile", "path-plain")], 20 / 50)
    play(state, "draw a path (no icon)", "place the tile at row 1 col 2", "draw Wolf!!! (1)")
    outcomes = dict(state.chance_outcomes())
    assert math.isclose(outcomes[("tile", "obstacle")], 24 / 73)


def test_trail_of_bread_crumbs_puts_the_path_piece_back_and_draws_another() -> None:
    state = new_game(2, hands=[["trail-of-bread-crumbs:1"], []])
    play(state, "choose the Huntsman", "draw a path (wolf icon)")
    assert "play Trail of Bread Crumbs (1): draw another path piece" in texts(state)
    pool = state.pool["path-wolf"]
    play(state, "play Trail of Bread Crumbs (1): draw another path piece")
    assert state.pool["path-wolf"] == pool + 1
    assert state.current_player() == CHANCE and state.hands[0] == []
    play(state, "draw a path (bullet icon)", "place the tile at row 1 col 2")
    assert state.board.bullets == {(0, 1)}


def test_fairy_godmother_gives_the_chooser_all_three_and_the_others_one() -> None:
    state = new_game(2)
    play(state, "choose the Fairy Godmother")
    assert texts(state) == [
        "Fairy Godmother: take a card",
        "Fairy Godmother: take a bullet",
        "Fairy Godmother: place a tile",
        "Fairy Godmother: done",
    ]
    supply = state.supply_bullets
    play(state, "Fairy Godmother: take a bullet")
    assert state.bullets[0] == 4 and state.supply_bullets == supply - 1
    play(state, "Fairy Godmother: take a card", "draw Wolf!!! (2)")
    play(
        state,
        "Fairy Godmother: place a tile",
        "draw a path (bullet icon)",
        "place the tile at row 1 col 2",
    )
    # the chooser is done; player 2 may take one gift or nothing
    assert state.current_player() == 1
    assert texts(state) == ["take a card", "take a bullet", "place a tile", "take nothing"]
    play(state, "take a bullet")
    assert state.bullets[1] == 4
    assert state.current_player() == 1 and state.steps[-1].kind == "choose-helper"


def test_youngest_brother_allows_a_second_card() -> None:
    state = new_game(2)
    lay(state, column(state, 0, 5))
    play(state, "choose The Youngest Brother", "choose the Prince", "Prince: done")
    assert state.plays_left == [2, 1]
    assert state.phase == "cards" and state.current_player() == 0
    play(state, "move with Who's Been Sitting On My Chair? (1)", "step to row 1 col 2")
    assert state.current_player() == 0  # may play another card
    play(
        state,
        "move with Who's Been Sitting On My Chair? (2)",
        "step to row 2 col 2",
        "step to row 3 col 2",
    )
    assert state.pawns[0] == (2, 1)
    assert state.current_player() == 1


def test_evil_stepmother_draws_two_and_makes_another_player_discard_at_random() -> None:
    state = new_game(3, hands=[["wolf:1"], ["wolf:3", "wolf:3", "cake-and-wine:3"], []])
    play(state, "choose the Evil Stepmother", "draw Off The Path (1)", "draw Off The Path (2)")
    assert state.hands[0] == ["off-the-path:1", "off-the-path:2", "wolf:1"]
    # player 3 holds no card, so only player 2 can be made to discard
    assert texts(state) == [
        "Evil Stepmother: player 2 discards at random",
        "Evil Stepmother: nobody discards",
    ]
    play(state, "Evil Stepmother: player 2 discards at random")
    outcomes = dict(state.chance_outcomes())
    assert math.isclose(outcomes[("lose-card", "wolf:3")], 2 / 3)
    assert math.isclose(outcomes[("lose-card", "cake-and-wine:3")], 1 / 3)
    roundtrip(state)
    play(state, "discard Wolf!!! (3) at random")
    assert state.hands[1] == ["cake-and-wine:3", "wolf:3"]
    assert state.discard["wolf:3"] == 1


def test_fairest_of_all_makes_a_player_choose_another_helper() -> None:
    state = new_game(2, hands=[[], ["fairest-of-all:2"]])
    play(state, "choose the Huntsman")
    assert state.current_player() == 1
    assert texts(state) == [
        "play Who In The Land Is Fairest Of All? (2): choose another helper",
        "let the helper stand",
    ]
    play(state, "play Who In The Land Is Fairest Of All? (2): choose another helper")
    assert state.current_player() == 0
    assert "choose the Huntsman" not in texts(state)
    play(state, "choose the Prince", "Prince: done")
    # the Huntsman went back and player 2 may take it
    assert "choose the Huntsman" in texts(state)
    assert state.plays_left[1] == 0  # the card was player 2's play this round


def test_a_refused_helper_choice_is_an_illegal_action_with_a_reason() -> None:
    state = new_game(2)
    play(state, "choose the Prince", "Prince: done")
    before = state.to_dict()
    with pytest.raises(
        IllegalAction, match="'choose the Prince' is not possible now: Player 2 chooses a helper"
    ):
        state.apply(("helper", "prince"))
    assert state.to_dict() == before
