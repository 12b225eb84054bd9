# Framing for the turntable link: CRC-16/CCITT-FALSE, frame encoders, line reader.
#
# Runs on the Pico under MicroPython and, unchanged, under CPython for the tests
# and the simulated kit.  The host has its own implementation
# (companion/devices/turntable/protocol.py); both are held to the same golden
# vectors in test_vectors.json.  PROTOCOL.md is the specification.

PROTOCOL_VERSION = 1
MAX_LINE = 64  # bytes of a whole line, from "$" to "\n"
SEQ_MODULUS = 65536
TICKS_MASK = 0x3FFFFFFF  # ticks_ms wraps at 2**30 on the rp2 port
MIN_RATE = 1
MAX_RATE = 500
HEARTBEAT_MS = 200

# Reply codes of ERR frames.
CRC = "CRC"  # the command line failed its checksum
SYNTAX = "SYNTAX"  # a known command with wrong arguments, or a malformed line
UNKNOWN = "UNKNOWN"  # a command this firmware does not know
RANGE = "RANGE"  # an argument outside its range
LONG = "LONG"  # a line longer than MAX_LINE
FAULT = "FAULT"  # the firmware caught an unexpected error and carried on

_DOLLAR = 0x24
_STAR = 0x2A
_NEWLINE = 0x0A
_RETURN = 0x0D


def _make_table():
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ 0x1021) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
        table.append(crc)
    return table


_TABLE = _make_table()


def crc16(data, crc=0xFFFF):
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor)."""
    table = _TABLE
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ table[((crc >> 8) ^ byte) & 0xFF]
    return crc


def frame(body):
    """The line that carries ``body`` (a str): "$" body "*" 4 hex digits "\\n", as bytes."""
    data = body.encode()
    return b"$" + data + b"*" + f"{crc16(data):04X}".encode() + b"\n"


def _allowed(byte):
    # Bodies use only A-Z, 0-9, "," and ".": anything else is corruption.
    return 0x41 <= byte <= 0x5A or 0x30 <= byte <= 0x39 or byte == 0x2C or byte == 0x2E


def open_frame(line):
    """Check a line from the reader: (body bytes, None) if sound, else (None, reason code)."""
    n = len(line)
    if n and line[n - 1] == _RETURN:
        n -= 1
    if n < 7 or line[0] != _DOLLAR or line[n - 5] != _STAR:
        return None, SYNTAX
    body = line[1 : n - 5]
    if line[n - 4 : n] != f"{crc16(body):04X}".encode():
        return None, CRC
    for byte in body:
        if not _allowed(byte):
            return None, SYNTAX
    return body, None


class LineReader:
    """Collects incoming bytes into lines that start with "$"; resyncs on every "$".

    Anything outside a "$...\\n" line (a stray newline, a terminal's echo) is
    skipped; a line cut short by a new "$" is dropped; an overlong line is
    reported once as LONG.
    """

    def __init__(self, max_line=MAX_LINE):
        self._max = max_line
        self._buf = bytearray()
        self._active = False
        self.skipped = 0
        self.dropped = 0

    def feed(self, byte):
        """Take one byte; return a finished line (bytes without "\\n"), LONG, or None."""
        if byte == _DOLLAR:
            if self._active:
                self.dropped += 1
            self._buf = bytearray(b"$")
            self._active = True
            return None
        if not self._active:
            self.skipped += 1
            return None
        if byte == _NEWLINE:
            self._active = False
            return bytes(self._buf)
        if len(self._buf) >= self._max - 1:
            self._active = False
            self.dropped += 1
            return LONG
        self._buf.append(byte)
        return None


def angle_frame(seq, ticks, raw):
    return frame(f"A,{seq:05d},{ticks & TICKS_MASK:010d},{raw:04d}")


def heartbeat_frame(seq, ticks, status, agc, magnitude, errors):
    return frame(
        f"H,{seq:05d},{ticks & TICKS_MASK:010d},{status},{agc:03d},{magnitude:04d},{min(errors, 99999):05d}"
    )


def hello_frame(seq, protocol, firmware, uid, rate):
    return frame(f"HELLO,{seq:05d},{protocol},{firmware},{uid},{rate:03d}")


def ack_frame(seq, command, value):
    return frame(f"ACK,{seq:05d},{command},{value}")


def err_frame(seq, command, code):
    return frame(f"ERR,{seq:05d},{command},{code}")
