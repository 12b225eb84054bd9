"""The Lost in the Woods rulebook, sentence by sentence: one scenario per rule sentence.

Each test quotes the sentence it checks (``/work/shared/rulebooks/lost-in-the-woods.txt``);
where the rulebook leaves a gap, the decision the engine follows is named (LW1-LW17, in
``rules-decisions.md`` and ``docs/games/lost-in-the-woods.md``).
"""

from __future__ import annotations

from collections import Counter

from companion.engines.base import CHANCE
from companion.engines.lost_in_the_woods import GAME, SYMBOLS, LostInTheWoodsState
from companion.engines.lost_in_the_woods.cards import ANIMALS, EVENTS
from tests.engines.lost_in_the_woods.scenario import DECK, draw, position

NO_TORCH = [{k: n for k, n in DECK[0].items() if k not in ("torch", "compass")}]
"""A Journey deck while the Torch is set aside or the Compass lies in the Fright row."""


def _fresh(deck: str = "table") -> LostInTheWoodsState:
    state = GAME.new_initial_state(1, {"deck": deck}, seed=3)
    assert isinstance(state, LostInTheWoodsState)
    return state


# -- Components and Setup -------------------------------------------------------------
def test_components_21_progress_12_fright_10_event_cards() -> None:
    """ "Lost in the Woods has 1 punchboard Clock and 45 cards; consisting of 1 Mansion card,
    1 Bridge card, 21 Progress cards, 12 Fright cards, and 10 Event cards." (split: LW1)"""
    box = GAME.box
    assert sum(box.count(s) for s in SYMBOLS) == 21
    assert sum(box.count(a) for a in ANIMALS) == 12
    assert sum(box.count(e) for e in EVENTS) == 10
    assert box.total == 45 - 2, "the Mansion and the Bridge are not in the Journey deck"


def test_the_clock_starts_at_twelve_with_no_time_gone() -> None:
    """ "Take the Clock (4) and place it above the Bridge, setting the minute hand to 12.\""""
    state = _fresh()
    assert state.time == 0 and state.view().table.time == 0


def test_the_journey_deck_is_every_remaining_card_shuffled() -> None:
    """ "Shuffle the remaining cards to make the Journey deck (5) and place them face down
    next to the Clock.\""""
    table = _fresh()
    assert table.segments == [Counter(GAME.box.counts)] and table.discard_size == 0
    digital = _fresh("digital")
    assert digital.is_chance_node() and sum(digital.pool.values()) == GAME.box.total
    assert table.forest == [] and table.row == []


# -- Objective ---------------------------------------------------------------------------
def test_the_ninth_progress_card_in_the_forest_row_wins_at_once() -> None:
    """ "When you place the ninth card in the Forest row, you immediately win the game.\""""
    forest = ["acorn", "shamrock"] * 4
    row = ["distelfink", "distelfink", "acorn", "acorn", "shamrock", "shamrock"]
    state = position(forest=forest, row=row, deck=[{"wolf": 2}], time=11)
    state.apply("end the round")
    state.apply("place distelfink")
    assert state.is_terminal() and state.returns() == [1.0] and len(state.forest) == 9


def test_the_clock_reaching_twelve_loses_at_once() -> None:
    """ "If the clock ever reaches the 12th increment, you immediately lose the game.\""""
    state = position(row=["acorn", "wolf", "owl"], deck=DECK, time=10)
    draw(state, "bat")
    assert state.is_terminal() and state.returns() == [0.0] and state.time == 12


def test_the_goal_is_nine_cards_before_twelve_increments() -> None:
    """ "The goal of Lost in the Woods is to place nine Progress cards in the Forest row,
    thereby reaching the bridge at the edge of the forest, before one hour (twelve time
    increments) is up.\""""
    table = _fresh().view().table
    assert table.forest_length == 9 and table.clock_end == 12


# -- Main Cards ----------------------------------------------------------------------------
def test_progress_cards_carry_one_of_three_symbols() -> None:
    """ "Progress cards have one of three good luck symbols on the bottom: an Acorn, a
    Shamrock, or a Double Distelfink.\""""
    assert SYMBOLS == ("acorn", "shamrock", "distelfink")


