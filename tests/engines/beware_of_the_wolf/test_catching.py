"""Before a spin: each unprotected pawn's chance of being caught (issue 17, item 8)."""

from __future__ import annotations

import math

import pytest

from companion.commands.odds import odds_module
from companion.engines.beware_of_the_wolf import (
    GAME,
    Board,
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
    assert "from your spinner's last 80 spins" in odds_words(odds, state.player_name, 80)
    assert odds_words((), state.player_name) == ""


def test_a_spin_that_catches_nobody_says_so() -> None:
    state = position(["o3", "o11"], phase="spin", roll="wolf", turn=0)
    state.apply(spin_outcome(300.0))
    assert [line.text for line in state.view().log][-1] == "The wolf catches nobody."
    hit = position(["o3", "o11"], phase="spin", roll="wolf", turn=0)
    hit.apply(spin_outcome(124.0))
    assert "catches nobody" not in " ".join(line.text for line in hit.view().log)
    assert GAME.id == "beware-of-the-wolf"


def test_companion_odds_finds_the_catch_odds_as_chance_rows() -> None:
    # `companion odds GAME` loads a package's `odds` module: here it offers chance rows.
    module = odds_module("beware-of-the-wolf")
    assert module is not None and hasattr(module, "chance_rows")
    assert not hasattr(module, "win_rates")


# -- the rulebook's catching rule, brute force ------------------------------------------------
def rulebook_zone(board: Board, snout: float, midline: float) -> set[str]:
    """The catching rule straight from the geometry, written apart from ``Board``: the space
    each ring's snout line falls in ("points at a space"), and both spaces beside an edge
    within ``midline`` degrees of it ("exactly at the midline between two spaces")."""

    def off(a: float, b: float) -> float:
        return abs((a - b + 180.0) % 360.0 - 180.0)

    zone = set()
    for ring in ("outer", "inner"):
        spaces = [s for s in board.spaces if s.ring == ring]
        zone.add(min(spaces, key=lambda s: off(snout, s.angle) / s.half_width).id)
        edges = []
        for s in spaces:
            for edge in (s.angle - s.half_width, s.angle + s.half_width):
                side = [t.id for t in spaces if off(edge, t.angle) <= t.half_width + 0.25]
                edges.append((off(snout, edge), side))
        near, side = min(edges, key=lambda e: e[0])
        if near <= midline:
            zone.update(side)
    return zone


@pytest.mark.parametrize("midline", [0.0, 2.0, 5.0])
def test_every_whole_degree_catches_what_the_rulebook_rule_says(midline: float) -> None:
    board = default_board()
    for degrees in range(360):
        assert board.guarded(float(degrees), midline) == rulebook_zone(board, degrees, midline), (
            degrees
        )


@pytest.mark.parametrize("midline", [0.0, 2.0])
def test_the_shown_odds_match_an_angle_sweep_of_the_rulebook_rule(midline: float) -> None:
    # Count the whole-degree resting places by the rule above (the engine's own spin), and
    # sweep the snout every 0.05 degrees (a real spinner): a space's width plus the midline
    # on both sides.  The shown odds are the whole-degree count exactly, and within two
    # degrees' worth of the continuous sweep.
    board = default_board()
    open_spaces = [s.id for s in board.spaces if not s.tree]
    shown = {o.space: o.chance for o in catch_odds(board, [(0, s) for s in open_spaces], midline)}
    steps = 7200
    swept = dict.fromkeys(open_spaces, 0)
    whole = dict.fromkeys(open_spaces, 0)
    for k in range(steps):
        for space in rulebook_zone(board, k * 360 / steps, midline) & swept.keys():
            swept[space] += 1
            if k % 20 == 0:
                whole[space] += 1
    for space in open_spaces:
        assert math.isclose(shown[space], whole[space] / 360), space
        width = 2 * board.by_id[space].half_width + 2 * midline
        assert math.isclose(swept[space] / steps, width / 360, abs_tol=0.5 / 360), space
        assert abs(shown[space] - swept[space] / steps) <= 2 / 360, space
