"""kit.py: the entry point's one call, and the devices screen's line."""

from __future__ import annotations

from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.devices.hub import DeviceHub
from companion.devices.pins import DEFAULT_PINS
from companion.devices.turntable.kit import open_turntable, show_on_devices_screen
from companion.devices.turntable.link import LinkState
from tests.devices.turntable.test_sim_kit import our_threads, wait_for


def test_simulated_means_the_real_firmware_over_a_pty() -> None:
    source, kit = open_turntable(simulated=True, rate_hz=50)
    assert kit is not None and kit.running and kit.path is not None
    hub = DeviceHub(True, DEFAULT_PINS, MockFactory(pin_class=MockPWMPin))
    show_on_devices_screen(hub, source)
    source.start()
    wait_for(lambda: source.link.state is LinkState.CONNECTED)
    wait_for(lambda: hub.statuses()[0].state == "simulated")
    line = hub.statuses()[0]
    assert line.name == "turntable" and line.reading.startswith("wolf sensor: ")
    wait_for(lambda: source.link.device_rate_hz == 50)
    hub.close()  # stops the link and unplugs the simulated kit
    assert not kit.running and our_threads() == []


def test_real_means_the_settings_port_or_discovery() -> None:
    source, kit = open_turntable(simulated=False, serial_port="/dev/ttyAMA0")
    assert kit is None and source.link.looking_for == "/dev/ttyAMA0"
    assert source.status_text().startswith("missing: ")