def test_fright_cards_show_one_of_three_animals() -> None:
    """ "Fright cards show one of three types of forest animals: a Wolf, an Owl, and a Bat.\""""
    assert ANIMALS == ("wolf", "owl", "bat")


def test_any_symbol_can_go_next_to_the_mansion() -> None:
    """ "Any good luck symbol can be placed next to the Mansion card.\""""
    for symbol in SYMBOLS:
        state = position(row=[symbol, symbol], deck=DECK, time=1)
        state.apply("end the round")
        assert state.forest == [symbol] and state.time == 1


# -- Round Setup -------------------------------------------------------------------------
def test_round_setup_draws_until_the_first_progress_card() -> None:
    """ "At the start of a round, draw cards from the Journey deck until one Progress card is
    drawn.\""""
    state = position(deck=DECK, stage="setup", want_draw=True)
    draw(state, "wolf")
    draw(state, "owl")
    assert state.current_player() == CHANCE and state.stage == "setup"
    draw(state, "acorn")
    assert state.stage == "play" and state.legal_actions() == ["draw", "end the round"]
    assert state.row == ["wolf", "owl", "acorn"]


def test_round_setup_discards_a_fright_pair_or_third_kind_without_cost() -> None:
    """ "If two matching Fright cards, or one of each type is drawn, discard the last drawn
    card." (LW2: no time is lost)"""
    state = position(row=["wolf", "owl"], deck=DECK, stage="setup", want_draw=True, time=3)
    draw(state, "owl")
    draw(state, "bat")
    assert state.row == ["wolf", "owl"] and state.time == 3
    assert state.discard["owl"] >= 1 and state.discard["bat"] >= 1


def test_round_setup_events_act_as_usual() -> None:
    """ "If a Event card is drawn, activate its ability as usual.\""""
    state = position(row=["wolf"], deck=DECK, stage="setup", want_draw=True, time=3)
    draw(state, "gravestone")
    assert state.time == 4, "the Gravestone counts the Wolf"
    draw(state, "scarecrow")
    assert state.row == [] and state.stage == "setup" and state.round == 4


# -- Round Gameplay ------------------------------------------------------------------------
def test_after_the_first_progress_card_two_options() -> None:
    """ "Once the first Progress card is drawn in a round, you have 2 options: Draw 1 Card,
    End the Round.\""""
    state = position(deck=DECK, stage="setup", want_draw=True)
    draw(state, "shamrock")
    assert state.legal_actions() == ["draw", "end the round"]


# -- Draw 1 Card ---------------------------------------------------------------------------
def test_a_drawn_card_goes_to_the_fright_row() -> None:
    """ "If you draw a card, take the top card of the deck and place it in the Fright Row.\""""
    state = position(row=["acorn"], deck=DECK)
    draw(state, "owl")
    draw(state, "shamrock")
    assert state.row == ["acorn", "owl", "shamrock"]


def test_a_drawn_event_acts() -> None:
    """ "If the card is a Event card, activate its effect.\""""
    state = position(row=["acorn", "wolf"], deck=DECK, time=2)
    draw(state, "gravestone")
    assert state.time == 3 and "gravestone" not in state.row


def test_a_fright_pair_costs_one_and_starts_a_new_round() -> None:
    """ "If the card is the second in a matching pair of Fright cards, increase the time by 1
    increment, discard all cards in the Fright row, and begin a new round.\""""
    state = position(row=["acorn", "shamrock", "bat"], deck=DECK, time=4)
    draw(state, "bat")
    assert state.time == 5 and state.row == [] and state.stage == "setup"
    assert state.round == 4 and state.current_player() == CHANCE


def test_the_third_unique_fright_card_costs_two_and_starts_a_new_round() -> None:
    """ "If the card is the third unique Fright card, increase the time by 2 increments,
    discard all cards in the Fright row, and begin a new round.\""""
    state = position(row=["acorn", "bat", "owl", "compass"], deck=NO_TORCH, time=4)
    draw(state, "wolf")
    assert state.time == 6 and state.row == [] and state.stage == "setup"
    assert state.discard["compass"] == 1, "every card of the Fright row is discarded"


