"""The wolf sensor's Test on the Devices screen, at any time (issue 12, item 4).

Outside a game the Test opens the simulated kit (``--sim``) and reads it through
the game's own link: the row says "wolf sensor: 123° (steady)" / "(turning)" live.
Leaving the screen unplugs the kit; during a game the Test leaves the game's
reader alone.  An unplugged kit or MCP3008 is one sentence naming what and where.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import gpiozero
import pytest

from companion.devices.turntable.discovery import describe_search
from companion.devices.turntable.serial_source import SerialAngleSource
from companion.devices.turntable.source import SourceStatus
from companion.settings import Settings
from companion.ui.games.beware_of_the_wolf.screen import WolfScreen
from companion.ui.screens.devices_turntable import IN_GAME, WolfSensorTest
from tests.ui.conftest import SIZES, Driver

WORDS = re.compile(r"^wolf sensor: (\d{1,3})° \((steady|turning|settling)\)$")


def open_devices(ui: Driver) -> Any:
    ui.tap(ui.screen().ids.devices_button)
    ui.pump(3)
    devices = ui.screen()
    assert devices.name == "devices"
    return devices


def wolf_row(devices: Any) -> Any:
    devices.update()
    rows = [r for r in devices.ids.rows.children if r.device_name.startswith("turntable")]
    assert len(rows) == 1
    return rows[0]


def pump_until(ui: Driver, done: Callable[[], bool], seconds: float = 30.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if done():
            return True
        ui.pump(1)
    return done()


def motion(devices: Any) -> str:
    shown = WORDS.match(wolf_row(devices).ids.reading.text)
    return shown.group(2) if shown else ""


@pytest.mark.parametrize("size", SIZES)
def test_the_wolf_sensor_test_shows_the_live_angle_and_stops_when_left(
    ui: Driver, size: tuple[int, int]
) -> None:
    ui.resize(size)
    devices = open_devices(ui)
    row = wolf_row(devices)
    assert row.ids.reading.text == "the simulated kit starts with the game"
    button = row.ids.test_button
    assert button.opacity == 1
    ui.tap(button)
    assert ui.app.message.startswith("Watch: the simulated wolf spins")
    test = devices.wolf_test
    assert test.running and isinstance(test.link.source, SerialAngleSource)
    assert pump_until(ui, lambda: motion(devices) == "turning"), wolf_row(devices).ids.reading.text
    assert wolf_row(devices).ids.state.text == "simulated"
    ui.screenshot("devices-wolf-test-turning", size)
    assert pump_until(ui, lambda: motion(devices) == "steady"), wolf_row(devices).ids.reading.text
    shown = WORDS.match(wolf_row(devices).ids.reading.text)
    assert shown is not None
    board = test.link.board_angle()
    assert board is not None
    assert abs((int(shown.group(1)) - board + 180) % 360 - 180) <= 1.5
    ui.screenshot("devices-wolf-test-steady", size)

    source = test.link.source
    ui.tap(ui.app.root.ids.home_button)
    assert ui.screen().name == "home"
    assert not test.running
    assert source.status() is SourceStatus.MISSING  # the kit is unplugged again
    assert source.link.message == "stopped"
    assert not [t for t in threading.enumerate() if t.name == "sim-turntable-kit"]
    devices.update()
    assert wolf_row(devices).ids.reading.text == "the simulated kit starts with the game"


def test_during_a_game_the_test_leaves_the_games_reader_alone(ui: Driver) -> None:
    ui.app.start_game("beware-of-the-wolf", 2, {})
    ui.pump(3)
    game = ui.screen()
    assert isinstance(game, WolfScreen) and game.link is not None
    link = game.link
    assert pump_until(ui, lambda: link.last_raw is not None)
    ui.app.go("home")
    ui.pump(3)
    devices = open_devices(ui)
    ui.tap(wolf_row(devices).ids.test_button)
    assert ui.app.message == IN_GAME
    assert not devices.wolf_test.running
    assert pump_until(ui, lambda: WORDS.match(wolf_row(devices).ids.reading.text) is not None)
    ui.tap(ui.app.root.ids.home_button)
    assert game.link is link and link.source.status() is SourceStatus.SIMULATED
    ui.app.leave_game()
    ui.pump(3)


def services_without_kit(tmp_path: Path, **settings: Any) -> Any:
    devices = SimpleNamespace(simulated=False, pin_factory=None)
    return SimpleNamespace(devices=devices, settings=Settings(**settings), data_dir=tmp_path)


@pytest.mark.parametrize("port", ["/dev/no-wolf-kit", ""])
def test_an_unplugged_kit_is_one_sentence_naming_where_the_app_looked(
    ui: Driver, tmp_path: Path, port: str
) -> None:
    test = WolfSensorTest()
    said = test.start(services_without_kit(tmp_path, serial_port=port))
    assert said.startswith("Turn the wolf by hand")
    try:
        assert pump_until(ui, lambda: "no turntable kit" in test.reading()[1], 10)
        state, reading = test.reading()
        assert state == "missing"
        assert reading == (
            f"no turntable kit at {describe_search(port)}: plug its USB cable into this "
            "Raspberry Pi, or set its port in Settings, Turntable, Port."
        )
        assert "Errno" not in reading
    finally:
        test.stop()
    assert not test.running


def test_an_mcp3008_that_cannot_be_read_says_what_to_check(
    ui: Driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_spi(**_: Any) -> None:
        raise OSError("SPI is not enabled")

    monkeypatch.setattr(gpiozero, "MCP3008", no_spi)
    test = WolfSensorTest()
    try:
        assert test.start(services_without_kit(tmp_path, turntable_analog=True)).startswith(
            "Turn the wolf by hand"
        )
        state, reading = test.reading()
    finally:
        test.stop()
    assert state == "missing"
    assert reading.startswith("the analog wolf sensor (MCP3008, channel 0) cannot be read")
    assert "Traceback" not in reading and "SPI is not enabled" not in reading
