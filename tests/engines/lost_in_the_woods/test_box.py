"""The box data (box.toml): LW1's counts by default, clear errors for a broken file."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engines.lost_in_the_woods import GAME, Box, BoxError, LostInTheWoodsGame
from companion.engines.lost_in_the_woods import game as game_module
from companion.engines.lost_in_the_woods.box import shipped_box
from companion.engines.lost_in_the_woods.cards import plural

GOOD = """
[progress]
acorn = 7
shamrock = 7
distelfink = 7
[fright]
wolf = 4
owl = 4
bat = 4
[event]
well = 3
torch = 1
compass = 1
lightning = 1
gravestone = 1
signpost = 1
scarecrow = 1
horseman = 1
"""


def test_the_shipped_box_holds_lw1_counts() -> None:
    m = shipped_box()
    assert m.total == 43, "45 cards minus the Mansion and the Bridge"
    assert [m.count(s) for s in ("acorn", "shamrock", "distelfink")] == [7, 7, 7]
    assert [m.count(a) for a in ("wolf", "owl", "bat")] == [4, 4, 4]
    assert m.count("well") == 3 and m.count("horseman") == 1


def test_the_shipped_file_marks_its_assumptions() -> None:
    text = (Path(__file__).parents[3] / "companion/engines/lost_in_the_woods/box.toml").read_text()
    assert text.count("assumption (LW1)") == 3


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not = [toml", "not valid TOML"),
        (GOOD.replace("[fright]", "[frights]"), "unknown section"),
        (GOOD.replace("owl = 4", "owl = -1"), r"\[fright\] owl must be from 0 to 50"),
        (GOOD.replace("owl = 4", 'owl = "four"'), r"\[fright\] owl must be a whole number"),
        (GOOD.replace("torch = 1", "torch = 1\nunicorn = 2"), "unknown card"),
        (GOOD.replace("bat = 4\n", ""), r"\[fright\] bat is missing"),
        (GOOD.replace("acorn = 7", "acorn = 1"), "at least 2"),
        (
            GOOD.replace("shamrock = 7", "shamrock = 2")
            .replace("distelfink = 7", "distelfink = 2")
            .replace("acorn = 7", "acorn = 2"),
            "total at least 10",
        ),
    ],
)
def test_broken_box_files_are_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(BoxError, match=message):
        Box.from_text(text, "box.toml")


def test_an_unreadable_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(BoxError, match="missing.toml: cannot be read"):
        Box.from_path(tmp_path / "missing.toml")


def test_plural_names_read_well() -> None:
    assert plural("wolf", 2) == "2 Wolves"
    assert plural("torch", 2) == "2 Torches"
    assert plural("horseman", 3) == "3 Headless Horsemen"
    assert plural("compass", 1) == "1 Compass"


def test_a_box_file_that_is_not_utf8_is_refused_with_its_name() -> None:
    with pytest.raises(BoxError, match=r"box.toml: is not UTF-8"):
        Box.from_text(GOOD.encode("utf-8").replace(b"owl", b"\xffowl"), "box.toml")


def test_the_box_is_read_when_first_needed_and_a_broken_one_makes_the_game_unavailable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert GAME.unavailable() is None
    broken = tmp_path / "box.toml"
    broken.write_text(GOOD.replace("bat = 4\n", ""))
    monkeypatch.setattr(game_module, "shipped_box", lambda: Box.from_path(broken))
    game = LostInTheWoodsGame()  # reads nothing yet
    reason = game.unavailable()
    assert reason is not None and "box.toml" in reason and "[fright] bat is missing" in reason
    with pytest.raises(BoxError):
        game.new_initial_state(1)
