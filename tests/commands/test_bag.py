"""``companion bag`` through the real CLI parser."""

from __future__ import annotations

import json

import pytest

from companion.cli import main


def test_a_seeded_draw_is_repeatable_and_readable(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bag", "--bullets", "3", "--seed", "5", "--count", "4"]) == 0
    first = capsys.readouterr().out
    assert main(["bag", "--bullets", "3", "--seed", "5", "--count", "4"]) == 0
    assert capsys.readouterr().out == first
    lines = first.splitlines()
    assert lines[0] == "Combat bag: 1 wolf and 3 bullets"
    assert lines[1] == "Chance of drawing a bullet: 75.0%"
    assert [line.split(":")[0] for line in lines[2:6]] == ["draw 1", "draw 2", "draw 3", "draw 4"]
    assert lines[6].startswith("4 draws: ")


def test_json_output_counts_the_draws(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            ["bag", "--bullets", "2", "--cake-and-wine", "--seed", "1", "--count", "5000", "--json"]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["bag"] == {"bullets": 4, "wolves": 1}
    assert data["chance_of_bullet"] == pytest.approx(0.8)
    assert data["counts"]["bullet"] + data["counts"]["wolf"] == 5000 == len(data["draws"])
    assert data["counts"]["bullet"] == data["draws"].count("bullet")
    assert 0.77 < data["counts"]["bullet"] / 5000 < 0.83
    assert data["p_value"] > 0.001


def test_many_draws_print_only_the_tally(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bag", "--bullets", "1", "--seed", "2", "--count", "100"]) == 0
    out = capsys.readouterr().out
    assert "draw 1:" not in out and "100 draws:" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["bag", "--bullets", "0"],
        ["bag", "--bullets", "many"],
        ["bag"],
        ["bag", "--bullets", "2", "--count", "-3"],
    ],
)
def test_bad_arguments_are_refused_with_a_message(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert "error:" in capsys.readouterr().err
