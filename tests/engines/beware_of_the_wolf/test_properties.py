"""Properties over random games with random house rules, and the teach-the-board recorder."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engines.base import sample_chance
from companion.engines.beware_of_the_wolf import (
    GAME,
    HOUSE_STEP,
    BoardError,
    BoardTeacher,
    WolfState,
    parse_board_toml,
)

OPTIONS = st.fixed_dictionaries(
    {
        "die_faces": st.sampled_from(["1 2 3 4 5 wolf", "1 2 3 4 5 6", "1 2 wolf wolf", "3 wolf"]),
        "guard_blocks_passing": st.booleans(),
        "midline_tolerance": st.floats(min_value=0, max_value=10),
        "thrown_out": st.sampled_from(["home", "back4"]),
        "wolf_hits_spinner": st.booleans(),
        "round_limit": st.integers(min_value=20, max_value=60),
    }
)


def _open_spaces_hold_one_pawn(state: WolfState) -> None:
    seen: set[str] = set()
    for pos in state.positions:
        if pos is not None and not state.board.by_id[pos].tree:
            assert pos not in seen, state.positions
            seen.add(pos)


@settings(max_examples=40, deadline=None)
@given(options=OPTIONS, players=st.integers(min_value=2, max_value=4), seed=st.integers(0, 10**6))
def test_random_games_keep_the_rules_and_end(options: dict, players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.new_initial_state(players, options, seed=seed)
    assert isinstance(state, WolfState)
    for _ in range(GAME.max_game_length):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply(sample_chance(state, rng))
            _open_spaces_hold_one_pawn(state)
            continue
        action = rng.choice(state.legal_actions())
        mover, zone = state.turn, state.guarded_zone()
        before = state.quarters[mover]
        state.apply(action)
        _open_spaces_hold_one_pawn(state)
        if action[0] == "move" and action[-1] != HOUSE_STEP:
            end = action[-1]
            assert end not in zone or state.board.by_id[end].tree  # BW4
            assert state.quarters[mover] & before == before  # passing quarters only adds
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None and outcome.winners


def test_a_finished_game_has_one_winner_in_its_house() -> None:
    rng = random.Random(3)
    state = GAME.new_initial_state(3, seed=3)
    while not state.is_terminal():
        state.apply(
            sample_chance(state, rng)
            if state.is_chance_node()
            else rng.choice(state.legal_actions())
        )
    assert isinstance(state, WolfState)
    if state.end == "home":
        (winner,) = state.winners
        assert state.positions[winner] is None and state.round_complete(winner)


# -- teach the board ----------------------------------------------------------------------------
def _teach(outer: list[float], inner: list[float]) -> BoardTeacher:
    teacher = BoardTeacher(colours=("red", "blue"))
    for a in outer:
        teacher.tap(a)
    teacher.next_step()
    for a in inner:
        teacher.tap(a)
    teacher.next_step()
    return teacher


def _finish(
    teacher: BoardTeacher, house_angles: tuple[float, float], link_in: float, link_out: float
) -> None:
    teacher.next_step()  # no trees
    for a in house_angles:
        teacher.tap(a)
    teacher.tap(link_in)
    teacher.next_step()
    teacher.tap(link_out)
    teacher.next_step()


def test_teaching_a_board_walks_every_step_and_writes_a_valid_file() -> None:
    teacher = _teach([k * 30 - 15 for k in range(12)], [k * 60 - 30 for k in range(6)])
    assert teacher.step == "trees"
    teacher.tap(60)  # the space between the lines at 45 and 75
    teacher.tap(90)
    teacher.tap(90)  # tapped twice: no tree after all
    teacher.next_step()
    assert "red house" in teacher.prompt()
    teacher.tap(0.5)
    assert "blue house" in teacher.prompt()
    teacher.tap(180)
    assert teacher.step == "links-in"
    teacher.tap(30)
    teacher.next_step()
    teacher.tap(120)
    teacher.tap(300)
    teacher.next_step()
    board = teacher.board()
    assert [s.id for s in board.spaces if s.tree] == ["o3"]
    red = board.by_id[board.houses[0].space]
    assert red.angle == 0.0 and red.half_width == 15.0
    assert parse_board_toml(teacher.toml()) == board
    game = GAME.with_board(board)
    state = game.new_initial_state(2)
    assert state.chance_outcomes()


def test_teaching_refuses_taps_it_cannot_use() -> None:
    teacher = BoardTeacher()
    teacher.tap(10)
    with pytest.raises(BoardError, match="within 2 degrees of a line already tapped"):
        teacher.tap(11)
    with pytest.raises(BoardError, match="needs at least 4 lines; 1 tapped"):
        teacher.next_step()
    teacher.undo()
    assert teacher.bounds["outer"] == []
    with pytest.raises(BoardError, match="not finished"):
        teacher.board()


def test_teaching_refuses_two_houses_on_one_space() -> None:
    teacher = _teach([k * 30 - 15 for k in range(12)], [k * 60 - 30 for k in range(6)])
    teacher.next_step()
    teacher.tap(0)
    with pytest.raises(BoardError, match="already the red house's space"):
        teacher.tap(3)


def test_a_taught_board_without_a_way_into_the_inner_path_is_explained() -> None:
    teacher = _teach([k * 30 - 15 for k in range(12)], [k * 60 - 30 for k in range(6)])
    teacher.next_step()
    teacher.tap(0)
    teacher.tap(180)
    teacher.next_step()  # no arrows in
    teacher.next_step()  # no arrows out
    with pytest.raises(BoardError, match="cannot be reached along the arrows"):
        teacher.board()


def _spread(fractions: list[float]) -> list[float]:
    """Boundaries around the circle, one per slot of equal width, each jittered within
    the first half of its slot: taps stay apart and no gap is wider than two slots."""
    width = 360.0 / len(fractions)
    return [round(k * width + f * width, 3) for k, f in enumerate(fractions)]


@settings(max_examples=30, deadline=None)
@given(
    outer_jitter=st.lists(st.floats(0.0, 0.5), min_size=8, max_size=40),
    inner_jitter=st.lists(st.floats(0.0, 0.5), min_size=4, max_size=12),
)
def test_any_taught_rings_give_a_board_that_tiles_the_circle(
    outer_jitter: list[float], inner_jitter: list[float]
) -> None:
    cuts, inner_cuts = _spread(outer_jitter), _spread(inner_jitter)
    assert _widest_gap(cuts) <= 90 and _widest_gap(inner_cuts) <= 180
    teacher = _teach(cuts, inner_cuts)
    outer = teacher.ring_spaces("outer")
    first, second = outer[0][1], outer[len(outer) // 2][1]
    _finish(teacher, (first, second), link_in=first, link_out=teacher.ring_spaces("inner")[0][1])
    board = teacher.board()  # validated: rings tile, arrows lead on, every space reachable
    assert len(board.ring_order["outer"]) == len(cuts)
    assert parse_board_toml(teacher.toml()) == board


def _widest_gap(angles: list[float]) -> float:
    ordered = sorted(angles)
    return max((ordered[(i + 1) % len(ordered)] - a) % 360 for i, a in enumerate(ordered))


def test_a_space_wider_than_half_the_board_is_explained() -> None:
    teacher = _teach([0, 2, 4, 6], [0, 180])
    teacher.next_step()
    teacher.tap(1)
    teacher.tap(3)
    teacher.next_step()
    teacher.next_step()
    with pytest.raises(BoardError, match="half_width must be above 0 and at most 90"):
        teacher.board()
