"""Screen sleep through the app on a fake backlight: the setting by touch (hidden
without a backlight), dark after the idle time, the waking tap presses nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import companion.ui.screens.settings as settings_screen
from companion.system import backlight
from tests.test_screen_sleep import Clock, panel
from tests.ui.conftest import Driver


def sleep_row(screen: Any) -> Any:
    rows = [
        r
        for r in screen.ids.body.children
        if getattr(r.ids.get("label"), "text", "") == "Sleep after no touch"
    ]
    return rows[0] if rows else None


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_sleep_is_set_by_touch_and_the_waking_tap_presses_nothing(
    ui: Driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    ui.resize(size)
    ui.app.go("settings")
    ui.pump(3)
    screen = ui.screen()
    screen.show("devices")
    ui.pump(3)
    assert sleep_row(screen) is None  # no backlight here: no sleep setting

    level = panel(tmp_path, brightness=180)
    monkeypatch.setattr(
        settings_screen, "find_backlight", lambda: backlight.find_backlight(tmp_path)
    )
    light = backlight.find_backlight(tmp_path)
    assert light is not None
    clock = Clock()
    ui.app.start_screen_sleep(light, clock)
    saved = ui.app.services.settings.screen_sleep
    try:
        screen.show("devices")
        ui.pump(3)
        assert sleep_row(screen).ids.value.text == "Never"
        ui.tap(sleep_row(screen).ids.plus)
        assert sleep_row(screen).ids.value.text == "1 minute"
        ui.tap(sleep_row(screen).ids.plus)
        ui.tap(sleep_row(screen).ids.plus)
        assert sleep_row(screen).ids.value.text == "5 minutes"
        assert ui.app.services.settings.screen_sleep == 5
        ui.screenshot("settings-screen-sleep", size)

        clock.now += 5 * 60 - 1
        ui.app._check_sleep(0)
        assert level.read_text() == "180\n"
        clock.now += 1
        ui.app._check_sleep(0)
        assert level.read_text() == "0\n"

        home = ui.app.root.ids.home_button
        ui.tap(home)  # wakes the screen only
        assert level.read_text() == "180\n" and ui.screen().name == "settings"
        ui.tap(home)  # now a press
        assert ui.screen().name == "home"
    finally:
        ui.app.stop_screen_sleep()
        ui.app.services.settings.screen_sleep = saved
        ui.app.services.save_settings()
