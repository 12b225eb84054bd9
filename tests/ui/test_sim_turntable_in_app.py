"""``companion --sim`` reads the simulated Pico kit through the real serial link."""

from __future__ import annotations

import shutil
import threading
import time
from pathlib import Path

import pytest
from kivy.core.window import Window

from companion.devices.turntable.fw_host import BUNDLED_FIRMWARE
from companion.devices.turntable.serial_source import SerialAngleSource
from companion.devices.turntable.source import SourceStatus
from companion.ui.confirm import Confirm
from companion.ui.games.beware_of_the_wolf.screen import WolfScreen
from tests.ui.conftest import Driver


def test_the_wolf_screen_reads_the_simulated_kit_and_flicks_its_magnet(ui: Driver) -> None:
    ui.app.start_game("beware-of-the-wolf", 2, {})
    ui.pump(3)
    screen = ui.screen()
    assert isinstance(screen, WolfScreen) and screen.link is not None
    source = screen.link.source
    assert isinstance(source, SerialAngleSource) and source.simulated
    deadline = time.monotonic() + 10
    while screen.link.last_raw is None and time.monotonic() < deadline:
        ui.pump(1)
    assert screen.link.last_raw is not None, "no angle arrived from the simulated kit"
    assert source.status() is SourceStatus.SIMULATED

    # Calibrating with simulated devices: the tools turn the simulated wolf by hand.
    ui.tap(ui.button("Wolf tools"))
    tools = ui.screen()
    assert tools.name == "wolf-tools" and tools.can_turn
    tools.start_calibration()
    ui.pump(3)
    asking = [w for w in Window.children if isinstance(w, Confirm)]
    if asking:  # the kit already set the game's wolf: calibrating mid-game asks first
        ui.tap(ui.button("Calibrate now", asking[0]))
        ui.settle_dialogs()
        ui.pump(3)  # the turn buttons appear with the calibration
    assert tools.mode == "calibrate"
    start = screen.link.last_raw
    ui.tap(tools.ids.turn_on)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        ui.pump(1)
        moved = (screen.link.last_raw - start + 180) % 360 - 180
        if abs(moved - 15) < 2:
            break
    assert abs(moved - 15) < 2, f"the simulated wolf turned {moved:.1f} degrees, not 15"
    tools.close()
    ui.pump(3)

    assert screen.link.flick(720.0) is True
    ui.app.leave_game()
    ui.pump(3)
    assert not any(t.name == "sim-turntable-kit" and t.is_alive() for t in threading.enumerate())


def test_a_crash_of_the_simulated_kit_is_shown_to_the_player(
    ui: Driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = tmp_path / "firmware"
    shutil.copytree(BUNDLED_FIRMWARE, broken)
    (broken / "main.py").write_text("raise ZeroDivisionError('the firmware has a bug')\n")
    monkeypatch.setenv("COMPANION_FIRMWARE_DIR", str(broken))
    ui.app.start_game("beware-of-the-wolf", 2, {})

    def crash_said() -> list[str]:  # in the Messages log: a later toast may replace it
        return [text for _, text in ui.app.messages if "crashed" in text]

    deadline = time.monotonic() + 20
    while not crash_said() and time.monotonic() < deadline:
        ui.pump(1)
    said = crash_said()
    assert said and "simulated turntable kit crashed" in said[0]
    assert "ZeroDivisionError: the firmware has a bug" in said[0]
    ui.app.leave_game()
    ui.pump(3)
