"""The host's protocol: golden vectors, round trips, and corruption of every kind."""

from __future__ import annotations

import binascii
import itertools
import json
from dataclasses import asdict
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.devices.turntable.fw_host import BUNDLED_FIRMWARE
from companion.devices.turntable.protocol import (
    MAX_LINE,
    Ack,
    AngleFrame,
    Err,
    Frame,
    FrameSplitter,
    Heartbeat,
    Hello,
    SensorState,
    checksum_ok,
    crc16,
    encode_frame,
    encode_hello,
    encode_maint,
    encode_ping,
    encode_rate,
    frame_line,
    parse_frame,
)

VECTORS = json.loads((BUNDLED_FIRMWARE / "test_vectors.json").read_text(encoding="utf-8"))


def frame_as_vector(frame: Frame) -> dict[str, Any]:
    data = asdict(frame)
    if isinstance(frame, Heartbeat):
        data["sensor"] = frame.sensor.value
    data["type"] = {AngleFrame: "A", Heartbeat: "H", Hello: "HELLO", Ack: "ACK", Err: "ERR"}[
        type(frame)
    ]
    return data


def decode_stream(data: bytes) -> list[Frame]:
    """What a receiver makes of a byte stream: every frame it accepts."""
    splitter = FrameSplitter()
    frames = [parse_frame(line) for line in splitter.feed(data)]
    return [f for f in frames if f is not None]


# --- golden vectors -------------------------------------------------------------------


@pytest.mark.parametrize("case", VECTORS["crc16"], ids=lambda c: c["ascii"] or "empty")
def test_crc_matches_the_golden_vectors(case: dict[str, str]) -> None:
    assert f"{crc16(case['ascii'].encode()):04X}" == case["crc"]


@pytest.mark.parametrize("case", VECTORS["device_frames"], ids=lambda c: c["line"][:-6])
def test_device_frames_parse_to_the_golden_fields(case: dict[str, Any]) -> None:
    frame = parse_frame(case["line"].encode())
    assert frame is not None
    assert frame_as_vector(frame) == case["frame"]
    assert encode_frame(frame) == case["line"].encode()


@pytest.mark.parametrize("case", VECTORS["not_device_frames"], ids=lambda c: c["why"])
def test_lines_that_are_not_frames_are_refused(case: dict[str, str]) -> None:
    assert parse_frame(case["line"].encode()) is None
    assert decode_stream(case["line"].encode()) == []


@pytest.mark.parametrize(
    "case", [c for c in VECTORS["commands"] if "host" in c], ids=lambda c: c["line"][:-6]
)
def test_command_encoders_match_the_golden_lines(case: dict[str, Any]) -> None:
    host = case["host"]
    encoders = {
        "hello": lambda: encode_hello(),
        "rate": lambda: encode_rate(host["arg"]),
        "ping": lambda: encode_ping(host["arg"]),
        "maint": lambda: encode_maint(),
    }
    assert encoders[host["encoder"]]() == case["line"].encode()


@pytest.mark.parametrize("bad", [0, 501, -1])
def test_rate_encoder_refuses_rates_the_kit_would_refuse(bad: int) -> None:
    with pytest.raises(ValueError, match="1-500"):
        encode_rate(bad)


def test_ping_encoder_refuses_tokens_that_do_not_fit() -> None:
    with pytest.raises(ValueError):
        encode_ping(100000)


def test_checksum_ok_tells_damage_from_a_foreign_but_intact_line() -> None:
    good = VECTORS["device_frames"][1]["line"].encode()
    assert checksum_ok(good) and checksum_ok(good[:-1] + b"\r\n")
    assert not checksum_ok(good[:5] + b"9" + good[6:])
    assert checksum_ok(frame_line(b"Q,1")) and parse_frame(frame_line(b"Q,1")) is None
    assert not checksum_ok(b"$*") and not checksum_ok(b"")


def test_crlf_line_endings_are_accepted() -> None:
    line = VECTORS["device_frames"][1]["line"].encode()
    assert parse_frame(line[:-1] + b"\r\n") == parse_frame(line)
    assert parse_frame(line[:-1]) == parse_frame(line)


def test_sensor_states_carry_advice_for_a_person() -> None:
    assert "closer" in SensorState.WEAK.advice
    assert "further" in SensorState.STRONG.advice
    assert "wires" in SensorState.NOT_ANSWERING.advice


# --- generated frames -----------------------------------------------------------------

seqs = st.integers(0, 65535)
ticks = st.integers(0, (1 << 30) - 1)
angle_frames = st.builds(AngleFrame, seqs, ticks, st.integers(0, 4095))
heartbeats = st.builds(
    Heartbeat,
    seqs,
    ticks,
    st.sampled_from(SensorState),
    st.integers(0, 255),
    st.integers(0, 4095),
    st.integers(0, 99999),
)
hellos = st.builds(
    Hello,
    seqs,
    st.integers(1, 999),
    st.tuples(*[st.integers(0, 999)] * 3).map(lambda v: ".".join(map(str, v))),
    st.text("0123456789ABCDEF", min_size=16, max_size=16),
    st.integers(1, 500),
)
acks = st.one_of(
    st.builds(Ack, seqs, st.just("RATE"), st.integers(1, 500).map(lambda r: f"{r:03d}")),
    st.builds(Ack, seqs, st.just("PING"), st.integers(0, 99999).map(str)),
    st.builds(Ack, seqs, st.just("MAINT"), st.just("0")),
)
errs = st.builds(
    Err,
    seqs,
    st.sampled_from(["HELLO", "RATE", "PING", "MAINT", "NONE"]),
    st.sampled_from(["CRC", "SYNTAX", "UNKNOWN", "RANGE", "LONG", "FAULT"]),
)
frames = st.one_of(angle_frames, heartbeats, hellos, acks, errs)


