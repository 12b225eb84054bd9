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

from companion.devices.pins import make_pin_factory

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class DeviceStatus:
    name: str
    state: str  # "connected", "simulated", "missing" or "stale"
    reading: str


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
            shown.append(DeviceStatus(role.replace("_", " "), state, self.pin_reading(pin)))
        return shown

    def pin_reading(self, pin: int) -> str:
        """What a simulated pin shows now (level, duty cycle, tone); wiring otherwise."""
        if not self.simulated:
            return f"GPIO{pin}"
        mock = self.pin_factory.pin(pin)
        parts = [f"GPIO{pin}", f"{'high' if mock.state else 'low'}"]
        frequency = getattr(mock, "frequency", None)
        if frequency:
            parts.append(f"{frequency:.0f} Hz")
        if isinstance(mock.state, float) and 0 < mock.state < 1:
            parts[1] = f"{mock.state:.0%}"
        return ", ".join(parts)

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
        with self._lock:
            closers = list(self._closers.items())
            self._closers.clear()
            self._status.clear()
        for name, closer in closers:
            _safe_close(name, closer)


def _safe_close(name: str, closer: Callable[[], None]) -> None:
    try:
        closer()
    except Exception:
        log.exception("closing %s failed", name)
