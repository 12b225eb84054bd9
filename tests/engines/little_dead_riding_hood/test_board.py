"""The lane grid, tile legality and the rulebook's board explanation."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engines.base import IllegalAction
from companion.engines.little_dead_riding_hood.board import Board
from companion.engines.little_dead_riding_hood.state import LdrhState
from tests.engines.little_dead_riding_hood.scenario import (
    card_turn,
    column,
    give,
    lay,
    new_game,
    play,
    set_bullets,
    task,
    texts,
)


@pytest.mark.parametrize(
    ("players", "columns", "lanes"),
    [
        (2, 5, (1, 3)),
        (3, 7, (1, 3, 5)),
        (4, 9, (1, 3, 5, 7)),
        (5, 11, (1, 3, 5, 7, 9)),
    ],
)
def test_one_lane_column_per_player_with_spare_columns_between_and_outside(
    players: int, columns: int, lanes: tuple[int, ...]
) -> None:
    state = new_game(players)
    assert state.board.columns == columns
    assert state.board.rows == 10
    assert state.board.lane_columns == lanes
    assert state.pawns == [(-1, c) for c in lanes]


def _board() -> Board:
    board = Board(10, 7, (1, 3, 5))
    for row in range(3):
        board.tiles[(row, 1)] = "path-plain"
    return board


def test_first_tile_past_a_start_is_a_path_piece_on_the_start_line() -> None:
    board = _board()
    assert board.placement_problem("path-plain", (0, 3)) is None
    assert (
        board.placement_problem("obstacle", (0, 3)) == "no obstacle may be placed on the first row"
    )
    # a spare column's first-row space needs a neighbour, and never takes an obstacle
    assert board.placement_problem("path-plain", (0, 2)) is None
    assert (
        board.placement_problem("obstacle", (0, 2)) == "no obstacle may be placed on the first row"
    )
    assert (
        board.placement_problem("path-plain", (5, 5)) == "row 6 col 6 does not touch a placed tile"
    )
    assert board.placement_problem("path-plain", (1, 1)) == "row 2 col 2 already holds a tile"
    assert board.placement_problem("path-plain", (10, 1)) == "row 11 col 2 is off the board"


def test_tiles_may_grow_off_any_tile_but_only_one_obstacle_per_tile() -> None:
    board = _board()
    # "Y" spaces: any empty space touching a tile (not only in your own lane)
    assert (1, 2) in board.legal_placements("path-plain")
    assert (3, 1) in board.legal_placements("obstacle")
    board.tiles[(3, 1)] = "obstacle"
    # "X" spaces: a second obstacle off the tile at row 3 col 2 is illegal
    assert board.placement_problem("obstacle", (2, 0)) == "a tile may touch at most one obstacle"
    assert board.placement_problem("obstacle", (2, 2)) == "a tile may touch at most one obstacle"
    # the obstacle may touch one other obstacle, but a path may not sit between two
    assert board.placement_problem("obstacle", (4, 1)) is None
    board.tiles[(3, 3)] = "obstacle"
    board.tiles[(2, 3)] = "path-plain"
    assert board.placement_problem("path-plain", (3, 2)) == "a tile may touch at most one obstacle"


def test_end_tiles_have_at_most_one_neighbour_and_no_pawn() -> None:
    board = _board()
    board.tiles[(1, 2)] = "obstacle"
    assert board.end_tiles(pawns=[]) == [(0, 1), (1, 2), (2, 1)]
    assert board.end_tiles(pawns=[(2, 1)]) == [(0, 1), (1, 2)]


def test_moving_back_means_one_step_nearer_the_start() -> None:
    board = _board()
    board.tiles[(1, 2)] = "path-plain"
    board.tiles[(1, 3)] = "path-plain"
    assert board.back_spaces((2, 1)) == [(1, 1)]
    assert board.back_spaces((1, 3)) == [(1, 2)]
    assert board.back_spaces((0, 1)) == [(-1, 1)]
    assert board.back_spaces((-1, 1)) == []


def _rulebook_board() -> LdrhState:
    """Three players; player 1's pawn on A = row 4 col 2; lanes 1 and 2 joined on row 4."""
    state = new_game(3)
    tiles = {**column(state, 0, 6), **column(state, 1, 7), **column(state, 2, 2)}
    tiles[(3, 2)] = "path-plain"  # the crossing into the middle lane
    tiles[(4, 2)] = "obstacle"
    lay(state, tiles, wolves=[(4, 3)])  # B*
    state.pawns[0] = (3, 1)  # A
    return state


B_SPACES = {(2, 1), (4, 1), (3, 2), (1, 1), (5, 1), (3, 3), (0, 1), (2, 3), (4, 3)}


def test_rulebook_b_spaces_reachable_from_a_with_a_movement_of_three() -> None:
    state = _rulebook_board()
    landing = state.board.landing_spaces(state.pawns[0], 3, state.other_pawns(0))
    assert set(landing) == B_SPACES
    assert set(landing) & state.board.wolves == {(4, 3)}  # B*: beat the wolf to end there


