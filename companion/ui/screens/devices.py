"""Devices: each table device, connected, simulated or missing, with its last reading."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.uix.screenmanager import Screen

from companion.ui.screens import load_kv

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

    def on_pre_enter(self, *_args: Any) -> None:
        self.update()
        self._event = Clock.schedule_interval(lambda _dt: self.update(), REFRESH_SECONDS)

    def on_leave(self, *_args: Any) -> None:
        if self._event is not None:
            self._event.cancel()
            self._event = None

    def update(self) -> None:
        hub = App.get_running_app().services.devices
        rows = self.ids.rows
        rows.clear_widgets()
        for status in hub.statuses():
            row = Factory.DeviceRow()
            row.ids.name.text = status.name
            row.ids.state.text = status.state
            row.ids.state.color = STATE_COLOURS.get(status.state, (1, 1, 1, 1))
            row.ids.reading.text = status.reading
            rows.add_widget(row)
        self.ids.mode.text = (
            "Simulated devices: use the Virtual kit panel to press buttons and see the LED "
            "and buzzer."
            if hub.simulated
            else "Real devices on this Raspberry Pi."
        )
