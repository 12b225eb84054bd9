"""The Gingerdead House rulebook, sentence by sentence: one scenario per sentence, quoted.

Each test names the sentence it checks in its docstring; positions come from the test box
(helpers.TEST_CATALOGUE) unless the sentence is about the shipped box.
"""

from __future__ import annotations

from companion.engines.base import CHANCE, TERMINAL
from companion.engines.gingerdead_house import GAME, combat
from companion.engines.gingerdead_house.actions import Flip
from companion.engines.gingerdead_house.cards import HAND_SIZE
from companion.engines.gingerdead_house.game import GingerdeadHouseGame
from tests.engines.gingerdead_house.helpers import TEST_GAME, act, names_at, place, scenario

EDITION_2 = GingerdeadHouseGame(TEST_GAME.catalogue, rules_edition=2)
FULL_HAND = ["wall-2", "wall-2", "wall-6", "wall-6", "wall-9"]


def keys(state) -> list[str]:  # type: ignore[no-untyped-def]
    return state.legal_action_strings()


def end_step(state) -> None:  # type: ignore[no-untyped-def]
    act(state, "end the player step")


# -- Game Contents ---------------------------------------------------------------
def test_four_player_decks_of_50_an_action_deck_of_50_and_a_monster_deck_of_50() -> None:
    """ "4 player decks that have 50 cards a piece - 1 action deck of 50 cards - 1 monster
    deck of 50 cards" """
    for deck in ("player", "action", "monster"):
        assert sum(GAME.catalogue.deck(deck).values()) == 50


# -- Important Vocabulary ------------------------------------------------------------
def test_a_field_has_4_lanes_and_5_rows_20_tiles() -> None:
    """ "Your field is composed of 4 lanes and 5 numbered rows, for a total of 20 tiles." """
    state = scenario(hands={0: ["wall-2"]})
    places = [k for k in keys(state) if k.startswith("place Wall 2") and "of player" not in k]
    assert len(places) == 20


def test_resurrection_monsters_go_to_row_5_of_an_opponents_field_in_any_lane() -> None:
    """ "when you successfully destroy them in combat, you may place them anywhere in row 5
    on an opponent's field ... They can be placed in any lane, regardless of the card's lane
    indicator." """
    state = scenario(layout={(0, 1, 3): "zombie", (0, 1, 2): "wall-9"})
    end_step(state)
    assert state.current_player() == 0
    raises = [k for k in keys(state) if k.startswith("raise Zombie")]
    assert raises == [f"raise Zombie in lane {lane} of player 2's field" for lane in range(1, 5)]
    act(state, "raise Zombie in lane 3 of player 2's field")
    assert names_at(state, 1) == {(3, 5): "Zombie"}


def test_a_resurrected_monster_placed_on_a_monster_pushes_it_forward() -> None:
    """ "They will force monsters to move forward if you place them in a spot occupied by a
    monster." """
    state = scenario(layout={(0, 1, 3): "zombie", (0, 1, 2): "wall-9", (1, 2, 5): "m4-2"})
    end_step(state)
    act(state, "raise Zombie in lane 2 of player 2's field")
    assert names_at(state, 1) == {(2, 5): "Zombie", (2, 4): "Troll"}


def test_combat_destroys_one_or_both_cards() -> None:
    """ "The result of combat will always result in one or both cards being destroyed." """
    for defense, left in (("wall-2", {(2, 2): "Troll"}), ("grunt", {}), ("wall-6", None)):
        state = scenario(layout={(0, 2, 3): "m4-2", (0, 2, 2): defense})
        end_step(state)
        after = names_at(state, 0)
        assert after == (left if left is not None else {(2, 2): "Wall 6"})


def test_flip_turns_over_an_action_card_and_plays_it_normally() -> None:
    """ "Flip: Instructs you to turn over an action or monster card and play them normally." """
    state = scenario(phase="action")
    state.apply(Flip("double"))
    assert state.phase == "action" and state.current_player() == CHANCE
    state.apply(Flip("godfather"))
    assert state.phase == "monsters" and state.flips_left == 3


def test_a_destroyed_card_goes_to_the_discard_pile_of_its_deck() -> None:
    """ "When a card is destroyed, it is removed from the field and placed in a discard pile
    next to the deck it came from." """
    state = scenario(layout={(0, 2, 3): "m4-2", (0, 2, 2): "grunt"})
    end_step(state)
    assert state.board.cards[0].discard == {"grunt": 1}
    assert state.board.monster_discard == {"m4-2": 1}


