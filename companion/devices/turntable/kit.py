"""One call for the entry point: the turntable kit's AngleSource, real or simulated.

Real: the Pico on USB (the settings' port, else found by udev name or USB id).
Simulated (``companion --sim``): the kit's own firmware on a simulated board
behind a pty (sim_kit), read through the very same link and protocol; move the
simulated wolf with ``kit.magnet.spin(...)`` / ``set_angle(...)``.
"""

from __future__ import annotations

from companion.devices.hub import DeviceHub, DeviceStatus
from companion.devices.turntable.discovery import describe_search, find_ports
from companion.devices.turntable.serial_source import SerialAngleSource
from companion.devices.turntable.sim_kit import SimKit, open_simulated_turntable


def open_turntable(
    simulated: bool, serial_port: str = "", rate_hz: int | None = None
) -> tuple[SerialAngleSource, SimKit | None]:
    """The source (not started yet) and, when simulated, the kit behind it."""
    if simulated:
        source, kit = open_simulated_turntable()
        if rate_hz is not None:
            source.link.rate_hz = rate_hz
        return source, kit
    return SerialAngleSource.from_settings(serial_port, rate_hz), None


def idle_status(simulated: bool, serial_port: str, analog: bool) -> DeviceStatus:
    """The turntable while no Beware of the Wolf game reads it: is the kit there?"""
    if simulated:
        return DeviceStatus("turntable", "simulated", "the simulated kit starts with the game")
    if analog:
        return DeviceStatus("turntable", "connected", "MCP3008 analog path, read during the game")
    ports = find_ports(serial_port)
    if ports:
        return DeviceStatus("turntable", "connected", f"kit found at {ports[0]}")
    return DeviceStatus("turntable", "missing", f"no kit at {describe_search(serial_port)}")


def show_on_devices_screen(hub: DeviceHub, source: SerialAngleSource) -> None:
    """Register the source's status with the hub; the hub's close() stops it."""

    def status() -> DeviceStatus:
        state = source.status().value
        text = source.status_text()
        return DeviceStatus(source.name, state, text.removeprefix(f"{state}: "))

    hub.register(source.name, status, close=source.stop)
