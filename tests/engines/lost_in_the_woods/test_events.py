"""All eight events with their choices (rulebook "Event Cards" and LW3, LW5-LW9)."""

from __future__ import annotations

from companion.engines.base import CHANCE
from companion.engines.lost_in_the_woods import GAME
from tests.engines.lost_in_the_woods.scenario import DECK, draw, position


def test_wishing_well_trades_a_set_for_one_time() -> None:
    state = position(row=["acorn", "acorn", "shamrock"], deck=DECK, time=5)
    draw(state, "well")
    assert state.legal_actions() == ["use the well on acorn", "skip the well"]
    state.apply("use the well on acorn")
    assert state.row == ["shamrock"] and state.time == 4 and state.well_used
    assert state.event is None and state.discard["well"] >= 1


def test_wishing_well_works_once_per_round() -> None:
    state = position(row=["acorn", "acorn", "shamrock", "shamrock"], deck=DECK, time=5)
    draw(state, "well")
    state.apply("use the well on shamrock")
    draw(state, "acorn")
    draw(state, "well")
    assert state.legal_actions() == ["draw", "end the round"], "a second Well does nothing"
    assert any("already used" in m for m in state.messages)
    assert state.time == 4


def test_a_declined_well_does_not_use_up_the_round() -> None:
    state = position(row=["acorn", "acorn"], deck=DECK, time=5)
    draw(state, "well")
    state.apply("skip the well")
    assert not state.well_used and state.row == ["acorn", "acorn"] and state.time == 5


def test_wishing_well_never_turns_the_clock_below_zero() -> None:
    state = position(row=["acorn", "acorn"], deck=DECK, time=0)
    draw(state, "well")
    state.apply("use the well on acorn")
    assert state.time == 0 and state.row == []


def test_wishing_well_without_a_set_does_nothing() -> None:
    state = position(row=["acorn", "shamrock"], deck=DECK, time=5)
    draw(state, "well")
    assert state.legal_actions() == ["draw", "end the round"] and state.time == 5


def test_the_well_is_usable_again_next_round() -> None:
    state = position(row=["acorn"], deck=DECK, well_used=True, time=3)
    state.apply("end the round")
    assert not state.well_used


NO_TORCH = [{k: n for k, n in DECK[0].items() if k != "torch"}]
"""The Journey deck while the box's one Torch is set aside."""
TORCH_SENTENCE = (
    "Once set aside, you can use it at anytime to discard all Fright cards from the Fright row."
)


def test_a_lit_torch_can_be_used_later_in_the_round_it_was_lit() -> None:
    """Torch: "Once set aside, you can use it at anytime to discard all Fright cards from
    the Fright row." (LW6, corrected: also later in the round in which it was lit.)"""
    state = position(row=["acorn", "wolf", "owl"], deck=DECK, time=2)
    draw(state, "torch")
    assert state.legal_actions() == ["light the torch (1 time)", "discard the torch"]
    state.apply("light the torch (1 time)")
    assert state.time == 3 and state.torch_ready == 1
    assert "use the torch" in state.legal_actions(), TORCH_SENTENCE
    state.apply("use the torch")
    assert state.row == ["acorn"] and state.torch_ready == 0 and state.round == 3
    assert state.discard["torch"] == 1 and state.discard["wolf"] >= 1
    assert "use the torch" not in state.legal_actions(), "once used, the Torch is discarded"
    assert state.time == 3, "using the Torch costs no time"


def test_a_lit_torch_stays_set_aside_into_later_rounds() -> None:
    """Torch: "Once set aside, you can use it at anytime ..." - not only in its own round."""
    state = position(row=["acorn", "wolf"], deck=NO_TORCH, torch_ready=1, time=2)
    state.apply("end the round")
    assert state.torch_ready == 1
    draw(state, "bat")
    draw(state, "acorn")
    assert "use the torch" in state.legal_actions()
    state.apply("use the torch")
    assert state.row == ["acorn"] and state.torch_ready == 0


def test_a_torch_lit_in_round_setup_is_usable_once_play_begins() -> None:
    state = position(row=["wolf", "owl"], deck=DECK, stage="setup", want_draw=True, time=2)
    draw(state, "torch")
    state.apply("light the torch (1 time)")
    draw(state, "shamrock")
    assert state.legal_actions() == ["draw", "end the round", "use the torch"]


def test_the_torch_is_offered_only_with_a_fright_card_to_drive_away() -> None:
    state = position(row=["acorn"], deck=NO_TORCH, torch_ready=1, time=2)
    assert state.legal_actions() == ["draw", "end the round"]


def test_a_save_from_before_the_torch_fix_loads_its_lit_torch_as_usable() -> None:
    data = position(row=["acorn", "wolf"], deck=NO_TORCH, torch_ready=1).to_dict()
    data["state"]["torch_ready"] = 0
    data["state"]["torch_lit"] = 1
    state = GAME.state_from_dict(data)
    assert state.torch_ready == 1 and "use the torch" in state.legal_actions()
    assert "torch_lit" not in state.to_dict()["state"]


