"""The owner's corrections to the Beware of the Wolf board (My box): trees and house
colours, each edit a board the game can play or a sentence saying why not."""

from __future__ import annotations

import pytest

from companion.engines.beware_of_the_wolf import GAME, BoxEditRefused, board_to_toml, box_edits


def test_a_tree_is_put_on_an_outer_space_and_taken_away_again() -> None:
    board = box_edits.with_tree_toggled(GAME.board, "o1")
    assert board.by_id["o1"].tree and box_edits.trees(board) == 13
    again = box_edits.with_tree_toggled(board, "o1")
    assert not again.by_id["o1"].tree and box_edits.trees(again) == 12


def test_the_inner_path_takes_no_tree() -> None:
    # "the inner, faster path, which is not protected by trees"
    with pytest.raises(BoxEditRefused, match="inner path is not protected by trees"):
        box_edits.with_tree_toggled(GAME.board, "i3")


def test_a_house_colour_swaps_with_the_house_that_had_it() -> None:
    board = box_edits.with_house_colour(GAME.board, 0, "yellow")
    assert [h.colour for h in board.houses] == ["yellow", "blue", "red", "green"]
    assert [h.space for h in board.houses] == [h.space for h in GAME.board.houses]


def test_saving_marks_trees_and_colours_checked_and_keeps_the_other_assumptions() -> None:
    shipped = GAME.board
    assert box_edits.assumed(shipped, box_edits.TREES)
    assert box_edits.assumed(shipped, box_edits.COLOURS)
    saved = GAME.box_from_text(board_to_toml(box_edits.checked(shipped)), "my box")
    assert not box_edits.assumed(saved, box_edits.TREES)
    assert not box_edits.assumed(saved, box_edits.COLOURS)
    assert any("Arrows" in a for a in saved.assumptions)  # taught, not edited here


def test_the_box_text_is_the_board_and_old_saves_use_the_shipped_board() -> None:
    assert GAME.box_from_text(GAME.box_text(), "the box") == GAME.board
    assert GAME.with_setup({}) is GAME
    owner = board_to_toml(box_edits.with_tree_toggled(GAME.board, "o3"))
    assert GAME.with_setup({GAME.box_setup_key: owner}).board.by_id["o3"].tree


def test_a_broken_board_text_names_its_place() -> None:
    with pytest.raises(ValueError, match=r"^my box: \[board\] name must be a non-empty text"):
        GAME.box_from_text('[board]\nname = ""\n', "my box")
