"""Le Petit Poucet read sentence by sentence: one scenario per rule sentence (issue 17.5).

Each docstring quotes the sentence of ``rulebooks/le-petit-poucet.txt`` it tests; where the
sentence leaves a gap, the test names the decision (rules-decisions.md PP1-PP10, or the
numbered gaps of docs/games/le-petit-poucet.md) that fills it.  Sentences that only set
the mood ("Memory and sense of touch will allow you to find your way") have no test.
"""

from __future__ import annotations

import math
import random

import pytest

from companion.devices.timing import COUNTS, CountEvent, TapCounter
from companion.engines.base import CHANCE, IllegalAction, random_playout
from companion.engines.le_petit_poucet import GAME, PoucetState, ogre
from companion.engines.le_petit_poucet.house_rules import removal_choices
from tests.engines.le_petit_poucet import helpers as table


def reveal(state: PoucetState, name: str) -> str:
    label = table.tree(state, name)
    table.do(state, f"reveal the {label} card")
    return label


def one_card_taken(state: PoucetState, seat: int, name: str) -> None:
    """Steps 1 and 2 of a turn in which only ``seat`` takes a card (``name``)."""
    table.touch_round(state)
    label = reveal(state, name)
    table.do(state, f"P{seat + 1} takes the {label} card")
    leave_the_rest(state)


def leave_the_rest(state: PoucetState) -> None:
    """Nobody takes any more cards: the rest of the deck is turned over."""
    while state.phase == "reveal":
        label = state.tree_label(state.unrevealed()[0])
        table.do(state, f"reveal the {label} card", f"nobody takes the {label} card")


# -- Setup -----------------------------------------------------------------------------
def test_setup_1_all_the_tokens_are_in_the_bag() -> None:
    """ "All the Tree tokens are placed in the bag and shuffled." Any of the 25 can be the one
    drawn: at the check every tree is a possible token, each as likely."""
    state = table.new_game(3)
    play_turn_until_check(state)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 25 == len(state.box.trees)
    assert all(math.isclose(p, 1 / 25) for _, p in outcomes)


def play_turn_until_check(state: PoucetState) -> None:
    one_card_taken(state, 0, "oak")
    while state.phase == "vote":
        table.do(state, f"P{state.current_player() + 1} votes for P1")
    assert state.phase == "check"


def test_setup_2_every_pawn_starts_on_the_starting_space_in_its_own_colour() -> None:
    """ "Each player chooses a Child pawn of their favourite colour and places it on the
    board's starting space." """
    state = table.new_game(5)
    assert state.positions == [0] * 5
    colours = [pawn.colour for pawn in state.view().table.pawns]
    assert len(set(colours)) == 5


def test_setup_3_the_boots_start_outside_the_board() -> None:
    """ "The Boot pawns are placed outside the Path board, near the Ogre's House." """
    state = table.new_game(2)
    assert state.boots() == (ogre.OFF, ogre.OFF)
    assert ogre.describe(ogre.OFF) == "beside the Ogre's house"


def test_setup_4_each_player_has_a_pebble_for_every_pawn_colour() -> None:
    """ "Each player receives a deck of Little Pebbles cards in their pawn's colour": a deck
    holds a card for each pawn, so any child can be named, the voter too (gap 2: a vote
    names a child who took a card)."""
    state = table.new_game(3)
    table.touch_round(state)
    for player, name in ((0, "oak"), (1, "fir"), (2, "birch")):
        label = reveal(state, name)
        table.do(state, f"P{player + 1} takes the {label} card")
    assert state.phase == "vote"
    assert state.legal_actions() == [("vote", 0), ("vote", 1), ("vote", 2)]


