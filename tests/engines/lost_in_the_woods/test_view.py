"""The player's view of Lost in the Woods, without Kivy: headlines, labels, the chance
entry, the public log, the end, the action keys, and that a digital deck's order never
reaches the shared view."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from companion.engines.base import CHANCE, IllegalAction, sample_chance
from companion.engines.lost_in_the_woods import GAME, LostInTheWoodsState, WoodsTable
from companion.engines.lost_in_the_woods.actions import Drawn, Place, Plain, parse
from companion.engines.lost_in_the_woods.cards import KINDS, a_card
from tests.engines.lost_in_the_woods.scenario import DECK, draw, position
from tests.engines.view_checks import check_view

DATA = Path(__file__).resolve().parent / "data"


def test_the_draw_or_end_decision_in_player_words() -> None:
    state = position(row=["acorn"], deck=DECK)
    view = state.view()
    assert view.headline == "Draw a card, or end the round and place your sets?"
    assert view.turn == 0 and view.chance is None and view.end is None
    assert [(c.key, c.label, c.group) for c in view.choices] == [
        ("draw", "Draw a card", "Your move"),
        ("end the round", "End the round", "Your move"),
    ]
    table = view.table
    assert isinstance(table, WoodsTable)
    assert table.row == ("acorn",) and table.forest == () and table.time == 0
    assert table.deck_size == sum(DECK[0].values()) and table.decision == ""


def test_an_event_offer_has_its_prompt_labels_and_card_hints() -> None:
    state = position(row=["acorn", "acorn", "shamrock", "shamrock"], deck=DECK)
    draw(state, "well")
    view = state.view()
    assert view.headline.startswith("Wishing Well:")
    assert [(c.label, dict(c.hint)) for c in view.choices] == [
        ("Wish away the Acorns", {"card": "acorn"}),
        ("Wish away the Shamrocks", {"card": "shamrock"}),
        ("Skip the Wishing Well", {}),
    ]
    assert {c.group for c in view.choices} == {"Wishing Well"}
    assert view.table.decision == "well"


def test_placing_sets_offers_each_set_by_name() -> None:
    state = position(forest=["distelfink"], row=["shamrock", "shamrock", "acorn", "acorn"])
    state.apply("end the round")
    labels = [c.label for c in state.view().choices]
    assert labels == ["Place an Acorn", "Place a Shamrock"]


def test_a_table_draw_is_entered_by_the_player_with_the_odds() -> None:
    state = position(row=["acorn", "wolf"], deck=[{"acorn": 2, "owl": 1, "wolf": 1}])
    state.apply("draw")
    view = state.view()
    assert view.turn is None and view.choices == ()
    assert view.headline == "Draw the top card of the Journey deck: which card is it?"
    assert view.chance is not None
    assert view.chance.what == "The card you drew from the Journey deck"
    assert [(c.key, c.label, c.probability) for c in view.chance.outcomes] == [
        ("drawn: acorn", "Acorn", 0.5),
        ("drawn: wolf", "Wolf", 0.25),
        ("drawn: owl", "Owl", 0.25),
    ]
    taps = view.table.tap_cards
    assert [c.key for c in taps] == [f"drawn: {k}" for k in KINDS], "every card can be tapped"
    assert {c.key: c.probability for c in taps}["drawn: bat"] is None, "a Bat cannot come"
    unseen = {c.hint["card"]: c.hint["unseen"] for c in taps}
    assert unseen["acorn"] == 2 and unseen["wolf"] == 1 and unseen["bat"] == 0


def test_round_setup_says_so() -> None:
    state = position(deck=DECK, stage="setup", want_draw=True)
    assert state.view().headline.startswith("Round 3 begins: draw cards until a Progress card")


def test_the_public_log_tells_each_step_in_player_words() -> None:
    state = position(row=["acorn", "wolf"], deck=DECK, time=2)
    draw(state, "wolf")
    lines = [line.text for line in state.view().log]
    assert lines == ["You draw a Wolf.", "The Wolf makes a pair: the clock moves 1."]
    assert all(line.round == 3 and line.player == 0 for line in state.view().log)
    state2 = position(row=["acorn", "acorn"], deck=DECK)
    state2.apply("end the round")
    assert [line.text for line in state2.log] == [
        "You end the round.",
        "An Acorn joins the Forest row (1 of 9).",
    ]


def test_a_digital_shuffle_is_one_line_and_never_names_the_order() -> None:
    state = GAME.new_initial_state(1, {"deck": "digital"}, seed=4)
    view = state.view()
    assert view.headline == "The Journey deck needs shuffling."
    assert view.chance is not None and view.chance.what == "The app shuffles the Journey deck"
    rng = random.Random(4)
    texts = []
    while state.is_chance_node():
        action = sample_chance(state, rng)
        texts.append(str(action))
        state.apply(action)
    log = [line.text for line in state.log]
    assert log[0] == "The Journey deck is shuffled."
    assert not any("shuffled:" in line for line in log)
    assert state.public_step_text(texts[0], 40) == "The Journey deck is shuffled."
    assert state.public_step_text("end the round", 0) == "end the round"


def test_the_end_gives_the_time_left_as_the_score_and_one_sentence() -> None:
    forest = ["acorn", "shamrock"] * 4
    state = position(forest=forest, row=["distelfink", "distelfink"], deck=DECK, time=7)
    state.apply("end the round")
    view = state.view()
    assert view.headline == "You found your way out of the woods!"
    assert view.end is not None and view.turn is None and view.choices == ()
    assert view.end.winners == (0,)
    assert view.end.scores == (5.0,) and view.end.score_name == "Time left"
    assert view.end.reason == (
        "The ninth card reached the Bridge: you found your way out of the woods."
    )


def test_a_loss_by_too_many_shuffles_has_no_rule_code_for_the_player() -> None:
    state = position(row=["acorn"], deck=[], shuffles=3, options={"max_shuffles": 3})
    state.apply("draw")
    end = state.view().end
    assert end is not None and end.winners == () and end.scores == (12.0,)
    assert end.reason == (
        "The Journey deck would be shuffled for the 4th time: night falls and you are "
        "still lost in the woods."
    )
    assert "LW12" in state.end_reason(), "the outcome for logs keeps the rule's number"


def test_the_private_part_is_empty_for_a_solo_game() -> None:
    state = position(row=["acorn"], deck=DECK)
    assert state.view(None).private is None and state.view(0).private is None


def test_keys_are_todays_texts_and_parse_without_the_state() -> None:
    assert parse("draw") == "draw" and isinstance(parse("draw"), Plain)
    placed = parse("place acorn")
    assert isinstance(placed, Place) and placed.symbol == "acorn" and placed.key == "place acorn"
    drawn = parse("drawn: wolf")
    assert isinstance(drawn, Drawn) and drawn.kind == "wolf"
    assert parse("dance a jig") is None
    state = position(row=["acorn"], deck=DECK)
    with pytest.raises(IllegalAction, match="'use the torch' is not possible now"):
        state.apply(state.key_to_action("use the torch"))
    with pytest.raises(IllegalAction, match="not possible now"):
        state.key_to_action("dance a jig")
    state.apply("draw")
    with pytest.raises(IllegalAction, match="no 'unicorn' card"):
        state.apply(state.key_to_action("drawn: unicorn"))
    state.apply(state.key_to_action("Drawn:  Owl"))
    assert state.row == ["acorn", "owl"]


def _shared(state: LostInTheWoodsState) -> str:
    return json.dumps(state.view(None).to_json(), sort_keys=True)


def _reordered(state: LostInTheWoodsState, rng: random.Random) -> LostInTheWoodsState:
    """The same table with the unseen cards of each deck segment in another order."""
    twin = state.clone()
    assert isinstance(twin, LostInTheWoodsState) and twin.order is not None
    order, start = [], 0
    for segment in twin.segments:
        size = sum(segment.values())
        part = twin.order[start : start + size]
        rng.shuffle(part)
        order += part
        start += size
    twin.order = order + twin.order[start:]
    return twin


@pytest.mark.parametrize("seed", range(12))
def test_nothing_shared_depends_on_the_order_of_unseen_cards(seed: int) -> None:
    """Spoiler property: at every step of a digital game, shuffling the cards not yet
    turned over changes nothing in the shared view or the public log."""
    rng = random.Random(seed)
    state = GAME.new_initial_state(1, {"deck": "digital"}, seed=seed)
    assert isinstance(state, LostInTheWoodsState)
    steps = 0
    while not state.is_terminal():
        if state.order and not state.pool:
            assert _shared(_reordered(state, rng)) == _shared(state)
            shared = _shared(state)
            assert all(secret not in shared for secret in state.secrets())
        check_view(state)
        if state.current_player() == CHANCE:
            state.apply(sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        steps += 1
    assert steps > 43, "a whole shuffle and some play"
    check_view(state)


def test_secrets_name_the_coming_cards_of_a_digital_deck() -> None:
    state = GAME.new_initial_state(1, {"deck": "digital"}, seed=2)
    rng = random.Random(2)
    while state.is_chance_node():
        state.apply(sample_chance(state, rng))
    assert isinstance(state, LostInTheWoodsState) and state.order
    secrets = state.secrets()
    assert secrets and all(secret not in _shared(state) for secret in secrets)
    table = position(row=["acorn"], deck=DECK)
    assert table.secrets() == [], "a table deck's order is unknown to the app too"


def test_a_game_saved_by_version_1_resumes_and_plays_on() -> None:
    """A digital game saved before the package was reshaped (same JSON shape, but for
    ``torch_lit``: since LW6's correction every lit Torch is simply set aside)."""
    saved = json.loads((DATA / "version1-digital-save.json").read_text(encoding="utf-8"))
    state = GAME.state_from_dict(saved)
    assert isinstance(state, LostInTheWoodsState)
    assert saved["state"].pop("torch_lit") == 0
    assert state.to_dict() == saved
    assert state.view().headline == "Draw a card, or end the round and place your sets?"
    coming = state.order[0] if state.order else None
    state.apply(state.key_to_action("draw"))
    assert coming is not None and state.log[0].text == f"You draw {a_card(coming)}."
