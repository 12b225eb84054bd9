"""The turntable link protocol under stress: corrupted frames, and parsing speed.

Part 1 corrupts a million frames with 1-3 flipped bits (none may be accepted) and
another million in every other way seen on a serial line - more flipped bits,
bursts, dropped and inserted bytes, overwritten bytes, frames spliced together -
of which at most 10 per million may slip through.  "Accepted" means the receiver
(FrameSplitter + parse_frame, as the link uses them) produced a frame that was
never sent.

Part 2 times parse_frame against the obvious alternatives in the same run: a
regular-expression parser, and the same parser with a bit-by-bit CRC in Python
(best of several interleaved rounds each, as the machine may be busy).

Part 3 times a sample's whole way in on the host (goal ``sample-path``): the bytes
of one USB read (an angle frame, with a heartbeat every 20th) through the link's
step - framing, checksum, sequence and clock bookkeeping, counters, timers - to the
serial source's AngleSample and the SpinDetector's verdict.  The frames replay
realistic spins (ordinary stops, bounce-backs, creeps).  Beside it in the same
rounds: the same way as it was (every frame through the general path, its counters
rebuilt with ``dataclasses.replace`` under a lock, the first fixed-band detector),
and the detector alone.

    python -m benchmarks protocol          (about a minute)
"""

from __future__ import annotations

import binascii
import random
import re
import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import fields, make_dataclass, replace

import numpy as np

from benchmarks import goals
from benchmarks.table import print_table
from companion.devices.turntable.detector import FIXED_BAND_TUNING, SettleTuning, SpinDetector
from companion.devices.turntable.link import LinkStats, TurntableLink
from companion.devices.turntable.protocol import (
    AngleFrame,
    Frame,
    FrameSplitter,
    Heartbeat,
    Hello,
    SensorState,
    encode_frame,
    parse_frame,
)
from companion.devices.turntable.serial_source import SerialAngleSource
from companion.devices.turntable.settle_feed import SettleFeed
from companion.devices.turntable.source import AngleSample
from companion.devices.turntable.spin_trials import CONDITIONS, WIRINGS, spin

FRAMES = 1_000_000
LIMIT_PER_MILLION = 10
SEED = 20261129


def make_frames(rng: np.random.Generator, n: int) -> list[Frame]:
    """A stream's worth of frames: 19 angle frames for every heartbeat."""
    seqs = rng.integers(0, 65536, n)
    ticks = rng.integers(0, 1 << 30, n)
    raws = rng.integers(0, 4096, n)
    beat = rng.random(n) < 0.05
    states = list(SensorState)
    frames: list[Frame] = []
    for i in range(n):
        if beat[i]:
            frames.append(
                Heartbeat(
                    int(seqs[i]),
                    int(ticks[i]),
                    states[int(raws[i]) % 5],
                    int(raws[i]) % 256,
                    int(raws[i]),
                    int(seqs[i]) % 100000,
                )
            )
        else:
            frames.append(AngleFrame(int(seqs[i]), int(ticks[i]), int(raws[i])))
    return frames


def decode(data: bytes) -> list[Frame]:
    out = []
    for line in FrameSplitter().feed(data):
        frame = parse_frame(line)
        if frame is not None:
            out.append(frame)
    return out


def flip_bits(line: bytes, rng: random.Random, count: int) -> bytes:
    data = bytearray(line)
    for bit in rng.sample(range(len(line) * 8), count):
        data[bit >> 3] ^= 1 << (bit & 7)
    return bytes(data)


def burst(line: bytes, rng: random.Random) -> bytes:
    length = rng.randint(2, 16)
    start = rng.randrange(len(line) * 8 - length + 1)
    pattern = rng.getrandbits(length) | 1 | (1 << (length - 1))  # both ends flipped
    value = int.from_bytes(line, "big") ^ (pattern << (len(line) * 8 - start - length))
    return value.to_bytes(len(line), "big")


def drop_bytes(line: bytes, rng: random.Random) -> bytes:
    count = rng.randint(1, 3)
    start = rng.randrange(len(line) - count + 1)
    return line[:start] + line[start + count :]


def insert_bytes(line: bytes, rng: random.Random) -> bytes:
    junk = bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 3)))
    where = rng.randrange(1, len(line))
    return line[:where] + junk + line[where:]


