"""A test bench for the firmware: the real source on a simulated board, simulated time.

The firmware runs exactly as it would on the Pico (``main.py`` as ``__main__``)
until the manual clock reaches the end of the run; nothing sleeps for real.
"""

from __future__ import annotations

import json
from typing import Any

from companion.devices.turntable.fw_host import (
    BUNDLED_FIRMWARE,
    Board,
    BoardReset,
    ManualClock,
    MemoryStdio,
    PowerOff,
    load_firmware,
)
from companion.devices.turntable.protocol import Frame, FrameSplitter, frame_line, parse_frame
from companion.devices.turntable.sim_magnet import SimAS5600, SimMagnet
from companion.devices.turntable.simulated import Physics

VECTORS: dict[str, Any] = json.loads(
    (BUNDLED_FIRMWARE / "test_vectors.json").read_text(encoding="utf-8")
)
UID = bytes.fromhex("E66138935F4A2B2C")


class Rig:
    def __init__(self, angle: float = 90.0) -> None:
        self.clock = ManualClock()
        perfect = Physics(wobble_deg=0.0, eccentricity_deg=0.0)
        self.magnet = SimMagnet(clock=lambda: self.clock.us / 1e6, angle=angle, physics=perfect)
        self.sensor = SimAS5600(self.magnet, noise_lsb=0)
        self.stdio = MemoryStdio()
        self.files: dict[str, bytes] = {}
        self.board = self.new_board()

    def new_board(self) -> Board:
        return Board(self.clock, self.stdio, {0x36: self.sensor}, UID, self.files)

    def at(self, ms: float, action: Any) -> None:
        self.clock.at(int(ms * 1000), action)

    def send_at(self, ms: float, data: bytes) -> None:
        self.at(ms, lambda: self.stdio.push(data))

    def command_at(self, ms: float, body: bytes) -> None:
        self.send_at(ms, frame_line(body))

    def boot(self, until_ms: float) -> str:
        """Run main.py from a fresh start until ``until_ms``; how it ended."""
        self.clock.run_until_us = int(until_ms * 1000)
        self.board = self.new_board()
        try:
            load_firmware(self.board, run_main=True)
        except PowerOff:
            return "power off"
        except BoardReset as reset:
            return f"reset: {reset}"
        return "returned"

    def modules(self) -> dict[str, Any]:
        """The firmware's modules, loaded but not running."""
        return load_firmware(self.board)

    def frames(self) -> list[Frame]:
        lines = FrameSplitter().feed(self.stdio.take_output())
        parsed = [parse_frame(line) for line in lines]
        assert None not in parsed, "the firmware sent a malformed frame"
        return [f for f in parsed if f is not None]
