"""Beware of the Wolf read sentence by sentence: one scenario per rule sentence (issue 17.5).

Each docstring quotes the sentence of ``rulebooks/beware-of-the-wolf.txt`` it tests; where the
sentence leaves a gap, the test names the decision (BW1-BW9 in rules-decisions.md, BW10 on in
docs/games/beware-of-the-wolf.md) that fills it.  Sentences about clipping the stands into the
board or the mood of the game have no test.  Default board landmarks are in ``helpers``.
"""

from __future__ import annotations

import math
import random

import pytest

from companion.engines.base import CHANCE, IllegalAction, sample_chance
from companion.engines.beware_of_the_wolf import GAME, LastGame, WolfState, winner_turns
from companion.engines.beware_of_the_wolf.board import HOUSE_STEP
from tests.engines.beware_of_the_wolf.helpers import moves, position


# -- Setup and the course of play ------------------------------------------------------------
def test_setup_the_wolf_first_points_at_none_of_the_houses() -> None:
    """ "The wolf is first turned so that its snout points at none of the houses." Every
    setting the app may draw leaves all four houses' spaces out of the guarded zone."""
    state = GAME.new_initial_state(4)
    assert isinstance(state, WolfState) and state.current_player() == CHANCE
    doors = {h.space for h in state.board.houses}
    for action, _ in state.chance_outcomes():
        after = state.clone()
        after.apply(action)
        assert not doors & after.guarded_zone()
    with pytest.raises(IllegalAction):
        state.apply(("wolf", 90))  # the blue house's space


def test_play_1_each_player_places_a_piece_in_front_of_a_house_of_their_choice() -> None:
    """ "Each player chooses a game piece and places it in front of the house of their
    choice." The piece is in front of its house (not on the board) until it moves."""
    state = GAME.new_initial_state(3)
    state.apply(("wolf", 45))
    for colour in ("green", "red", "yellow"):
        state.apply(state.string_to_action(f"choose the {colour} house"))
    assert isinstance(state, WolfState)
    assert [state.colour_of(p) for p in range(3)] == ["green", "red", "yellow"]
    assert state.positions == [None, None, None]


def test_play_2_the_youngest_player_begins_and_rolls() -> None:
    """ "The youngest player begins and rolls the die." Player 1 is the youngest (the new-game
    set-up asks); once the houses are chosen the die is rolled for player 1."""
    state = GAME.new_initial_state(2)
    assert GAME.first_player == "youngest"
    state.apply(("wolf", 45))
    state.apply(("house", "blue"))
    state.apply(("house", "red"))
    assert isinstance(state, WolfState)
    assert state.current_player() == CHANCE and state.phase == "roll" and state.turn == 0


def test_play_3_the_piece_moves_the_number_rolled_along_the_arrows() -> None:
    """ "According to the number rolled, the player moves their piece in the direction of the
    arrows." Every offered move is exactly that many arrow steps."""
    for roll in range(1, 6):
        state = position(["o9", None], phase="move", roll=roll)
        for action in state.legal_actions():
            path = action[1:]
            assert len(path) == roll
            here = "o9"
            for space in path:
                assert space in state.board.by_id[here].next
                here = space


def test_play_4_the_coloured_space_above_the_house_is_counted() -> None:
    """ "The coloured space above the house is also counted." A 1 from the house lands on it."""
    assert moves(position([None, None], phase="move", roll=1)) == ["move to o0"]
    assert moves(position([None, None], phase="move", roll=2)) == ["move to o1"]


def test_play_5_the_inner_path_is_faster_and_open_the_outer_path_partly_protected() -> None:
    """ "There are two paths: the outer, slower path, which is partly protected by trees, and
    the inner, faster path, which is not protected by trees." (BW1, the shipped board)"""
    board = GAME.board
    outer = [s for s in board.spaces if s.ring == "outer"]
    inner = [s for s in board.spaces if s.ring == "inner"]
    assert any(s.tree for s in outer) and not all(s.tree for s in outer)
    assert inner and not any(s.tree for s in inner)
    assert max(s.half_width for s in inner) > max(s.half_width for s in outer)  # fewer steps


