"""Table-card mode (design.md "Hidden cards are unknown until played", LD23, LD24).

With the real event cards the engine keeps only what the table knows: how many
face-down cards each hand and the deck hold, and which cards can still be unseen.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engines.base import CHANCE, IllegalAction, InvalidState, sample_chance
from companion.engines.little_dead_riding_hood import GAME
from companion.engines.little_dead_riding_hood.components import HIDDEN
from companion.engines.little_dead_riding_hood.hidden import card_in, hand_cards, unseen
from companion.engines.little_dead_riding_hood.state import LdrhState
from companion.engines.little_dead_riding_hood.steps import Move
from tests.engines.conformance import check_playouts
from tests.engines.little_dead_riding_hood.scenario import (
    card_turn,
    column,
    lay,
    play,
    roundtrip,
    task,
    texts,
)

TABLE = {"event_cards": "table"}
PLAYOUTS = 40


@pytest.mark.parametrize("players", GAME.player_counts)
def test_random_playouts_follow_the_contract_with_table_cards(players: int) -> None:
    check_playouts(GAME, players, count=PLAYOUTS, deep_playouts=4, options=TABLE)


def test_house_rule_combinations_with_table_cards_follow_the_contract() -> None:
    options = {**TABLE, "fairest_window": "table", "reshuffle_discards": True}
    check_playouts(GAME, 3, count=8, deep_playouts=2, options=options)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5))
def test_the_table_never_knows_more_than_it_has_seen(seed: int, players: int) -> None:
    """At every step: face-down cards = unseen cards, hands hold only face-down cards,
    and every card a move names can still be unseen."""
    rng = random.Random(seed)
    state = GAME.new_initial_state(players, TABLE, seed=seed)
    assert isinstance(state, LdrhState)
    for _ in range(400):
        if state.is_terminal():
            break
        left = unseen(state)
        assert all(card == HIDDEN for hand in state.hands for card in hand)
        assert sum(state.deck.values()) + sum(map(len, state.hands)) == sum(left.values())
        named = {card_in(a) for a in state.legal_actions()} - {None}
        assert named <= set(left)
        if state.is_chance_node():
            state.apply(sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))


def table_game(players: int = 2, cards: list[int] | None = None, **options: Any) -> LdrhState:
    """A table-card game after the deal; ``cards`` sets how many cards each hand holds."""
    state = GAME.new_initial_state(players, {**TABLE, **options})
    assert isinstance(state, LdrhState)
    while state.phase == "deal":
        assert state.chance_outcomes() == [(("card", HIDDEN), 1.0)]
        play(state, "draw a card")
    for player, count in enumerate(cards or []):
        state.deck[HIDDEN] += len(state.hands[player]) - count
        state.hands[player] = [HIDDEN] * count
    state.invalidate()
    return state


def test_the_deal_draws_face_down_cards_whose_identity_the_app_does_not_know() -> None:
    state = GAME.new_initial_state(3, TABLE)
    assert state.current_player() == CHANCE
    assert texts(state) == ["draw a card"]  # type: ignore[arg-type]
    state = table_game(3)
    assert state.hands == [[HIDDEN] * 3] * 3
    assert state.deck == {HIDDEN: 40 - 9}
    assert unseen(state) == state.box.cards  # nothing revealed yet
    assert "Player 2: start col 4, 3 bullets, no helper; 3 face-down cards" in state.describe()


def test_a_player_with_a_face_down_card_is_offered_every_card_that_can_be_unseen() -> None:
    state = table_game(2, cards=[1, 0])
    lay(state, column(state, 0, 4))
    card_turn(state, 0)
    offered = texts(state)
    assert "move with Wolf!!! (3)" in offered
    assert "play Wolf!!! (3): player 2 skips their next turn" in offered
    assert "move with Cake and Wine (1)" in offered  # any card may be the one in hand
    assert len([t for t in offered if t.startswith("move with")]) == len(state.box.cards)
    play(state, "move with Wolf!!! (3)")
    assert state.hands[0] == [] and state.discard == {"wolf:3": 1}
    assert state.current_player() == 0 and state.steps[-1] == Move(0, 3)


def test_a_revealed_card_leaves_the_unseen_pool() -> None:
    state = table_game(3, cards=[2, 2, 2])
    lay(state, column(state, 0, 4))
    assert unseen(state)["wolf:3"] == 2  # the box holds two Wolf!!! (3)
    card_turn(state, 0)
    play(state, "move with Wolf!!! (3)", "step to row 1 col 2", "stop moving")
    assert unseen(state)["wolf:3"] == 1
    assert "wolf:3" in hand_cards(state, 1)
    card_turn(state, 1)
    play(state, "play Wolf!!! (3): player 1 skips their next turn")
    assert "wolf:3" not in unseen(state)
    assert "wolf:3" not in hand_cards(state, 2)
    assert sum(unseen(state).values()) == 40 - 2
    assert sum(state.deck.values()) + sum(map(len, state.hands)) == 40 - 2


def test_a_card_that_cannot_be_unseen_any_more_is_refused_naming_the_card() -> None:
    state = table_game(2, cards=[2, 2])
    lay(state, column(state, 0, 4))
    card_turn(state, 0)
    play(state, "move with Wolf!!! (1)", "stop moving")  # the box's only Wolf!!! (1)
    card_turn(state, 1)
    before = state.to_dict()
    assert "move with Wolf!!! (1)" not in texts(state)
    with pytest.raises(
        IllegalAction,
        match=r"Wolf!!! \(1\) cannot be in anyone's hand: it has already been revealed",
    ):
        state.apply(("move", "wolf:1"))
    for key in ("wolf:3", "wolf:3"):  # both copies of Wolf!!! (3)
        state.discard[key] += 1
        state.deck[HIDDEN] -= 1
    state.invalidate()
    with pytest.raises(IllegalAction, match=r"Wolf!!! \(3\) .*all 2 copies have already been"):
        state.apply(("wolf", "wolf:3", 0))
    state.discard["wolf:3"] -= 2
    state.deck[HIDDEN] += 2
    state.invalidate()
    assert state.to_dict() == before  # a refused card changed nothing


def test_hand_sizes_follow_draws_plays_trades_and_random_discards() -> None:
    state = table_game(3, cards=[1, 3, 0])
    play(state, "choose the Evil Stepmother", "let the helper stand")
    assert texts(state) == ["draw a card"]  # the Stepmother's two cards, face down
    play(state, "draw a card", "draw a card")
    assert [len(h) for h in state.hands] == [3, 3, 0]
    assert texts(state) == [
        "Evil Stepmother: player 2 discards at random",
        "Evil Stepmother: nobody discards",
    ]
    play(state, "Evil Stepmother: player 2 discards at random")
    # which card the table picked is revealed now: any unseen card, by its copies
    outcomes = dict(state.chance_outcomes())
    assert math.isclose(outcomes[("lose-card", "cake-and-wine:1")], 3 / 40)
    assert math.isclose(sum(outcomes.values()), 1.0)
    play(state, "discard Off The Path (2) at random")
    assert [len(h) for h in state.hands] == [3, 2, 0]
    assert state.discard == {"off-the-path:2": 1}
    assert "off-the-path:2" not in hand_cards(state, 0)
    card_turn(state, 0)
    play(state, "play Who's Been Sitting On My Chair? (1): trade hands with player 3")
    assert [len(h) for h in state.hands] == [0, 2, 2]
    task(state, "helpers", type="place", player=1, tile=None)
    play(state, "draw a path (no icon)", "place the tile at row 1 col 4", "draw a card")
    assert [len(h) for h in state.hands] == [0, 3, 2]
    assert sum(state.deck.values()) == 40 - 2 - 5


def test_out_of_turn_cards_are_offered_to_every_player_who_could_hold_them() -> None:
    state = table_game(3, cards=[0, 0, 1])
    play(state, "choose the Huntsman")
    # player 2 holds no card, player 3 could hold Who In The Land Is Fairest Of All?
    assert state.current_player() == 2
    assert texts(state) == [
        "play Who In The Land Is Fairest Of All? (1): choose another helper",
        "play Who In The Land Is Fairest Of All? (2): choose another helper",
        "play Who In The Land Is Fairest Of All? (3): choose another helper",
        "let the helper stand",
    ]
    play(state, "play Who In The Land Is Fairest Of All? (3): choose another helper")
    assert state.hands[2] == [] and state.discard == {"fairest-of-all:3": 1}
    assert "choose the Huntsman" not in texts(state)


def test_the_fairest_window_can_ask_the_whole_table_once() -> None:
    state = table_game(3, cards=[0, 1, 1], fairest_window="table")
    play(state, "choose the Prince")
    assert state.current_player() == 1
    assert "player 3 plays Who In The Land Is Fairest Of All? (2): choose another helper" in (
        texts(state)
    )
    play(state, "let the helper stand")  # one answer for everyone
    assert state.steps[-1].kind == "prince"
    play(state, "Prince: done", "choose the Huntsman")
    play(state, "player 3 plays Who In The Land Is Fairest Of All? (2): choose another helper")
    assert [len(h) for h in state.hands] == [0, 1, 0] and state.current_player() == 1


def test_once_upon_a_time_and_cake_and_wine_are_offered_to_a_fighter_with_a_card() -> None:
    state = table_game(2, cards=[1, 0])
    lay(state, column(state, 0, 3), wolves=[(1, 1)])
    state.pawns[0] = (1, 1)
    task(state, "combat", type="combat", player=0, back_to=None, stage="commit", bullets=0, bag=0)
    assert "fight with 1 bullet and Cake and Wine (2)" in texts(state)
    play(state, "fight with 1 bullet", "draw the wolf from the bag")
    assert texts(state) == [
        "play Once Upon A Time (1): draw again",
        "play Once Upon A Time (2): draw again",
        "play Once Upon A Time (3): draw again",
        "accept the wolf",
    ]
    play(state, "play Once Upon A Time (2): draw again")
    assert state.hands[0] == [] and state.steps[-1].stage == "draw"


def test_a_table_card_game_saves_and_loads() -> None:
    state = table_game(3, cards=[2, 1, 0])
    card_turn(state, 0)
    play(state, "play Wolf!!! (2): player 2 skips their next turn")
    rebuilt = roundtrip(state)
    assert rebuilt.hands == state.hands and rebuilt.discard == state.discard
    assert rebuilt.legal_actions() == state.legal_actions()
    saved = state.to_dict()
    assert saved["options"]["event_cards"] == "table"
    assert saved["state"]["deck"] == {HIDDEN: 40 - 3}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["hands"].__setitem__(0, ["wolf:1"]), r"hands\[0\] must hold only face-down"),
        (lambda d: d["deck"].update({"wolf:1": 1}), r"deck has an unknown entry 'wolf:1'"),
        (lambda d: d["deck"].update({HIDDEN: 5}), "6 face-down cards in deck and hands, but 40"),
        (lambda d: d["discard"].update({"wolf:1": 2}), "discard holds 2 wolf:1 cards, but the box"),
    ],
)
def test_a_broken_table_card_save_names_what_is_wrong(change: Any, message: str) -> None:
    state = table_game(2, cards=[1, 0])
    card_turn(state, 0)
    saved = state.to_dict()
    change(saved["state"])
    with pytest.raises(InvalidState, match=message):
        GAME.state_from_dict(saved)