def test_setup_5_a_random_player_is_the_first_player() -> None:
    """ "A player chosen at random is the first player for the first turn. They place the
    Tree card deck in front of them, face down, and take the bag" """
    state = GAME.new_initial_state(4)
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [("first", p) for p in range(4)]
    assert all(math.isclose(p, 1 / 4) for _, p in outcomes)
    state.apply(("first", 2))
    assert isinstance(state, PoucetState)
    assert state.current_player() == 2 and state.legal_actions() == [("draw",)]


# -- Principle of the game ---------------------------------------------------------------
@pytest.mark.parametrize("seed", range(40))
def test_principle_a_game_ends_at_the_cottage_or_with_one_or_no_child_left(seed: int) -> None:
    """ "A game consists of several turns and ends when one of the players reaches the parents'
    cottage, or when the Ogre has caught up with all players except one (more rarely, when
    the Ogre has eaten everyone)." PP8 adds the tokens running out."""
    rng = random.Random(seed)
    state = GAME.new_initial_state(rng.randint(2, 5))
    assert isinstance(state, PoucetState)
    random_playout(state, rng)
    assert state.is_terminal() and state.turn > 1
    left = [p for p in range(state.num_players) if state.in_forest(p)]
    at_cottage = [p for p in left if state.positions[p] == state.cottage]
    if at_cottage:
        assert state.winners == at_cottage and len(at_cottage) == 1
    elif len(left) <= 1:
        assert state.winners == left
    else:
        assert not state.unseen_tokens()  # PP8: the bag ran out first


# -- Turn structure ------------------------------------------------------------------------
def test_a_turn_consists_of_five_steps_in_order() -> None:
    """ "A turn consists of 5 steps: 1. Touch the tree 2. Find the tree 3. Help each other
    4. Advance through the forest 5. Advance the Ogre" """
    state = table.new_game(2)
    phases = [state.phase]
    while state.turn == 1:
        state.apply(state.legal_actions()[0])
        if state.phase != phases[-1]:
            phases.append(state.phase)
    assert phases[:4] == ["draw", "touch", "reveal", "grab"]
    assert phases[-3:] == ["vote", "check", "draw"]
    assert state.last_turn is not None and state.last_turn["landing"] == ogre.HOUSE


# -- 1. Touch the tree ----------------------------------------------------------------------
def test_touch_1_the_first_player_draws_without_looking() -> None:
    """ "The first player of the turn draws a Tree token from the bag without looking at it
    and without showing it to the other players." The draw is one action whatever the token:
    nobody (the app neither) knows it, and every token not set aside stays possible."""
    state = table.new_game(3, first=1)
    assert state.current_player() == 1 and state.legal_actions() == [("draw",)]
    table.do(state, "draw a tree token from the bag")
    assert state.secrets() == []
    assert len(state.unseen_tokens()) == 25


def test_touch_2_the_others_count_aloud_to_ten() -> None:
    """ "Meanwhile, the other players count aloud and in unison up to 10." The app's count
    (tap mode here) passes the token on at ten, not before."""
    events: list[CountEvent] = []
    now = [0.0]
    counter = TapCounter([0, 1], events.append, clock=lambda: now[0], wait=lambda _: None)
    for _ in range(COUNTS):
        assert not any(e.kind == "pass" for e in events)
        counter.tap()
        now[0] += 1.0
    assert COUNTS == 10
    assert [(e.kind, e.count) for e in events][-2:] == [("count", 10), ("pass", 10)]
    assert events[-1].next_holder == 1
    counter.stop()


def test_touch_3_the_token_goes_to_the_left_until_every_child_has_felt_it() -> None:
    """ "At 10, the first player passes the Tree token to their left-hand neighbour [...] and so
    on until every player has touched and memorised the shape of the Tree token." Seats are
    numbered clockwise, so the left-hand neighbour of seat k is seat k + 1."""
    state = table.new_game(5, first=3)
    table.do(state, "draw a tree token from the bag")
    holders = []
    while state.phase == "touch":
        holders.append(state.current_player())
        state.apply(state.legal_actions()[0])
    assert holders == [3, 4, 0, 1, 2]


