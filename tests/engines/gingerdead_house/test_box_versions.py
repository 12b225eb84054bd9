"""Box versions: old games keep version 1's decks, new games get version 2, whose assumed
cards carry the rulebook's Resurrection, Swap and forced movement (GH20).

Each mechanism is played through its shipped version-2 card and quotes its sentence.
"""

from __future__ import annotations

import pytest

from companion.engines.base import InvalidOptions
from companion.engines.datafile import DataFileError
from companion.engines.gingerdead_house import GAME
from companion.engines.gingerdead_house.actions import Flip
from companion.engines.gingerdead_house.box import box_from_text, shipped_box
from companion.engines.gingerdead_house.cards import DECKS
from tests.engines.gingerdead_house.helpers import act, names_at, scenario

V2 = GAME.with_setup({"box_version": 2})

VERSION_1_COUNTS = {"defense-2": 8, "monster-3-lane-2": 2}
"""The two counts version 2 lowered to make room for its four cards."""
NEW_IN_2 = ("cookie-cutter-swap", "sprinkle-shuffle", "trick-or-treat", "gingerdead-man")


def shipped(card_name: str) -> str:
    return next(c.id for c in V2.catalogue.cards.values() if c.name == card_name)


def test_a_game_without_a_box_version_plays_version_1_exactly() -> None:
    v1 = GAME.with_setup({}).catalogue
    assert v1.version == 1 and GAME.catalogue is v1
    for card_id, count in VERSION_1_COUNTS.items():
        assert v1.cards[card_id].count == count
    assert all(v1.cards[c].count == 0 for c in NEW_IN_2)
    v2 = V2.catalogue
    for card_id, card in v1.cards.items():
        if card_id not in VERSION_1_COUNTS and card_id not in NEW_IN_2:
            assert v2.cards[card_id] == card


def test_new_games_get_the_newest_version_and_every_deck_keeps_its_50_cards() -> None:
    """ "4 player decks that have 50 cards a piece ... 1 action deck of 50 cards ... 1 monster
    deck of 50 cards" """
    assert GAME.new_game_setup() == {"box_version": 2, "rules": 2}
    for version in (1, 2):
        catalogue = shipped_box(version)
        assert all(sum(catalogue.deck(d).values()) == 50 for d in DECKS)
    assert all(V2.catalogue.cards[c].count == 1 for c in NEW_IN_2)
    assert all("name" in V2.catalogue.cards[c].assumed for c in NEW_IN_2)


def test_a_box_version_this_companion_lacks_is_refused_in_a_sentence() -> None:
    with pytest.raises(InvalidOptions, match="versions 1 to 2"):
        GAME.with_setup({"box_version": 3})
    with pytest.raises(InvalidOptions, match="no setup colour"):
        GAME.with_setup({"colour": "red"})


def test_a_version_table_naming_an_unknown_card_names_its_place() -> None:
    text = (
        'version = 2\n[[card]]\nid = "a"\nname = "A"\ntype = "defense"\npower = 1\ncount = 9\n'
        '[[card]]\nid = "b"\nname = "B"\ntype = "action"\nflips = 1\n'
        '[[card]]\nid = "c"\nname = "C"\ntype = "monster"\npower = 1\nlane = 1\n'
        "[versions.1]\nzz = 2\n"
    )
    with pytest.raises(DataFileError, match=r"\[versions.1\] names no card of this box: 'zz'"):
        box_from_text(text, "my box.toml")


def test_the_gingerdead_man_rises_in_row_5_of_an_opponents_field_in_any_lane_pushing() -> None:
    """ "Resurrection: These monsters never die, but instead, when you successfully destroy
    them in combat, you may place them anywhere in row 5 on an opponent's field. They will
    force monsters to move forward if you place them in a spot occupied by a monster. They
    can be placed in any lane, regardless of the card's lane indicator." """
    man, wall, ogre = shipped("Gingerdead Man"), shipped("Jawbreaker Wall"), shipped("Oven Ogre")
    layout = {(0, 3, 2): man, (0, 3, 1): wall, (1, 1, 5): ogre}
    state = scenario(game=V2, layout=layout)
    act(state, "end the player step")
    assert state.current_player() == 0  # Player 1's defense destroyed it: they place it
    rises = state.legal_action_strings()
    assert len(rises) == 4 and all("of player 2's field" in r for r in rises)  # any lane
    act(state, "raise Gingerdead Man in lane 1 of player 2's field")
    assert names_at(state, 1) == {(1, 5): "Gingerdead Man", (1, 4): "Oven Ogre"}
    assert names_at(state, 0) == {(3, 1): "Jawbreaker Wall"}