def test_once_per_turn_abilities_only_once_and_only_on_your_turn() -> None:
    """ "There are several defense cards that have an ability you can use once per turn. This
    is only allowed on YOUR turn." """
    state = scenario(layout={(0, 1, 3): "grunt", (0, 2, 3): "m4-2", (0, 3, 3): "m4-2"})
    hits = [k for k in keys(state) if k.startswith("Gummy Grunt at lane 1 row 3: hit")]
    assert len(hits) == 2
    act(state, hits[0])
    assert not any(k.startswith("Gummy Grunt") for k in keys(state))
    other = scenario(active=1, layout={(0, 1, 3): "grunt", (0, 2, 3): "m4-2"})
    assert not any(k.startswith("Gummy Grunt") for k in keys(other))


def test_damage_equal_to_its_power_destroys_a_card() -> None:
    """ "If a monster or defense is dealt damage equal to its power, it is destroyed." """
    state = scenario(layout={(0, 1, 3): "grunt", (0, 2, 3): "m4-2", (0, 3, 3): "m6-3"})
    act(state, "Gummy Grunt at lane 1 row 3: hit Troll at lane 2 row 3")
    assert (2, 3) not in names_at(state, 0)
    assert "Gummy Grunt at lane 1 row 3: hit Ogre at lane 3 row 3" not in keys(state)


def test_enters_the_game_only_the_first_time() -> None:
    """ "Their ability only happens the very first time they enter the game. If these
    monsters switch fields, their ability does not happen again." """
    state = scenario(layout={(0, 2, 5): "dragon", (1, 2, 1): "wall-6"}, hands={0: ["swap-lane"]})
    act(state, "play Lane Swap: swap lane 2 with player 2's field")
    assert names_at(state, 1) == {(2, 5): "Dragon"}
    assert names_at(state, 0) == {(2, 1): "Wall 6"}


def test_swap_places_every_card_the_same_way_on_the_new_field() -> None:
    """ "Swap: ... every card must be placed the exact same way on the new field as it was on
    the previous field." """
    layout = {(0, 1, 4): "m4-1", (0, 3, 4): "wall-2", (1, 2, 4): "wall-6"}
    state = scenario(layout=layout, hands={0: ["swap-row"]})
    act(state, "play Row Swap: swap row 4 with player 2's field")
    assert names_at(state, 1) == {(1, 4): "Goblin", (3, 4): "Wall 2"}
    assert names_at(state, 0) == {(2, 4): "Wall 6"}


# -- Card Anatomy ----------------------------------------------------------------
def test_the_action_card_sets_the_number_of_monsters_flipped() -> None:
    """ "Action: This card determines the number of monsters entering the game." """
    state = scenario(phase="action")
    state.apply(Flip("godfather"))
    assert state.flips_left == 2
    state.apply(Flip("m4-1"))
    state.apply(Flip("m4-2"))
    assert state.phase == "player"


def test_monsters_enter_by_their_lane_indicator() -> None:
    """ "Monster: These enter the game based on the lane indicator at the bottom of the card." """
    state = scenario(phase="monsters")
    state.flips_left = 1
    state.apply(Flip("m6-3"))
    assert names_at(state, 0) == {(3, 5): "Ogre"}


def test_a_defense_goes_on_an_open_tile_or_replaces_a_defense_which_is_destroyed() -> None:
    """ "Defense cards can replace other defenses, but the defense card that was replaced will
    be destroyed and moved to your discard pile." """
    state = scenario(layout={(0, 1, 1): "wall-2", (0, 2, 5): "m4-2"}, hands={0: ["wall-6"]})
    assert "place Wall 6 at lane 1 row 1 replacing Wall 2" in keys(state)
    assert "place Wall 6 at lane 2 row 5" not in keys(state)  # a monster's tile is not open
    act(state, "place Wall 6 at lane 1 row 1 replacing Wall 2")
    assert names_at(state, 0)[(1, 1)] == "Wall 6"
    assert state.board.cards[0].discard == {"wall-2": 1}


def test_tricks_are_one_time_use_cards_played_in_the_player_step() -> None:
    """ "Trick: One-time use cards that are utilized in the player step." """
    state = scenario(layout={(1, 2, 2): "wall-2"}, hands={0: ["steal"]})
    act(state, "play Let's Be Friends... Not!: steal Wall 2 at lane 2 row 2 of player 2's field")
    act(state, "put the stolen defense at lane 1 row 1")
    assert state.board.cards[0].discard == {"steal": 1}
    assert not any(k.startswith("play ") for k in keys(state))


