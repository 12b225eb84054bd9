"""Devices: each table device, connected, simulated or missing, with its reading in
words, and a Test button for each part of the kit (a beep, flashes, a press, the
wolf sensor's live angle)."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.uix.screenmanager import Screen

from companion.devices.table_light import TableLight
from companion.ui.screens import load_kv
from companion.ui.screens.devices_turntable import (
    IN_GAME,
    WolfSensorTest,
    game_link,
    held_by_game,
)

load_kv(__file__)

REFRESH_SECONDS = 0.5
STATE_COLOURS = {
    "connected": (0.45, 0.85, 0.45, 1),
    "simulated": (1, 0.62, 0.1, 1),
    "stale": (1, 0.85, 0.2, 1),
    "missing": (1, 0.35, 0.3, 1),
}


class DevicesScreen(Screen):
    title = "Devices"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="devices", **kwargs)
        self._event: Any = None
        self.wolf_test = WolfSensorTest()

    def on_pre_enter(self, *_args: Any) -> None:
        self.update()
        self._event = Clock.schedule_interval(lambda _dt: self.update(), REFRESH_SECONDS)

    def on_leave(self, *_args: Any) -> None:
        App.get_running_app().services.devices.end_tests()
        self.wolf_test.stop()
        if self._event is not None:
            self._event.cancel()
            self._event = None

    def update(self) -> None:
        """Refresh the readings; rows are rebuilt only when the devices change, so a
        Test button never vanishes under a finger."""
        hub = App.get_running_app().services.devices
        rows = self.ids.rows
        statuses = hub.statuses()
        shown = list(reversed(rows.children))
        if [r.device_name for r in shown] != [s.name for s in statuses]:
            rows.clear_widgets()
            for status in statuses:
                row = Factory.DeviceRow()
                row.device_name = status.name
                row.ids.name.text = status.name
                test = row.ids.test_button
                testable = bool(status.role) or is_turntable(status.name)
                test.opacity = 1 if testable else 0
                test.disabled = not testable
                test.bind(on_release=lambda _b, r=status.role: self.try_role(r))
                rows.add_widget(row)
            shown = list(reversed(rows.children))
        for row, status in zip(shown, statuses, strict=True):
            state, reading = status.state, status.reading
            if is_turntable(status.name) and self.wolf_test.running:
                state, reading = self.wolf_test.reading()
            row.ids.state.text = state
            row.ids.state.color = STATE_COLOURS.get(state, (1, 1, 1, 1))
            row.ids.reading.text = reading
        self.ids.mode.text = (
            "Simulated devices: use the Virtual kit panel to press buttons and see the LED "
            "and buzzer."
            if hub.simulated
            else "Real devices on this Raspberry Pi."
        )

    def try_role(self, role: str) -> None:
        app = App.get_running_app()
        if not role:
            self.try_wolf_sensor()
            return
        hub = app.services.devices

        def pressed() -> None:
            Clock.schedule_once(lambda _dt: app.notify("The button works: it was pressed."), 0)

        light = held_by_game(app.manager.screens, "light", TableLight)
        app.notify(hub.try_role(role, on_press=pressed, light=light))

    def try_wolf_sensor(self) -> None:
        """Watch the live angle: read by the game holding the sensor, else by the Test."""
        app = App.get_running_app()
        if game_link(app.manager.screens) is not None:
            app.notify(IN_GAME)
        else:
            app.notify(self.wolf_test.start(app.services))
        self.update()


def is_turntable(name: str) -> bool:
    """The turntable's row ("turntable", "turntable (MCP3008 analog)")."""
    return name.startswith("turntable")