def overwrite_bytes(line: bytes, rng: random.Random) -> bytes:
    data = bytearray(line)
    for where in rng.sample(range(len(line)), rng.randint(1, 4)):
        data[where] = rng.getrandbits(8)
    return bytes(data)


def change_digits(line: bytes, rng: random.Random) -> bytes:
    """Two digits turned into other digits: the frame keeps its form, only the CRC can tell."""
    data = bytearray(line)
    star = data.index(b"*")
    digits = [i for i in range(star) if 0x30 <= data[i] <= 0x39]
    for where in rng.sample(digits, 2):
        data[where] = 0x30 + (data[where] - 0x30 + rng.randint(1, 9)) % 10
    return bytes(data)


Corruption = Callable[[bytes, bytes], bytes]  # (line, the line before it) -> damaged line


def check(name: str, frames: list[Frame], corrupt: Corruption, limit: int | None) -> list[object]:
    lines = [encode_frame(f) for f in frames]
    accepted = rejected = intact = 0
    for i, line in enumerate(lines):
        got = decode(corrupt(line, lines[i - 1]))
        if any(f != frames[i] and f != frames[i - 1] for f in got):
            accepted += 1
        elif got:
            intact += 1  # the damage missed the frame (e.g. bytes inserted after it)
        else:
            rejected += 1
    per_million = accepted * 1_000_000 / len(frames)
    ok = per_million == 0 if limit is None else per_million <= limit
    return [
        name,
        len(frames),
        rejected,
        intact,
        accepted,
        per_million,
        limit or 0,
        "ok" if ok else "FAIL",
    ]