# -- Setting Up the Game ---------------------------------------------------------------
def test_setup_reveals_3_defenses_to_place_then_a_hand_of_5() -> None:
    """ "Draw from your deck until you reveal 3 defense cards. You may place these on the field
    in any tile that you see fit. Put all extras back into your deck, shuffle, and then draw
    your hand of 5 cards." """
    state = TEST_GAME.new_initial_state(2, {}, seed=4)
    while state.phase == "setup":
        if state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
        else:
            state.apply(state.legal_actions()[0])
    for p in range(2):
        assert sum(piece is not None for piece in state.board.fields[p]) == 3
        assert state.board.cards[p].hand_size == HAND_SIZE


# -- Playing Through Your Turn -------------------------------------------------------------
def test_an_empty_action_deck_is_reshuffled_from_its_discard_pile() -> None:
    """ "If there are no more monsters to be flipped, shuffle its discard pile and start
    fresh." (the action step's deck)"""
    state = scenario(hands={0: FULL_HAND})
    board = state.board
    board.action_discard, board.action_pile = dict(board.action_pile), {}
    end_step(state)  # a full hand draws nothing: the next turn's action step begins
    assert state.phase == "action" and state.board.active == 1
    end = state
    assert end.board.action_pile and "the action deck is reshuffled" in end.board.log


def test_all_monsters_enter_in_row_5_and_push_each_other_down() -> None:
    """ "All monsters enter the field in row 5. If you draw multiple monsters with the same
    lane indicator, they force each other to move down the field." """
    state = scenario(phase="monsters")
    state.flips_left = 3
    for card in ("m4-1", "m2-4", "m4-1"):
        state.apply(Flip(card))
    assert names_at(state, 0) == {(1, 5): "Goblin", (1, 4): "Goblin", (4, 5): "Gnat"}


def test_you_may_keep_cards_in_hand() -> None:
    """ "Feel free to play your whole hand, or save some for later on in the game." """
    state = scenario(hands={0: FULL_HAND})
    assert "end the player step" in keys(state)


def test_defenses_go_on_any_empty_space_of_your_field() -> None:
    """ "You may place your defense cards in any empty space on your field" """
    state = scenario(hands={0: ["wall-2"]}, layout={(0, 4, 4): "wall-6"})
    places = {k for k in keys(state) if k.startswith("place Wall 2") and "of player" not in k}
    assert len(places) == 20  # 19 empty tiles and the replacement of Wall 6
    assert "place Wall 2 at lane 1 row 1 of player 2's field" not in keys(state)


def test_defenses_able_to_move_do_so_in_the_player_step() -> None:
    """ "Any defense cards that are able to move do so in this step." """
    state = scenario(layout={(0, 2, 2): "walker"})
    assert "Walking Wafer at lane 2 row 2: move to lane 2 row 3" in keys(state)
    act(state, "Walking Wafer at lane 2 row 2: move to lane 2 row 3")
    assert names_at(state, 0) == {(2, 3): "Walking Wafer"}


def test_opponents_play_their_tricks_before_your_defenses_and_tricks() -> None:
    """ "If an action card says that opponents may play trick cards, they get to do so during
    this step before you play your defenses or tricks." """
    state = scenario(players=3, phase="action", active=2, hands={0: ["march"], 2: FULL_HAND})
    state.apply(Flip("open-window"))
    state.apply(Flip("m4-1"))
    assert state.current_player() == 0  # clockwise from player 3: player 1, then player 2
    assert not any(k.startswith("place ") for k in keys(state))
    act(state, "pass (no more tricks)")
    assert state.current_player() == 1
    act(state, "pass (no more tricks)")
    assert state.current_player() == 2 and state.phase == "player"


def test_monsters_move_one_row_lane_by_lane_left_to_right() -> None:
    """ "Monsters move down one row, lane by lane, left to right." """
    state = scenario(layout={(0, 4, 4): "m2-4", (0, 1, 4): "m4-1", (0, 3, 5): "m6-3"})
    end_step(state)
    moves = [line for line in state.board.log if " moves to row " in line]
    assert moves == [
        "Goblin moves to row 3 in lane 1",
        "Ogre moves to row 4 in lane 3",
        "Gnat moves to row 3 in lane 4",
    ]


def test_combat_happens_on_contact_and_the_higher_power_wins_ties_destroy_both() -> None:
    """ "Combat happens immediately, and the higher power always wins. Ties result in both being
    destroyed." """
    state = scenario(layout={(0, 1, 3): "m4-1", (0, 1, 2): "grunt", (0, 3, 3): "m6-3"})
    place(state, 0, 3, 2, "wall-2")
    end_step(state)
    assert names_at(state, 0) == {(3, 2): "Ogre"}