def test_play_6_the_paths_are_joined_so_a_piece_can_reach_a_tree_quickly() -> None:
    """ "Both paths are connected with each other, so that a player can quickly get into safety
    behind a tree away from the wolf." From the inner path a throw can end on a tree."""
    state = position(["i2", None], phase="move", roll=1)
    assert moves(state) == ["move to i3", "move to o4"]
    assert state.board.by_id["o4"].tree


def test_play_7_moving_backwards_is_not_allowed() -> None:
    """ "Moving backwards is not allowed." No move of any throw ends behind the piece."""
    state = position(["o5", None], phase="move", roll=1)
    assert moves(state) == ["move to o6"]
    with pytest.raises(IllegalAction):
        state.apply(("move", "o4"))


# -- The wolf ----------------------------------------------------------------------------------
def test_wolf_1_the_wolfs_head_lets_the_player_spin_the_wolf() -> None:
    """ "If a player rolls the wolf's head, they may spin the wolf in the middle of the board
    with a swing." May: spinning or leaving it (BW3: no pawn moves for this throw)."""
    state = position(["o3", "o11"])
    state.apply(("roll", "wolf"))
    assert moves(state) == ["leave the wolf", "spin the wolf"]
    state.apply(("spin",))
    assert state.current_player() == CHANCE and len(state.chance_outcomes()) == 360


def test_wolf_2_unprotected_pieces_where_the_snout_points_go_back_four_on_the_outer_path() -> None:
    """ "The game board is divided into spaces. If the wolf's snout points at a space where other
    players stand unprotected, that player must move their game piece back 4 spaces on the
    outer path." From the inner path the pawn first steps out beside it (BW6)."""
    state = position(["o20", "o13"], phase="spin", roll="wolf")
    state.apply(("wolf", 146))  # o13's centre
    assert state.positions == ["o20", "o9"]
    inner = position(["o20", "i6"], phase="spin", roll="wolf")
    inner.apply(("wolf", 146))  # i6 (135-157.5 deg); outer o13 beside it
    assert inner.positions[1] == "o8"  # i6 steps out to o12, then o11 o10 o9 o8


def test_wolf_3_no_piece_goes_back_past_its_own_house() -> None:
    """ "No player can be moved back further than to their own house." Blue (house at o8) hit
    on o9 goes into its house, not round the board; its round starts again."""
    state = position(["o20", "o9"], phase="spin", roll="wolf")
    state.apply(("wolf", 101))  # o9
    assert state.positions[1] is None and state.quarters[1] == 0


def test_wolf_4_on_the_midline_both_spaces_are_affected() -> None:
    """ "If the wolf's snout points exactly at the midline between two spaces, both spaces are
    affected. The unprotected game pieces on them must likewise move back 4 spaces on the
    outer path." (BW5: within 2 degrees of the line)"""
    state = position(["o3", "o16", None, "o17"], phase="spin", roll="wolf")
    state.apply(("wolf", 186))  # o16 | o17 meet at 185.625 deg
    assert state.positions == ["o3", "o12", None, "o13"]
    off = position(["o3", "o16", None, "o17"], phase="spin", roll="wolf")
    off.apply(("wolf", 191))
    assert off.positions == ["o3", "o16", None, "o13"]


def test_wolf_5_no_piece_may_enter_the_guarded_zone_unless_behind_a_tree() -> None:
    """ "No player may enter the zone guarded by the wolf, unless they can hide behind a tree."
    (BW4: a move may not end on an open guarded space; a tree there still shelters)"""
    state = position(["o0", None], wolf=22, phase="move", roll=2)
    assert state.guarded_zone() == {"o2", "i1"}
    assert moves(state) == ["move to o2"]  # o2 is a tree; i1 is open and refused
    with pytest.raises(IllegalAction):
        state.apply(("move", "o1", "i1"))


def test_wolf_6_with_no_way_round_the_wolf_the_throw_is_forfeited() -> None:
    """ "If this is not possible, the throw is forfeited." """
    state = position(["o1", None], wolf=34, phase="move", roll=2)
    assert moves(state) == ["forfeit the throw"]
    state.apply(("forfeit",))
    assert state.positions == ["o1", None] and state.turn == 1 and state.phase == "roll"