def test_no_penalty_means_the_round_goes_on() -> None:
    """ "After you have completed any above effects, if a Fright card did not cause you to
    begin a new round, continue by repeating round gameplay: either Draw 1 Card or End the
    Round.\""""
    state = position(row=["acorn"], deck=DECK, time=4)
    draw(state, "wolf")
    draw(state, "owl")
    assert state.legal_actions() == ["draw", "end the round"] and state.time == 4


def test_an_empty_journey_deck_is_rebuilt_from_the_discard_pile() -> None:
    """ "If there are no cards in the Journey deck, reshuffle the discard pile and place it
    facedown to recreate the Journey Deck." (LW17: when a card is due)"""
    state = position(row=["acorn"], deck=[])
    pile = Counter(state.discard)
    state.apply("draw")
    assert state.segments == [pile] and state.discard_size == 0 and state.shuffles == 1


def test_the_deck_is_rebuilt_only_when_a_card_is_due_lw17() -> None:
    """LW17: the Fright row discarded at the end of the round that emptied the deck joins the
    rebuilt deck (the deck is seen empty when a card must be drawn from it)."""
    state = position(row=["acorn", "acorn"], deck=[{"shamrock": 1}])
    draw(state, "shamrock")
    assert state.deck_size == 0 and state.shuffles == 0
    state.apply("end the round")
    assert state.shuffles == 1 and state.segments[0]["shamrock"] >= 1
    assert state.segments[0]["acorn"] >= 1, "the round's own Acorn came back into the deck"


# -- End the Round ---------------------------------------------------------------------------
def test_one_card_of_each_set_moves_to_the_forest_row() -> None:
    """ "When you end the round, move 1 Progress card with a matching good luck symbol from
    the Fright row to the Forest row for each good luck symbol on more than one Progress card
    in the Fright row.\""""
    state = position(row=["acorn", "acorn", "acorn", "shamrock"], deck=DECK, time=1)
    state.apply("end the round")
    assert state.forest == ["acorn"], "one card per set, however many cards the set has"
    assert state.discard["acorn"] >= 2 and state.row == []


def test_two_sets_are_placed_in_the_order_the_player_chooses() -> None:
    """ "You may place these cards in any order, starting in the left-most empty space each
    time.\""""
    state = position(forest=["distelfink"], row=["shamrock"] * 2 + ["acorn"] * 2, deck=DECK)
    state.apply("end the round")
    assert state.legal_actions() == ["place acorn", "place shamrock"]
    state.apply("place shamrock")
    assert state.forest == ["distelfink", "shamrock", "acorn"]


def test_never_next_to_a_card_of_the_same_symbol() -> None:
    """ "Note: You may never place a card in the Forest row next to another card with the same
    good luck symbol on it.\""""
    state = position(forest=["acorn"], row=["acorn"] * 2 + ["shamrock"] * 2, deck=DECK)
    state.apply("end the round")
    assert state.forest == ["acorn", "shamrock", "acorn"], "the Acorn waits for the Shamrock"


def test_a_single_set_matching_the_last_card_is_not_added() -> None:
    """ "This means that if you have exactly one set of Progress cards and the symbol matches
    the last played card in the Forest row, you may not add it to the Forest row.\""""
    state = position(forest=["shamrock"], row=["shamrock", "shamrock", "owl"], deck=DECK, time=2)
    state.apply("end the round")
    assert state.forest == ["shamrock"] and state.time == 2 and state.row == []


def test_zero_or_three_sets_cost_one_increment() -> None:
    """ "If you had 0 or 3 sets of at least 2 matching good luck symbols, increase the time by
    1 increment.\""""
    none = position(row=["acorn", "shamrock"], deck=DECK, time=2)
    none.apply("end the round")
    assert none.time == 3 and none.forest == []
    row = ["acorn", "acorn", "shamrock", "shamrock", "distelfink", "distelfink"]
    three = position(row=row, deck=DECK, time=2)
    three.apply("end the round")
    while three.decision == "place":
        three.apply(three.legal_actions()[0])
    assert three.time == 3 and len(three.forest) == 3
    for sets in (["acorn"] * 2, ["acorn"] * 2 + ["shamrock"] * 2):
        fine = position(row=sets, deck=DECK, time=2)
        fine.apply("end the round")
        while fine.decision == "place":
            fine.apply(fine.legal_actions()[0])
        assert fine.time == 2, "one or two sets cost nothing"


