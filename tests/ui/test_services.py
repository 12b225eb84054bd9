"""Wiring the app: damaged files are reported with their paths and never stop the start."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.ui.services import build_services


def test_damaged_journal_and_settings_are_reported_and_set_aside(tmp_path: Path) -> None:
    (tmp_path / "journal.sqlite3").write_bytes(b"garbage" * 500)
    (tmp_path / "settings.json").write_text("{broken")
    services = build_services(
        tmp_path, simulated=True, pin_factory=MockFactory(pin_class=MockPWMPin)
    )
    try:
        assert len(services.problems) == 2
        journal_problem, settings_problem = services.problems
        assert str(tmp_path / "journal.sqlite3") in journal_problem
        assert "moved to" in journal_problem and "new journal was started" in journal_problem
        assert str(tmp_path / "settings.json") in settings_problem
        assert len(list(tmp_path.glob("journal.sqlite3.corrupt-*"))) == 1
        assert services.journal.latest_unfinished() is None
        assert services.simulated
    finally:
        services.close()


def test_python_dash_m_companion_runs_the_command_line() -> None:
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run(
        [sys.executable, "-m", "companion", "--version"],
        capture_output=True,
        text=True,
        cwd=root,
        check=False,
    )
    assert result.returncode == 0 and result.stdout.startswith("companion ")
