"""companion/firmware/link.py under CPython, against the golden vectors."""

from __future__ import annotations

from typing import Any

import pytest

from tests.firmware.rig import VECTORS, Rig


@pytest.fixture(scope="module")
def link() -> Any:
    return Rig().modules()["link"]


@pytest.mark.parametrize("case", VECTORS["crc16"], ids=lambda c: c["ascii"] or "empty")
def test_crc_matches_the_golden_vectors(link: Any, case: dict[str, str]) -> None:
    assert f"{link.crc16(case['ascii'].encode()):04X}" == case["crc"]


def build(link: Any, frame: dict[str, Any]) -> bytes:
    kind = frame["type"]
    if kind == "A":
        return link.angle_frame(frame["seq"], frame["ticks_ms"], frame["raw"])
    if kind == "H":
        return link.heartbeat_frame(
            frame["seq"],
            frame["ticks_ms"],
            frame["sensor"],
            frame["agc"],
            frame["magnitude"],
            frame["i2c_errors"],
        )
    if kind == "HELLO":
        return link.hello_frame(
            frame["seq"], frame["protocol"], frame["firmware"], frame["uid"], frame["rate_hz"]
        )
    if kind == "ACK":
        return link.ack_frame(frame["seq"], frame["command"], frame["value"])
    return link.err_frame(frame["seq"], frame["command"], frame["code"])


@pytest.mark.parametrize("case", VECTORS["device_frames"], ids=lambda c: c["line"][:-6])
def test_encoders_produce_the_golden_lines(link: Any, case: dict[str, Any]) -> None:
    assert build(link, case["frame"]) == case["line"].encode()


def test_ticks_are_sent_modulo_two_to_the_thirty(link: Any) -> None:
    assert link.angle_frame(1, (1 << 30) + 5, 7) == link.angle_frame(1, 5, 7)


def test_the_error_count_is_capped_at_five_digits(link: Any) -> None:
    assert link.heartbeat_frame(1, 2, "X", 0, 0, 123456) == link.heartbeat_frame(
        1, 2, "X", 0, 0, 99999
    )


def feed(reader: Any, data: bytes) -> list[Any]:
    out = []
    for byte in data:
        line = reader.feed(byte)
        if line is not None:
            out.append(line)
    return out


def test_the_reader_skips_noise_and_resyncs_on_every_dollar(link: Any) -> None:
    reader = link.LineReader()
    lines = feed(reader, b"\r\n>>> junk$RATE,5$HELLO*49D6\n$PING,1*0000\n")
    assert lines == [b"$HELLO*49D6", b"$PING,1*0000"]
    assert reader.skipped == len(b"\r\n>>> junk")
    assert reader.dropped == 1


def test_the_reader_reports_an_overlong_line_once(link: Any) -> None:
    reader = link.LineReader()
    assert feed(reader, b"$" + b"1" * 100 + b"\n$HELLO*49D6\n") == [link.LONG, b"$HELLO*49D6"]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (b"$HELLO*49D6", (b"HELLO", None)),
        (b"$HELLO*49D6\r", (b"HELLO", None)),
        (b"$HELLO*49D7", (None, "CRC")),
        (b"$HELLO*49d6", (None, "CRC")),
        (b"$HELLO49D6", (None, "SYNTAX")),
        (b"$*FFFF", (None, "SYNTAX")),
    ],
)
def test_open_frame_checks_form_and_checksum(link: Any, line: bytes, expected: Any) -> None:
    assert link.open_frame(line) == expected
