"""The turntable link protocol, host side: parsing and encoding frames, no I/O.

The specification is ``companion/firmware/PROTOCOL.md``.  Lines look like
``$A,00042,0000123456,2048*1F3C\\n``: a body of comma-separated fields between
``$`` and ``*``, then the body's CRC-16/CCITT-FALSE as four upper-case hex digits.
Every field has a fixed width or a strict form, so a dropped or inserted byte
changes the length and is refused even before the checksum is consulted.

The Pico's firmware has its own implementation (``companion/firmware/link.py``, MicroPython);
both are held to the golden vectors in ``companion/firmware/test_vectors.json``.
"""

from __future__ import annotations

import binascii
from dataclasses import dataclass
from enum import Enum

PROTOCOL_VERSION = 1
MAX_LINE = 64
"""Longest line in bytes, from ``$`` to the newline."""
SEQ_MODULUS = 1 << 16
TICKS_MODULUS = 1 << 30
RAW_PER_TURN = 4096
MIN_RATE_HZ = 1
MAX_RATE_HZ = 500
HEARTBEAT_PERIOD_S = 0.2
COMMANDS = ("HELLO", "RATE", "PING", "MAINT")
ERROR_CODES = ("CRC", "SYNTAX", "UNKNOWN", "RANGE", "LONG", "FAULT")


class SensorState(Enum):
    """The AS5600's health, one letter in every heartbeat."""

    OK = "K"
    WEAK = "W"
    STRONG = "S"
    NO_MAGNET = "N"
    NOT_ANSWERING = "X"

    @property
    def advice(self) -> str:
        """What a person at the table should do about it."""
        return _ADVICE[self]


_ADVICE = {
    SensorState.OK: "magnet OK",
    SensorState.WEAK: "magnet too weak: move it closer to the sensor (gap 0.5-3 mm)",
    SensorState.STRONG: "magnet too strong: move it further from the sensor (gap 0.5-3 mm)",
    SensorState.NO_MAGNET: "the sensor sees no magnet: is the turntable in place?",
    SensorState.NOT_ANSWERING: "the AS5600 does not answer: check its four wires to the Pico",
}


@dataclass(frozen=True, slots=True)
class AngleFrame:
    seq: int
    ticks_ms: int
    raw: int

    @property
    def degrees(self) -> float:
        return self.raw * 360.0 / RAW_PER_TURN


@dataclass(frozen=True, slots=True)
class Heartbeat:
    seq: int
    ticks_ms: int
    sensor: SensorState
    agc: int
    magnitude: int
    i2c_errors: int


@dataclass(frozen=True, slots=True)
class Hello:
    seq: int
    protocol: int
    firmware: str
    uid: str
    rate_hz: int


@dataclass(frozen=True, slots=True)
class Ack:
    seq: int
    command: str
    value: str


@dataclass(frozen=True, slots=True)
class Err:
    seq: int
    command: str
    code: str


