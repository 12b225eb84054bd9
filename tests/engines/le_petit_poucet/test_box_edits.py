"""The My box screen's edits: each keeps a box the game can play, or says why not."""

from __future__ import annotations

import random

import pytest

from companion.engines.le_petit_poucet.box import box_from_text, box_toml, packaged_box
from companion.engines.le_petit_poucet.box_edits import (
    BoxEditRefused,
    checked,
    colour_choices,
    with_colour,
    with_path_length,
    with_series,
    with_tree,
    without_series,
    without_tree,
)


def test_the_shipped_box_is_assumed_and_a_saved_one_checked() -> None:
    box = packaged_box()
    assert box.path_assumption and box.pawns_assumption
    owned = checked(box)
    assert not owned.path_assumption and not owned.pawns_assumption
    assert not any(s.assumption for s in owned.series)
    assert box_from_text(box_toml(owned)) == owned


def test_path_length_stays_in_bounds() -> None:
    assert with_path_length(packaged_box(), 40).cottage == 41
    for bad in (0, 41):
        with pytest.raises(BoxEditRefused, match="1 to 40"):
            with_path_length(packaged_box(), bad)


def test_a_colour_taken_by_another_seat_is_swapped() -> None:
    box = with_colour(packaged_box(), 1, "red")
    assert box.colours[:2] == ("blue", "red")
    assert len(set(box.colours)) == len(box.colours)
    with pytest.raises(BoxEditRefused):
        with_colour(box, 0, "black")


def test_trees_and_series_are_added_and_removed() -> None:
    box = with_tree(packaged_box(), "vertical", "  Hazel ")
    assert [t.name for t in box.series[2].trees] == [
        "oak",
        "fir",
        "birch",
        "willow",
        "apple",
        "hazel",
    ]
    assert [t.index for t in box.trees] == list(range(26))
    assert box.tree_by_label("hazel (2 vertical holes)") is not None
    with pytest.raises(BoxEditRefused, match="already has a hazel"):
        with_tree(box, "vertical", "hazel")
    box = without_tree(box, "vertical", "oak")
    assert box.tree_by_label("oak (2 vertical holes)") is None
    box = without_series(box, "none")
    assert box.series_keys() == ("one", "vertical", "horizontal", "three")
    box = with_series(box, "4 holes", "elm")
    assert box.series[-1].name == "4 holes" and box.series[-1].key == "series-1"
    assert box_from_text(box_toml(box)) == box
    with pytest.raises(BoxEditRefused, match="already has a series"):
        with_series(box, "4 Holes", "elm")
    with pytest.raises(BoxEditRefused, match="without commas"):
        with_tree(box, "one", "a, b")


def test_a_series_keeps_a_tree_and_the_box_a_series() -> None:
    box = packaged_box()
    for name in ("oak", "fir", "birch", "willow"):
        box = without_tree(box, "one", name)
    with pytest.raises(BoxEditRefused, match="remove the whole series"):
        without_tree(box, "one", "apple")
    for key in ("none", "one", "vertical", "horizontal"):
        box = without_series(box, key)
    with pytest.raises(BoxEditRefused, match="at least one series"):
        without_series(box, "three")


def test_random_edits_always_leave_a_box_the_reader_accepts() -> None:
    rng = random.Random(7)
    box = packaged_box()
    for step in range(400):
        try:
            match rng.randrange(5):
                case 0:
                    box = with_path_length(box, rng.randint(1, 40))
                case 1:
                    box = with_colour(box, rng.randrange(5), rng.choice(colour_choices()))
                case 2:
                    box = with_tree(box, rng.choice(box.series_keys()), f"tree {step}")
                case 3:
                    series = rng.choice(box.series)
                    box = without_tree(box, series.key, rng.choice(series.trees).name)
                case _:
                    if rng.random() < 0.3:
                        box = without_series(box, rng.choice(box.series_keys()))
                    else:
                        box = with_series(box, f"kind {step}", "elm")
        except BoxEditRefused:
            pass
        assert box_from_text(box_toml(box)) == box
