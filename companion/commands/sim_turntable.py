"""``companion sim-turntable``: the turntable kit's own firmware on a simulated board.

Prints the serial port's path on the first line of standard output (so scripts
can read it), then takes commands on standard input to move the simulated wolf
and make trouble: unplug the kit, lift the turntable, cut the sensor's wires.
"""

from __future__ import annotations

import argparse
import math
import signal
import sys
import threading
from collections.abc import Iterable
from typing import TextIO

from companion.devices.turntable.fw_host import firmware_dir
from companion.devices.turntable.sim_kit import SimKit
from companion.devices.turntable.sim_magnet import SimMagnet
from companion.messages import shorten

MAX_SPIN_DPS = 7200.0  # twenty turns a second: harder than any hand flicks a wolf
MAX_GAP_MM = 50.0  # far past where the sensor loses the magnet (4.5 mm)

HELP = """commands:
  spin [DEG_PER_S]   spin the wolf (default 720, at most 7200) and let it slow down
  angle DEG          turn the wolf to DEG and leave it there
  gap MM             distance from magnet to sensor, 0-50 (good: 0.5-3)
  magnet off|on      lift the turntable out / put it back
  sensor off|on      disconnect / reconnect the AS5600's wires
  bootsel on|off     hold / release the Pico's BOOTSEL button (1 s: maintenance mode)
  unplug | plug      pull / reconnect the USB cable (the port path may change)
  status             where everything is
  quit"""


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "sim-turntable",
        help="run the turntable kit's firmware on a simulated board and print its port",
        description=(
            "Runs the Pico firmware bundled with the companion (companion/firmware/) under CPython with a simulated AS5600 and "
            "magnet, on a pseudo-terminal. Point the app (or any serial terminal) at the "
            "printed port."
        ),
    )
    parser.add_argument("--angle", type=float, default=0.0, help="where the wolf points (deg)")
    parser.add_argument("--noise", type=int, default=1, help="sensor noise in LSB (0: none)")
    parser.add_argument("--seed", type=int, default=0, help="seed for the sensor noise")
    parser.set_defaults(func=run)


def run(
    args: argparse.Namespace,
    commands: Iterable[str] | None = None,
    out: TextIO | None = None,
    info: TextIO | None = None,
) -> int:
    out = out or sys.stdout
    info = info or sys.stderr
    try:
        source = firmware_dir()
    except FileNotFoundError as err:
        print(f"companion sim-turntable: {err}", file=info)
        return 2
    kit = SimKit(SimMagnet(angle=args.angle), noise_lsb=args.noise, seed=args.seed)
    path = kit.start()
    print(path, file=out, flush=True)
    print(f"Simulated turntable kit on {path} (firmware from {source}).", file=info)
    print("Set the app's serial port to it, or open it in any serial terminal.", file=info)
    print(HELP, file=info, flush=True)
    try:
        for line in commands if commands is not None else sys.stdin:
            reply = execute(kit, line)
            if reply is None:
                return 0
            if reply:
                print(reply, file=info, flush=True)
        if commands is None:
            print("(standard input closed: running until interrupted)", file=info, flush=True)
            _wait_for_interrupt()
    except KeyboardInterrupt:
        pass
    finally:
        kit.stop()
    return 0


def _wait_for_interrupt() -> None:
    done = threading.Event()
    signal.signal(signal.SIGTERM, lambda *a: done.set())
    while not done.wait(0.5):
        pass


def execute(kit: SimKit, line: str) -> str | None:
    """Carry out one command; the reply to show, or None to quit."""
    words = line.split()
    if not words:
        return ""
    name, rest = words[0].lower(), words[1:]
    magnet = kit.magnet
    try:
        if name in ("quit", "exit"):
            return None
        if name == "help":
            return HELP
        if name == "spin":
            speed = number(rest[0], -MAX_SPIN_DPS, MAX_SPIN_DPS) if rest else 720.0
            stop = magnet.spin(speed)
            return f"spinning at {speed:g} deg/s; it will stop at {stop:.1f} deg"
        if name == "angle":
            magnet.set_angle(number(rest[0], -math.inf, math.inf))
            return f"the wolf points at {magnet.true_angle():.1f} deg"
        if name == "gap":
            magnet.gap_mm = number(rest[0], 0.0, MAX_GAP_MM)
            return f"gap {magnet.gap_mm:g} mm"
        if name == "magnet" and rest and rest[0] in ("on", "off"):
            magnet.place(magnet.gap_mm) if rest[0] == "on" else magnet.remove()
            return f"magnet {'in place' if magnet.present else 'lifted out'}"
        if name == "sensor" and rest and rest[0] in ("on", "off"):
            kit.sensor.connected = rest[0] == "on"
            return f"sensor {'wired' if kit.sensor.connected else 'disconnected'}"
        if name == "bootsel" and rest and rest[0] in ("on", "off"):
            kit.press_bootsel(rest[0] == "on")
            return f"BOOTSEL {'held' if rest[0] == 'on' else 'released'}"
        if name == "unplug":
            kit.stop()
            return "unplugged"
        if name == "plug":
            return f"plugged in on {kit.start()}"
        if name == "status":
            return status(kit)
    except OutOfRange as err:
        return f"{name} {shorten(rest[0], 20)}: {err}"
    except (IndexError, ValueError):
        example = {"spin": "spin 720", "angle": "angle 90", "gap": "gap 1.5"}.get(name, "")
        return f"{shorten(name, 20)} needs a number, e.g. '{example}'"
    return f"unknown command {shorten(line.strip())!r}\n{HELP}"


class OutOfRange(ValueError):
    """A number the simulated kit cannot act on (NaN, infinite, or out of its range)."""


def number(text: str, low: float, high: float) -> float:
    """``text`` as a finite number in [low, high]; ValueError if it is not a number."""
    value = float(text)
    if not math.isfinite(value):
        raise OutOfRange("the number must be finite")
    if not low <= value <= high:
        raise OutOfRange(f"the number must be {low:g} to {high:g}")
    return value


def status(kit: SimKit) -> str:
    magnet = kit.magnet
    port = kit.path if kit.running else "unplugged"
    return (
        f"port {port}; wolf at {magnet.true_angle():.1f} deg"
        f"{' (turning)' if magnet.is_moving() else ''}; magnet "
        f"{f'{magnet.gap_mm:g} mm from the sensor' if magnet.present else 'lifted out'}; "
        f"sensor {'wired' if kit.sensor.connected else 'disconnected'}; boots {kit.boots}"
    )
