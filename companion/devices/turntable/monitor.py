"""Watch the turntable kit from a terminal: for wiring checks and setting the magnet's gap.

    python -m companion.devices.turntable.monitor            # find the kit
    python -m companion.devices.turntable.monitor --port /dev/ttyACM0
    python -m companion.devices.turntable.monitor --sim      # try it with the simulated kit

Prints one line twice a second: link state, angle, what the sensor says (with
AGC and magnitude, which tell whether the gap is right) and the link's counters.
"""

from __future__ import annotations

import argparse
import sys
import threading
from collections.abc import Sequence

from companion.devices.turntable.serial_source import SerialAngleSource
from companion.devices.turntable.sim_kit import SimKit, open_simulated_turntable


def describe(source: SerialAngleSource) -> str:
    link = source.link
    stats = link.stats()
    text, state = source.status_text(), source.status().value
    parts = [text if text.startswith(f"{state}: ") else f"{state}: {text}"]
    beat = source.heartbeat
    if beat is not None:
        parts.append(f"AGC {beat.agc} (aim for the middle), magnitude {beat.magnitude}")
    if link.hello is not None:
        parts.append(f"{link.device_rate_hz} Hz, firmware {link.hello.firmware}")
    parts.append(
        f"frames {stats.frames}, checksum errors {stats.crc_errors}, damaged "
        f"{stats.bad_frames}, lost {stats.lost_frames}, repeated {stats.duplicates}, "
        f"out of order {stats.reordered}, "
        f"reconnects {max(stats.connects - 1, 0)}"
    )
    return " | ".join(parts)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", default="", help="serial port (default: find the kit)")
    parser.add_argument("--sim", action="store_true", help="watch a simulated kit instead")
    parser.add_argument("--seconds", type=float, default=0.0, help="stop after this long")
    args = parser.parse_args(argv)
    kit: SimKit | None = None
    if args.sim:
        source, kit = open_simulated_turntable()
        kit.magnet.spin(540.0)
    else:
        source = SerialAngleSource.from_settings(args.port)
    source.start()
    done = threading.Event()
    elapsed = 0.0
    try:
        while not done.wait(0.5):
            elapsed += 0.5
            print(describe(source), flush=True)
            if args.seconds and elapsed >= args.seconds:
                break
    except KeyboardInterrupt:
        pass
    finally:
        source.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
