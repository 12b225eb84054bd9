"""Finding the kit's port: settings first, then the udev name, then the USB id."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from companion.devices.turntable.discovery import (
    MICROPYTHON_PID,
    PICO_VID,
    UDEV_LINK,
    describe_search,
    find_ports,
)


def port(device: str, vid: int | None, pid: int | None) -> SimpleNamespace:
    return SimpleNamespace(device=device, vid=vid, pid=pid)


PORTS = [
    port("/dev/ttyUSB0", 0x1A86, 0x7523),  # a CH340 adapter: not ours
    port("/dev/ttyACM1", PICO_VID, MICROPYTHON_PID),
    port("/dev/ttyACM0", PICO_VID, MICROPYTHON_PID),
    port("/dev/ttyACM2", PICO_VID, 0x000A),  # a Pico running C SDK stdio: not MicroPython
    port("/dev/ttyS0", None, None),
]


def test_the_configured_port_wins() -> None:
    assert find_ports("/dev/ttyAMA0", comports=lambda: PORTS) == ["/dev/ttyAMA0"]


def test_micropython_picos_by_usb_id_in_name_order() -> None:
    found = find_ports(comports=lambda: PORTS, exists=lambda p: False)
    assert found == ["/dev/ttyACM0", "/dev/ttyACM1"]


def test_the_udev_name_comes_first_and_its_device_is_not_listed_twice() -> None:
    found = find_ports(
        comports=lambda: PORTS,
        exists=lambda p: p == UDEV_LINK,
        realpath=lambda p: "/dev/ttyACM1" if p == UDEV_LINK else p,
    )
    assert found == [UDEV_LINK, "/dev/ttyACM0"]


def test_nothing_plugged_in() -> None:
    assert find_ports(comports=lambda: [], exists=lambda p: False) == []


def test_a_failing_port_listing_is_not_a_crash() -> None:
    def broken() -> list[SimpleNamespace]:
        raise OSError("sysfs went away")

    assert find_ports(comports=broken, exists=lambda p: False) == []


def test_the_search_is_described_for_messages() -> None:
    assert "2E8A:0005" in describe_search() and UDEV_LINK in describe_search()
    assert describe_search("/dev/ttyAMA0") == "/dev/ttyAMA0"


def test_idle_status_names_where_the_kit_was_looked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.devices.turntable import kit

    monkeypatch.setattr(kit, "find_ports", lambda configured: [])
    missing = kit.idle_status(False, "", False)
    assert missing.state == "missing" and "/dev/companion-turntable" in missing.reading
    monkeypatch.setattr(kit, "find_ports", lambda configured: ["/dev/ttyACM0"])
    assert kit.idle_status(False, "", False).reading == "kit found at /dev/ttyACM0"
    assert kit.idle_status(True, "", False).state == "simulated"
    assert kit.idle_status(False, "", True).reading.startswith("MCP3008")