def test_touch_4_the_last_player_puts_the_token_in_the_box() -> None:
    """ "Once the round of the table is complete, the last player of the turn puts the Tree
    token into the game box without looking at it or showing it, and closes the box." """
    state = table.new_game(3, first=2)
    table.do(state, "draw a tree token from the bag", "P3 passes the token to P1")
    table.do(state, "P1 passes the token to P2")
    assert state.current_player() == 1 and state.legal_actions() == [("box",)]
    table.do(state, "put the token in the box")
    assert state.phase == "reveal"


# -- 2. Find the tree -------------------------------------------------------------------------
def test_find_1_the_first_player_reveals_the_cards_one_by_one() -> None:
    """ "The first player of the turn takes the Tree card deck and slowly reveals the cards, one
    by one, in the centre of the table." Each reveal is one card still face down."""
    state = table.new_game(3)
    table.touch_round(state)
    assert state.current_player() == CHANCE
    assert len(state.legal_actions()) == 25
    label = reveal(state, "oak")
    assert state.phase == "grab"
    table.do(state, f"nobody takes the {label} card")
    assert len(state.legal_actions()) == 24
    with pytest.raises(IllegalAction):
        state.apply(("reveal", state.revealed[0]))


def test_find_2_revealed_cards_stack_face_up_the_newest_on_top() -> None:
    """ "As they are revealed, the Tree cards are stacked on top of one another in the centre
    of the table, face up." """
    state = table.new_game(3)
    table.touch_round(state)
    for name in ("oak", "fir", "birch"):
        label = reveal(state, name)
        assert state.view().table.top_card == state.top_card()
        assert state.tree_label(state.revealed[-1]) == label
        table.do(state, f"nobody takes the {label} card")
    assert [state.tree_label(t) for t in state.revealed] == [
        table.tree(state, n) for n in ("oak", "fir", "birch")
    ]


def test_find_3_a_child_takes_the_card_on_top() -> None:
    """ "At any time, if a player thinks that the last card revealed, on top of the stack,
    matches the tree memorised during step 1 (Touch the Tree), they may place their hand on
    the stack as quickly as possible and take the card" (gap 1: only the newest card)."""
    state = table.new_game(3)
    table.touch_round(state)
    reveal(state, "oak")
    table.do(state, "nobody takes the oak (no hole) card")
    label = reveal(state, "fir")
    table.do(state, f"P3 takes the {label} card")
    assert state.taken == [None, None, state.box.trees.index(state.box.trees[state.revealed[-1]])]
    assert state.tree_label(state.taken[2]) == label  # type: ignore[arg-type]


def test_find_4_each_child_takes_only_one_card() -> None:
    """ "Each player may take only one card. A player who has already taken a Tree card during
    this step must therefore wait until the step is over." """
    state = table.new_game(3)
    table.touch_round(state)
    label = reveal(state, "oak")
    table.do(state, f"P1 takes the {label} card")
    reveal(state, "fir")
    assert ("grab", 0) not in state.legal_actions()
    with pytest.raises(IllegalAction, match="already has a tree card"):
        state.apply(("grab", 0))


def test_find_5_revealing_stops_when_every_child_has_a_card() -> None:
    """ "Cards are revealed one by one until every player has a card in front of them, or until
    the whole deck has been turned over." (every child: the first case)"""
    state = table.new_game(2)
    table.touch_round(state)
    for seat, name in ((1, "oak"), (0, "fir")):
        label = reveal(state, name)
        table.do(state, f"P{seat + 1} takes the {label} card")
    assert state.phase == "vote" and len(state.unrevealed()) == 23


def test_find_6_revealing_stops_when_the_whole_deck_is_turned_over() -> None:
    """ "... or until the whole deck has been turned over." (the second case)"""
    state = table.new_game(3)
    one_card_taken(state, 1, "oak")
    assert state.unrevealed() == [] and state.phase == "vote"
    assert state.taken.count(None) == 2


