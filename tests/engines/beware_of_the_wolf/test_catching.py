"""Before a spin: each unprotected pawn's chance of being caught (issue 17, item 8)."""

from __future__ import annotations

import math

from companion.commands.odds import odds_module
from companion.engines.beware_of_the_wolf import (
    GAME,
    catch_odds,
    default_board,
    odds_words,
    spin_outcome,
    spinner_weights,
)
from companion.engines.beware_of_the_wolf.catching import ENOUGH_SPINS
from tests.engines.beware_of_the_wolf.helpers import position


def test_a_space_is_caught_over_its_width_plus_the_midline_on_both_sides() -> None:
    # "If the wolf's snout points exactly at the midline between two spaces, both spaces
    # are affected." An outer space is 11.25 degrees wide; with a 2-degree midline the
    # snout catches it from 15 whole degrees of the 360.
    board = default_board()
    (odds,) = catch_odds(board, [(1, "o11")], 2.0)
    assert odds.player == 1 and odds.space == "o11"
    assert math.isclose(odds.chance, 15 / 360)
    (narrow,) = catch_odds(board, [(1, "o11")], 0.0)
    assert narrow.chance < odds.chance


def test_the_odds_are_the_engines_own_spin_counted_outcome_by_outcome() -> None:
    state = position(["o3", "o11"], phase="spin", roll="wolf", turn=0)
    caught = 0.0
    for action, probability in state.chance_outcomes():
        after = state.clone()
        after.apply(action)
        if after.positions[1] != "o11":
            caught += probability
    before = position(["o3", "o11"], phase="spin-choice", roll="wolf", turn=0)
    (odds,) = before.view().table.catch_odds
    assert math.isclose(odds.chance, caught)


def test_only_pawns_a_spin_could_catch_are_listed_and_only_before_the_spin() -> None:
    # "If the wolf's snout points at a space where other players stand unprotected ..."
    # the spinner (BW11) and a pawn behind a tree (o2) are safe; a pawn in its house too.
    state = position(["o3", "o2", "o11", None], phase="spin-choice", roll="wolf", turn=0)
    assert [o.player for o in state.view().table.catch_odds] == [2]
    hits_spinner = position(
        ["o3", "o11"], phase="spin-choice", roll="wolf", options={"wolf_hits_spinner": True}
    )
    assert [o.player for o in hits_spinner.view().table.catch_odds] == [1, 0]
    assert position(["o3", "o11"], phase="spin", roll="wolf").view().table.catch_odds == ()
    assert position(["o3", "o11"], phase="roll").view().table.catch_odds == ()


def test_the_owners_spinner_weighs_the_degrees_once_it_has_enough_spins() -> None:
    assert spinner_weights([125.0] * (ENOUGH_SPINS - 1)) is None
    weights = spinner_weights([125.0] * 100)
    assert weights is not None and len(weights) == 360
    assert math.isclose(sum(weights), 1.0)
    assert weights[125] > weights[300] > 0  # a sector never seen is unlikely, not impossible
    board = default_board()
    (fair,) = catch_odds(board, [(1, "o11")], 2.0)
    (worn,) = catch_odds(board, [(1, "o11")], 2.0, weights)
    (far,) = catch_odds(board, [(1, "o27")], 2.0, weights)
    assert worn.chance > 0.5 > fair.chance > far.chance


def test_the_odds_in_player_words() -> None:
    state = position(["o3", "o11", "o19"], phase="spin-choice", roll="wolf", turn=0)
    state.names = ["Ada", "Ben", "Cleo"]
    odds = state.view().table.catch_odds
    words = odds_words(odds, state.player_name)
    assert words == "If the wolf is spun, it catches Ben 4%, Cleo 4% (on a fair spinner)."
    assert "last 80 spins" in odds_words(odds, state.player_name, 80)
    assert odds_words((), state.player_name) == ""


def test_a_spin_that_catches_nobody_says_so() -> None:
    state = position(["o3", "o11"], phase="spin", roll="wolf", turn=0)
    state.apply(spin_outcome(300.0))
    assert [line.text for line in state.view().log][-1] == "The wolf catches nobody."
    hit = position(["o3", "o11"], phase="spin", roll="wolf", turn=0)
    hit.apply(spin_outcome(124.0))
    assert "catches nobody" not in " ".join(line.text for line in hit.view().log)
    assert GAME.id == "beware-of-the-wolf"


def test_the_catch_odds_are_not_mistaken_for_a_win_rate_provider() -> None:
    # `companion odds GAME` loads a package's `odds` module; the catch odds are not one.
    assert odds_module("beware-of-the-wolf") is None