def test_the_fright_row_is_discarded_and_a_new_round_begins() -> None:
    """ "Discard all cards in the Fright row and begin a new round.\""""
    row = ["acorn", "acorn", "shamrock", "wolf", "owl", "compass"]
    state = position(row=row, deck=NO_TORCH, time=2)
    state.apply("end the round")
    state.apply("skip the compass")
    assert state.row == [] and state.round == 4 and state.stage == "setup"
    assert state.discard["wolf"] >= 1 and state.discard["compass"] == 1


# -- Event Cards -------------------------------------------------------------------------------
def test_an_event_without_a_choice_resolves_and_is_discarded() -> None:
    """ "When any of the Event cards are drawn, the action may be performed if the player has
    a choice. Otherwise, the event is resolved and then discarded.\""""
    state = position(row=["acorn", "shamrock"], deck=DECK, time=2)
    draw(state, "well")
    assert state.decision is None and state.discard["well"] >= 1 and "well" not in state.row
    draw(state, "torch")
    assert state.decision == "torch", "a choice is offered when there is one"


def test_wishing_well_discards_a_set_to_turn_the_clock_back() -> None:
    """ "Wishing Wells: When a Wishing Well is drawn and there are any Progress cards with
    matching good luck symbols in the Fright row, you may choose to discard all Progress cards
    with that good luck symbol to move time back 1 increment.\""""
    state = position(row=["acorn", "acorn", "acorn", "shamrock", "shamrock"], deck=DECK, time=4)
    draw(state, "well")
    assert state.legal_actions() == [
        "use the well on acorn",
        "use the well on shamrock",
        "skip the well",
    ]
    state.apply("use the well on acorn")
    assert state.row == ["shamrock", "shamrock"] and state.time == 3


def test_wishing_well_cannot_go_below_the_start() -> None:
    """ "This may not cause you to have more time increments than you started the game with.\""""
    state = position(row=["acorn", "acorn"], deck=DECK, time=0)
    draw(state, "well")
    state.apply("use the well on acorn")
    assert state.time == 0


def test_wishing_well_once_each_round() -> None:
    """ "This action may only be used one time each round.\""""
    state = position(row=["acorn", "acorn", "shamrock", "shamrock"], deck=DECK, time=4)
    draw(state, "well")
    state.apply("use the well on acorn")
    draw(state, "well")
    assert state.decision is None and state.time == 3
    state.apply("end the round")
    draw(state, "shamrock")
    draw(state, "shamrock")
    draw(state, "well")
    assert state.decision == "well", "a new round, a new Wishing Well"


def test_torch_can_be_lit_for_one_increment_and_set_aside() -> None:
    """ "Torch: When the Torch card is drawn, you may spend 1 time increment to "light" it and
    set it aside.\""""
    state = position(row=["acorn"], deck=DECK, time=2)
    draw(state, "torch")
    assert state.legal_actions() == ["light the torch (1 time)", "discard the torch"]
    state.apply("light the torch (1 time)")
    assert state.time == 3 and state.torch_ready == 1 and "torch" not in state.row


def test_a_lit_torch_is_used_at_any_time_even_in_its_own_round() -> None:
    """ "Once set aside, you can use it at anytime to discard all Fright cards from the Fright
    row." (LW6, corrected)"""
    state = position(row=["acorn", "owl"], deck=DECK, time=2)
    draw(state, "torch")
    state.apply("light the torch (1 time)")
    draw(state, "wolf")
    assert "use the torch" in state.legal_actions()
    state.apply("use the torch")
    assert state.row == ["acorn"] and state.time == 3
    draw(state, "owl")
    assert state.row == ["acorn", "owl"] and state.time == 3, "the Owl is no longer a pair"


def test_a_torch_cannot_answer_a_penalty_already_drawn() -> None:
    """ "Once set aside, you can use it at anytime ..." - LW6: but not after a pair has been
    drawn (the penalty has already happened)."""
    state = position(row=["acorn", "owl"], deck=NO_TORCH, torch_ready=1, time=2)
    draw(state, "owl")
    assert state.time == 3 and state.row == [] and state.torch_ready == 1