def corruption_table(seed: int) -> list[list[object]]:
    rng = random.Random(seed)
    frames = make_frames(np.random.default_rng(seed), 2 * FRAMES)
    few, many = frames[:FRAMES], frames[FRAMES:]
    third = FRAMES // 3
    rows = [
        check("1 bit flipped", few[:third], lambda line, p: flip_bits(line, rng, 1), None),
        check(
            "2 bits flipped", few[third : 2 * third], lambda line, p: flip_bits(line, rng, 2), None
        ),
        check("3 bits flipped", few[2 * third :], lambda line, p: flip_bits(line, rng, 3), None),
    ]
    modes: list[tuple[str, Corruption]] = [
        ("4-8 bits flipped", lambda line, p: flip_bits(line, rng, rng.randint(4, 8))),
        ("burst of 2-16 bits", lambda line, p: burst(line, rng)),
        ("1-3 bytes dropped", lambda line, p: drop_bytes(line, rng)),
        ("1-3 bytes inserted", lambda line, p: insert_bytes(line, rng)),
        ("1-4 bytes overwritten", lambda line, p: overwrite_bytes(line, rng)),
        ("2 digits changed", lambda line, p: change_digits(line, rng)),
        ("head of the one before", lambda line, p: p[: len(p) // 2] + line[len(line) // 2 :]),
    ]
    share = FRAMES // len(modes)
    for k, (name, corrupt) in enumerate(modes):
        rows.append(check(name, many[k * share : (k + 1) * share], corrupt, LIMIT_PER_MILLION))
    return rows


# --- parsing speed ----------------------------------------------------------------------

_RE_ANGLE = re.compile(rb"\$(A,(\d{5}),(\d{10}),(\d{4}))\*([0-9A-F]{4})\r?\n?\Z")
_RE_BEAT = re.compile(
    rb"\$(H,(\d{5}),(\d{10}),([KWSNX]),(\d{3}),(\d{4}),(\d{5}))\*([0-9A-F]{4})\r?\n?\Z"
)


def regex_parse(line: bytes) -> Frame | None:
    """The obvious alternative: one regular expression per frame type."""
    m = _RE_ANGLE.match(line)
    if m:
        if binascii.crc_hqx(m[1], 0xFFFF) != int(m[5], 16):
            return None
        seq, ticks, raw = int(m[2]), int(m[3]), int(m[4])
        if seq < 65536 and ticks < 1 << 30 and raw < 4096:
            return AngleFrame(seq, ticks, raw)
        return None
    m = _RE_BEAT.match(line)
    if m and binascii.crc_hqx(m[1], 0xFFFF) == int(m[8], 16):
        seq, ticks, agc, magnitude = int(m[2]), int(m[3]), int(m[5]), int(m[6])
        if seq < 65536 and ticks < 1 << 30 and agc < 256 and magnitude < 4096:
            return Heartbeat(seq, ticks, SensorState(m[4].decode()), agc, magnitude, int(m[7]))
    return None


def bitwise_crc(data: bytes) -> int:
    """CRC-16/CCITT-FALSE as first written: a bit at a time."""
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def slow_crc_parse(line: bytes) -> Frame | None:
    """parse_frame, but checking the CRC bit by bit in Python."""
    star = line.find(b"*")
    if star < 0 or b"%04X" % bitwise_crc(line[1:star]) != line[star + 1 : star + 5]:
        return None
    return parse_frame(line)


def throughput_table(rng: np.random.Generator, rounds: int = 7) -> list[list[object]]:
    """Best of ``rounds`` interleaved runs each, so a busy machine favours no one."""
    frames = make_frames(rng, 50_000)
    lines = [encode_frame(f) for f in frames]
    contenders: list[tuple[str, Callable[[bytes], Frame | None], int]] = [
        ("parse_frame (split + crc_hqx)", parse_frame, len(lines)),
        ("regular expressions + crc_hqx", regex_parse, len(lines)),
        ("parse_frame with a bitwise CRC", slow_crc_parse, len(lines) // 10),
    ]
    best = {name: float("inf") for name, _, _ in contenders}
    for _ in range(rounds):
        for name, parse, n in contenders:
            sample = lines[:n]
            start = time.perf_counter()
            parsed = [parse(line) for line in sample]
            best[name] = min(best[name], (time.perf_counter() - start) / n)
            assert parsed == frames[:n], f"{name} disagrees with the protocol"
    baseline = best[contenders[1][0]]
    return [[name, 1.0 / best[name], baseline / best[name]] for name, _, _ in contenders]


# --- a sample's whole way in ------------------------------------------------------------

SAMPLE_PATH_TARGET_US = 30.0
PATH_ROUNDS = 5
PATH_SPINS = 40


class ScriptedPort:
    """A serial port that has one prepared USB read waiting at a time."""

    def __init__(self) -> None:
        self.waiting = b""

    @property
    def in_waiting(self) -> int:
        return len(self.waiting)

    def read(self, size: int = 1) -> bytes:
        data, self.waiting = self.waiting, b""
        return data

    def write(self, data: bytes, /) -> int:
        return len(data)

    def reset_input_buffer(self) -> None:
        self.waiting = b""

    def close(self) -> None:
        pass


FrozenStats = make_dataclass(
    "FrozenStats", [(f.name, int, 0) for f in fields(LinkStats)], frozen=True
)
"""LinkStats as it was: frozen, so every count made a new one."""


class LinkAsBefore(TurntableLink):
    """Every angle frame down the general path, its counters rebuilt under a lock."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._old_stats = FrozenStats()
        self._old_lock = threading.Lock()

    def _accept_streamed(self, frame: AngleFrame | Heartbeat, now: float) -> None:
        with self._old_lock:
            self._old_stats = replace(self._old_stats, frames=self._old_stats.frames + 1)
        self._accept(frame, now)


def spin_reads(spins: int) -> tuple[list[bytes], list[AngleSample]]:
    """USB reads replaying serial-path spins of every condition, and their samples."""
    wiring = WIRINGS[0]
    reads: list[bytes] = []
    samples: list[AngleSample] = []
    seq = 0
    for index in range(spins):
        condition = CONDITIONS[index % len(CONDITIONS)]
        for sample in spin(wiring, condition, 31 * index).samples:
            ticks = int(round((100.0 * index + sample.t) * 1000))
            chunk = b""
            if seq % 20 == 0:
                chunk += encode_frame(Heartbeat(seq, ticks, SensorState.OK, 64, 2200, 0))
                seq = (seq + 1) % 65536
            raw = round(sample.degrees * 4096 / 360) % 4096
            chunk += encode_frame(AngleFrame(seq, ticks, raw))
            seq = (seq + 1) % 65536
            reads.append(chunk)
            samples.append(sample)
    return reads, samples


def time_link_path(
    link_class: type[TurntableLink],
    tuning: SettleTuning,
    reads: list[bytes],
    clock: Callable[[], int] = time.perf_counter_ns,
) -> list[int]:
    """Nanoseconds per read, from the bytes to the detector's verdict."""
    now = [100.0]
    port = ScriptedPort()
    link = link_class(
        lambda: ["bench"], open_port=lambda _path: port, clock=lambda: now[0], wait=lambda _s: None
    )
    source = SerialAngleSource(link)
    feed = SettleFeed(tuning)
    source.on_sample = feed.take
    link.step()  # finds the port and says HELLO
    port.waiting = encode_frame(Hello(0, 1, "1.0.0", "E66138935F4A2B2C", 100))
    link.step()
    costs: list[int] = []
    step = link.step
    for chunk in reads:
        now[0] += 0.01
        port.waiting = chunk
        before = clock()
        step()
        costs.append(clock() - before)
    assert link.stats().frames >= len(reads), "the link lost frames in the benchmark"
    return costs


def time_detector(samples: list[AngleSample]) -> list[int]:
    detector = SpinDetector(SettleTuning())
    feed = detector.feed
    clock = time.perf_counter_ns
    costs: list[int] = []
    t = 0.0
    for sample in samples:
        t += 0.01
        one = AngleSample(t, sample.degrees)
        before = clock()
        feed(one)
        costs.append(clock() - before)
    return costs


def _p(costs: list[int], q: float) -> float:
    ordered = sorted(costs)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] / 1000.0


def sample_path_table() -> tuple[list[list[object]], float]:
    reads, samples = spin_reads(PATH_SPINS)
    contenders: list[tuple[str, Callable[[], list[int]]]] = [
        ("the way in now", lambda: time_link_path(TurntableLink, SettleTuning(), reads)),
        ("the way in before", lambda: time_link_path(LinkAsBefore, FIXED_BAND_TUNING, reads)),
        ("the detector alone", lambda: time_detector(samples)),
        (
            "the way in now, its own CPU time",  # without the waits of a shared machine
            lambda: time_link_path(TurntableLink, SettleTuning(), reads, time.thread_time_ns),
        ),
    ]
    p50: dict[str, list[float]] = {name: [] for name, _ in contenders}
    p99: dict[str, list[float]] = {name: [] for name, _ in contenders}
    for _ in range(PATH_ROUNDS):
        for name, run in contenders:
            costs = run()
            p50[name].append(_p(costs, 0.5))
            p99[name].append(_p(costs, 0.99))
    rows: list[list[object]] = []
    for name, _ in contenders:
        a, b = sorted(p50[name]), sorted(p99[name])
        rows.append(
            [name, len(reads), f"{statistics.median(a):.1f}",
             f"{b[0]:.1f}", f"{statistics.median(b):.1f}", f"{b[-1]:.1f}"]
        )  # fmt: skip
    ours = statistics.median(p99[contenders[0][0]])
    before = statistics.median(p99[contenders[1][0]])
    alone = statistics.median(p99[contenders[2][0]])
    rows.append(["now vs before, p99", "", "", "", f"{before / ours:.2f}x faster", ""])
    rows.append(["now vs the detector alone, p99", "", "", "", f"{ours / alone:.1f}x", ""])
    return rows, ours


def main() -> None:
    started = time.perf_counter()
    print_table(
        f"Corrupted frames (seed {SEED}); accepted = a frame that was never sent",
        [
            "corruption",
            "frames",
            "rejected",
            "intact",
            "accepted",
            "per million",
            "limit",
            "verdict",
        ],  # fmt: skip
        corruption_table(SEED),
    )
    print_table(
        "Parsing valid frames (same run)",
        ["parser", "frames per second", "vs regex"],
        throughput_table(np.random.default_rng(SEED)),
    )
    rows, ours = sample_path_table()
    print_table(
        f"A sample's way in: USB read to the detector's verdict, us ({PATH_ROUNDS} rounds)",
        ["path", "reads", "p50 (median)", "p99 min", "p99 median", "p99 max"],
        rows,
    )
    goals.report(
        "sample-path",
        ours <= SAMPLE_PATH_TARGET_US,
        f"p99 {ours:.1f} us per sample",
        f"p99 <= {SAMPLE_PATH_TARGET_US:.0f} us",
    )
    print(f"\n({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
