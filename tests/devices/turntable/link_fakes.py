"""Deterministic stand-ins for the link's world: a clock, USB ports, scripted kits.

A ``FakeKit`` is a turntable kit as the protocol describes it (HELLO, streaming,
heartbeats, RATE/PING answers), driven by the fake clock: a ``read`` with nothing
to return "blocks" by moving the clock to the next frame or to the read timeout,
exactly like a serial read with a timeout.  Nothing sleeps.
"""

from __future__ import annotations

import errno
from collections.abc import Callable

from companion.devices.turntable.link import READ_TIMEOUT_S, TurntableLink
from companion.devices.turntable.protocol import (
    Ack,
    AngleFrame,
    Err,
    FrameSplitter,
    Heartbeat,
    Hello,
    SensorState,
    crc16,
    encode_frame,
)


class FakeClock:
    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += max(seconds, 0.0)


class Unplugged(OSError):
    pass


class FakeKit:
    """A kit's behaviour; ``answers_hello=False`` or ``protocol=2`` make impostors."""

    def __init__(
        self,
        clock: FakeClock,
        *,
        rate: int = 100,
        protocol: int = 1,
        answers_hello: bool = True,
        chatter: bytes = b"",
        raw: int = 1024,
    ) -> None:
        self.clock = clock
        self.rate = rate
        self.protocol = protocol
        self.answers_hello = answers_hello
        self.chatter = chatter  # what an impostor keeps printing
        self.raw = raw
        self.seq = 0
        self.booted = clock()
        self.next_sample = clock()
        self.next_beat = clock()
        self.out = bytearray()
        self.received = bytearray()
        self.plugged = True
        self.silent = False
        self.corrupt_next = 0  # damage this many of the next frames
        self.inject_next = b""  # garbage to put in the middle of the next frame
        self.failure: Exception | None = None  # what the port raises from now on
        self.sensor = SensorState.OK
        self._commands = FrameSplitter()

    def ticks(self, t: float) -> int:
        return int(round((t - self.booted) * 1000)) % (1 << 30)

    def _send(self, frame: AngleFrame | Heartbeat | Hello | Ack | Err) -> None:
        if self.silent:
            return
        line = encode_frame(frame)
        if self.inject_next:
            line = line[:9] + self.inject_next + line[9:]
            self.inject_next = b""
        if self.corrupt_next:
            self.corrupt_next -= 1
            line = line[:5] + bytes([line[5] ^ 0x01]) + line[6:]
        self.out += line
        self.seq = (self.seq + 1) % 65536

    def _produce(self, until: float) -> None:
        if self.silent:
            return
        while True:
            due = min(self.next_sample, self.next_beat)
            if due > until:
                return
            if self.chatter:
                self.out += self.chatter
                self.next_sample = self.next_beat = due + 0.1
                continue
            if self.next_beat <= self.next_sample:
                self._send(Heartbeat(self.seq, self.ticks(due), self.sensor, 64, 2200, 0))
                self.next_beat = due + 0.2
            else:
                if self.sensor is not SensorState.NO_MAGNET:
                    self._send(AngleFrame(self.seq, self.ticks(due), self.raw))
                self.next_sample = due + 1.0 / self.rate

    def hello(self) -> Hello:
        return Hello(self.seq, self.protocol, "1.0.0", "E66138935F4A2B2C", self.rate)

    def receive(self, data: bytes) -> None:
        self.received += data
        self._produce(self.clock())
        for line in self._commands.feed(data):
            body = line[1:-6]
            if line[-5:-1] != b"%04X" % crc16(body):
                continue
            name, *args = body.decode().split(",")
            if name == "HELLO" and self.answers_hello:
                self._send(self.hello())
            elif name == "RATE" and self.answers_hello:
                self.rate = int(args[0])
                self._send(Ack(self.seq, "RATE", f"{self.rate:03d}"))
            elif name == "PING" and self.answers_hello:
                self._send(Ack(self.seq, "PING", args[0]))


class FakePort:
    """An open serial port onto a FakeKit."""

    def __init__(self, kit: FakeKit) -> None:
        self.kit = kit
        self.closed = False

    def _check(self) -> None:
        if self.kit.failure is not None:
            raise self.kit.failure
        if self.closed or not self.kit.plugged:
            raise Unplugged(errno.EIO, "device reports readiness to read but returned no data")

    @property
    def in_waiting(self) -> int:
        self._check()
        self.kit._produce(self.kit.clock())
        return len(self.kit.out)

    def read(self, size: int = 1) -> bytes:
        self._check()
        clock = self.kit.clock
        self.kit._produce(clock())
        if not self.kit.out:
            due = min(self.kit.next_sample, self.kit.next_beat)
            wake = (
                clock() + READ_TIMEOUT_S if self.kit.silent else min(due, clock() + READ_TIMEOUT_S)
            )
            clock.advance(wake - clock())
            self.kit._produce(clock())
        data = bytes(self.kit.out[:size])
        del self.kit.out[:size]
        return data

    def write(self, data: bytes) -> int:
        self._check()
        self.kit.receive(bytes(data))
        return len(data)

    def reset_input_buffer(self) -> None:
        self.kit.out.clear()

    def close(self) -> None:
        self.closed = True


class FakeBus:
    """USB: which kits are plugged in, under which port names."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.kits: dict[str, FakeKit] = {}
        self.opened: list[str] = []
        self.open_error: Exception | None = None

    def plug(self, path: str = "/dev/ttyACM0", **options: object) -> FakeKit:
        kit = FakeKit(self.clock, **options)  # type: ignore[arg-type]
        self.kits[path] = kit
        return kit

    def unplug(self, path: str = "/dev/ttyACM0") -> None:
        kit = self.kits.pop(path, None)
        if kit is not None:
            kit.plugged = False

    def find(self) -> list[str]:
        return sorted(self.kits)

    def open(self, path: str) -> FakePort:
        if self.open_error is not None:
            raise self.open_error
        if path not in self.kits:
            raise FileNotFoundError(errno.ENOENT, f"could not open port {path}")
        self.opened.append(path)
        return FakePort(self.kits[path])

    def link(self, **options: object) -> TurntableLink:
        return TurntableLink(
            self.find,
            open_port=self.open,
            clock=self.clock,
            wait=self.clock.advance,
            **options,  # type: ignore[arg-type]
        )


def run(link: TurntableLink, clock: FakeClock, seconds: float) -> None:
    """Step the link for ``seconds`` of fake time."""
    end = clock() + seconds
    while clock() < end:
        link.step()


def run_until(
    link: TurntableLink, clock: FakeClock, done: Callable[[], bool], limit: float = 10.0
) -> float:
    """Step until ``done()``; the fake time it took."""
    start = clock()
    while not done():
        assert clock() - start < limit, "the link never got there"
        link.step()
    return clock() - start