def test_cookie_cutter_swap_swaps_a_lane_identically() -> None:
    """ "Swap: When this keyword is used, the respective row or lane is identically swapped.
    This means that every card must be placed the exact same way on the new field as it
    was on the previous field." """
    swap, fence, ogre = (
        shipped("Cookie Cutter Swap"),
        shipped("Candy Corn Fence"),
        shipped("Oven Ogre"),
    )
    layout = {(0, 2, 5): ogre, (0, 2, 2): fence, (1, 2, 1): fence, (1, 3, 3): fence}
    state = scenario(game=V2, layout=layout, hands={0: [swap]})
    act(state, "play Cookie Cutter Swap: swap lane 2 with player 2's field")
    assert names_at(state, 0) == {(2, 1): "Candy Corn Fence"}
    assert names_at(state, 1) == {
        (2, 5): "Oven Ogre",
        (2, 2): "Candy Corn Fence",
        (3, 3): "Candy Corn Fence",
    }
    assert state.board.cards[0].discard == {swap: 1}


def test_sprinkle_shuffle_swaps_a_row_identically() -> None:
    """ "the respective row or lane is identically swapped" """
    shuffle, fence, ogre = (
        shipped("Sprinkle Shuffle"),
        shipped("Candy Corn Fence"),
        shipped("Oven Ogre"),
    )
    layout = {(0, 1, 4): fence, (0, 4, 4): ogre, (1, 3, 4): fence}
    state = scenario(game=V2, layout=layout, hands={0: [shuffle]})
    act(state, "play Sprinkle Shuffle: swap row 4 with player 2's field")
    assert names_at(state, 0) == {(3, 4): "Candy Corn Fence"}
    assert names_at(state, 1) == {(1, 4): "Candy Corn Fence", (4, 4): "Oven Ogre"}


def test_trick_or_treat_forces_monsters_to_move_and_they_fight_on_contact() -> None:
    """FAQ: "Any time that a monster is forced to move into a defense card, either by an
    opponent playing a trick card or a card forcing additional monster movement, combat
    would happen." """
    treat, fence, ogre = (
        shipped("Trick or Treat"),
        shipped("Candy Corn Fence"),
        shipped("Oven Ogre"),
    )
    state = scenario(game=V2, layout={(1, 4, 3): ogre, (1, 4, 2): fence}, hands={0: [treat]})
    act(state, "play Trick or Treat: march the monsters on player 2's field")
    assert names_at(state, 1) == {(4, 2): "Oven Ogre"}
    assert "Oven Ogre destroys Candy Corn Fence in lane 4 of Player 2's field" in state.board.log


def test_opponents_play_version_2_tricks_clockwise_before_the_active_players_defenses() -> None:
    """ "If an action card says that opponents may play trick cards, they get to do so during
    this step before you play your defenses or tricks." """
    treat, ogre = shipped("Trick or Treat"), shipped("Oven Ogre")
    state = scenario(game=V2, players=3, phase="action", active=0, hands={2: [treat]})
    state.apply(Flip(shipped("Mischief Night")))
    state.apply(Flip(ogre))
    state.apply(Flip(shipped("Candy Rat")))
    assert state.phase == "tricks" and state.current_player() == 1
    act(state, "pass (no more tricks)")
    assert state.current_player() == 2
    act(state, "play Trick or Treat: march the monsters on player 1's field")
    assert names_at(state, 0)[(1, 4)] == "Oven Ogre"
    act(state, "pass (no more tricks)")
    assert state.phase == "player" and state.current_player() == 0


def test_a_dragon_swapped_by_a_trick_does_not_enter_the_game_again() -> None:
    """ "Their ability only happens the very first time they enter the game. If these
    monsters switch fields, their ability does not happen again." """
    swap, fence = shipped("Cookie Cutter Swap"), shipped("Candy Corn Fence")
    layout = {(0, 2, 5): "dragon", (1, 2, 1): fence}
    state = scenario(game=V2, layout=layout, hands={0: [swap]})
    act(state, "play Cookie Cutter Swap: swap lane 2 with player 2's field")
    assert names_at(state, 1) == {(2, 5): "Dragon"}
    assert names_at(state, 0) == {(2, 1): "Candy Corn Fence"}


def test_version_2_keeps_the_defense_that_moves_in_the_player_step() -> None:
    """ "Any defense cards that are able to move do so in this step." """
    state = scenario(game=V2, layout={(0, 1, 1): shipped("Gummy Bear Patrol")})
    act(state, "Plain Defense 5 at lane 1 row 1: move to lane 2 row 1")
    assert names_at(state, 0) == {(2, 1): "Gummy Bear Patrol"}
