"""Setup, draws and reshuffles, in digital mode (the app deals) and table mode (real cards)."""

from __future__ import annotations

import pytest

from companion.engines.base import CHANCE, IllegalAction
from companion.engines.gingerdead_house import GAME, turn
from companion.engines.gingerdead_house.actions import Draw, Place, Reveal
from tests.engines.gingerdead_house.helpers import TEST_GAME, act, scenario

TABLE = {"player_decks": "table"}


def test_setup_reveals_three_defenses_places_them_then_draws_five() -> None:
    state = GAME.new_initial_state(2)
    outcomes = state.chance_outcomes()
    assert all(GAME.catalogue.cards[a.card].type == "defense" for a, _ in outcomes)
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    for lane in (1, 2, 3):
        state.apply(Reveal("gummy-grunt"))
        assert state.current_player() == 0
        act(state, f"place Gummy Grunt at lane {lane} row 1")
    assert isinstance(state.chance_outcomes()[0][0], Draw)
    for _ in range(5):
        state.apply(state.chance_outcomes()[0][0])
    assert state.board.cards[0].hand_size == 5
    assert state.setup_player == 1 and state.current_player() == CHANCE


def test_digital_draw_odds_follow_what_is_left_in_the_deck() -> None:
    state = GAME.new_initial_state(2)
    state.apply(Reveal("gummy-grunt"))
    act(state, "place Gummy Grunt at lane 1 row 1")
    odds = dict(state.chance_outcomes())
    defenses = sum(c.count for c in GAME.catalogue.of_type("defense"))
    assert odds[Reveal("gummy-grunt")] == pytest.approx(3 / (defenses - 1))


def test_table_mode_draws_an_unknown_card() -> None:
    state = GAME.new_initial_state(2, TABLE)
    for lane in (1, 2, 3):
        state.apply(Reveal("defense-2"))
        act(state, f"place Plain Defense 2 at lane {lane} row 1")
    assert state.chance_outcomes() == [(Draw(""), 1.0)]
    assert state.legal_action_strings() == ["draw a card"]


def test_table_mode_offers_any_card_that_can_still_be_unseen() -> None:
    state = scenario(
        options=TABLE, hands={0: ["", ""]}, layout={(0, 1, 1): "gatling", (0, 1, 2): "gatling"}
    )
    legal = state.legal_action_strings()
    assert "place Wall 6 at lane 2 row 2" in legal
    assert not any("place Gumdrop Gatling Gun" in t for t in legal)  # both are on the field
    with pytest.raises(IllegalAction, match="has no Gumdrop Gatling Gun"):
        state.apply(Place("gatling", 0, 2, 2))
    act(state, "place Wall 6 at lane 2 row 2")
    act(state, "place Wall 9 at lane 3 row 2")
    assert state.board.cards[0].hand_size == 0
    assert state.legal_action_strings() == ["end the player step"]


def test_an_empty_deck_is_reshuffled_from_its_discard_pile() -> None:
    state = scenario(hands={0: []})
    cards = state.board.cards[0]
    cards.discard = dict(cards.pile or {})
    cards.pile, cards.pile_size = {}, 0
    act(state, "end the player step")
    assert state.current_player() == CHANCE and state.phase == "draw"
    assert cards is state.board.cards[0]
    deck_size = sum(TEST_GAME.catalogue.deck("player").values())
    assert state.board.cards[0].pile_size == deck_size and state.board.cards[0].discard == {}


def test_the_monster_deck_is_reshuffled_when_empty() -> None:
    state = scenario(phase="monsters", game=TEST_GAME)
    board = state.board
    board.monster_discard, board.monster_pile = board.monster_pile, {}
    state.flips_left = 1
    state._legal = None
    turn.advance(state)
    assert board.monster_pile and not board.monster_discard
    assert "the monster deck is reshuffled" in board.log


def test_the_action_card_goes_to_the_discard_pile_at_the_end_of_the_turn() -> None:
    state = scenario(hands={0: ["wall-2"] * 4 + ["wall-6"]})
    act(state, "end the player step")
    assert state.board.action_discard == {"act-1": 1}
    assert state.phase == "action" and state.board.active == 1


def test_cleanup_draws_up_to_five() -> None:
    state = scenario(hands={0: ["wall-2", "wall-6"]})
    act(state, "end the player step")
    for card_id in ("wall-9", "wall-9", "grunt"):
        assert state.current_player() == CHANCE and state.phase == "draw"
        state.apply(Draw(card_id))
    assert state.board.cards[0].hand_size == 5
    assert state.phase == "action" and state.board.active == 1


def test_a_card_that_is_not_in_the_hand_cannot_be_played() -> None:
    state = scenario(hands={0: ["wall-2"]})
    with pytest.raises(IllegalAction, match="has no Wall 9"):
        state.apply(Place("wall-9", 0, 1, 1))


def test_the_history_never_names_a_card_drawn_into_a_hand() -> None:
    state = GAME.new_initial_state(2, seed=1)
    assert state.public_step_text("draw Gummy Grunt", 5) == "draw a card"
    assert state.public_step_text("flip Dragon", 0) == "flip Dragon"