def test_an_unlit_torch_is_discarded() -> None:
    state = position(row=["acorn"], deck=DECK, time=2)
    draw(state, "torch")
    state.apply("discard the torch")
    assert state.time == 2 and state.torch_ready == 0 and state.discard["torch"] == 1


def test_compass_counts_as_a_chosen_symbol_for_one_time() -> None:
    state = position(forest=["shamrock"], row=["acorn", "distelfink"], deck=DECK, time=4)
    draw(state, "compass")
    assert "compass" in state.row
    state.apply("end the round")
    assert state.legal_actions() == [
        "compass as acorn (1 time)",
        "compass as distelfink (1 time)",
        "skip the compass",
    ]
    state.apply("compass as acorn (1 time)")
    assert state.forest == ["shamrock", "acorn"]
    assert state.time == 5, "1 for the Compass; one set costs nothing"
    assert state.discard["compass"] == 1


def test_an_unused_compass_leaves_no_set() -> None:
    state = position(row=["acorn", "compass"], deck=[{"wolf": 1}], time=4)
    state.apply("end the round")
    state.apply("skip the compass")
    assert state.time == 5 and state.forest == []


def test_lightning_discards_a_progress_card_of_the_players_choice() -> None:
    state = position(row=["acorn", "acorn", "shamrock"], deck=DECK)
    draw(state, "lightning")
    assert state.legal_actions() == ["lightning on acorn", "lightning on shamrock"]
    state.apply("lightning on acorn")
    assert state.row == ["acorn", "shamrock"]


def test_lightning_with_one_symbol_needs_no_choice() -> None:
    state = position(row=["acorn", "acorn"], deck=DECK)
    draw(state, "lightning")
    assert state.row == ["acorn"] and state.legal_actions() == ["draw", "end the round"]


def test_gravestone_costs_one_time_per_fright_card() -> None:
    state = position(row=["acorn", "wolf", "owl"], deck=DECK, time=3)
    draw(state, "gravestone")
    assert state.time == 5 and state.row == ["acorn", "wolf", "owl"]


def test_gravestone_can_end_the_game_mid_round() -> None:
    state = position(row=["acorn", "wolf", "owl"], deck=DECK, time=10)
    draw(state, "gravestone")
    assert state.is_terminal() and state.returns() == [0.0]


def test_signpost_moves_a_fitting_card_to_the_forest_and_ends_the_round() -> None:
    state = position(forest=["acorn"], row=["acorn", "shamrock", "wolf"], deck=DECK, time=2)
    draw(state, "signpost")
    assert state.legal_actions() == ["signpost shamrock (1 time)", "skip the signpost"]
    state.apply("signpost shamrock (1 time)")
    assert state.forest == ["acorn", "shamrock"] and state.time == 3
    assert state.row == [] and state.stage == "setup"


def test_a_signpost_card_as_the_ninth_forest_card_wins_lw3() -> None:
    forest = ["acorn", "shamrock"] * 4
    state = position(forest=forest, row=["distelfink"], deck=[{"wolf": 2, "signpost": 1}], time=5)
    draw(state, "signpost")
    state.apply("signpost distelfink (1 time)")
    assert state.is_terminal() and state.returns() == [1.0]


def test_scarecrow_clears_the_fright_row_without_cost() -> None:
    state = position(row=["acorn", "acorn", "wolf"], deck=DECK, time=6)
    draw(state, "scarecrow")
    assert state.time == 6 and state.row == [] and state.stage == "setup"
    assert state.current_player() == CHANCE


def test_headless_horseman_takes_the_last_forest_card_and_reshuffles_under_the_deck() -> None:
    top = {"acorn": 2, "wolf": 1}
    deck = [top | {"horseman": 1}]
    state = position(forest=["acorn", "shamrock"], row=["distelfink"], deck=deck, time=1)
    pile = dict(state.discard)
    draw(state, "horseman")
    assert state.forest == ["acorn"]
    expected = dict(pile)
    expected["shamrock"] = expected.get("shamrock", 0) + 1
    assert state.segments == [top, expected], "the old discard goes under the deck"
    assert state.discard == {"horseman": 1}, "the Horseman itself is discarded afterwards"
    assert state.shuffles == 1
    state.apply("draw")
    odds = dict(state.chance_outcomes())
    assert odds == {"drawn: acorn": 2 / 3, "drawn: wolf": 1 / 3}, "the top cards come first"


def test_headless_horseman_with_an_empty_forest_still_reshuffles() -> None:
    state = position(row=["acorn"], deck=[{"owl": 1, "horseman": 1}])
    draw(state, "horseman")
    assert state.forest == [] and len(state.segments) == 2


def test_events_during_round_setup_resolve_as_usual() -> None:
    state = position(row=["wolf", "owl"], deck=DECK, stage="setup", want_draw=True, time=2)
    draw(state, "gravestone")
    assert state.time == 4
    draw(state, "torch")
    assert state.legal_actions() == ["light the torch (1 time)", "discard the torch"]
    state.apply("discard the torch")
    assert state.current_player() == CHANCE and state.stage == "setup"
