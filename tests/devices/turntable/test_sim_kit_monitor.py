"""The monitor tool a builder uses to check the wiring and the magnet's gap."""

from __future__ import annotations

import pytest

from companion.devices.turntable.monitor import main
from tests.devices.turntable.test_sim_kit import our_threads


def test_the_monitor_shows_a_simulated_kit(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--sim", "--seconds", "1.5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    last = lines[-1]
    assert last.startswith("simulated: ") and "AGC 51" in last and "100 Hz, firmware 1.0.0" in last
    assert "checksum errors 0, damaged 0, lost 0" in last
    assert our_threads() == []