def _engine_landings(state: LdrhState, movement_card: str) -> set[tuple[int, int]]:
    """Every space the engine lets player 1 end on, winning each fight it starts."""
    card_turn(state, 0)
    state.apply(("move", movement_card))
    ends: set[tuple[int, int]] = set()
    frontier = [state]
    while frontier:
        s = frontier.pop()
        if s.steps and s.steps[-1].kind == "combat":
            stage = s.steps[-1].stage
            s = s.child(("fight", 1, "") if stage == "commit" else ("bag", "bullet"))
            frontier.append(s)
            continue
        if not s.steps or s.steps[-1].kind != "move":
            ends.add(s.pawns[0])
            continue
        for action in s.legal_actions():
            if action == ("stop",):
                ends.add(s.pawns[0])
            else:
                frontier.append(s.child(action))
    return ends


def test_engine_movement_lands_exactly_on_the_b_spaces() -> None:
    state = _rulebook_board()
    give(state, 0, ["wolf:3"])
    ends = _engine_landings(state, "wolf:3") - {(3, 1)}
    assert ends == B_SPACES


def test_the_wolf_on_b_star_must_be_fought_before_ending_there() -> None:
    state = _rulebook_board()
    state.pawns[0] = (3, 3)
    give(state, 0, ["wolf:3"])
    card_turn(state, 0)
    play(state, "move with Wolf!!! (3)", "step to row 5 col 4")
    assert state.steps[-1].kind == "combat"
    assert texts(state)[:3] == [
        "fight with 1 bullet",
        "fight with 2 bullets",
        "fight with 3 bullets",
    ]
    play(state, "fight with 2 bullets", "draw the wolf from the bag")
    assert state.pawns[0] == (3, 3)  # back to the tile it came from
    assert state.bullets[0] == 1  # committed bullets are gone whatever the result
    # two moves left: try again
    play(state, "step to row 5 col 4", "fight with 1 bullet", "draw a bullet from the bag")
    assert state.pawns[0] == (4, 3) and (4, 3) not in state.board.wolves
    assert state.bullets[0] == 0
    play(state, "stop moving")
    assert state.phase == "over" or state.steps[-1].kind != "move"


def test_without_bullets_a_wolf_space_cannot_be_entered() -> None:
    state = _rulebook_board()
    give(state, 0, ["wolf:3"])
    set_bullets(state, 0, 0)
    card_turn(state, 0)
    play(state, "move with Wolf!!! (3)", "step to row 4 col 3", "step to row 4 col 4")
    assert "step to row 5 col 4" not in texts(state)
    with pytest.raises(IllegalAction, match="'step to row 5 col 4' is not possible now"):
        state.apply(("step", 4, 3))


def test_pawns_may_be_passed_but_not_shared() -> None:
    state = _rulebook_board()
    state.pawns[1] = (2, 1)
    give(state, 0, ["wolf:1"])
    card_turn(state, 0)
    play(state, "move with Wolf!!! (1)")
    assert "step to row 3 col 2" not in texts(state)  # one step would end on player 2
    state = _rulebook_board()
    state.pawns[1] = (2, 1)
    give(state, 0, ["wolf:2"])
    card_turn(state, 0)
    play(state, "move with Wolf!!! (2)", "step to row 3 col 2")
    assert "stop moving" not in texts(state)
    play(state, "step to row 2 col 2")  # the last step: the move ends there
    assert state.pawns[0] == (1, 1)
    assert not any(t.kind == "move" for t in state.steps)


def test_the_first_pawn_on_a_path_piece_in_row_ten_wins() -> None:
    state = new_game(2)
    lay(state, column(state, 1, 10))
    state.pawns[1] = (7, 3)
    give(state, 1, ["wolf:3"])
    card_turn(state, 1)
    play(state, "move with Wolf!!! (3)", "step to row 9 col 4", "step to row 10 col 4")
    assert state.is_terminal()
    assert state.returns() == [0.0, 1.0]
    assert state.end_reason() == "player 2 reached Grandma's house"


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["path-plain", "obstacle"]), st.integers(0, 500)), max_size=60
    )
)
def test_any_sequence_of_legal_placements_keeps_the_obstacle_rule(
    draws: list[tuple[str, int]],
) -> None:
    board = Board(10, 7, (1, 3, 5))
    for kind, pick in draws:
        spots = board.legal_placements(kind)
        if spots:
            board.tiles[spots[pick % len(spots)]] = kind
        assert board.obeys_obstacle_rule()
        for any_kind in ("path-plain", "obstacle"):  # the fast scan agrees with the rule text
            assert board.legal_placements(any_kind) == [
                (r, c)
                for r in range(10)
                for c in range(7)
                if board.placement_problem(any_kind, (r, c)) is None
            ]
        assert all(row > 0 for (row, _), k in board.tiles.items() if k == "obstacle")
        # every tile grew from the start line: the tiles form pieces touching row 1
        assert all(board.tile_neighbours(c) or c[0] == 0 for c in board.tiles)


def test_board_state_from_task_names_the_phase() -> None:
    state = new_game(2)
    task(state, "helpers", type="choose-helper", player=1, chosen=None, window=[])
    assert state.current_player() == 1
    assert state.prompt() == "Player 2 chooses a helper."
    lines = state.describe()
    assert lines[0] == "Player 2 chooses a helper."
    assert lines[1] == "Round 1: Player 1 holds the marker"
    assert lines[2].startswith("Player 1: start col 2, 3 bullets, no helper; Who's Been Sitting")
