"""The Journey deck manifest: LW1's counts by default, clear errors for a broken file."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engines.lost_in_the_woods.cards import (
    Manifest,
    ManifestError,
    default_manifest,
    plural,
)

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


def test_default_manifest_holds_lw1_counts() -> None:
    m = default_manifest()
    assert m.total == 43, "45 cards minus the Mansion and the Bridge"
    assert [m.count(s) for s in ("acorn", "shamrock", "distelfink")] == [7, 7, 7]
    assert [m.count(a) for a in ("wolf", "owl", "bat")] == [4, 4, 4]
    assert m.count("well") == 3 and m.count("horseman") == 1


def test_the_shipped_file_marks_its_assumptions() -> None:
    text = (
        Path(__file__).parents[3] / "companion/engines/lost_in_the_woods/manifest.toml"
    ).read_text()
    assert text.count("assumption (LW1)") == 3


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not = [toml", "not valid TOML"),
        (GOOD.replace("[fright]", "[frights]"), "unknown section"),
        (GOOD.replace("owl = 4", "owl = -1"), r"\[fright\] owl must be between"),
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
def test_broken_manifests_are_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(ManifestError, match=message):
        Manifest.from_text(text, "box.toml")


def test_an_unreadable_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(ManifestError, match="cannot read"):
        Manifest.from_path(tmp_path / "missing.toml")


def test_plural_names_read_well() -> None:
    assert plural("wolf", 2) == "2 Wolves"
    assert plural("torch", 2) == "2 Torches"
    assert plural("horseman", 3) == "3 Headless Horsemen"
    assert plural("compass", 1) == "1 Compass"