# -- Variant for the Less Quick -------------------------------------------------------------------
def test_less_quick_1_each_card_is_offered_from_the_left_ending_with_the_first_player() -> None:
    """ "each time they reveal a Tree card, they ask each other player whether they want to take
    the card or not. They begin by asking their left-hand neighbour. [...] Otherwise, the
    question is put to the next player clockwise, finishing with the first player
    themselves." (PP9)"""
    state = table.new_game(4, first=1, less_quick=True)
    table.touch_round(state)
    reveal(state, "oak")
    assert table.asked_and_left(state) == [2, 3, 0, 1]


def test_less_quick_2_a_taken_card_ends_the_asking_and_the_reveals_go_on() -> None:
    """ "If that player takes the card, they place it in front of them and the first player
    continues revealing cards." """
    state = table.new_game(4, first=0, less_quick=True)
    table.touch_round(state)
    label = reveal(state, "oak")
    table.do(state, f"P2 takes the {label} card")
    assert state.taken[1] == state.revealed[0]
    assert state.phase == "reveal" and state.current_player() == CHANCE


def test_less_quick_3_a_child_with_a_card_is_not_asked_again() -> None:
    """ "Each player may take only one card." (in the variant)"""
    state = table.new_game(3, first=0, less_quick=True)
    table.touch_round(state)
    label = reveal(state, "oak")
    table.do(state, f"P2 takes the {label} card")
    label = reveal(state, "fir")
    assert table.asked_and_left(state) == [2, 0]


def test_less_quick_4_a_card_nobody_takes_goes_on_the_pile() -> None:
    """ "If nobody takes the proposed card, it is placed on the pile of revealed cards in the
    centre of the table and the first player continues revealing." """
    state = table.new_game(2, less_quick=True)
    table.touch_round(state)
    label = reveal(state, "oak")
    table.do(state, f"P2 leaves the {label} card", f"P1 leaves the {label} card")
    assert state.phase == "reveal" and state.taken == [None, None]
    assert state.tree_label(state.revealed[-1]) == label
    assert state.revealed[-1] not in state.unrevealed()


def test_less_quick_5_revealing_stops_as_in_the_basic_game() -> None:
    """ "Cards are revealed one by one until every player has a card in front of them, or until
    the whole deck has been turned over." (in the variant)"""
    state = table.new_game(2, less_quick=True)
    table.touch_round(state)
    label = reveal(state, "oak")
    table.do(state, f"P2 takes the {label} card")
    label = reveal(state, "fir")
    table.do(state, f"P1 takes the {label} card")
    assert state.phase == "vote"
    deck = table.new_game(2, box=table.small_box(trees=2), less_quick=True)
    table.touch_round(deck)
    for name in ("tree0", "tree1"):
        label = reveal(deck, name)
        table.do(deck, f"P2 leaves the {label} card", f"P1 leaves the {label} card")
    assert deck.phase == "check"  # the deck is all turned over and nobody holds a card


# -- 3. Help each other ---------------------------------------------------------------------------
def test_help_1_every_child_votes_in_secret_before_the_token_comes_out() -> None:
    """ "Before taking the Tree token out of the box to check which player has found the matching
    Tree card, each player secretly votes for the player who, in their opinion, has found the
    card that matches the Tree token." Every child votes, with a card or not; the public log
    hides each vote until the last one is in (gap 8); only then does the token come out."""
    state = table.new_game(3)
    one_card_taken(state, 0, "oak")
    voters = []
    table.do(state, "P1 votes for P1")
    voters.append(0)
    assert state.secrets() and state.log[-1].text.endswith("has voted.")
    assert "P1" not in state.log[-1].text and state.phase == "vote"
    while state.phase == "vote":
        voters.append(state.current_player())
        table.do(state, f"P{state.current_player() + 1} votes for P1")
    assert voters == [0, 1, 2]
    assert state.phase == "check" and "pebbles are turned over" in state.log[-1].text


