"""Every effect id in the library, with the rulebook's FAQ rulings."""

from __future__ import annotations

import pytest

from companion.engines.base import CHANCE, IllegalAction
from companion.engines.gingerdead_house import combat
from companion.engines.gingerdead_house.actions import Flip, Place
from companion.engines.gingerdead_house.effects import EFFECTS
from tests.engines.gingerdead_house.helpers import (
    TEST_GAME,
    act,
    names_at,
    place,
    scenario,
)


def texts(state) -> list[str]:  # type: ignore[no-untyped-def]
    return state.legal_action_strings()


# -- action cards ------------------------------------------------------------
def test_godfather_death_destroys_rows_4_and_5_before_monsters_enter() -> None:
    state = scenario(
        phase="action",
        layout={(0, 1, 5): "wall-2", (0, 2, 4): "m4-2", (0, 3, 3): "wall-6", (1, 1, 5): "wall-2"},
    )
    state.apply(Flip("godfather"))
    assert names_at(state, 0) == {(3, 3): "Wall 6"}
    assert names_at(state, 1) == {(1, 5): "Wall 2"}  # only the active field
    assert "Godfather Death destroys Wall 2 in lane 1" in state.board.log
    assert state.current_player() == CHANCE and state.flips_left == 2


def test_an_action_card_can_open_the_opponents_trick_window_clockwise() -> None:
    state = scenario(
        players=3,
        phase="action",
        layout={(0, 2, 2): "wall-2"},
        hands={1: ["steal"], 2: ["swap-row"], 0: ["wall-6"]},
    )
    state.apply(Flip("open-window"))
    state.apply(Flip("m6-3"))
    assert state.phase == "tricks" and state.current_player() == 1
    act(state, "play Let's Be Friends... Not!: steal Wall 2 at lane 2 row 2 of player 1's field")
    assert state.current_player() == 1  # must put the stolen wall first
    act(state, "put the stolen defense at lane 4 row 1")
    assert names_at(state, 1) == {(4, 1): "Wall 2"}
    act(state, "pass (no more tricks)")
    assert state.current_player() == 2
    act(state, "pass (no more tricks)")
    assert state.phase == "player" and state.current_player() == 0


def test_without_the_window_opponents_cannot_play_tricks() -> None:
    state = scenario(players=3, phase="action", hands={1: ["steal"]})
    state.apply(Flip("act-1"))
    state.apply(Flip("m6-3"))
    assert state.phase == "player" and state.current_player() == 0


# -- monsters ------------------------------------------------------------------
def test_dragon_destroys_every_card_in_its_lane_when_it_enters() -> None:
    state = scenario(
        phase="monsters", layout={(0, 2, 3): "grunt", (0, 2, 4): "m4-2", (0, 3, 3): "wall-6"}
    )
    state.flips_left = 1
    state.apply(Flip("dragon"))
    assert names_at(state, 0) == {(2, 5): "Dragon", (3, 3): "Wall 6"}
    assert "Dragon destroys Gummy Grunt in lane 2" in state.board.log


def test_dragon_entering_does_not_trigger_again_when_it_changes_field() -> None:
    state = scenario(layout={(0, 2, 5): "dragon", (1, 2, 1): "wall-6"}, hands={0: ["swap-lane"]})
    act(state, "play Lane Swap: swap lane 2 with player 2's field")
    assert names_at(state, 1) == {(2, 5): "Dragon"}
    assert names_at(state, 0) == {(2, 1): "Wall 6"}


def test_a_resurrection_monster_destroyed_by_a_player_rises_on_an_opponents_field() -> None:
    state = scenario(layout={(0, 1, 2): "zombie", (0, 1, 1): "wall-6", (1, 3, 5): "m6-3"})
    act(state, "end the player step")
    assert state.current_player() == 0
    assert "raise Zombie in lane 3 of player 2's field" in texts(state)
    act(state, "raise Zombie in lane 3 of player 2's field")
    # it may go in any lane, whatever its lane indicator, and pushes the Ogre down
    assert names_at(state, 1) == {(3, 5): "Zombie", (3, 4): "Ogre"}
    assert state.current_player() == CHANCE  # the turn goes on to the draw


def test_a_resurrection_monster_rises_at_most_once_per_turn() -> None:
    state = scenario(layout={(0, 1, 2): "zombie", (0, 1, 1): "wall-6", (1, 1, 5): "wall-9"})
    act(state, "end the player step")
    act(state, "raise Zombie in lane 1 of player 2's field")
    # Wall 9 destroys it on entry; having risen this turn it goes to the discard pile
    assert names_at(state, 1) == {(1, 5): "Wall 9"}
    assert state.board.monster_discard == {"zombie": 1}
    assert state.current_player() == CHANCE


def test_a_resurrection_monster_destroyed_by_a_card_effect_does_not_rise() -> None:
    state = scenario(phase="monsters", layout={(0, 2, 3): "zombie"})
    state.flips_left = 1
    state.apply(Flip("dragon"))
    assert state.board.resurrections == []
    assert state.board.monster_discard == {"zombie": 1}