def test_a_winning_monster_takes_the_tile_a_losing_one_is_destroyed() -> None:
    """ "If the monster destroys your defense, the monster then occupies the destroyed
    defense's space. If the defense card wins, the monster is destroyed and the rest of the
    monsters move forward normally." """
    state = scenario(
        layout={(0, 1, 3): "m4-1", (0, 1, 2): "wall-6", (0, 2, 3): "m4-2", (0, 2, 2): "wall-2"}
    )
    end_step(state)
    assert names_at(state, 0) == {(1, 2): "Wall 6", (2, 2): "Troll"}


def test_damage_is_not_cumulative() -> None:
    """ "Damage is not cumulative. If 2 monsters fight the same defense card, the damage from
    the first monster does not "stack" with the first monster." """
    state = scenario(layout={(0, 2, 3): "m4-2", (0, 2, 4): "m4-2", (0, 2, 2): "wall-6"})
    end_step(state)
    assert names_at(state, 0) == {(2, 2): "Wall 6", (2, 3): "Troll"}
    combat.start_moving(state.board, 0)
    combat.run_moving(state.board)
    assert names_at(state, 0) == {(2, 2): "Wall 6"}


def test_a_monster_past_row_1_is_game_over() -> None:
    """ "If a monster gets past row 1, game over man, game over!" """
    state = scenario(layout={(0, 3, 1): "m6-3"})
    end_step(state)
    assert state.current_player() == TERMINAL and state.returns() == [0.0, 1.0]


def test_cleanup_draws_up_to_5() -> None:
    """ "If you survive the advancement of the witch's minions you may draw cards to replenish
    your hand up to 5." """
    state = scenario(hands={0: ["wall-2", "wall-6"]})
    end_step(state)
    draws = 0
    while state.phase == "draw" and state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
        draws += 1
    assert draws == 3 and state.board.cards[0].hand_size == HAND_SIZE


def test_an_empty_player_deck_is_reshuffled_from_its_discard_pile() -> None:
    """ "When you run out of cards in your deck, shuffle your discard pile and start fresh." """
    state = scenario(hands={0: ["wall-2", "wall-6", "wall-6", "wall-9"]})
    cards = state.board.cards[0]
    assert cards.pile is not None
    for card_id, n in list(cards.pile.items()):
        cards.pile.pop(card_id)
        cards.discard[card_id] = cards.discard.get(card_id, 0) + n
    cards.pile_size = 0
    end_step(state)
    assert state.current_player() == CHANCE and state.phase == "draw"
    state.apply(state.chance_outcomes()[0][0])
    assert sum(state.board.cards[0].discard.values()) == 0  # the discard became the deck
    assert state.board.cards[0].hand_size == HAND_SIZE


# -- Winning the Game and the modes ---------------------------------------------------------
def test_the_last_house_standing_wins() -> None:
    """ "If your gingerbread house is the last standing, congratulations you won!" """
    state = scenario(players=3, layout={(2, 1, 1): "m4-1"}, active=2, hands={2: FULL_HAND})
    state.board.alive[0] = False
    end_step(state)
    assert state.returns() == [0.0, 1.0, 0.0]


def test_co_op_defenses_on_a_teammates_field_and_shared_fate() -> None:
    """ "you may place defense cards on your teammate's field as if it were your own ... If one
    player on your team dies, you both do!" """
    state = scenario(players=4, options={"mode": "co-op"}, hands={0: ["wall-2"]})
    assert "place Wall 2 at lane 1 row 1 of player 3's field" in keys(state)
    assert "place Wall 2 at lane 1 row 1 of player 2's field" not in keys(state)
    fall = scenario(players=4, options={"mode": "co-op"}, layout={(0, 1, 1): "m4-1"})
    end_step(fall)
    assert fall.board.alive == [False, True, False, True]


def test_monster_hunter_scores_the_power_of_the_monsters_you_destroyed() -> None:
    """ "count up the collective power of all of the monsters that you have destroyed. The
    monsters' power total is your point total." """
    state = scenario(
        options={"mode": "monster-hunter"}, layout={(0, 3, 3): "m6-3", (0, 3, 2): "wall-9"}
    )
    end_step(state)
    assert state.scores() == [6, 0]


# -- FAQ ------------------------------------------------------------------------------
def test_opponents_tricks_go_clockwise_and_end_with_you() -> None:
    """ "It goes clockwise from you before you play defenses/tricks, and ends with you taking
    your turn as normal." """
    state = scenario(players=4, phase="action", active=1)
    state.apply(Flip("open-window"))
    state.apply(Flip("m4-1"))
    order = []
    while state.phase == "tricks":
        order.append(state.current_player())
        act(state, "pass (no more tricks)")
    assert order == [2, 3, 0] and state.current_player() == 1


