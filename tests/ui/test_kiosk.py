"""A touch-only kiosk: every setting by touch, and Quit / Restart / Shut down asked first."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from kivy.core.window import Window

from companion.system import backlight, power
from companion.ui.confirm import Confirm
from companion.ui.pick_list import PickList
from tests.ui.conftest import Driver


def _dialog(kind: type) -> Any:
    found = [w for w in Window.children if isinstance(w, kind)]
    assert found, f"no {kind.__name__} open"
    return found[0]


def _devices_section(ui: Driver) -> Any:
    ui.app.go("settings")
    ui.pump(3)
    screen = ui.screen()
    screen.show("devices")
    ui.pump(3)
    return screen


def test_the_port_is_picked_from_the_ports_found(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    import companion.ui.screens.settings as settings_screen

    monkeypatch.setattr(
        settings_screen,
        "all_ports",
        lambda: [("/dev/ttyACM0", "a Raspberry Pi Pico (the turntable kit)")],
    )
    screen = _devices_section(ui)
    ui.tap(ui.button("Find it automatically", screen.ids.body))
    pick = _dialog(PickList)
    ui.screenshot("pick-port")
    ui.tap(ui.button("/dev/ttyACM0: a Raspberry Pi Pico", pick))
    assert ui.app.services.settings.serial_port == "/dev/ttyACM0"
    ui.tap(ui.button("/dev/ttyACM0", screen.ids.body))
    ui.tap(ui.button("Find it automatically", _dialog(PickList)))
    assert ui.app.services.settings.serial_port == ""


def test_shut_down_asks_first_and_a_refusal_is_a_sentence(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    import companion.ui.screens.settings as settings_screen

    monkeypatch.setattr(settings_screen, "can_power_off", lambda: True)
    asked: list[str] = []
    monkeypatch.setattr(
        power,
        "power_off",
        lambda: asked.append("off") or "The Pi could not be shut down (no polkit rule).",
    )
    screen = _devices_section(ui)
    ui.tap(ui.button("Shut down the Pi", screen.ids.body))
    confirm = _dialog(Confirm)
    assert "Every game is saved" in confirm.question
    ui.screenshot("confirm-shut-down")
    ui.tap(confirm.ids.no_button)
    assert asked == []
    ui.tap(ui.button("Shut down the Pi", screen.ids.body))
    ui.tap(_dialog(Confirm).ids.yes_button)
    assert asked == ["off"] and "could not be shut down" in ui.app.message


def test_restart_replaces_the_process_with_the_same_command() -> None:
    ran: list[tuple[str, list[str]]] = []
    power.restart(lambda path, argv: ran.append((path, list(argv))))
    assert ran and ran[0][1][:3] == [ran[0][0], "-m", "companion"]


def test_power_off_reports_why_it_failed() -> None:
    import subprocess

    def refuse(*_a: Any, **_k: Any) -> subprocess.CompletedProcess[str]:
        return subprocess.CompletedProcess([], 1, "", "Access denied")

    assert power.power_off(refuse) == (
        "The Pi could not be shut down (Access denied). See hw/README.md for the polkit rule."
    )
    assert power.power_off(lambda *a, **k: subprocess.CompletedProcess([], 0, "", "")) is None


def test_brightness_shows_only_with_a_backlight_and_never_goes_black(
    ui: Driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import companion.ui.screens.settings as settings_screen

    screen = _devices_section(ui)
    assert "Brightness" not in [getattr(w, "text", "") for w in screen.ids.body.walk()]
    panel = tmp_path / "rpi_backlight"
    panel.mkdir()
    (panel / "max_brightness").write_text("255\n")
    (panel / "brightness").write_text("128\n")
    monkeypatch.setattr(
        settings_screen, "find_backlight", lambda: backlight.find_backlight(tmp_path)
    )
    screen.show("devices")
    ui.pump(3)
    row = next(
        r
        for r in screen.ids.body.children
        if getattr(r.ids.get("label"), "text", "") == "Brightness"
    )
    assert row.ids.value.text == "50%"
    for _ in range(12):
        ui.tap(row.ids.minus)
        row = next(
            r
            for r in screen.ids.body.children
            if getattr(r.ids.get("label"), "text", "") == "Brightness"
        )
    assert row.ids.value.text == "10%" and (panel / "brightness").read_text() == "26\n"


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_a_toggle_value_in_settings_reads_on_one_line(ui: Driver, size: tuple[int, int]) -> None:
    ui.resize(size)
    screen = _devices_section(ui)
    port = next(
        r for r in screen.ids.body.children if getattr(r.ids.get("label"), "text", "") == "Port"
    )
    value = port.ids.value
    value.texture_update()
    assert value.texture_size[1] < value.font_size * 1.6  # one line, not "automaticall / y"
    ui.screenshot("settings-devices", size)
