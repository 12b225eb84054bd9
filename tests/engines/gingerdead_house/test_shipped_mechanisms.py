"""Every mechanism the rulebook defines, reached through a card of the shipped box.

These play version 1 of the box (a game without a box version, like every recorded
replay): its assumed cards that carry a mechanism are action cards and a renamed defense
given the move ability.  Version 2's cards (Resurrection, Swap and forced-movement tricks)
are in ``test_box_versions.py`` (docs/games/gingerdead-house.md, GH18 and GH20).
"""

from __future__ import annotations

from companion.engines.base import CHANCE
from companion.engines.gingerdead_house import GAME
from companion.engines.gingerdead_house.actions import Flip
from tests.engines.gingerdead_house.helpers import act, names_at, scenario


def shipped(card_name: str) -> str:
    """The shipped card id of a printed name."""
    return next(c.id for c in GAME.catalogue.cards.values() if c.name == card_name)


def labels(state) -> list[str]:  # type: ignore[no-untyped-def]
    return [c.label for c in state.view().choices]


def test_mischief_night_lets_the_opponents_play_tricks_clockwise_before_the_active_player() -> None:
    """FAQ: "It goes clockwise from you before you play defenses/tricks, and ends with you
    taking your turn as normal." """
    state = scenario(game=GAME, players=3, phase="action", active=1)
    state.apply(Flip(shipped("Mischief Night")))
    state.apply(Flip(shipped("Sugar Bat")))
    state.apply(Flip(shipped("Candy Rat")))
    assert state.phase == "tricks" and state.current_player() == 2
    act(state, "pass (no more tricks)")
    assert state.current_player() == 0
    act(state, "pass (no more tricks)")
    assert state.phase == "player" and state.current_player() == 1


def test_double_trouble_flips_another_action_card_and_plays_it_normally() -> None:
    """ "Flip: Instructs you to turn over an action or monster card and play them normally." """
    state = scenario(game=GAME, phase="action")
    act(state, "flip Double Trouble")
    assert state.phase == "action" and state.current_player() == CHANCE
    act(state, "flip Plain Action 2")  # Witching Hour: its key keeps the old name
    assert state.phase == "monsters" and state.flips_left == 3
    assert "Double Trouble: Player 1 flips another action card" in state.board.log


def test_lane_switcheroo_swaps_a_lane_identically() -> None:
    """ "Swap: ... every card must be placed the exact same way on the new field as it was
    on the previous field." """
    patrol, fence = shipped("Gummy Bear Patrol"), shipped("Candy Corn Fence")
    layout = {
        (0, 3, 4): shipped("Oven Ogre"),
        (0, 3, 1): fence,
        (1, 3, 2): patrol,
        (1, 1, 1): fence,
    }
    state = scenario(game=GAME, phase="action", layout=layout)
    act(state, "flip Lane Switcheroo")
    assert names_at(state, 0) == {(3, 2): "Gummy Bear Patrol"}
    assert names_at(state, 1) == {
        (3, 4): "Oven Ogre",
        (3, 1): "Candy Corn Fence",
        (1, 1): "Candy Corn Fence",
    }


def test_row_switcheroo_swaps_a_row_identically() -> None:
    """ "When this keyword is used, the respective row or lane is identically swapped." """
    fence, ogre = shipped("Candy Corn Fence"), shipped("Oven Ogre")
    layout = {(0, 1, 1): ogre, (0, 4, 1): fence, (1, 2, 1): fence, (1, 2, 2): fence}
    state = scenario(game=GAME, phase="action", layout=layout)
    act(state, "flip Row Switcheroo")
    assert names_at(state, 0) == {(2, 1): "Candy Corn Fence"}
    assert names_at(state, 1) == {
        (1, 1): "Oven Ogre",
        (4, 1): "Candy Corn Fence",
        (2, 2): "Candy Corn Fence",
    }


def test_witchs_whistle_forces_monsters_to_move_and_they_fight_on_contact() -> None:
    """FAQ: "Any time that a monster is forced to move into a defense card, either by an
    opponent playing a trick card or a card forcing additional monster movement, combat
    would happen." """
    layout = {(1, 1, 3): shipped("Oven Ogre"), (1, 1, 2): shipped("Candy Corn Fence")}
    state = scenario(game=GAME, phase="action", layout=layout)
    act(state, "flip Witch's Whistle")
    assert names_at(state, 1) == {(1, 2): "Oven Ogre"}
    assert "Oven Ogre destroys Candy Corn Fence in lane 1 of Player 2's field" in state.board.log


def test_gummy_bear_patrol_moves_in_the_player_step() -> None:
    """ "Any defense cards that are able to move do so in this step." """
    state = scenario(game=GAME, layout={(0, 2, 3): shipped("Gummy Bear Patrol")})
    key = "Plain Defense 5 at lane 2 row 3: move to lane 2 row 2"
    assert key in state.legal_action_strings()
    assert "Gummy Bear Patrol at lane 2 row 3: move to lane 2 row 2" in labels(state)
    act(state, key)
    assert names_at(state, 0) == {(2, 2): "Gummy Bear Patrol"}
    assert key not in state.legal_action_strings()  # once per turn


def test_dragon_enters_the_game_once_not_again_when_swapped_to_another_field() -> None:
    """ "Their ability only happens the very first time they enter the game. If these
    monsters switch fields, their ability does not happen again." """
    fence = shipped("Candy Corn Fence")
    state = scenario(game=GAME, phase="monsters", layout={(1, 2, 1): fence})
    state.flips_left = 1
    state.apply(Flip("dragon"))
    assert names_at(state, 0) == {(2, 5): "Dragon"}
    state = scenario(game=GAME, phase="action", layout={(0, 2, 5): "dragon", (1, 2, 1): fence})
    act(state, "flip Lane Switcheroo")
    assert names_at(state, 1) == {(2, 5): "Dragon"}
    assert names_at(state, 0) == {(2, 1): "Candy Corn Fence"}  # not destroyed again


def test_renamed_cards_keep_their_keys_and_show_their_new_names() -> None:
    state = scenario(game=GAME, phase="monsters")
    state.flips_left = 1
    assert "flip Plain Monster 7 (lane 1)" in state.legal_action_strings()
    assert state.public_step_text("flip Plain Monster 7 (lane 1)", 0) == "flip Oven Ogre"
    assert not any("Plain" in c.name for c in GAME.catalogue.cards.values())


def test_every_card_the_rulebook_does_not_name_is_marked_as_an_assumption() -> None:
    named_in_rulebook = {
        "Dragon",
        "Gummy Grunt",
        "Gumdrop Gatling Gun",
        "Maltball Mines",
        "Flaming Marshmallow Catapult",
        "Wizard of What",
        "Godfather Death",
        "Let's Be Friends... Not!",
    }
    for version in (1, 2):
        for card in GAME.with_setup({"box_version": version}).catalogue.cards.values():
            assert card.assumed, card.name
            if card.name not in named_in_rulebook:
                assert "name" in card.assumed, card.name
