"""Combat odds (LD4-LD7), the shared bag maths and its fairness."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engines.little_dead_riding_hood.bag import (
    BULLET,
    WOLF,
    BagContents,
    chi_square_sf_1dof,
    chi_square_two_cells,
    draw_from,
    fill_bag,
    win_probability,
)
from tests.engines.little_dead_riding_hood.scenario import (
    column,
    lay,
    new_game,
    play,
    set_bullets,
    task,
    texts,
)

FAIRNESS_DRAWS = 44_671
"""Enough draws per bag to detect a one-percentage-point bias (issue 7)."""


@pytest.mark.parametrize("bullets", range(1, 11))
def test_engine_chance_node_gives_k_over_k_plus_one(bullets: int) -> None:
    state = new_game(2)
    lay(state, column(state, 0, 2), wolves=[(1, 1)])
    state.pawns[0] = (1, 1)
    set_bullets(state, 0, bullets)
    task(state, "combat", type="combat", player=0, back_to=None, stage="commit", bullets=0, bag=0)
    state.apply(("fight", bullets, ""))
    odds = dict(state.chance_outcomes())
    assert math.isclose(odds[("bag", BULLET)], bullets / (bullets + 1))
    assert math.isclose(odds[("bag", WOLF)], 1 / (bullets + 1))


def test_bag_contents_and_cake_and_wine() -> None:
    assert fill_bag(3) == BagContents(bullets=3)
    assert fill_bag(3, cake_and_wine=True) == BagContents(bullets=6)
    assert fill_bag(3, cake_and_wine=True, supply=1) == BagContents(bullets=4)
    assert fill_bag(3, cake_and_wine=True, supply=0) == BagContents(bullets=3)
    with pytest.raises(ValueError, match="at least one bullet"):
        fill_bag(0)
    with pytest.raises(ValueError, match="'bullet' or 'wolf'"):
        BagContents(2).probability("acorn")


def test_once_upon_a_time_redraw_odds() -> None:
    bag = BagContents(bullets=1)
    assert math.isclose(win_probability(bag), 0.5)
    assert math.isclose(win_probability(bag, redraws=1), 0.75)
    assert math.isclose(win_probability(BagContents(bullets=4), redraws=2), 1 - 1 / 125)


@given(st.integers(1, 60), st.booleans())
def test_outcomes_are_a_distribution_favouring_more_bullets(bullets: int, cake: bool) -> None:
    bag = fill_bag(bullets, cake)
    odds = dict(bag.outcomes())
    assert math.isclose(sum(odds.values()), 1.0)
    assert odds[BULLET] == bag.bullets / (bag.bullets + 1)
    assert fill_bag(bullets + 1, cake).probability(BULLET) > odds[BULLET]


def test_no_bullets_no_combat_the_pawn_moves_back() -> None:
    state = new_game(2)
    lay(state, {**column(state, 0, 3), (1, 2): "path-plain", (1, 0): "path-plain"}, wolves=[(2, 1)])
    state.pawns[0] = (2, 1)
    set_bullets(state, 0, 0)
    task(state, "combat", type="combat", player=0, back_to=None, stage="commit", bullets=0, bag=0)
    assert texts(state) == ["move back to row 2 col 2"]
    play(state, "move back to row 2 col 2")
    assert state.pawns[0] == (1, 1) and state.board.wolves == {(2, 1)}


def test_pre_movement_combat_runs_from_the_starting_player_clockwise() -> None:
    state = new_game(3, hands=[[], [], []])
    lay(state, {**column(state, 0, 2), **column(state, 2, 2)}, wolves=[(1, 1), (1, 5)])
    state.pawns[0], state.pawns[2] = (1, 1), (1, 5)
    state.start_player = 2
    state.invalidate()
    # player 3 holds the starting marker: helpers and combat both start there
    play(state, "choose The Youngest Brother", "choose the Fairy Godmother")
    play(state, "Fairy Godmother: done", "take nothing", "take nothing")
    play(state, "choose the Prince", "Prince: done")
    assert state.phase == "combat"
    assert state.current_player() == 2
    play(state, "fight with 1 bullet", "draw a bullet from the bag")
    assert state.current_player() == 0
    play(state, "fight with 3 bullets", "draw the wolf from the bag")
    assert texts(state) == ["move back to row 1 col 2"]


def test_a_bullet_shared_with_a_wolf_is_taken_after_the_kill() -> None:
    state = new_game(2)
    lay(state, column(state, 0, 3), wolves=[(1, 1)], bullets=[(1, 1)])
    state.pawns[0] = (1, 1)
    task(state, "combat", type="combat", player=0, back_to=None, stage="commit", bullets=0, bag=0)
    play(state, "fight with 1 bullet", "draw a bullet from the bag")
    assert state.bullets[0] == 3 and not state.board.bullets


def test_chi_square_survival_function_matches_tables() -> None:
    assert chi_square_sf_1dof(0.0) == 1.0
    assert math.isclose(chi_square_sf_1dof(3.841458820694124), 0.05, rel_tol=1e-9)
    assert math.isclose(chi_square_sf_1dof(6.634896601021214), 0.01, rel_tol=1e-9)
    assert math.isclose(chi_square_sf_1dof(10.827566170662733), 0.001, rel_tol=1e-9)
    assert math.isclose(chi_square_sf_1dof(1.0), 0.31731050786291415, rel_tol=1e-12)
    with pytest.raises(ValueError):
        chi_square_sf_1dof(-1.0)


def test_chi_square_statistic_rejects_a_biased_count() -> None:
    bag = BagContents(bullets=1)
    assert chi_square_two_cells(50, 100, bag) == 0.0
    # one point of bias over the fairness sample is caught at alpha = 0.001
    biased = round(FAIRNESS_DRAWS * 0.5 + FAIRNESS_DRAWS * 0.01)
    assert chi_square_sf_1dof(chi_square_two_cells(biased, FAIRNESS_DRAWS, bag)) < 0.001


@pytest.mark.parametrize("bullets", range(1, 11))
def test_bag_draws_are_fair(bullets: int) -> None:
    bag = BagContents(bullets=bullets)
    rng = random.Random(7_000 + bullets)
    wolves = sum(draw_from(bag, rng) == WOLF for _ in range(FAIRNESS_DRAWS))
    p_value = chi_square_sf_1dof(chi_square_two_cells(wolves, FAIRNESS_DRAWS, bag))
    assert p_value > 0.001, (bullets, wolves, p_value)