# -- defenses ----------------------------------------------------------------------
def test_gummy_grunt_deals_4_damage_to_a_monster_in_the_same_row_once_per_turn() -> None:
    state = scenario(
        layout={
            (0, 1, 2): "grunt",
            (0, 3, 2): "m4-2",
            (0, 4, 2): "m6-3",
            (0, 2, 2): "m4-1",
            (0, 1, 3): "m4-1",
        }
    )
    shots = [t for t in texts(state) if t.startswith("Gummy Grunt")]
    assert shots == [
        "Gummy Grunt at lane 1 row 2: hit Goblin at lane 2 row 2",
        "Gummy Grunt at lane 1 row 2: hit Troll at lane 3 row 2",
    ]
    act(state, shots[1])
    assert (3, 2) not in names_at(state, 0)
    assert not [t for t in texts(state) if t.startswith("Gummy Grunt")]


def test_gatling_gun_splits_8_damage_and_kills_two_power_4_monsters() -> None:
    """FAQ: Since it is power 8 you could kill 2 power 4 monsters."""
    state = scenario(
        layout={(0, 2, 1): "gatling", (0, 2, 3): "m4-2", (0, 2, 4): "m4-2", (0, 2, 5): "m6-3"}
    )
    shots = [t for t in texts(state) if t.startswith("Gumdrop")]
    prefix = "Gumdrop Gatling Gun at lane 2 row 1: hit "
    assert prefix + "Troll at row 3 and Troll at row 4" in shots
    assert prefix + "Ogre at row 5" in shots
    assert not any("and Ogre" in s for s in shots)  # 4 + 6 > 8
    act(state, prefix + "Troll at row 3 and Troll at row 4")
    assert names_at(state, 0) == {(2, 1): "Gumdrop Gatling Gun", (2, 5): "Ogre"}


def test_cards_that_deal_damage_still_fight_colliding_monsters() -> None:
    state = scenario(layout={(0, 2, 1): "gatling", (0, 2, 3): "m4-2", (0, 2, 2): "m4-2"})
    act(state, "Gumdrop Gatling Gun at lane 2 row 1: hit Troll at row 3")
    act(state, "end the player step")
    assert names_at(state, 0) == {(2, 1): "Gumdrop Gatling Gun"}
    assert "Gumdrop Gatling Gun destroys Troll in lane 2" in state.board.log


def test_catapult_can_hit_an_opponents_defense() -> None:
    """FAQ: Can the Flaming Marshmallow Catapult target opponent's defense cards? Yes!"""
    state = scenario(layout={(0, 1, 1): "catapult", (1, 2, 2): "wall-2", (1, 3, 3): "wall-6"})
    shots = [t for t in texts(state) if t.startswith("Flaming")]
    assert shots == [
        "Flaming Marshmallow Catapult at lane 1 row 1: hit Wall 2 at lane 2 row 2 "
        "on player 2's field"
    ]
    act(state, shots[0])
    assert names_at(state, 1) == {(3, 3): "Wall 6"}
    assert state.board.cards[1].discard == {"wall-2": 1}


def test_maltball_mines_explode_when_a_monster_enters_onto_them() -> None:
    state = scenario(
        phase="monsters", layout={(0, 1, 5): "mines", (0, 3, 5): "m6-3", (0, 3, 4): "m6-3"}
    )
    state.flips_left = 1
    state.apply(Flip("m4-1"))
    assert names_at(state, 0) == {(3, 4): "Ogre"}


def test_wizard_of_what_goes_on_an_opponents_field_and_cannot_be_replaced_there() -> None:
    """FAQ: Can the Wizard of What be replaced by a defense if it's on an opponent's field? No."""
    state = scenario(hands={0: ["wizard"]})
    act(state, "place Wizard of What at lane 2 row 2 of player 2's field")
    assert names_at(state, 1) == {(2, 2): "Wizard of What"}
    # player 2's turn: no replacing, stealing or shooting it
    state2 = scenario(
        layout={(1, 2, 2): "wizard@0", (1, 1, 1): "catapult"},
        hands={1: ["wall-6", "steal"]},
        active=1,
    )
    place(state2, 0, 3, 3, "wall-2")
    legal = texts(state2)
    assert "place Wall 6 at lane 2 row 2" not in legal
    assert "place Wall 6 at lane 2 row 3" in legal
    assert not any("Wizard" in t for t in legal)
    with pytest.raises(IllegalAction):
        state2.apply(Place("wall-6", 1, 2, 2))
    # ... a monster must destroy it
    place(state2, 1, 2, 3, "m4-2")
    act(state2, "end the player step")
    assert names_at(state2, 1)[(2, 2)] == "Troll"
    assert state2.board.cards[0].discard == {"wizard": 1}


