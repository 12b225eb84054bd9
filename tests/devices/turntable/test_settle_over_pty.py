"""A spin's frames over a real pseudo-terminal, through the link, to the settle.

A stand-in kit on the pty's master side answers HELLO, then streams a simulated spin
at the kit's pace (100 frames a second, stamped with its own clock) with serial
garbage between and inside frames.  The link reads the other side as it reads the
Pico.  The verdict depends on the frames' own time stamps, never on how fast the
machine is; the test waits by polling with a bounded timeout.
"""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Iterator

import pytest

from companion.devices.turntable.link import LinkState, TurntableLink
from companion.devices.turntable.protocol import AngleFrame, Heartbeat, Hello, SensorState
from companion.devices.turntable.protocol import encode_frame as line_of
from companion.devices.turntable.serial_source import SerialAngleSource
from companion.devices.turntable.settle_feed import SettleFeed
from companion.devices.turntable.simulated import Physics, SpinModel
from companion.devices.turntable.source import AngleSample

GARBAGE = b"MicroPython v1.22 on 2024-01-05; Raspberry Pi Pico\r\n>>> \x00\xff$A,12*"


class PtyKit:
    """Streams ``frames`` (lines) after answering HELLO, ``per_write`` at a time."""

    def __init__(self, lines: list[bytes], per_write: int = 5) -> None:
        self.master, slave = os.openpty()
        self.path = os.ttyname(slave)
        self._slave = slave
        self.lines = lines
        self.per_write = per_write
        self.done = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="pty-kit", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        heard = b""
        while b"$HELLO*" not in heard and not self._stop.is_set():
            try:
                heard += os.read(self.master, 256)
            except OSError:
                return
        os.write(self.master, line_of(Hello(0, 1, "1.0.0", "E66138935F4A2B2C", 100)))
        start = time.monotonic()
        for i in range(0, len(self.lines), self.per_write):
            if self._stop.is_set():
                return
            due = start + i / 100.0  # the kit's pace: 100 frames a second
            self._stop.wait(max(0.0, due - time.monotonic()))
            os.write(self.master, b"".join(self.lines[i : i + self.per_write]))
        self.done.set()

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=2.0)
        os.close(self.master)
        os.close(self._slave)


def spin_lines(seed: int) -> tuple[list[bytes], float, int]:
    """A firm spin's frames with garbage sprinkled in; where it rests; frames damaged."""
    rng = random.Random(seed)
    model = SpinModel(Physics(coulomb_dps2=120.0, viscous_per_s=1.0), angle=100.0, rng=rng)
    lines: list[bytes] = []
    damaged = 0
    seq = 1
    for i in range(300):  # 3 s: still, flicked at 0.5 s, at rest well before the end
        t = i / 100.0
        if i == 50:
            model.flick(rng.choice((-1, 1)) * 400.0)
        model.advance(t)
        raw = round(model.reading() * 4096 / 360) % 4096
        line = line_of(AngleFrame(seq, 5000 + i * 10, raw))
        if i % 20 == 0:
            line = line_of(Heartbeat(seq, 5000 + i * 10, SensorState.OK, 64, 2200, 0))
            seq += 1
            line += line_of(AngleFrame(seq, 5000 + i * 10, raw))
        if i % 37 == 5 and i < 250:
            line = GARBAGE + line  # REPL text and a frame cut short before it
        if i % 53 == 7 and i < 250:
            line = line[:12] + bytes([line[12] ^ 0x04]) + line[13:]  # a bit flipped
            damaged += 1
        lines.append(line)
        seq += 1
    return lines, model.noiseless_reading(), damaged


@pytest.fixture
def kit_and_source(request: pytest.FixtureRequest) -> Iterator[tuple[PtyKit, SerialAngleSource]]:
    lines, _, _ = request.param
    kit = PtyKit(lines)
    source = SerialAngleSource(TurntableLink(lambda: [kit.path]))
    yield kit, source
    source.stop()
    kit.close()


def wait_for(condition: object, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"still waiting after {timeout} s"
        time.sleep(0.005)


SPIN = spin_lines(4)


@pytest.mark.parametrize("kit_and_source", [SPIN], indirect=True)
def test_a_spin_streamed_over_a_pty_settles_once_where_the_wolf_rests(
    kit_and_source: tuple[PtyKit, SerialAngleSource],
) -> None:
    kit, source = kit_and_source
    _, rest, damaged = SPIN
    feed = SettleFeed()
    settles: list[tuple[float, bool]] = []
    feed.on_settled = lambda raw, after_spin: settles.append((raw, after_spin))
    samples: list[AngleSample] = []

    def take(sample: AngleSample) -> None:
        samples.append(sample)
        feed.take(sample)

    source.on_sample = take
    source.start()
    wait_for(lambda: source.link.state is LinkState.CONNECTED)
    wait_for(kit.done.is_set)
    wait_for(lambda: len(samples) >= 300 - damaged)
    feed.deliver()
    spun = [raw for raw, after_spin in settles if after_spin]
    assert len(spun) == 1
    assert abs((spun[0] - rest + 180) % 360 - 180) < 1.0
    stats = source.link.stats()
    assert stats.crc_errors == damaged  # the flipped bits, each caught by its checksum
    assert stats.lost_frames == damaged  # and counted as lost, nothing else
    assert stats.noise_bytes > 0 and stats.bad_frames > 0  # the REPL text, the cut frames
    steps = [b.t - a.t for a, b in zip(samples, samples[1:], strict=False)]
    assert min(steps) >= 0.0  # the kit's time stamps, in order, whatever USB did
