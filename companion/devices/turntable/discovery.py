"""Finding the turntable kit's serial port.

In order: the port the owner set in the settings; the udev symlink that
``hw/99-companion-turntable.rules`` creates; any USB serial port with the
Raspberry Pi Pico's MicroPython id (VID:PID 2E8A:0005).  Several Picos may match
(another MicroPython board, say): the link's HELLO handshake tells them apart.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any

UDEV_LINK = "/dev/companion-turntable"
PICO_VID = 0x2E8A
MICROPYTHON_PID = 0x0005


def _list_ports() -> Iterable[Any]:
    from serial.tools import list_ports

    return list_ports.comports()


def find_ports(
    configured: str = "",
    *,
    comports: Callable[[], Iterable[Any]] = _list_ports,
    exists: Callable[[str], bool] = os.path.exists,
    realpath: Callable[[str], str] = os.path.realpath,
) -> list[str]:
    """Candidate ports, best first, each device once."""
    if configured:
        return [configured]
    found: list[str] = []
    seen: set[str] = set()
    if exists(UDEV_LINK):
        found.append(UDEV_LINK)
        seen.add(realpath(UDEV_LINK))
    try:
        ports = sorted(comports(), key=lambda p: p.device)
    except OSError:
        ports = []
    for port in ports:
        if port.vid == PICO_VID and port.pid == MICROPYTHON_PID:
            if realpath(port.device) not in seen:
                found.append(port.device)
                seen.add(realpath(port.device))
    return found


def all_ports(comports: Callable[[], Iterable[Any]] = _list_ports) -> list[tuple[str, str]]:
    """Every serial port with what the system says it is, for the owner to pick from."""
    try:
        ports = sorted(comports(), key=lambda p: p.device)
    except OSError:
        return []
    listed = []
    for port in ports:
        what = port.description if port.description and port.description != "n/a" else ""
        if port.vid == PICO_VID and port.pid == MICROPYTHON_PID:
            what = "a Raspberry Pi Pico (the turntable kit)"
        listed.append((port.device, what))
    return listed


def describe_search(configured: str = "") -> str:
    """Where the app looks, for messages like 'no turntable kit found (...)'."""
    if configured:
        return configured
    return f"{UDEV_LINK} or a USB port with id {PICO_VID:04X}:{MICROPYTHON_PID:04X}"


def port_finder(configured: str = "") -> Callable[[], list[str]]:
    """A zero-argument finder for TurntableLink."""
    return lambda: find_ports(configured)