def test_wizard_of_what_on_its_owners_own_field_can_be_replaced() -> None:
    state = scenario(layout={(0, 2, 2): "wizard"}, hands={0: ["wall-6"]})
    act(state, "place Wall 6 at lane 2 row 2 replacing Wizard of What")
    assert names_at(state, 0) == {(2, 2): "Wall 6"}
    assert state.board.cards[0].discard == {"wizard": 1}


def test_a_defense_able_to_move_moves_once_per_turn() -> None:
    state = scenario(layout={(0, 2, 2): "walker", (0, 2, 3): "m4-2"})
    moves = [t for t in texts(state) if t.startswith("Walking Wafer")]
    assert moves == [
        "Walking Wafer at lane 2 row 2: move to lane 1 row 2",
        "Walking Wafer at lane 2 row 2: move to lane 3 row 2",
        "Walking Wafer at lane 2 row 2: move to lane 2 row 1",
    ]
    act(state, moves[1])
    assert names_at(state, 0) == {(3, 2): "Walking Wafer", (2, 3): "Troll"}
    assert not [t for t in texts(state) if t.startswith("Walking Wafer")]


# -- tricks ----------------------------------------------------------------------
def test_steal_takes_a_defense_of_power_less_than_6_including_x() -> None:
    """FAQ: cards with power X are less than a number, so they may be stolen."""
    state = scenario(
        layout={(1, 1, 1): "wall-x", (1, 2, 1): "wall-2", (1, 3, 1): "wall-6"}, hands={0: ["steal"]}
    )
    steals = [t for t in texts(state) if t.startswith("play Let's")]
    assert [s.split(": ", 1)[1] for s in steals] == [
        "steal Wall X at lane 1 row 1 of player 2's field",
        "steal Wall 2 at lane 2 row 1 of player 2's field",
    ]
    act(state, steals[0])
    assert texts(state)[0] == "put the stolen defense at lane 1 row 1"
    act(state, "put the stolen defense at lane 4 row 1")
    assert names_at(state, 0) == {(4, 1): "Wall X"}
    assert state.board.cards[0].discard == {"steal": 1}
    # it stays player 2's card: destroyed, it goes to player 2's discard pile
    place(state, 0, 4, 2, "m6-3")
    combat.start_moving(state.board, 0)
    combat.run_moving(state.board)
    assert state.board.cards[1].discard == {"wall-x": 1}


def test_swap_lane_and_swap_row_move_cards_identically() -> None:
    state = scenario(
        layout={(0, 3, 1): "wall-2", (0, 3, 4): "m6-3", (1, 3, 2): "wall-6", (1, 1, 2): "grunt"},
        hands={0: ["swap-lane", "swap-row"]},
    )
    act(state, "play Lane Swap: swap lane 3 with player 2's field")
    assert names_at(state, 0) == {(3, 2): "Wall 6"}
    assert names_at(state, 1) == {(3, 1): "Wall 2", (3, 4): "Ogre", (1, 2): "Gummy Grunt"}
    act(state, "play Row Swap: swap row 2 with player 2's field")
    assert names_at(state, 0) == {(1, 2): "Gummy Grunt"}
    assert names_at(state, 1) == {(3, 1): "Wall 2", (3, 4): "Ogre", (3, 2): "Wall 6"}


def test_a_trick_forcing_monster_movement_causes_combat_and_can_eliminate() -> None:
    """FAQ: combat happens any time a monster is forced to move into a defense."""
    state = scenario(
        players=3,
        layout={(1, 2, 3): "m4-2", (1, 2, 2): "wall-2", (2, 1, 1): "m4-1"},
        hands={0: ["march", "march"]},
    )
    legal = [t for t in texts(state) if t.startswith("play Forced")]
    assert legal == [
        "play Forced March: march the monsters on player 2's field",
        "play Forced March: march the monsters on player 3's field",
    ]
    act(state, legal[0])
    assert names_at(state, 1) == {(2, 2): "Troll"}
    assert "Troll destroys Wall 2 in lane 2 of Player 2's field" in state.board.log
    act(state, "play Forced March: march the monsters on player 3's field")
    assert state.board.alive == [True, True, False]
    assert state.current_player() == 0 and not state.is_terminal()


def test_every_effect_in_the_library_is_used_by_the_test_catalogue() -> None:
    used = {c.effect for c in TEST_GAME.catalogue.cards.values() if c.effect}
    assert used == set(EFFECTS)


def test_the_shipped_dragon_destroys_gummy_grunt_in_lane_2() -> None:
    """The issue's log example, with the shipped catalogue."""
    from companion.engines.gingerdead_house import GAME

    state = scenario(game=GAME, phase="monsters", layout={(0, 2, 2): "gummy-grunt"})
    state.flips_left = 1
    state.apply(Flip("dragon"))
    assert state.board.log[-1] == "Dragon destroys Gummy Grunt in lane 2"
    assert names_at(state, 0) == {(2, 5): "Dragon"}