@given(frames)
def test_every_frame_survives_a_round_trip(frame: Frame) -> None:
    line = encode_frame(frame)
    assert len(line) <= MAX_LINE
    assert parse_frame(line) == frame


@given(st.binary(max_size=80))
def test_the_parser_never_raises_on_arbitrary_bytes(data: bytes) -> None:
    parse_frame(data)
    parse_frame(b"$" + data)
    decode_stream(data)


@given(st.binary(max_size=50))
def test_a_body_with_a_valid_checksum_still_needs_the_exact_form(body: bytes) -> None:
    frame = parse_frame(frame_line(body))
    if frame is not None:  # only the protocol's exact forms get through
        assert encode_frame(frame) == frame_line(body)


# --- corruption -----------------------------------------------------------------------


def flip(line: bytes, bits: tuple[int, ...]) -> bytes:
    data = bytearray(line)
    for bit in bits:
        data[bit // 8] ^= 1 << (bit % 8)
    return bytes(data)


@settings(max_examples=400)
@given(frames, st.data())
def test_no_error_of_one_to_three_bits_is_ever_accepted(frame: Frame, data: Any) -> None:
    line = encode_frame(frame)
    count = data.draw(st.integers(1, 3))
    bits = data.draw(
        st.lists(st.integers(0, len(line) * 8 - 1), min_size=count, max_size=count, unique=True)
    )
    assert decode_stream(flip(line, tuple(bits))) == []


@given(frames, st.data())
def test_a_dropped_byte_is_never_accepted(frame: Frame, data: Any) -> None:
    line = encode_frame(frame)
    start = data.draw(st.integers(0, len(line) - 1))
    length = data.draw(st.integers(1, min(8, len(line) - start)))
    assert decode_stream(line[:start] + line[start + length :]) == []


@given(frames, frames, st.data())
def test_spliced_frames_yield_only_the_whole_one(first: Frame, second: Frame, data: Any) -> None:
    a, b = encode_frame(first), encode_frame(second)
    cut = data.draw(st.integers(1, len(a) - 2))  # the first frame loses its tail
    assert decode_stream(a[:cut] + b) == [second]


@given(st.lists(frames, min_size=3, max_size=6), st.binary(min_size=1, max_size=200), st.data())
def test_garbage_bursts_cost_at_most_the_frame_they_hit(
    sent: list[Frame], garbage: bytes, data: Any
) -> None:
    lines = [encode_frame(f) for f in sent]
    where = data.draw(st.integers(0, len(lines) - 1))
    inside = data.draw(st.booleans())
    if inside:  # the burst lands in a frame: that frame may be lost, no other
        hit = lines[where]
        middle = data.draw(st.integers(1, len(hit) - 1))
        lines[where] = hit[:middle] + garbage + hit[middle:]
        allowed = [sent[:where] + sent[where + 1 :], sent]
    else:  # between frames: nothing is lost
        lines.insert(where, garbage)
        allowed = [sent]
    assert decode_stream(b"".join(lines)) in allowed


def test_the_splitter_counts_noise_and_broken_frames_across_reads() -> None:
    good = encode_frame(AngleFrame(1, 2, 3))
    splitter = FrameSplitter()
    stream = b"MicroPython v1.24\r\n>>> " + good[:10] + good + good
    lines: list[bytes] = []
    for i in range(0, len(stream), 7):  # arrives in small USB packets
        lines += splitter.feed(stream[i : i + 7])
    assert lines == [good, good]
    assert splitter.noise_bytes == len(b"MicroPython v1.24\r\n>>> ") + 10
    assert splitter.broken == 1  # the frame cut short by a new "$"


def test_an_overlong_line_is_dropped_and_the_next_frame_read() -> None:
    good = encode_frame(AngleFrame(1, 2, 3))
    splitter = FrameSplitter()
    assert splitter.feed(b"$" + b"1" * 100) == []
    assert splitter.feed(b"1" * 100 + b"\n" + good) == [good]
    assert splitter.broken == 1


# --- the 1-3 bit guarantee, exhaustively ------------------------------------------------

HEX = "0123456789ABCDEF"
TYPE_STARTS = [b"A,", b"H,", b"HELLO,", b"ACK,", b"ERR,"]


def syndrome(bit_from_end: int) -> int:
    """CRC change caused by flipping the bit ``bit_from_end`` bits before a body's end."""
    error = bytearray(bit_from_end // 8 + 1)
    error[0] = 1 << (bit_from_end % 8)
    return binascii.crc_hqx(bytes(error), 0)


def accepted_corruptions(line: bytes) -> list[bytes]:
    """Every corruption of 1-3 flipped bits of ``line`` that a receiver accepts.

    Exact but fast: a corrupted line can only pass if its body's CRC matches its
    (possibly also corrupted) checksum text, and the CRC is linear, so each case is
    a lookup of syndromes instead of a parse; the few candidates are then decoded
    for real.  Flips of a delimiter break the frame; a flip that turns a body byte
    into "$" starts a new frame there, which is checked apart.
    """
    star = line.index(b"*")
    crc = int(line[star + 1 : star + 5], 16)
    # (bits flipped in the checksum text) -> {crc ^ new value: [which bits]}
    deltas: dict[int, dict[int, list[tuple[int, ...]]]] = {0: {0: [()]}}
    text_bits = [(star + 1) * 8 + i for i in range(32)]
    for count in (1, 2, 3):
        deltas[count] = {}
        for bits in itertools.combinations(text_bits, count):
            text = flip(line, bits)[star + 1 : star + 5].decode("latin-1")
            if all(ch in HEX for ch in text):
                deltas[count].setdefault(crc ^ int(text, 16), []).append(bits)
    body_bits = range(8, star * 8)
    s = {bit: syndrome((star - 1 - bit // 8) * 8 + bit % 8) for bit in body_bits}
    by_syndrome: dict[int, list[int]] = {}
    for bit, value in s.items():
        by_syndrome.setdefault(value, []).append(bit)
    candidates: list[tuple[int, ...]] = [bits for bits in deltas[3].get(0, [])]
    for a in body_bits:
        for count in (0, 1, 2):
            candidates += [(a, *bits) for bits in deltas[count].get(s[a], [])]
    for a, b in itertools.combinations(body_bits, 2):
        delta = s[a] ^ s[b]
        for count in (0, 1):
            candidates += [(a, b, *bits) for bits in deltas[count].get(delta, [])]
        candidates += [(a, b, c) for c in by_syndrome.get(delta, []) if c > b]
    for pos in range(1, star):  # a body byte turned into "$" by `cost` flips...
        to_dollar = tuple(pos * 8 + i for i in range(8) if (line[pos] ^ 0x24) >> i & 1)
        spare = 3 - len(to_dollar)
        reachable = False
        for start in TYPE_STARTS:  # ...starts a frame, if what follows can be a type
            tail = line[pos + 1 : pos + 1 + len(start)]
            distance = sum(bin(x ^ y).count("1") for x, y in zip(tail, start, strict=False))
            reachable |= len(tail) == len(start) and distance <= spare
        if spare >= 0 and reachable:
            after = range((pos + 1) * 8, len(line) * 8)
            for count in range(spare + 1):
                candidates += [to_dollar + rest for rest in itertools.combinations(after, count)]
    return [c for c in (flip(line, bits) for bits in candidates) if decode_stream(c)]


@pytest.mark.parametrize("case", VECTORS["device_frames"], ids=lambda c: c["line"][:-6])
def test_exhaustively_no_error_of_three_bits_or_fewer_passes(case: dict[str, Any]) -> None:
    assert accepted_corruptions(case["line"].encode()) == []


def test_no_angle_frame_of_any_content_can_pass_with_three_bad_bits() -> None:
    """Content-independent: in an A frame, a flipped bit that keeps the frame readable
    can only touch the low four bits of a digit (a flip of bits 4-7 of a digit or a
    comma, or of the type letter, makes a byte that no A frame contains).  For every
    such set of 1-3 positions in the 23-byte body, and every way 2-0 flipped bits can
    turn the checksum's hex digits into other hex digits, the CRC tells them apart.
    """

    def xors(distance: int) -> set[int]:
        return {
            HEX.index(a) ^ HEX.index(b)
            for a in HEX
            for b in HEX
            if a != b and bin(ord(a) ^ ord(b)).count("1") == distance
        }

    one, two = xors(1), xors(2)
    text_one = {x << 4 * i for x in one for i in range(4)}
    text_two = {x << 4 * i for x in one | two for i in range(4)} | {
        (x << 4 * i) ^ (y << 4 * j)
        for x in one
        for y in one
        for i in range(4)
        for j in range(4)
        if i != j
    }
    body = 23
    low = [p for p in range(8 * body) if p % 8 < 4]
    s = {p: syndrome(p) for p in low}
    assert not any(s[p] in text_two for p in low)
    assert not any(s[p] ^ s[q] in text_one for p, q in itertools.combinations(low, 2))
    singles = set(s.values())
    assert not any(s[p] ^ s[q] in singles for p, q in itertools.combinations(low, 2))


@given(angle_frames, st.lists(st.tuples(st.integers(0, 29), st.integers(0, 255)), max_size=3))
def test_the_angle_fast_path_agrees_with_the_general_parser(frame: Frame, edits: Any) -> None:
    from companion.devices.turntable.protocol import _parse_general

    line = bytearray(encode_frame(frame))
    for where, value in edits:
        line[where] = value
    assert parse_frame(bytes(line)) == _parse_general(bytes(line))
