"""``companion odds``: policy win rates with intervals, and clear errors."""

from __future__ import annotations

import re

import pytest

from companion.cli import main
from companion.commands import odds
from companion.engines import registry
from tests.engines.toy_game import GAME as DIE_RACE


def _rows(text: str) -> dict[str, tuple[float, float, float, int]]:
    rows = {}
    for line in text.splitlines():
        m = re.match(r"\s+(\S+)\s+([\d.]+)%\s+\[\s*([\d.]+)% -\s+([\d.]+)%\]\s+(\d+) games", line)
        if m:
            rate, low, high = (float(m.group(i)) / 100 for i in (2, 3, 4))
            rows[m.group(1)] = (rate, low, high, int(m.group(5)))
    return rows


def test_one_policy_prints_its_win_rate_and_interval(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "lost-in-the-woods", "--playouts", "3000", "--policy", "first-set"]) == 0
    rows = _rows(capsys.readouterr().out)
    rate, low, high, games = rows["first-set"]
    assert games == 3000 and low < rate < high
    assert 0.70 < rate < 0.84, "first-set wins about 77% of fresh games"


def test_every_built_in_policy_is_listed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "lost-in-the-woods", "--playouts", "400"]) == 0
    rows = _rows(capsys.readouterr().out)
    assert set(rows) == {"first-set", "two-sets", "balanced", "advisor"}
    assert rows["advisor"][3] == 2, "the advisor plays one game per 200 playouts asked for"
    assert rows["two-sets"][0] < rows["balanced"][0]


def test_unknown_game_and_policy_are_explained(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "no-such-game"]) == 2
    assert "no game 'no-such-game'" in capsys.readouterr().err
    assert main(["odds", "lost-in-the-woods", "--policy", "lucky"]) == 2
    assert "unknown policy 'lucky'" in capsys.readouterr().err
    assert main(["odds", "lost-in-the-woods", "--playouts", "0"]) == 2
    assert "at least 1" in capsys.readouterr().err


def test_a_game_without_odds_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(registry, "get", lambda game_id: DIE_RACE)
    assert odds.odds_module("die-race") is None
    assert main(["odds", "die-race"]) == 2
    assert "has no odds yet" in capsys.readouterr().err