def test_help_2_a_pebble_names_a_child_by_pawn_colour() -> None:
    """ "Each player takes their Little Pebbles deck and chooses the card of the player
    (identified by pawn colour) whom they believe has found the card matching the Tree
    token." The voter's choices show the children's names in their pawn colours."""
    state = table.new_game(3)
    state.names = ["Maia", "Nemo", "Lou"]
    one_card_taken(state, 1, "oak")
    (choice,) = state.view().choices
    assert "Nemo" in choice.label and "P2" not in choice.label


def test_help_3_a_child_may_vote_for_themselves() -> None:
    """ "A player may vote for themselves." """
    state = table.new_game(2)
    one_card_taken(state, 0, "oak")
    assert ("vote", 0) in state.legal_actions()
    table.do(state, "P1 votes for P1")
    assert state.votes[0] == 0


def test_help_4_maia_votes_for_the_blue_player_in_a_five_player_game() -> None:
    """ "(Example from the page: in a 5-player game, Maia chooses the card of the blue player
    because she believes that this player has found the Tree card matching the Tree
    token.)" """
    state = table.new_game(5)
    assert state.box.colours[1] == "blue"
    one_card_taken(state, 1, "oak")
    table.do(state, "P1 votes for P2")
    assert state.votes[0] == 1


# -- 4. Advance through the forest --------------------------------------------------------------
def test_advance_1_the_token_is_checked_against_the_cards_taken() -> None:
    """ "The first player of the turn takes the Tree token out of the box and checks whether a
    player has found the matching Tree card." The table says which tree it is (gap 11)."""
    state = table.new_game(2)
    play_turn_until_check(state)
    assert state.current_player() == CHANCE
    assert state.view().table.app_may_draw is False
    table.do(state, f"the token is the {table.tree(state, 'fir')}")
    assert state.last_turn is not None and state.last_turn["finder"] is None


def test_advance_2_the_finder_advances_one_space() -> None:
    """ "The player who found the card matching the Tree token advances their pawn one space on
    the board, towards the parents' cottage." """
    state = table.new_game(3)
    report = table.play_turn(
        state, grabs={2: "oak", 1: "fir"}, votes={0: 1, 1: 1, 2: 1}, token="oak"
    )
    assert report["finder"] == 2 and state.positions == [0, 0, 1]


def test_advance_3_voters_for_the_finder_advance_and_a_self_vote_is_two() -> None:
    """ "Each player who voted for the player who found the card matching the Tree token also
    advances one space. A player who found the correct card and voted for themselves
    advances 2 spaces!" (PP4)"""
    state = table.new_game(4)
    table.play_turn(state, grabs={1: "oak", 2: "fir"}, votes={0: 1, 1: 1, 2: 2, 3: 1}, token="oak")
    assert state.positions == [1, 2, 0, 1]


def test_advance_4_maia_advances_two_and_nemo_one() -> None:
    """ "(Example from the page: Maia (red pawn) found the Tree card matching the Tree token and
    voted for herself. She advances 2 spaces. Nemo (blue pawn) also voted for Maia. He
    advances one space.)" """
    state = table.new_game(2)
    assert state.box.colours[:2] == ("red", "blue")
    report = table.play_turn(state, grabs={0: "oak"}, votes={0: 0, 1: 0}, token="oak")
    assert report["moved"] == [2, 1]


# -- 5. Advance the Ogre ----------------------------------------------------------------------------
def boots_after_turns(turns: int) -> PoucetState:
    state = table.new_game(2)
    for k in range(turns):
        winner = k % 2
        name = ("oak", "fir", "birch", "willow", "apple")[k]
        table.play_turn(state, grabs={winner: name}, votes={0: winner, 1: winner}, token=name)
    return state


