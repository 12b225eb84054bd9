"""The Devices screen says the wolf sensor in players' words while a game reads it.

Issue 15: "wolf sensor: 123° (steady)" / "(turning)", where the snout points on the
board, never "connected: 123.4 deg".  Through the app's own simulated kit (the
firmware behind a pty, read by the real serial link) and the real settle detector.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from companion.ui.games.beware_of_the_wolf.screen import WolfScreen
from tests.ui.conftest import Driver

WORDS = re.compile(r"^wolf sensor: (\d{1,3})° \((steady|turning|settling)\)")


def turntable_row(ui: Driver) -> Any:
    devices = ui.screen()
    assert devices.name == "devices"
    devices.update()
    rows = [r for r in devices.ids.rows.children if r.ids.name.text.startswith("turntable")]
    assert len(rows) == 1
    assert rows[0].ids.name.text.count("turntable") == 1, rows[0].ids.name.text  # said once
    return rows[0]


def motion(ui: Driver) -> str:
    shown = WORDS.match(turntable_row(ui).ids.reading.text)
    return shown.group(2) if shown else ""


def pump_until(ui: Driver, done: Callable[[], bool], seconds: float = 15.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if done():
            return True
        ui.pump(1)
    return done()


def test_the_wolf_sensor_reads_in_degrees_on_the_board_steady_then_turning(ui: Driver) -> None:
    ui.app.start_game("beware-of-the-wolf", 2, {})
    ui.pump(3)
    screen = ui.screen()
    assert isinstance(screen, WolfScreen) and screen.link is not None
    link = screen.link
    assert pump_until(ui, lambda: link.detector.state == link.detector.RESTING)
    ui.app.go("devices")
    ui.pump(3)

    reading = turntable_row(ui).ids.reading.text
    shown = WORDS.match(reading)
    assert shown is not None, reading
    assert "deg" not in reading and "connected" not in reading
    board = link.board_angle()
    assert board is not None
    gap = abs((int(shown.group(1)) - board + 180) % 360 - 180)
    assert gap <= 1.5, f"{reading!r} but the wolf points at {board:.1f} on the board"
    assert shown.group(2) == "steady"
    ui.screenshot("devices-wolf-steady")
    ui.screenshot("devices-wolf-steady", (1280, 720))

    assert link.flick(720.0)
    assert pump_until(ui, lambda: motion(ui) == "turning"), turntable_row(ui).ids.reading.text
    ui.screenshot("devices-wolf-turning")
    assert pump_until(ui, lambda: motion(ui) == "steady", 30), turntable_row(ui).ids.reading.text
    ui.app.leave_game()
    ui.pump(3)
