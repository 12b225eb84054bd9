"""The table's devices in one place: the pin factory, the pin map and who uses what.

The hub owns the gpiozero pin factory (real, or MockFactory in simulation) and the
pin map from the settings.  Devices (the combat bag, the count timer, the turntable)
register a status callback so the devices screen can show each one as connected,
simulated or missing, with its last reading.  Only the entry point decides whether
devices are simulated.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.devices.device_test import try_device
from companion.devices.pins import make_pin_factory
from companion.devices.table_light import Later, TableLight, open_light

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class DeviceStatus:
    name: str
    state: str  # "connected", "simulated", "missing" or "stale"
    reading: str
    role: str = ""
    """The pin role behind a kit part (its Test button), empty for other devices."""


StatusFn = Callable[[], DeviceStatus]


class DeviceHub:
    """Pin factory, pin map and a registry of device status callbacks."""

    def __init__(self, simulated: bool, pins: dict[str, int], pin_factory: Any = None) -> None:
        self.simulated = simulated
        self.pins = dict(pins)
        self.pin_factory = pin_factory if pin_factory is not None else make_pin_factory(simulated)
        self._status: dict[str, StatusFn] = {}
        self._idle: dict[str, StatusFn] = {}
        self._closers: dict[str, Callable[[], None]] = {}
        self._tests: list[Callable[[], None]] = []
        self._lock = threading.Lock()

    def register(
        self, name: str, status: StatusFn, close: Callable[[], None] | None = None
    ) -> None:
        """Show ``name`` on the devices screen; ``close`` runs on unregister or shutdown."""
        with self._lock:
            self._status[name] = status
            if close is not None:
                self._closers[name] = close

    def set_idle(self, name: str, status: StatusFn) -> None:
        """What to show for ``name`` while no game has it open (found, missing...)."""
        with self._lock:
            self._idle[name] = status

    def unregister(self, name: str) -> None:
        with self._lock:
            self._status.pop(name, None)
            closer = self._closers.pop(name, None)
        if closer is not None:
            _safe_close(name, closer)

    def statuses(self) -> list[DeviceStatus]:
        """Every known device, registered ones first, then idle GPIO roles."""
        with self._lock:
            registered = list(self._status.items())
            registered += [(n, fn) for n, fn in self._idle.items() if n not in self._status]
        shown: list[DeviceStatus] = []
        for name, fn in registered:
            try:
                shown.append(fn())
            except Exception as err:  # a broken device must not break the screen
                log.exception("status of %s failed", name)
                shown.append(DeviceStatus(name, "missing", f"error: {err}"))
        state = "simulated" if self.simulated else "connected"
        for role, pin in sorted(self.pins.items()):
            shown.append(DeviceStatus(role_name(role), state, self.pin_reading(pin, role), role))
        return shown

    def pin_reading(self, pin: int, role: str = "") -> str:
        """What a device shows now, in words: "not pressed", "on", "sounding 440 Hz"
        (simulated pins; a real pin is read by the game that opens it), and its pin."""
        if not self.simulated:
            return f"wired to GPIO {pin}"
        mock = self.pin_factory.pin(pin)
        level = mock.state
        if role.endswith("_button") and getattr(mock, "pull", "up") != "up":
            words = "not in use now"  # only a game's open button pulls the pin up
        elif role.endswith("_button"):
            words = "not pressed" if level else "pressed"  # buttons pull up: pressed reads low
        elif role == "buzzer":
            frequency = getattr(mock, "frequency", None)
            words = f"sounding {frequency:.0f} Hz" if level and frequency else "quiet"
        elif isinstance(level, float) and 0 < level < 1:
            words = f"on at {level:.0%}"
        else:
            words = "on" if level else "off"
        return f"{words} (GPIO {pin})"

    def try_role(
        self,
        role: str,
        on_press: Callable[[], None] | None = None,
        light: TableLight | None = None,
    ) -> str:
        """Test the kit part in ``role`` (a beep, flashes, a press); says what to expect.
        The test lets go of its pin by itself, or at ``end_tests``; ``light`` is the LED a
        game holds now, if any (an LED's Test flashes through it)."""
        said, end = try_device(
            self.pin_factory, role, self.pins[role], on_press=on_press, light=light
        )
        if end is not None:
            with self._lock:
                self._tests.append(end)
        return said

    def end_tests(self) -> None:
        """Close every device a Test button opened (leaving the Devices screen)."""
        with self._lock:
            ends, self._tests = self._tests, []
        for end in ends:
            _safe_close("a device test", end)

    def table_light(self, later: Later) -> TableLight:
        """The RGB LED for whose turn it is (dark where none can be opened)."""
        return open_light(self.pin_factory, self.pins, later)

    def mock_pin(self, role: str) -> Any:
        """The simulated pin behind a role, for the on-screen virtual devices."""
        if not self.simulated:
            raise RuntimeError("virtual devices exist only with simulated devices")
        return self.pin_factory.pin(self.pins[role])

    def press(self, role: str) -> None:
        """Press a simulated button (buttons pull up: pressed reads low)."""
        self.mock_pin(role).drive_low()

    def release(self, role: str) -> None:
        self.mock_pin(role).drive_high()

    def close(self) -> None:
        self.end_tests()
        with self._lock:
            closers = list(self._closers.items())
            self._closers.clear()
            self._status.clear()
        for name, closer in closers:
            _safe_close(name, closer)


def role_name(role: str) -> str:
    """A pin role as the Devices screen names it: "bag_button" -> "bag button"."""
    return role.replace("_", " ").replace("led ", "LED ")


def _safe_close(name: str, closer: Callable[[], None]) -> None:
    try:
        closer()
    except Exception:
        log.exception("closing %s failed", name)