def test_a_trick_forcing_movement_into_a_defense_is_combat() -> None:
    """ "Any time that a monster is forced to move into a defense card, either by an opponent
    playing a trick card or a card forcing additional monster movement, combat would
    happen." """
    state = scenario(layout={(1, 2, 3): "m4-2", (1, 2, 2): "wall-6"}, hands={0: ["march"]})
    act(state, "play Forced March: march the monsters on player 2's field")
    assert names_at(state, 1) == {(2, 2): "Wall 6"}


def test_power_x_counts_as_less_than_6_for_stealing() -> None:
    """ "Cards with power equal to "X" would be considered less than a number" """
    state = scenario(layout={(1, 1, 1): "wall-x"}, hands={0: ["steal"]})
    assert any("steal Wall X" in k for k in keys(state))


def test_the_gatling_gun_can_kill_two_power_4_monsters() -> None:
    """ "Since it is power "8" you could kill "2" power "4" monsters." """
    state = scenario(layout={(0, 2, 1): "gatling", (0, 2, 3): "m4-2", (0, 2, 5): "m4-2"})
    volley = [k for k in keys(state) if k.startswith("Gumdrop Gatling Gun") and " and " in k]
    act(state, volley[0])
    assert names_at(state, 0) == {(2, 1): "Gumdrop Gatling Gun"}


def test_the_catapult_can_target_an_opponents_defense() -> None:
    """ "Can the "Flaming Marshmallow Catapult" target opponent's defense cards? A.) Yes!" """
    state = scenario(layout={(0, 1, 1): "catapult", (1, 1, 1): "wall-2"})
    assert any(k.endswith("Wall 2 at lane 1 row 1 on player 2's field") for k in keys(state))


def test_card_text_overrules_normal_play() -> None:
    """ "Does the text on a trick/action/monster/defense card overrule normal game-play? A.)
    Yes!" (Godfather Death destroys defenses without combat)"""
    state = scenario(phase="action", layout={(0, 1, 5): "wall-9"})
    state.apply(Flip("godfather"))
    assert names_at(state, 0) == {}


def test_a_damage_dealing_defense_still_fights_a_colliding_monster() -> None:
    """ "Can cards that "deal X damage to a monster" still deal combat damage to a colliding
    monster? A.) Yes!" """
    state = scenario(layout={(0, 4, 3): "grunt", (0, 4, 4): "m2-4"})
    end_step(state)
    assert names_at(state, 0) == {(4, 3): "Gummy Grunt"}


def test_the_wizard_of_what_on_an_opponents_field_cannot_be_replaced() -> None:
    """ "Can the "Wizard of What" be replaced by a defense if it's on an opponents field? A.)
    No, this card must be destroyed by a monster." """
    state = scenario(layout={(1, 1, 1): "wizard@0"}, active=1, hands={1: ["wall-6"]})
    assert not any("replacing Wizard of What" in k for k in keys(state))


def test_godfather_death_cannot_destroy_a_rivals_wizard_of_what() -> None:
    """ "Can the "Wizard of What" be replaced by a defense if it's on an opponents field? A.)
    No, this card must be destroyed by a monster." Godfather Death is an action card, so the
    Wizard a rival placed in row 4 stays while the owner's own cards there are destroyed."""
    state = scenario(
        phase="action",
        active=1,
        layout={(1, 2, 4): "wizard@0", (1, 3, 5): "wall-2"},
        game=EDITION_2,
    )
    state.apply(Flip("godfather"))
    assert names_at(state, 1) == {(2, 4): "Wizard of What"}
    assert (
        "Godfather Death cannot destroy Wizard of What in lane 2: on an opponent's field only"
        " a monster can destroy it"
    ) in state.board.log
    assert "Godfather Death destroys Wall 2 in lane 3" in state.board.log


def test_godfather_death_destroys_a_wizard_of_what_on_its_owners_own_field() -> None:
    """The FAQ's guard is for an opponent's field: on its owner's field the card is ordinary."""
    state = scenario(phase="action", layout={(0, 2, 4): "wizard"}, game=EDITION_2)
    state.apply(Flip("godfather"))
    assert names_at(state, 0) == {}


def test_games_without_a_rules_edition_play_godfather_death_as_they_were_played() -> None:
    """Saved games and recorded replays name no edition: Godfather Death destroys the Wizard."""
    state = scenario(phase="action", active=1, layout={(1, 2, 4): "wizard@0"})
    state.apply(Flip("godfather"))
    assert names_at(state, 1) == {}
    assert GAME.new_game_setup()["rules"] == 2
