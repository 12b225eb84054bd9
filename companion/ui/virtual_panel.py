"""The virtual kit: on-screen stand-ins for the table's buttons, LED and buzzer.

Pressing a virtual button drives the same gpiozero mock pin a real button would,
so the game code cannot tell the difference.  The LED swatch and buzzer label read
the mock pins back, showing exactly what the real parts would do.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

REFRESH_SECONDS = 0.05


def level(pin: Any) -> float:
    state = pin.state
    return float(state) if state is not None else 0.0


class VirtualPanel(BoxLayout):
    led_colour = ListProperty([0, 0, 0, 1])
    buzzer_text = StringProperty("Buzzer: silent")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._event: Any = None

    def on_disabled(self, _widget: Any, disabled: bool) -> None:
        if disabled and self._event is not None:
            self._event.cancel()
            self._event = None
        elif not disabled and self._event is None:
            self._event = Clock.schedule_interval(lambda _dt: self.update(), REFRESH_SECONDS)

    def press(self, role: str) -> None:
        App.get_running_app().services.devices.press(role)

    def release(self, role: str) -> None:
        App.get_running_app().services.devices.release(role)

    def update(self) -> None:
        hub = App.get_running_app().services.devices
        if not hub.simulated:
            return
        red, green, blue = (level(hub.mock_pin(f"led_{c}")) for c in ("red", "green", "blue"))
        self.led_colour = [red, green, blue, 1]
        buzzer = hub.mock_pin("buzzer")
        frequency = getattr(buzzer, "frequency", None)
        sounding = frequency and level(buzzer) > 0
        self.buzzer_text = f"Buzzer: {frequency:.0f} Hz" if sounding else "Buzzer: silent"