Frame = AngleFrame | Heartbeat | Hello | Ack | Err


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE of ``data``."""
    return binascii.crc_hqx(data, 0xFFFF)


def frame_line(body: bytes) -> bytes:
    """``body`` framed as a line: ``$`` body ``*`` CRC ``\\n``."""
    return b"$%s*%04X\n" % (body, binascii.crc_hqx(body, 0xFFFF))


def parse_frame(line: bytes) -> Frame | None:
    """The frame a line carries, or None if the line is not a sound frame.

    ``line`` runs from ``$`` to an optional ``\\n`` (or ``\\r\\n``).  Checks, in order:
    framing, the checksum, then every field's exact form and range.
    """
    if len(line) == 30 and line[:3] == b"$A," and line[29] == 10:
        return _parse_angle_line(line)
    return _parse_general(line)


def checksum_ok(line: bytes) -> bool:
    """Whether a line's checksum matches its body, whatever else is wrong with it.

    Tells the link's counters a line damaged in transit (a checksum error) from one
    that arrived intact but is not a frame of this protocol.
    """
    text = line.rstrip(b"\r\n")
    star = text.rfind(b"*")
    return (
        star > 0
        and len(text) - star == 5
        and text[star + 1 :] == b"%04X" % binascii.crc_hqx(text[1:star], 0xFFFF)
    )


def _parse_angle_line(line: bytes) -> Frame | None:
    """The common case, an angle frame ending in "\n": fixed positions, no splitting."""
    if line[8] != 44 or line[19] != 44 or line[24] != 42:
        return None
    if line[25:29] != b"%04X" % binascii.crc_hqx(line[1:24], 0xFFFF):
        return None
    seq, ticks, raw = line[3:8], line[9:19], line[20:24]
    if not (seq.isdigit() and ticks.isdigit() and raw.isdigit()):
        return None
    s, t, r = int(seq), int(ticks), int(raw)
    if s >= SEQ_MODULUS or t >= TICKS_MODULUS or r >= RAW_PER_TURN:
        return None
    return AngleFrame(s, t, r)


def _parse_general(line: bytes) -> Frame | None:
    n = len(line)
    if n and line[n - 1] == 10:
        n -= 1
        if n and line[n - 1] == 13:
            n -= 1
    if n < 8 or n > MAX_LINE or line[0] != 36 or line[n - 5] != 42:
        return None
    body = line[1 : n - 5]
    if line[n - 4 : n] != b"%04X" % binascii.crc_hqx(body, 0xFFFF):
        return None
    fields = body.split(b",")
    parser = _PARSERS.get(fields[0])
    return parser(fields) if parser is not None else None


def _digits(field: bytes, width: int) -> int | None:
    if len(field) == width and field.isdigit():
        return int(field)
    return None


def _parse_angle(f: list[bytes]) -> Frame | None:
    if len(f) != 4:
        return None
    seq, ticks, raw = _digits(f[1], 5), _digits(f[2], 10), _digits(f[3], 4)
    if seq is None or ticks is None or raw is None:
        return None
    if seq >= SEQ_MODULUS or ticks >= TICKS_MODULUS or raw >= RAW_PER_TURN:
        return None
    return AngleFrame(seq, ticks, raw)


_SENSOR_STATES = {state.value.encode(): state for state in SensorState}


def _parse_heartbeat(f: list[bytes]) -> Frame | None:
    if len(f) != 7:
        return None
    seq, ticks = _digits(f[1], 5), _digits(f[2], 10)
    sensor = _SENSOR_STATES.get(f[3])
    agc, magnitude, errors = _digits(f[4], 3), _digits(f[5], 4), _digits(f[6], 5)
    if seq is None or ticks is None or sensor is None:
        return None
    if agc is None or magnitude is None or errors is None:
        return None
    if seq >= SEQ_MODULUS or ticks >= TICKS_MODULUS or agc > 255 or magnitude >= 4096:
        return None
    return Heartbeat(seq, ticks, sensor, agc, magnitude, errors)


def _parse_version(field: bytes) -> str | None:
    parts = field.split(b".")
    if len(parts) != 3 or not all(0 < len(p) <= 3 and p.isdigit() for p in parts):
        return None
    return field.decode()


_HEX_DIGITS = frozenset(b"0123456789ABCDEF")


def _parse_hello(f: list[bytes]) -> Frame | None:
    if len(f) != 6:
        return None
    seq, rate = _digits(f[1], 5), _digits(f[5], 3)
    protocol = int(f[2]) if 0 < len(f[2]) <= 3 and f[2].isdigit() else None
    firmware = _parse_version(f[3])
    uid = f[4].decode() if len(f[4]) == 16 and _HEX_DIGITS.issuperset(f[4]) else None
    if seq is None or rate is None or protocol is None or firmware is None or uid is None:
        return None
    if seq >= SEQ_MODULUS or not MIN_RATE_HZ <= rate <= MAX_RATE_HZ:
        return None
    return Hello(seq, protocol, firmware, uid, rate)


def _parse_ack(f: list[bytes]) -> Frame | None:
    if len(f) != 4:
        return None
    seq = _digits(f[1], 5)
    command, value = f[2], f[3]
    if seq is None or seq >= SEQ_MODULUS:
        return None
    if command == b"RATE":
        rate = _digits(value, 3)
        if rate is None or not MIN_RATE_HZ <= rate <= MAX_RATE_HZ:
            return None
    elif command == b"PING":
        if not (0 < len(value) <= 5 and value.isdigit()):
            return None
    elif command != b"MAINT" or value != b"0":
        return None
    return Ack(seq, command.decode(), value.decode())


def _parse_err(f: list[bytes]) -> Frame | None:
    if len(f) != 4:
        return None
    seq = _digits(f[1], 5)
    command, code = f[2], f[3]
    if seq is None or seq >= SEQ_MODULUS or code not in _ERROR_CODES:
        return None
    if not (0 < len(command) <= 8 and command.isalpha() and command.isupper()):
        return None
    return Err(seq, command.decode(), code.decode())


_ERROR_CODES = frozenset(code.encode() for code in ERROR_CODES)


_PARSERS = {
    b"A": _parse_angle,
    b"H": _parse_heartbeat,
    b"HELLO": _parse_hello,
    b"ACK": _parse_ack,
    b"ERR": _parse_err,
}


def encode_frame(frame: Frame) -> bytes:
    """The line for a device frame (the inverse of parse_frame; for fakes and tests)."""
    if isinstance(frame, AngleFrame):
        body = b"A,%05d,%010d,%04d" % (frame.seq, frame.ticks_ms, frame.raw)
    elif isinstance(frame, Heartbeat):
        body = b"H,%05d,%010d,%s,%03d,%04d,%05d" % (
            frame.seq,
            frame.ticks_ms,
            frame.sensor.value.encode(),
            frame.agc,
            frame.magnitude,
            frame.i2c_errors,
        )
    elif isinstance(frame, Hello):
        body = b"HELLO,%05d,%d,%s,%s,%03d" % (
            frame.seq,
            frame.protocol,
            frame.firmware.encode(),
            frame.uid.encode(),
            frame.rate_hz,
        )
    elif isinstance(frame, Ack):
        body = b"ACK,%05d,%s,%s" % (frame.seq, frame.command.encode(), frame.value.encode())
    else:
        body = b"ERR,%05d,%s,%s" % (frame.seq, frame.command.encode(), frame.code.encode())
    return frame_line(body)


def encode_hello() -> bytes:
    return frame_line(b"HELLO")


def encode_rate(hz: int) -> bytes:
    if not MIN_RATE_HZ <= hz <= MAX_RATE_HZ:
        raise ValueError(f"the rate must be {MIN_RATE_HZ}-{MAX_RATE_HZ} frames per second")
    return frame_line(b"RATE,%d" % hz)


def encode_ping(token: int) -> bytes:
    if not 0 <= token <= 99999:
        raise ValueError("a ping token is 0-99999")
    return frame_line(b"PING,%d" % token)


def encode_maint() -> bytes:
    return frame_line(b"MAINT")


class FrameSplitter:
    """Cuts a byte stream into candidate lines; every ``$`` starts a new one.

    The REPL banner and any other noise between frames is skipped; a candidate cut
    short by a new ``$`` or longer than MAX_LINE is dropped (``broken``), so one
    frame's damage never spills into the next.  ``noise_bytes`` counts every byte
    that did not end up in a candidate line.
    """

    def __init__(self, max_line: int = MAX_LINE) -> None:
        self.max_line = max_line
        self._pending = b""
        self.noise_bytes = 0
        self.broken = 0

    def reset(self) -> None:
        self._pending = b""

    def feed(self, data: bytes) -> list[bytes]:
        buf = self._pending + data if self._pending else data
        self._pending = b""
        lines: list[bytes] = []
        i, end = 0, len(buf)
        while i < end:
            if buf[i] != 36:
                start = buf.find(b"$", i)
                if start < 0:
                    self.noise_bytes += end - i
                    break
                self.noise_bytes += start - i
                i = start
            newline = buf.find(b"\n", i + 1)
            limit = newline if newline >= 0 else end
            restart = buf.find(b"$", i + 1, limit)
            if restart >= 0:
                self.broken += 1
                self.noise_bytes += restart - i
                i = restart
                continue
            if newline < 0:
                if end - i >= self.max_line:
                    self.broken += 1
                    self.noise_bytes += end - i
                else:
                    self._pending = buf[i:]
                break
            if newline + 1 - i > self.max_line:
                self.broken += 1
                self.noise_bytes += newline + 1 - i
            else:
                lines.append(buf[i : newline + 1])
            i = newline + 1
        return lines