def test_a_used_torch_is_discarded() -> None:
    """ "Once used, the Torch is discarded.\""""
    state = position(row=["acorn", "bat"], deck=NO_TORCH, torch_ready=1)
    state.apply("use the torch")
    assert state.torch_ready == 0 and state.discard["torch"] == 1
    assert "use the torch" not in state.legal_actions()


def test_compass_counts_as_a_chosen_symbol_for_one_increment() -> None:
    """ "Compass: If the Compass is in the Fright row when you choose to end the round, you may
    spend 1 time increment to treat it as a Progress card with any single good luck symbol on
    it." (LW7, LW15)"""
    state = position(forest=["acorn"], row=["shamrock", "compass"], deck=NO_TORCH, time=3)
    state.apply("end the round")
    assert state.legal_actions() == ["compass as shamrock (1 time)", "skip the compass"]
    state.apply("compass as shamrock (1 time)")
    assert state.forest == ["acorn", "shamrock"] and state.time == 4


def test_lightning_discards_a_progress_card_of_your_choice() -> None:
    """ "Lightning: When Lightning is drawn, discard one Progress card of your choice from the
    Fright row.\""""
    state = position(row=["acorn", "shamrock", "shamrock", "wolf"], deck=DECK)
    draw(state, "lightning")
    assert state.legal_actions() == ["lightning on acorn", "lightning on shamrock"]
    state.apply("lightning on shamrock")
    assert state.row == ["acorn", "shamrock", "wolf"] and state.discard["lightning"] == 1


def test_gravestone_costs_one_per_fright_card() -> None:
    """ "Gravestone: When the Gravestone is drawn, increase time by one increment for each
    Fright card in the Fright row.\""""
    for row, cost in ((["acorn"], 0), (["acorn", "bat"], 1), (["acorn", "bat", "wolf"], 2)):
        state = position(row=row, deck=DECK, time=3)
        draw(state, "gravestone")
        assert state.time == 3 + cost


def test_signpost_sends_a_fitting_card_to_the_forest_and_starts_a_new_round() -> None:
    """ "Signpost: When the Signpost is drawn, you may spend one time increment to take any one
    Progress card from the Fright row and place it at the end of the Journey row, provided the
    symbol is different than the symbol on the previous card. If you do, discard all cards in
    the Fright row and begin a new round." (LW3: the Forest row)"""
    state = position(forest=["acorn"], row=["acorn", "distelfink", "owl"], deck=DECK, time=2)
    draw(state, "signpost")
    assert state.legal_actions() == ["signpost distelfink (1 time)", "skip the signpost"]
    state.apply("signpost distelfink (1 time)")
    assert state.forest == ["acorn", "distelfink"] and state.time == 3
    assert state.row == [] and state.stage == "setup"
    skipped = position(row=["acorn", "owl"], deck=DECK, time=2)
    draw(skipped, "signpost")
    skipped.apply("skip the signpost")
    assert skipped.row == ["acorn", "owl"] and skipped.time == 2 and skipped.stage == "play"


def test_scarecrow_discards_the_fright_row_and_starts_a_new_round() -> None:
    """ "Scarecrow: When the Scarecrow is drawn, discard all cards in the Fright row and begin
    a new round.\""""
    state = position(row=["acorn", "acorn", "wolf"], deck=DECK, time=5)
    draw(state, "scarecrow")
    assert state.row == [] and state.time == 5 and state.stage == "setup"
    assert state.current_player() == CHANCE


def test_headless_horseman_takes_the_last_forest_card_and_shuffles_it_under() -> None:
    """ "Headless Horseman: When the Headless Horseman is drawn, discard the last card in the
    Forest row. Then, shuffle the discard pile and place it under the Progress deck." (LW3:
    the Journey deck; LW13: the Horseman itself is discarded afterwards)"""
    state = position(forest=["acorn", "distelfink"], row=["shamrock"], deck=DECK, time=1)
    pile = Counter(state.discard)
    draw(state, "horseman")
    assert state.forest == ["acorn"]
    assert state.segments[-1] == pile + Counter({"distelfink": 1}), "under the Journey deck"
    assert state.discard == Counter({"horseman": 1})
