"""Entry, pushing, movement and combat: the rulebook's turn steps 2 and 4 (GH2-GH4)."""

from __future__ import annotations

from companion.engines.base import CHANCE, TERMINAL
from companion.engines.gingerdead_house import combat
from companion.engines.gingerdead_house.actions import Flip
from tests.engines.gingerdead_house.helpers import act, names_at, place, scenario


def end_step(state) -> None:  # type: ignore[no-untyped-def]
    act(state, "end the player step")


def flip(state, card_id: str) -> None:  # type: ignore[no-untyped-def]
    state.apply(Flip(card_id))


def test_the_higher_power_wins_and_the_monster_takes_the_tile() -> None:
    state = scenario(layout={(0, 2, 3): "m4-2", (0, 2, 2): "wall-2"})
    end_step(state)
    assert names_at(state, 0) == {(2, 2): "Troll"}
    assert "Troll destroys Wall 2 in lane 2" in state.board.log
    assert state.board.cards[0].discard == {"wall-2": 1}


def test_a_stronger_defense_destroys_the_monster_and_keeps_its_tile() -> None:
    state = scenario(layout={(0, 2, 3): "m4-2", (0, 2, 2): "wall-6"})
    end_step(state)
    assert names_at(state, 0) == {(2, 2): "Wall 6"}
    assert "Wall 6 destroys Troll in lane 2" in state.board.log
    assert state.board.monster_discard == {"m4-2": 1}


def test_a_tie_destroys_both() -> None:
    state = scenario(layout={(0, 2, 3): "m4-2", (0, 2, 2): "grunt"})
    end_step(state)
    assert names_at(state, 0) == {}
    assert "Troll and Gummy Grunt destroy each other in lane 2" in state.board.log


def test_damage_is_not_cumulative_two_monsters_fight_the_same_defense() -> None:
    state = scenario(layout={(0, 2, 3): "m4-2", (0, 2, 2): "wall-6"})
    end_step(state)
    place(state, 0, 2, 3, "m4-2")
    combat.start_moving(state.board, 0)
    combat.run_moving(state.board)
    assert names_at(state, 0) == {(2, 2): "Wall 6"}
    assert state.board.log.count("Wall 6 destroys Troll in lane 2") == 2


def test_power_x_is_lower_than_any_number() -> None:
    state = scenario(
        layout={(0, 4, 3): "mx-4", (0, 4, 2): "wall-2", (0, 1, 3): "m4-1", (0, 1, 2): "wall-x"}
    )
    end_step(state)
    assert names_at(state, 0) == {(4, 2): "Wall 2", (1, 2): "Goblin"}


def test_x_against_x_is_a_tie() -> None:
    state = scenario(layout={(0, 4, 3): "mx-4", (0, 4, 2): "wall-x"})
    end_step(state)
    assert names_at(state, 0) == {}


def test_monsters_move_lane_by_lane_left_to_right_into_maltball_mines() -> None:
    """The rulebook's example: the movement order decides what the Mines destroy."""
    state = scenario(
        layout={(0, 1, 4): "m4-1", (0, 2, 4): "m4-2", (0, 3, 4): "m6-3", (0, 2, 3): "mines"}
    )
    end_step(state)
    # lane 1's Goblin moved into row 3 first and is caught by the explosion; lane 3's
    # Ogre moves after it and survives.
    assert names_at(state, 0) == {(3, 3): "Ogre"}
    log = state.board.log
    assert log.index("Maltball Mines explode in lane 2") > log.index(
        "Goblin moves to row 3 in lane 1"
    )
    assert "Maltball Mines destroys Goblin in lane 1" in log
    assert state.board.cards[0].discard == {"mines": 1}


def test_front_most_monster_moves_first_within_a_lane() -> None:
    state = scenario(layout={(0, 3, 2): "m6-3", (0, 3, 3): "m6-3", (0, 3, 1): "wall-9"})
    end_step(state)
    # the front Ogre dies on the wall first; the one behind then steps into row 2
    assert names_at(state, 0) == {(3, 1): "Wall 9", (3, 2): "Ogre"}


def test_a_monster_passing_row_1_ends_the_house() -> None:
    state = scenario(layout={(0, 3, 1): "m6-3"})
    end_step(state)
    assert state.current_player() == TERMINAL
    assert state.returns() == [0.0, 1.0]
    assert "Ogre gets past row 1 in lane 3" in state.board.log
    assert "Player 1's house falls" in state.board.log


def test_monsters_entering_the_same_lane_push_each_other_down() -> None:
    state = scenario(phase="monsters")
    state.flips_left = 2
    flip(state, "m4-1")
    flip(state, "m4-1")
    assert names_at(state, 0) == {(1, 5): "Goblin", (1, 4): "Goblin"}
    assert state.phase == "player" and state.current_player() == 0


def test_a_push_chain_into_a_defense_fights() -> None:
    state = scenario(
        phase="monsters", layout={(0, 1, 5): "m4-1", (0, 1, 4): "m4-1", (0, 1, 3): "wall-6"}
    )
    state.flips_left = 1
    flip(state, "m4-1")
    assert names_at(state, 0) == {(1, 5): "Goblin", (1, 4): "Goblin", (1, 3): "Wall 6"}
    assert "Wall 6 destroys Goblin in lane 1" in state.board.log


def test_a_pushed_monster_can_win_and_take_the_tile() -> None:
    state = scenario(phase="monsters", layout={(0, 3, 5): "m6-3", (0, 3, 4): "wall-2"})
    state.flips_left = 1
    flip(state, "m6-3")
    assert names_at(state, 0) == {(3, 5): "Ogre", (3, 4): "Ogre"}


def test_a_push_chain_out_of_row_1_eliminates() -> None:
    lane_full = {(0, 1, 1): "m4-1", (0, 1, 2): "m4-1", (0, 1, 3): "m4-1", (0, 1, 4): "zombie"}
    state = scenario(phase="monsters", layout=lane_full)
    state.flips_left = 2
    flip(state, "m4-1")
    assert state.current_player() == CHANCE and names_at(state, 0)[(1, 1)] == "Goblin"
    flip(state, "zombie")
    assert state.is_terminal()
    assert state.outcome().winners == (1,)  # type: ignore[union-attr]


def test_a_monster_entering_onto_a_defense_in_row_5_fights_it() -> None:
    state = scenario(phase="monsters", layout={(0, 1, 5): "wall-6"})
    state.flips_left = 1
    flip(state, "m4-1")
    assert names_at(state, 0) == {(1, 5): "Wall 6"}


def test_only_the_active_players_field_moves() -> None:
    state = scenario(layout={(0, 2, 4): "m4-2", (1, 2, 4): "m4-2"})
    end_step(state)
    assert names_at(state, 0) == {(2, 3): "Troll"}
    assert names_at(state, 1) == {(2, 4): "Troll"}
