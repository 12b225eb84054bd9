"""The shared engine toolkit: one validating reader, one TOML loader, one set of counts."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engines import checks, counts
from companion.engines.base import IllegalAction, InvalidState, furthest_along, win_returns
from companion.engines.datafile import DataFileError, parse_toml
from examples.die_race.box import parse_box


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (True, "must be a whole number, got True"),
        (2.0, "must be a whole number, got 2.0"),
        (-1, "must be from 0 to 5, got -1"),
        (6, "must be from 0 to 5, got 6"),
        ("x" * 1000, "..."),
    ],
)
def test_whole_refuses_what_is_not_a_whole_number_in_range(value: object, message: str) -> None:
    with pytest.raises(InvalidState, match="^turn ") as err:
        checks.whole(value, "turn", 0, 5)
    assert message in str(err.value) and len(str(err.value)) < 120


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_number_refuses_nan_and_infinities(value: float) -> None:
    with pytest.raises(InvalidState, match="finite number"):
        checks.number(value, "tolerance", 0, 10)


def test_flag_text_choice_and_table_name_the_place() -> None:
    with pytest.raises(InvalidState, match="assumption must be true or false, got 'yes'"):
        checks.flag("yes", "assumption")
    with pytest.raises(InvalidState, match="name must not be empty"):
        checks.text("  ", "name")
    with pytest.raises(InvalidState, match="mode must be one of 'a', 'b', got 'c'"):
        checks.choice("c", "mode", ("a", "b"))
    with pytest.raises(InvalidState, match="has unknown key\\(s\\) 'extra'"):
        checks.table({"a": 1, "extra": 2}, "saved state", ("a",))


def test_card_counts_check_kinds_and_box_limits() -> None:
    box = {"owl": 3, "fox": 2}
    assert checks.card_counts({"owl": 2, "fox": 0}, "deck", box) == Counter(owl=2)
    with pytest.raises(InvalidState, match="deck.owl must be from 0 to 3, got 4"):
        checks.card_counts({"owl": 4}, "deck", box)
    with pytest.raises(InvalidState, match="card kind must be one of"):
        checks.card_counts({"bear": 1}, "deck", box)


def test_a_custom_error_type_is_raised() -> None:
    with pytest.raises(DataFileError, match="^box.toml: faces must be"):
        checks.whole("3", "faces", 2, 12, lambda m: DataFileError("box.toml", m))


@given(st.dictionaries(st.sampled_from(["owl", "fox", "bat"]), st.integers(0, 5)))
def test_odds_sum_to_one_over_what_is_left(left: dict[str, int]) -> None:
    odds = counts.odds(left)
    if counts.total(left) == 0:
        assert odds == []
    else:
        assert math.isclose(sum(p for _, p in odds), 1.0)
        assert all(left[kind] > 0 for kind, _ in odds)


def test_take_refuses_more_than_is_left_and_changes_nothing() -> None:
    deck = Counter(owl=2)
    with pytest.raises(IllegalAction, match="only 2 owl left, not 3"):
        counts.take(deck, "owl", 3)
    assert deck == Counter(owl=2)
    counts.take(deck, "owl", 2)
    counts.add(deck, "fox")
    assert deck == Counter(fox=1)


def test_furthest_along_and_win_returns() -> None:
    assert furthest_along([3, 5, 5]) == (1, 2)
    assert win_returns((1,), 3) == [0.0, 1.0, 0.0]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (b"[die]\nfaces = 3\nsides = 2\n", "[die] has unknown key(s) 'sides'"),
        (b"[dice]\nfaces = 3\n", "the table [die] is missing"),
        (b"[die]\nfaces = -3\n", "[die] faces must be from 2 to 12, got -3"),
        (b"[die]\nfaces = 'six'\n", "[die] faces must be a whole number, got 'six'"),
        (b"[die]\nfaces = nan\n", "[die] faces must be a whole number, got nan"),
        (b"[die]\nfaces = 3\n[die]\nfaces = 4\n", "is not valid TOML"),
        (b"[die]\nfaces = \xff\n", "is not UTF-8 text (byte 14)"),
        (b"die = 3\n", "[die] must be a table"),
    ],
)
def test_a_bad_box_file_names_the_file_the_place_and_the_problem(text: bytes, message: str) -> None:
    with pytest.raises(DataFileError) as err:
        parse_box(text, "my-box.toml")
    assert str(err.value).startswith("my-box.toml: ") and message in str(err.value)


def test_a_good_box_file_reads_and_unknown_tables_are_refused() -> None:
    assert parse_box("[die]\nfaces = 6\n", "box.toml").faces == 6
    reader = parse_toml("a = 1\n", "x.toml")
    with pytest.raises(DataFileError, match="x.toml: the top level has unknown key"):
        reader.done()