def test_ogre_1_the_first_boot_goes_on_a_footprint_after_the_first_turn() -> None:
    """ "At the end of the first turn, the Ogre puts on his first boot. Place one of the Ogre's
    boots on one of the two footprint marks of the Ogre's House." """
    assert boots_after_turns(1).boots() == (ogre.HOUSE, ogre.OFF)


def test_ogre_2_the_second_boot_goes_on_the_free_footprint_after_the_second_turn() -> None:
    """ "At the end of the second turn, the Ogre puts on his second boot. Place it on the free
    footprint mark of the Ogre's House." """
    assert boots_after_turns(2).boots() == (ogre.HOUSE, ogre.HOUSE)


def test_ogre_3_after_the_third_turn_a_boot_steps_onto_the_path() -> None:
    """ "At the end of the third turn, the Ogre sets off. Advance one of the Ogre's boots one
    space towards the players' pawns (the players' starting space)." (PP2: the starting
    space)"""
    assert boots_after_turns(3).boots() == (0, ogre.HOUSE)


def test_ogre_4_after_the_fourth_turn_the_second_boot_lands_in_front() -> None:
    """ "At the end of the fourth turn, advance the second boot up to the space in front of the
    first boot." """
    assert boots_after_turns(4).boots() == (0, 1)


def test_ogre_5_the_rear_boot_jumps_over_the_front_boot() -> None:
    """ "Thus, at the end of each turn, the rear boot jumps over the space of the front boot to
    land on the next space, as if the Ogre were taking great strides!" """
    for turns in range(4, 20):
        rear, front = sorted(ogre.boots_after(turns))
        after = sorted(ogre.boots_after(turns + 1))
        assert after == [front, front + 1] and rear == front - 1


def test_ogre_6_children_on_the_landing_space_are_eaten_and_leave_the_board() -> None:
    """ "If one of the Ogre's boots arrives on a space where one or more players' pawns are
    located, those players end up in the Ogre's stomach! Their pawns are removed from the
    board, and they may from now on take charge of the Ogre's movement until the end of the
    game." Both children on space 1 are eaten; the eaten take no part in the turns (PP5)."""
    state = table.position_at(4, first=0, turn=4, positions=[3, 1, 1, 2], eaten=[None] * 4)
    report = table.play_turn(state, grabs={}, votes={}, token="oak")
    assert report["landing"] == 1 and report["eaten"] == [1, 2]
    assert state.touch_order() == [0, 3]
    pawns = state.view().table.pawns
    assert [p.eaten for p in pawns] == [False, True, True, False]


def test_ogre_7_the_token_and_its_card_are_set_aside() -> None:
    """ "Finally, the Tree token of this turn and the corresponding Tree card are set aside."
    The card is not dealt again and the token cannot come out again (gap 4)."""
    state = table.new_game(2)
    table.play_turn(state, grabs={0: "oak"}, votes={0: 0, 1: 0}, token="oak")
    oak = state.box.trees.index(
        next(t for t in state.box.trees if t.label == table.tree(state, "oak"))
    )
    assert state.set_aside == [oak]
    table.touch_round(state)
    assert ("reveal", oak) not in state.legal_actions()
    assert len(state.legal_actions()) == 24


# -- End of the game or a new turn -------------------------------------------------------------------
def test_end_1_the_finder_who_reaches_the_cottage_wins() -> None:
    """ "The game ends: if a player reaches the parents' cottage and is declared the winner.
    However, they must have found the Tree card matching the Tree token in order to reach
    the cottage." """
    state = table.new_game(2, box=table.small_box(forest_spaces=1))
    table.play_turn(state, grabs={0: "tree0", 1: "tree2"}, votes={0: 1, 1: 0}, token="tree0")
    assert state.positions == [1, 1]
    table.play_turn(state, grabs={1: "tree1", 0: "tree3"}, votes={0: 0, 1: 0}, token="tree1")
    assert state.positions == [1, 2] and state.winners == [1]
    assert "reached the parents' cottage" in state.end_reason()


