"""The rulebook's cases: rounds, Fright penalties, ending a round, winning and losing."""

from __future__ import annotations

import pytest

from companion.engines.base import CHANCE, IllegalAction, InvalidState
from companion.engines.lost_in_the_woods import GAME, Box, LostInTheWoodsGame
from companion.engines.lost_in_the_woods.cards import EVENTS
from tests.engines.lost_in_the_woods.scenario import DECK, draw, position


def test_two_shamrock_and_two_acorn_sets_are_placed_in_the_chosen_order() -> None:
    for first, second in (("acorn", "shamrock"), ("shamrock", "acorn")):
        state = position(
            forest=["distelfink"],
            row=["shamrock", "shamrock", "acorn", "acorn"],
            deck=DECK,
            time=3,
        )
        state.apply("end the round")
        assert state.legal_actions() == ["place acorn", "place shamrock"]
        state.apply(f"place {first}")
        assert state.forest == ["distelfink", first, second]
        assert state.time == 3, "two sets cost no time"
        assert state.stage == "setup" and state.row == []
        assert state.discard["shamrock"] >= 1 and state.discard["acorn"] >= 1


def test_a_set_that_must_wait_is_placed_after_the_other_one() -> None:
    state = position(forest=["acorn"], row=["acorn", "acorn", "shamrock", "shamrock"], deck=DECK)
    state.apply("end the round")
    assert state.forest == ["acorn", "shamrock", "acorn"]


def test_a_single_set_matching_the_last_forest_card_cannot_be_placed() -> None:
    state = position(
        forest=["shamrock", "acorn"], row=["acorn", "acorn", "wolf"], deck=DECK, time=4
    )
    state.apply("end the round")
    assert state.forest == ["shamrock", "acorn"]
    assert state.time == 4, "one set (even a lost one) costs no time"
    assert any("cannot go next to" in m for m in state.messages)


def test_no_set_costs_one_time() -> None:
    state = position(row=["acorn", "shamrock", "owl"], deck=DECK, time=2)
    state.apply("end the round")
    assert state.time == 3 and state.forest == []


def test_three_sets_are_all_placed_and_cost_one_time() -> None:
    row = ["acorn", "acorn", "shamrock", "shamrock", "distelfink", "distelfink"]
    state = position(forest=["acorn"], row=row, deck=DECK, time=2)
    state.apply("end the round")
    assert state.legal_actions() == ["place shamrock", "place distelfink"]
    state.apply("place shamrock")
    assert state.legal_actions() == ["place acorn", "place distelfink"]
    state.apply("place distelfink")
    assert state.forest == ["acorn", "shamrock", "distelfink", "acorn"]
    assert state.time == 3


def test_a_fright_pair_costs_one_time_and_ends_the_round() -> None:
    state = position(row=["acorn", "wolf"], deck=DECK, time=5)
    draw(state, "wolf")
    assert state.time == 6
    assert state.row == [] and state.stage == "setup"
    assert state.discard["wolf"] >= 2 and state.discard["acorn"] >= 1


def test_the_third_kind_of_animal_costs_two_time() -> None:
    state = position(row=["acorn", "wolf", "owl"], deck=DECK, time=5)
    draw(state, "bat")
    assert state.time == 7 and state.row == []


def test_round_setup_discards_a_would_be_penalty_without_cost() -> None:
    state = position(row=["wolf"], deck=DECK, stage="setup", want_draw=True, time=1)
    draw(state, "wolf")
    assert state.row == ["wolf"] and state.time == 1
    draw(state, "owl")
    assert state.row == ["wolf", "owl"]
    draw(state, "bat")
    assert state.row == ["wolf", "owl"] and state.time == 1
    assert state.current_player() == CHANCE, "setup goes on until a Progress card"
    draw(state, "acorn")
    assert state.stage == "play" and state.legal_actions() == ["draw", "end the round"]


def test_the_ninth_forest_card_wins_at_once() -> None:
    forest = ["acorn", "shamrock"] * 4
    row = ["distelfink", "distelfink", "acorn", "acorn", "shamrock", "shamrock"]
    state = position(forest=forest, row=row, deck=[{"wolf": 2, "owl": 2}], time=11)
    state.apply("end the round")
    state.apply("place distelfink")
    assert state.is_terminal() and state.returns() == [1.0]
    assert state.time == 11, "the win comes before the three-set penalty"
    assert "Bridge" in state.end_reason()


def test_the_clock_reaching_twelve_loses_at_once() -> None:
    state = position(row=["acorn", "wolf"], deck=DECK, time=11)
    draw(state, "wolf")
    assert state.is_terminal() and state.returns() == [0.0]
    assert "12" in state.end_reason()


