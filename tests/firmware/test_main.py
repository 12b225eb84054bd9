"""The firmware's main loop on a simulated board, in simulated time."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.devices.turntable.protocol import (
    Ack,
    AngleFrame,
    Err,
    FrameSplitter,
    Heartbeat,
    Hello,
    SensorState,
    frame_line,
    parse_frame,
)
from tests.firmware.rig import VECTORS, Rig


def angles(frames: list[Any]) -> list[AngleFrame]:
    return [f for f in frames if isinstance(f, AngleFrame)]


def beats(frames: list[Any]) -> list[Heartbeat]:
    return [f for f in frames if isinstance(f, Heartbeat)]


def test_it_says_hello_then_streams_angles_at_100_per_second() -> None:
    rig = Rig(angle=90.0)
    assert rig.boot(until_ms=1000) == "power off"
    frames = rig.frames()
    assert frames[0] == Hello(0, 1, "1.0.0", "E66138935F4A2B2C", 100)
    samples = angles(frames)
    assert len(samples) == 100
    assert {s.raw for s in samples} == {1024}  # 90 degrees of 4096 per turn
    steps = {b.ticks_ms - a.ticks_ms for a, b in zip(samples, samples[1:], strict=False)}
    assert steps == {10}
    assert [f.seq for f in frames] == list(range(len(frames)))  # nothing skipped


def test_heartbeats_come_five_times_a_second_with_the_sensor_state() -> None:
    rig = Rig()
    rig.boot(until_ms=2000)
    heartbeats = beats(rig.frames())
    assert len(heartbeats) == 10
    assert all(h.sensor is SensorState.OK and 0 < h.agc < 128 for h in heartbeats)
    gaps = [b.ticks_ms - a.ticks_ms for a, b in zip(heartbeats, heartbeats[1:], strict=False)]
    assert max(gaps) <= 200


def test_commands_waiting_at_boot_do_not_hide_the_sensors_state() -> None:
    rig = Rig()
    rig.stdio.push(frame_line(b"HELLO") + frame_line(b"RATE,50"))  # the host was quick
    rig.boot(until_ms=500)
    assert {h.sensor for h in beats(rig.frames())} == {SensorState.OK}


def test_the_angle_follows_the_magnet() -> None:
    rig = Rig(angle=0.0)
    rig.at(500, lambda: rig.magnet.set_angle(180.0))
    rig.boot(until_ms=1000)
    samples = angles(rig.frames())
    assert samples[0].raw == 0 and samples[-1].raw == 2048


def test_ctrl_c_is_disabled_and_a_0x03_byte_is_just_data() -> None:
    rig = Rig()
    rig.send_at(100, b"\x03\x03\x03")
    assert rig.boot(until_ms=1000) == "power off"
    assert rig.board.kbd_intr == -1
    assert len(angles(rig.frames())) == 100


def test_the_watchdog_runs_and_a_healthy_loop_keeps_it_fed() -> None:
    rig = Rig()
    assert rig.boot(until_ms=10_000) == "power off"
    assert rig.board.wdt_timeout_ms == 2000


def test_the_watchdog_restarts_a_board_whose_loop_hangs() -> None:
    rig = Rig()
    hang = {"on": False}
    read = rig.sensor.read

    def hanging_read(register: int, n: int) -> bytes:
        if hang["on"]:
            rig.clock.advance(3_000_000)  # a stuck I2C bus: the call never comes back in time
        return read(register, n)

    rig.sensor.read = hanging_read  # type: ignore[method-assign]
    rig.at(500, lambda: hang.update(on=True))
    assert rig.boot(until_ms=10_000) == "reset: watchdog"


@pytest.mark.parametrize("case", VECTORS["commands"], ids=lambda c: c["line"][:-6])
def test_commands_get_the_golden_replies(case: dict[str, Any]) -> None:
    rig = Rig()
    rig.at(40, rig.stdio.take_output)
    rig.send_at(50, case["line"].encode())
    rig.boot(until_ms=100)
    pattern = re.escape(case["reply_body"]).replace(r"\{seq\}", r"(\d{5})")
    replies = [
        line
        for line in rig.stdio.take_output().split(b"\n")
        if re.fullmatch(rf"\$({pattern})\*[0-9A-F]{{4}}", line.decode())
    ]
    assert len(replies) == 1, case["reply_body"]
    body = replies[0][1:-5]
    assert frame_line(body) == replies[0] + b"\n"


def test_rate_changes_the_stream() -> None:
    rig = Rig()
    rig.command_at(1000, b"RATE,50")
    rig.boot(until_ms=3000)
    frames = rig.frames()
    assert [(f.command, f.value) for f in frames if isinstance(f, Ack)] == [("RATE", "050")]
    assert len([s for s in angles(frames) if s.ticks_ms < 1000]) == 100
    assert len([s for s in angles(frames) if 2000 <= s.ticks_ms < 3000]) == 50
    assert [f for f in frames if isinstance(f, Hello)][-1].rate_hz == 100  # the boot hello


def test_a_sensor_that_stops_answering_is_reported_and_found_again() -> None:
    rig = Rig()
    rig.at(300, lambda: setattr(rig.sensor, "connected", False))
    rig.at(800, lambda: setattr(rig.sensor, "connected", True))
    assert rig.boot(until_ms=1500) == "power off"
    frames = rig.frames()
    lost = [h for h in beats(frames) if h.sensor is SensorState.NOT_ANSWERING]
    assert lost and lost[0].ticks_ms <= 310  # reported at once
    assert not [s for s in angles(frames) if 310 <= s.ticks_ms < 800]
    back = [s for s in angles(frames) if s.ticks_ms >= 800]
    assert back and back[0].ticks_ms <= 900  # retried every 100 ms
    assert beats(frames)[-1].sensor is SensorState.OK
    assert beats(frames)[-1].i2c_errors == lost[-1].i2c_errors >= 5


@pytest.mark.parametrize(
    ("change", "state", "streams"),
    [
        (lambda m: m.remove(), SensorState.NO_MAGNET, False),
        (lambda m: setattr(m, "gap_mm", 3.5), SensorState.WEAK, True),
        (lambda m: setattr(m, "gap_mm", 0.3), SensorState.STRONG, True),
    ],
)
def test_magnet_trouble_is_named_in_the_heartbeat(change: Any, state: Any, streams: bool) -> None:
    rig = Rig()
    rig.at(500, lambda: change(rig.magnet))
    rig.boot(until_ms=1000)
    frames = rig.frames()
    assert beats(frames)[-1].sensor is state
    assert bool([s for s in angles(frames) if s.ticks_ms > 510]) is streams


def test_maint_restarts_into_the_prompt_without_watchdog_then_back() -> None:
    rig = Rig()
    rig.command_at(100, b"MAINT")
    assert rig.boot(until_ms=1000) == "reset: machine.reset"
    assert any(isinstance(f, Ack) and f.command == "MAINT" for f in rig.frames())
    assert rig.boot(until_ms=2000) == "returned"  # main.py ended: the REPL takes over
    assert b"maintenance mode" in rig.stdio.take_output()
    assert rig.board.kbd_intr == 3 and rig.board.wdt_timeout_ms is None
    assert rig.boot(until_ms=3000) == "power off"  # the next start is a normal one
    assert angles(rig.frames())


def test_holding_bootsel_for_a_second_enters_maintenance() -> None:
    rig = Rig()
    rig.at(200, lambda: setattr(rig.board, "bootsel", True))
    rig.at(700, lambda: setattr(rig.board, "bootsel", False))  # a short press does nothing
    rig.at(1000, lambda: setattr(rig.board, "bootsel", True))
    assert rig.boot(until_ms=5000) == "reset: machine.reset"
    assert 2000 <= rig.clock.us / 1000 <= 2200
    assert "maintenance.flag" in rig.files


def test_a_flood_of_input_does_not_starve_the_stream() -> None:
    rig = Rig()
    rig.send_at(0, bytes(range(256)) * 400)
    rig.boot(until_ms=1000)
    assert len(angles(rig.frames())) >= 98


def test_an_unexpected_error_is_reported_and_the_stream_goes_on() -> None:
    rig = Rig()
    broken = {"on": False}
    read = rig.sensor.read

    def buggy_read(register: int, n: int) -> bytes:
        if broken["on"]:
            raise ValueError("a bug, not an I2C error")
        return read(register, n)

    rig.sensor.read = buggy_read  # type: ignore[method-assign]
    rig.at(200, lambda: broken.update(on=True))
    rig.at(215, lambda: broken.update(on=False))
    assert rig.boot(until_ms=1000) == "power off"
    frames = rig.frames()
    assert Err(next(f.seq for f in frames if isinstance(f, Err)), "NONE", "FAULT") in frames
    assert [s for s in angles(frames) if s.ticks_ms > 220]


def test_an_error_that_never_goes_away_lets_the_watchdog_restart_the_board() -> None:
    rig = Rig()

    def buggy_read(register: int, n: int) -> bytes:
        raise ValueError("always")

    rig.at(200, lambda: setattr(rig.sensor, "read", buggy_read))
    assert rig.boot(until_ms=10_000) == "reset: watchdog"


def test_the_led_is_steady_when_all_is_well_and_blinks_otherwise() -> None:
    rig = Rig()
    levels: list[int] = []
    for ms in range(100, 1000, 100):
        rig.at(ms, lambda: levels.append(rig.board.pins["LED"]))
    rig.at(400, rig.magnet.remove)
    rig.boot(until_ms=1000)
    assert levels[:3] == [1, 1, 1]
    assert set(levels[4:]) == {0, 1}


def test_a_late_loop_skips_samples_instead_of_sending_a_burst() -> None:
    rig = Rig()
    write = rig.stdio.write

    def slow_once(data: bytes) -> int:
        if rig.clock.us >= 500_000 and not slow_once.done:  # type: ignore[attr-defined]
            slow_once.done = True  # type: ignore[attr-defined]
            rig.clock.advance(55_000)
        return write(data)

    slow_once.done = False  # type: ignore[attr-defined]
    rig.stdio.write = slow_once  # type: ignore[method-assign]
    rig.boot(until_ms=1000)
    ticks = [s.ticks_ms for s in angles(rig.frames())]
    assert min(b - a for a, b in zip(ticks, ticks[1:], strict=False)) >= 10


def test_the_unique_id_is_sixteen_hex_digits() -> None:
    main = Rig().modules()["main"]
    assert main.uid_text(bytes([1, 2, 255])) == "00000000000102FF"
    assert main.uid_text(bytes(range(8))) == "0001020304050607"


class SteadySensor:
    def read(self) -> tuple[int, int]:
        return 0x20, 1024

    def read_agc(self) -> int:
        return 64

    def read_magnitude(self) -> int:
        return 2000


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_any_input_gets_only_well_formed_answers(data: bytes) -> None:
    """Whatever arrives on the port, the firmware answers with sound frames and carries on."""
    modules = Rig().modules()
    out = bytearray()
    kit = modules["main"].Kit(SteadySensor(), out.extend, "E66138935F4A2B2C", 0, 0)
    reader = modules["link"].LineReader()
    for byte in data:
        line = reader.feed(byte)
        if line is not None:
            kit.handle_line(line, 0)
    lines = FrameSplitter().feed(bytes(out))
    assert b"".join(lines) == bytes(out)
    replies = [parse_frame(line) for line in lines]
    assert all(isinstance(r, Ack | Err | Hello) for r in replies)
    assert [r.seq for r in replies if r is not None] == list(range(len(replies)))
    assert 1 <= kit.rate <= 500
