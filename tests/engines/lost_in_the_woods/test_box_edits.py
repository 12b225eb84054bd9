"""The owner's corrections to the Journey deck (My box): each edit a box the game can
play, or a sentence saying why not; saved as text the reader takes back, checked."""

from __future__ import annotations

import pytest

from companion.engines.lost_in_the_woods import GAME, BoxEditRefused, box_edits, box_toml


def test_a_count_changes_and_the_text_reads_back_checked() -> None:
    # LW1: "The rulebook gives only the totals: 21 Progress, 12 Fright and 10 Event cards."
    box = box_edits.with_count(box_edits.with_count(GAME.box, "owl", 5), "well", 2)
    assert box.count("owl") == 5 and box.count("well") == 2 and box.total == 43
    assert box.checked == frozenset()
    back = GAME.box_from_text(box_toml(box_edits.checked(box)), "my box")
    assert dict(back.counts) == dict(box.counts)
    assert back.checked == {"progress", "fright", "event"}


def test_the_shipped_box_is_assumed_and_its_text_is_the_same_box() -> None:
    again = GAME.box_from_text(GAME.box_text(), "the box")
    assert dict(again.counts) == dict(GAME.box.counts) and again.checked == frozenset()


@pytest.mark.parametrize(
    ("kind", "count", "sentence"),
    [
        ("owl", -1, "A box holds 0 to 50 Owl cards."),
        ("torch", 51, "A box holds 0 to 50 Torch cards."),
        ("acorn", 1, "at least 2 Acorn cards, or no set of them could ever be made"),
    ],
)
def test_an_edit_the_game_cannot_play_is_refused_in_a_sentence(
    kind: str, count: int, sentence: str
) -> None:
    with pytest.raises(BoxEditRefused, match=sentence):
        box_edits.with_count(GAME.box, kind, count)


def test_the_forest_row_must_still_be_laid() -> None:
    box = box_edits.with_count(box_edits.with_count(GAME.box, "acorn", 2), "shamrock", 2)
    with pytest.raises(BoxEditRefused, match="Progress cards total at least 10: 9 of them"):
        box_edits.with_count(box, "distelfink", 5)


def test_a_game_with_an_owners_deck_deals_from_it() -> None:
    owner = box_toml(box_edits.checked(box_edits.with_count(GAME.box, "torch", 3)))
    game = GAME.with_setup({"box": owner})
    assert game.box.count("torch") == 3 and game.box.total == 45
    assert GAME.with_setup({}) is GAME  # an old save, no box: the shipped one
    with pytest.raises(Exception, match="the box saved with this game"):
        GAME.with_setup({"box": owner.replace("torch = 3", "torch = 99")})
