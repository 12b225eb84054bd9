"""Which Beware of the Wolf board new games (and ``companion odds``) use, of the owner's two."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from companion import owner_box
from companion.devices.turntable.store import TurntableStore
from companion.engines.beware_of_the_wolf import GAME, board_to_toml
from companion.engines.beware_of_the_wolf.box_edits import with_tree_toggled
from companion.engines.beware_of_the_wolf.catching import CatchOdds
from companion.owner_board import board_setup

DAMAGED = GAME.box_text().replace('name = "', "name = 3 #", 1)
PLACE = "[board] name must be a non-empty text"


def named(prefix: str) -> str:
    return GAME.box_text().replace('name = "', f'name = "{prefix} ', 1)


def board_name(base: Path) -> str:
    setup, _ = board_setup(base)
    return GAME.with_setup(setup).board.name


def test_with_no_board_of_the_owners_the_shipped_board_is_used(tmp_path: Path) -> None:
    assert board_setup(tmp_path) == ({}, None)


def test_of_a_taught_and_a_my_box_board_the_one_saved_last_is_used(tmp_path: Path) -> None:
    taught = TurntableStore(tmp_path / "turntable").save_board_text(named("Taught"))
    mine = owner_box.save(tmp_path, GAME, named("Mine"))
    os.utime(taught, (1_000_000, 1_000_000))
    os.utime(mine, (2_000_000, 2_000_000))
    assert board_name(tmp_path).startswith("Mine ")
    os.utime(taught, (3_000_000, 3_000_000))
    assert board_name(tmp_path).startswith("Taught ")
    os.utime(mine, (3_000_000, 3_000_000))  # saved together: My box, the owner's last word
    assert board_name(tmp_path).startswith("Mine ")


def test_a_damaged_my_box_board_falls_back_to_the_taught_board(tmp_path: Path) -> None:
    TurntableStore(tmp_path / "turntable").save_board_text(named("Taught"))
    mine = owner_box.save(tmp_path, GAME, named("Mine"))
    mine.write_text(DAMAGED)
    setup, problem = board_setup(tmp_path)
    assert GAME.with_setup(setup).board.name.startswith("Taught ")
    assert problem is not None and f"({mine}: {PLACE})" in problem
    assert "your taught board is used until you save your box again" in problem
    assert "shipped" not in problem


def test_a_damaged_my_box_board_without_a_taught_one_falls_back_to_the_shipped(
    tmp_path: Path,
) -> None:
    owner_box.save(tmp_path, GAME, named("Mine")).write_text(DAMAGED)
    setup, problem = board_setup(tmp_path)
    assert setup == {}
    assert problem is not None and PLACE in problem
    assert "the board shipped in the box is used" in problem


def test_a_damaged_taught_board_falls_back_to_the_my_box_board(tmp_path: Path) -> None:
    mine = owner_box.save(tmp_path, GAME, named("Mine"))
    taught = TurntableStore(tmp_path / "turntable").save_board_text("[[[ not toml")
    os.utime(mine, (1_000_000, 1_000_000))  # the damaged taught board is the newer one
    setup, problem = board_setup(tmp_path)
    assert GAME.with_setup(setup).board.name.startswith("Mine ")
    assert problem is not None and str(taught) in problem
    assert problem.startswith("Your taught board could not be used")
    assert "your My box board is used" in problem


def test_both_boards_damaged_play_on_the_shipped_board_and_both_are_named(tmp_path: Path) -> None:
    mine = owner_box.save(tmp_path, GAME, named("Mine"))
    mine.write_text(DAMAGED)
    taught = TurntableStore(tmp_path / "turntable").save_board_text("[[[ not toml")
    setup, problem = board_setup(tmp_path)
    assert setup == {}
    assert problem is not None and str(taught) in problem and str(mine) in problem


def pawn_at_risk_before_a_spin(game: Any, space: str) -> tuple[CatchOdds, ...]:
    """The odds the screen shows before player 0 spins, with player 1's pawn on ``space``."""
    data = game.new_initial_state(2, None).to_dict()
    data["state"].update(
        phase="spin-choice",
        roll="wolf",
        turn=0,
        wolf=200,
        positions=["o3", space],
        houses=["red", "blue"],
        quarters=[1, 1],
    )
    view = game.state_from_dict(data).view()
    return tuple(view.table.catch_odds)


def test_the_odds_shown_in_a_game_come_from_that_games_board(tmp_path: Path) -> None:
    # Rulebook: "If the wolf's snout points at a space where other players stand
    # unprotected, that player must move their game piece back 4 spaces on the outer path."
    (odds,) = pawn_at_risk_before_a_spin(GAME, "o11")
    assert odds.player == 1 and odds.chance > 0
    board = with_tree_toggled(GAME.board, "o11")  # the owner's box: a tree on that space
    owner_box.save(tmp_path, GAME, board_to_toml(board))
    setup, _ = board_setup(tmp_path)
    assert pawn_at_risk_before_a_spin(GAME.with_setup(setup), "o11") == ()
