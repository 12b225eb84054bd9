"""Shared fixtures: a private data dir per test, and the test-only game on demand."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from companion.engines import registry
from companion.engines.base import Game
from tests.engines.toy_game import GAME as DIE_RACE

# CI runs the same examples every time, so a red run can be reproduced; local runs explore.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    data = tmp_path / "companion-data"
    monkeypatch.setenv("COMPANION_DATA_DIR", str(data))
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    return data


@pytest.fixture
def die_race_registered() -> Iterator[Game]:
    registry.all_games()
    registry.register(DIE_RACE)
    try:
        yield DIE_RACE
    finally:
        registry._games.pop(DIE_RACE.id, None)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Under CI a skipped test is a failure: .ci/run installs everything the suite needs."""
    outcome = yield
    report = outcome.get_result()
    if os.environ.get("CI") and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        report.longrepr = f"skipped under CI, where nothing may be: {reason}"