# -- Throwing out -------------------------------------------------------------------------------
def test_out_1_throwing_out_is_permitted() -> None:
    """ "Throwing out is permitted" The thrown piece goes back to its house (BW7; the printed
    rulebook does not say where, the option "back4" moves it back 4 instead)."""
    state = position(["o3", "o5"], phase="move", roll=2)
    state.apply(state.string_to_action("move to o5"))
    assert state.positions == ["o5", None]
    back = position(["o3", "o5"], phase="move", roll=2, options={"thrown_out": "back4"})
    back.apply(back.string_to_action("move to o5"))
    assert back.positions == ["o5", "o1"]


def test_out_2_nobody_is_thrown_out_behind_a_tree() -> None:
    """ "however, not onto a space behind a tree." """
    state = position(["o2", "o4"], phase="move", roll=2)
    state.apply(state.string_to_action("move to o4"))
    assert state.positions == ["o4", "o4"]


def test_out_3_several_pieces_may_hide_behind_one_tree() -> None:
    """ "Several game pieces may stand behind one tree and hide there." Three pawns share a tree
    and the wolf pointing at it catches none of them."""
    state = position(["o2", "o4", "o4", "o4"], phase="move", roll=2)
    state.apply(state.string_to_action("move to o4"))
    assert state.positions == ["o4"] * 4
    spin = position(["o20", "o4", "o4", "o4"], phase="spin", roll="wolf")
    spin.apply(("wolf", 45))
    assert spin.positions == ["o20", "o4", "o4", "o4"]


def every_position_reached(seed: int, options: dict[str, object]) -> list[WolfState]:
    rng = random.Random(seed)
    state = GAME.new_initial_state(4, options)
    assert isinstance(state, WolfState)
    seen = []
    while not state.is_terminal() and len(seen) < 2000:
        action = (
            sample_chance(state, rng)
            if state.is_chance_node()
            else rng.choice(state.legal_actions())
        )
        state.apply(action)
        seen.append(state.clone())
    return seen


@pytest.mark.parametrize("thrown_out", ["home", "back4"])
@pytest.mark.parametrize("seed", range(6))
def test_out_4_never_two_pieces_on_an_open_space(seed: int, thrown_out: str) -> None:
    """ "On unprotected spaces, however, no more than one piece may stand." Checked after every
    step of random 4-player games, wolf hits and throw-outs included (BW7, BW10)."""
    for state in every_position_reached(seed, {"thrown_out": thrown_out}):
        on_open = [p for p in state.positions if p is not None and not state.board.by_id[p].tree]
        assert len(on_open) == len(set(on_open)), state.describe()


# -- End of the game ----------------------------------------------------------------------------
def test_end_1_an_exact_throw_home_after_a_round_wins() -> None:
    """ "The game ends when a player can bring their game piece directly back into their house
    with an exact throw after a round in the forest." (BW8)"""
    state = position(["o30", None], phase="move", roll=3, quarters=[0b1111, 0])
    assert moves(state) == ["move into the house"]
    state.apply(("move", "o31", "o0", HOUSE_STEP))
    assert state.is_terminal() and state.returns() == [1.0, 0.0]
    over = position(["o30", None], phase="move", roll=4, quarters=[0b1111, 0])
    assert moves(over) == ["forfeit the throw"]  # not exact: this pawn cannot move
    early = position(["o30", None], phase="move", roll=3, quarters=[0b0111, 0])
    assert "move into the house" not in moves(early)  # no round yet: it walks on past


def test_end_2_the_winner_may_turn_the_wolf_before_a_further_game() -> None:
    """ "The winner may, in a further game, turn the wolf before the next round in order to
    change the position of the wolf." (BW16)"""
    fresh = GAME.new_initial_state(2)
    turns = winner_turns(fresh.view(), LastGame(("Ada",), 45))
    assert turns is not None and turns.who == "Ada"
    assert turns.keep is not None and turns.keep.key == "wolf points at 45 deg"
    at_house = winner_turns(fresh.view(), LastGame(("Ada",), 90))
    assert at_house is not None and at_house.keep is None  # it must be turned off the house


def test_spin_outcomes_are_whole_degrees_each_as_likely() -> None:
    """ "If the wolf's snout points at a space" is the only thing a spin decides: a fair spin is
    one of 360 resting degrees, each as likely (the turntable's reading is rounded)."""
    state = position(["o3", "o11"], phase="spin", roll="wolf")
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 360
    assert math.isclose(sum(p for _, p in outcomes), 1.0)