def test_an_empty_deck_is_rebuilt_from_the_discard_pile() -> None:
    state = position(row=["acorn"], deck=[])
    assert state.deck_size == 0
    state.apply("draw")
    assert state.shuffles == 1 and state.discard == {}
    assert state.current_player() == CHANCE
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)


def test_too_many_shuffles_end_the_game_lw12() -> None:
    state = position(row=["acorn"], deck=[], shuffles=3, options={"max_shuffles": 3})
    state.apply("draw")
    assert state.is_terminal() and state.returns() == [0.0]
    assert "LW12" in state.end_reason()


def test_no_cards_left_anywhere_ends_the_round_lw10() -> None:
    # A custom box small enough that every card can sit in the Forest and Fright rows.
    counts = {
        "progress": {"acorn": 4, "shamrock": 4, "distelfink": 2},
        "fright": {"wolf": 1, "owl": 0, "bat": 0},
        "event": dict.fromkeys(EVENTS, 0),
    }
    game = LostInTheWoodsGame(Box.from_dict(counts, "test"))
    forest = ["acorn", "shamrock", "acorn", "shamrock"]
    row = ["acorn", "acorn", "shamrock", "shamrock", "distelfink", "distelfink", "wolf"]
    state = position(forest=forest, row=row, deck=[], game=game, time=1)
    state.apply("draw")
    assert any("empty" in m for m in state.messages)
    assert state.legal_actions() == ["place acorn", "place distelfink"]
    state.apply("place acorn")
    state.apply("place distelfink")
    assert state.forest[4:] == ["acorn", "distelfink", "shamrock"]
    assert len(state.forest) == 7 and state.time == 2, "three sets placed, three sets cost 1"


def test_table_deck_refuses_a_card_that_cannot_be_in_the_deck() -> None:
    state = position(row=["acorn", "wolf"], deck=[{"acorn": 2, "owl": 1}], want_draw=True)
    before = state.to_dict()
    with pytest.raises(IllegalAction) as err:
        state.apply("drawn: wolf")
    text = str(err.value)
    assert "Wolf" in text and "discard pile" in text and "Fright row" in text
    assert state.to_dict() == before
    with pytest.raises(IllegalAction, match="no 'unicorn' card"):
        state.apply("drawn: unicorn")


def test_table_deck_explains_cards_waiting_under_the_horseman_segment() -> None:
    state = position(deck=[{"acorn": 2}, {"wolf": 4}], stage="setup", want_draw=True)
    with pytest.raises(IllegalAction, match="Headless Horseman put under the deck"):
        state.apply("drawn: wolf")


def test_digital_deck_shuffles_by_chance_and_then_deals_in_order() -> None:
    state = GAME.new_initial_state(1, {"deck": "digital"}, seed=1)
    assert state.current_player() == CHANCE
    assert all(a.startswith("shuffled: ") for a in state.legal_actions())
    total = GAME.box.total
    for _ in range(total):
        assert state.is_chance_node()
        state.apply(state.legal_actions()[0])
    assert state.current_player() == 0, "the app deals round setup by itself"
    assert (
        state.order is not None and len(state.order) + len(state.row) + state.discard_size == total
    )
    view = state.knowledge_view()
    assert view.order is None and view.options["deck"] == "table"
    assert view.segments == state.segments


def test_actions_that_are_not_legal_say_what_is() -> None:
    state = position(row=["acorn"], deck=DECK)
    with pytest.raises(IllegalAction, match="'draw'"):
        state.apply("use the torch")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s["forest"].extend(["acorn", "acorn"]), "neighbours must differ"),
        (lambda s: s["discard"].update(acorn=1), "Acorn card"),
        (lambda s: s.update(time=13), "time must be"),
        (lambda s: s["row"].append("gravestone"), "row"),
        (lambda s: s.update(stage="dancing"), "stage"),
        (lambda s: s.update(order=["acorn"]), "table deck has no known card order"),
        (lambda s: s["segments"].append({"owl": -1}), "positive count"),
    ],
)
def test_broken_saves_are_refused_with_a_reason(change, message) -> None:  # type: ignore[no-untyped-def]
    data = position(row=["acorn"], deck=DECK).to_dict()
    change(data["state"])
    with pytest.raises(InvalidState, match=message):
        GAME.state_from_dict(data)


def test_a_save_caught_mid_step_is_refused() -> None:
    data = position(row=["acorn"], deck=DECK).to_dict()
    data["state"]["ending"] = True
    with pytest.raises(InvalidState, match="part-way"):
        GAME.state_from_dict(data)