def test_end_2_a_vote_alone_never_reaches_the_cottage() -> None:
    """ "(A player cannot reach the cottage simply by voting for another player in step 3,
    Help Each Other.)" (PP3: the vote move stops on the last space)"""
    state = table.new_game(2, box=table.small_box(forest_spaces=1))
    table.play_turn(state, grabs={0: "tree0"}, votes={0: 0, 1: 0}, token="tree0")
    assert state.positions == [2, 1]
    assert state.winners == [0]  # the finder's +2 entered; the voter stopped at space 1


def test_end_3_the_last_child_in_the_forest_wins() -> None:
    """ "or if all players have been devoured except one, who wins by taking advantage of the
    Ogre's digestive nap (and also uses the opportunity to free his brothers)!" """
    state = table.position_at(3, first=0, turn=4, positions=[3, 1, 1], eaten=[None] * 3)
    table.play_turn(state, grabs={}, votes={}, token="oak")
    assert state.is_terminal() and state.winners == [0]


def test_end_4_everyone_loses_when_the_last_children_are_eaten_together() -> None:
    """ "Naturally, all players lose if the Ogre devours all the remaining players in a single
    turn." """
    state = table.position_at(3, first=0, turn=4, positions=[1, 1, 1], eaten=[None] * 3)
    table.play_turn(state, grabs={}, votes={}, token="oak")
    assert state.is_terminal() and state.winners == [] and state.returns() == [0.0] * 3


def test_end_5_the_finder_is_the_next_first_player() -> None:
    """ "If neither of these cases occurs, the game continues and the player who found the Tree
    card matching the Tree token during this turn becomes the first player of the next
    turn." """
    state = table.new_game(3, first=0)
    table.play_turn(state, grabs={2: "oak"}, votes={0: 2, 1: 2, 2: 2}, token="oak")
    assert state.first_player == 2 and state.current_player() == 2 and state.turn == 2


def test_end_6_with_no_finder_the_first_player_stays() -> None:
    """ "If nobody found the Tree card matching the Tree token, the first player remains the
    same." """
    state = table.new_game(3, first=1)
    table.play_turn(state, grabs={2: "oak"}, votes={0: 2, 1: 2, 2: 2}, token="fir")
    assert state.first_player == 1


# -- Variants: easier games ------------------------------------------------------------------------
def test_easier_1_the_basic_game_uses_every_tree() -> None:
    """ "In the basic rules, all the Tree tokens and Tree cards are used." """
    state = table.new_game(2)
    assert len(state.trees_in_play) == 25 == len(state.box.trees)


@pytest.mark.parametrize(
    ("removed", "left"), [("vertical", 20), ("horizontal", 20), ("vertical,horizontal", 15)]
)
def test_easier_2_the_two_hole_series_can_be_left_out(removed: str, left: int) -> None:
    """ "For easier games, remove from the game the Tree tokens (and associated cards) showing
    2 vertical holes or 2 horizontal holes (or both types)." Their tokens and cards are both
    out: they are never revealed and never the token."""
    state = table.new_game(2, removed_series=removed)
    assert len(state.trees_in_play) == left
    out = {t.index for t in state.box.trees if t.series in removed.split(",")}
    table.touch_round(state)
    assert not out & {a[1] for a in state.legal_actions()}
    play = table.new_game(2, removed_series=removed)
    play_turn_until_check(play)
    assert not out & {a[1] for a in play.legal_actions()}


def test_easier_3_one_or_two_series_of_any_kind_may_be_left_out() -> None:
    """ "In short, the idea is to remove one or two tree series to adjust the difficulty of
    the game to your liking." Any one or two series (and more, keeping one) can be chosen."""
    choices = removal_choices(GAME.box)
    keys = GAME.box.series_keys()
    for key in keys:
        assert key in choices
    assert f"{keys[0]},{keys[-1]}" in choices
    assert ",".join(keys) not in choices  # a game needs at least one series
