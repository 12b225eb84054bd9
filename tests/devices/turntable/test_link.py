"""The link, driven step by step on a fake clock: no thread, no sleep."""

from __future__ import annotations

import termios

import pytest

from companion.devices.turntable.link import (
    CommandRefused,
    LinkDown,
    LinkState,
    TurntableLink,
    describe_open_error,
)
from companion.devices.turntable.protocol import AngleFrame, Frame, Heartbeat, Hello
from tests.devices.turntable.link_fakes import FakeBus, FakeClock, FakeKit, run, run_until


def connected(link: object) -> bool:
    return link.state is LinkState.CONNECTED  # type: ignore[attr-defined]


def connected_kit(bus: FakeBus, clock: FakeClock) -> tuple[FakeKit, TurntableLink]:
    """A kit plugged in and the link run until it has shaken hands with it."""
    kit = bus.plug()
    link = bus.link()
    run_until(link, clock, lambda: connected(link))
    return kit, link


def test_handshake_then_every_frame_reaches_the_listener(bus: FakeBus, clock: FakeClock) -> None:
    bus.plug()
    link = bus.link()
    received: list[Frame] = []
    link.on_frame = lambda frame, t: received.append(frame)
    run_until(link, clock, lambda: connected(link), limit=0.5)
    assert link.hello == Hello(link.hello.seq, 1, "1.0.0", "E66138935F4A2B2C", 100)
    assert "E66138935F4A2B2C" in link.message and "/dev/ttyACM0" in link.message
    run(link, clock, 1.0)
    assert isinstance(received[0], Hello)
    assert 99 <= sum(isinstance(f, AngleFrame) for f in received) <= 101
    assert 4 <= sum(isinstance(f, Heartbeat) for f in received) <= 6
    stats = link.stats()
    assert (stats.connects, stats.gaps, stats.lost_frames) == (1, 0, 0)
    assert (stats.crc_errors, stats.bad_frames) == (0, 0)


def test_frames_before_the_hello_reply_are_ignored(bus: FakeBus, clock: FakeClock) -> None:
    kit = bus.plug()
    kit.out += b"MicroPython v1.24 banner\r\n"
    link = bus.link()
    received: list[Frame] = []
    link.on_frame = lambda frame, t: received.append(frame)
    run_until(link, clock, lambda: connected(link))
    assert isinstance(received[0], Hello)


def test_stale_after_half_a_second_of_silence_then_hello_then_reopen(
    bus: FakeBus, clock: FakeClock
) -> None:
    kit, link = connected_kit(bus, clock)
    run(link, clock, 0.3)
    kit.silent = True
    quiet_from = clock()
    assert run_until(link, clock, lambda: link.is_stale(), limit=1.0) <= 0.55
    assert clock() - quiet_from >= 0.5
    run(link, clock, 1.0)
    assert kit.received.count(b"$HELLO*") >= 2  # it asked again while stale
    run_until(link, clock, lambda: not connected(link), limit=3.0)
    assert "no frames" in link.message and 3.0 <= clock() - quiet_from < 3.1
    kit.silent = False
    assert run_until(link, clock, lambda: connected(link), limit=2.0) < 2.0


def test_a_kit_that_stays_silent_is_refused_until_it_is_replugged(
    bus: FakeBus, clock: FakeClock
) -> None:
    kit, link = connected_kit(bus, clock)
    kit.silent = True
    run_until(link, clock, lambda: link.state is LinkState.REFUSED, limit=5.0)
    assert "did not answer HELLO" in link.message
    bus.unplug()
    run(link, clock, 0.3)
    bus.plug()  # the same port name, a new device: tried at once, not after the back-off
    assert run_until(link, clock, lambda: connected(link), limit=2.0) < 2.0


def test_unplug_and_replug_a_hundred_times(bus: FakeBus, clock: FakeClock) -> None:
    link = connected_kit(bus, clock)[1]
    for cycle in range(100):
        run(link, clock, 0.05 + (cycle % 7) * 0.03)
        bus.unplug()
        run_until(link, clock, lambda: not connected(link), limit=0.5)
        assert link.state is LinkState.SEARCHING
        run(link, clock, 0.01 * (cycle % 13))
        bus.plug()
        took = run_until(link, clock, lambda: connected(link), limit=2.0)
        assert took < 2.0
    stats = link.stats()
    assert (stats.connects, stats.disconnects) == (101, 100)


def test_garbage_bursts_lose_only_the_frames_they_hit_and_every_loss_is_counted(
    bus: FakeBus, clock: FakeClock
) -> None:
    kit = bus.plug()
    link = bus.link()
    angles: list[AngleFrame] = []
    link.on_frame = lambda f, t: angles.append(f) if isinstance(f, AngleFrame) else None
    run_until(link, clock, lambda: connected(link))
    run(link, clock, 0.2)
    kit.out += bytes(range(256)) * 2  # a burst between frames: nothing lost
    run(link, clock, 0.2)
    assert link.stats().lost_frames == 0
    kit.corrupt_next = 3  # three damaged frames in a row
    run(link, clock, 0.2)
    kit.inject_next = b"\x00garbage\n$A,00"  # a burst that cuts into a frame
    run(link, clock, 0.2)
    stats = link.stats()
    assert (stats.lost_frames, stats.gaps) == (4, 2)
    assert stats.crc_errors == 3 + 2  # the damaged frames, the two halves of the cut one
    assert stats.bad_frames == 2  # the bursts between frames: one too long, one cut short
    assert stats.noise_bytes >= 512


def test_a_device_that_does_not_answer_hello_is_refused_with_a_message(
    bus: FakeBus, clock: FakeClock
) -> None:
    bus.plug(answers_hello=False, chatter=b"$GPGGA,123519,4807.038,N,01131.000,E,1,08*47\r\n")
    link = bus.link()
    run_until(link, clock, lambda: link.state is LinkState.REFUSED, limit=2.0)
    assert "did not answer HELLO" in link.message and "/dev/ttyACM0" in link.message
    assert link.stats().connects == 0
    opened = len(bus.opened)
    run(link, clock, 4.0)
    assert len(bus.opened) == opened  # left alone for a while...
    assert link.state is LinkState.REFUSED
    run(link, clock, 2.0)
    assert len(bus.opened) == opened + 1  # ...then tried again (it may have been flashed)


def test_a_kit_speaking_another_protocol_is_refused(bus: FakeBus, clock: FakeClock) -> None:
    bus.plug(protocol=2)
    link = bus.link()
    run_until(link, clock, lambda: link.state is LinkState.REFUSED, limit=2.0)
    assert "protocol 2" in link.message and "protocol 1" in link.message


def test_a_refused_device_does_not_hide_the_real_kit(bus: FakeBus, clock: FakeClock) -> None:
    bus.plug("/dev/ttyACM0", answers_hello=False)
    bus.plug("/dev/ttyACM1")
    link = bus.link()
    took = run_until(link, clock, lambda: connected(link), limit=3.0)
    assert link.port_path == "/dev/ttyACM1" and took < 2.0


def test_no_kit_found_says_where_it_looked(bus: FakeBus, clock: FakeClock) -> None:
    link = bus.link(looking_for="/dev/companion-turntable or a USB port with id 2E8A:0005")
    run(link, clock, 0.5)
    assert link.state is LinkState.SEARCHING
    assert "2E8A:0005" in link.message


def test_permission_denied_names_the_dialout_group(bus: FakeBus, clock: FakeClock) -> None:
    bus.plug()
    bus.open_error = PermissionError(13, "[Errno 13] could not open port: Permission denied")
    link = bus.link()
    run(link, clock, 0.5)
    assert "dialout" in link.message


def test_open_error_messages() -> None:
    assert "another program" in describe_open_error("/dev/x", OSError("Resource busy"))
    assert describe_open_error("/dev/x", OSError("odd")) == "cannot open /dev/x: odd"


def test_the_kit_restarting_is_noticed_without_counting_a_gap(
    bus: FakeBus, clock: FakeClock
) -> None:
    kit, link = connected_kit(bus, clock)
    run(link, clock, 0.5)
    kit.seq, kit.booted = 0, clock()  # the watchdog fired: it starts over
    kit._send(kit.hello())
    run(link, clock, 0.5)
    stats = link.stats()
    assert (stats.restarts, stats.gaps) == (1, 0)


def test_set_rate_is_acknowledged_and_kept_for_reconnections(
    bus: FakeBus, clock: FakeClock
) -> None:
    kit, link = connected_kit(bus, clock)
    future = link.set_rate(50)
    run_until(link, clock, future.done, limit=1.0)
    assert future.result().value == "050" and kit.rate == 50 == link.device_rate_hz
    bus.unplug()
    kit = bus.plug()  # a fresh kit starts at 100 per second
    run_until(link, clock, lambda: connected(link) and kit.rate == 50, limit=2.0)


def test_ping_measures_the_round_trip(bus: FakeBus, clock: FakeClock) -> None:
    link = connected_kit(bus, clock)[1]
    future = link.ping()
    run_until(link, clock, future.done, limit=1.0)
    assert 0 <= future.result() < 0.1


def test_commands_fail_clearly(bus: FakeBus, clock: FakeClock) -> None:
    link = bus.link()
    with pytest.raises(LinkDown, match="no turntable kit connected"):
        link.set_rate(50).result(timeout=0)
    with pytest.raises(ValueError):
        link.set_rate(0)
    kit = bus.plug()
    run_until(link, clock, lambda: connected(link))
    kit.answers_hello = False  # it stops answering commands
    future = link.ping()
    run_until(link, clock, future.done, limit=2.0)
    with pytest.raises(TimeoutError):
        future.result()
    future = link.ping()
    run(link, clock, 0.05)
    bus.unplug()
    run_until(link, clock, future.done, limit=1.0)
    with pytest.raises(LinkDown):
        future.result()


def test_an_err_reply_fails_the_command(bus: FakeBus, clock: FakeClock) -> None:
    from companion.devices.turntable.protocol import Err

    kit, link = connected_kit(bus, clock)
    future = link.set_rate(77)
    kit.answers_hello = False
    run(link, clock, 0.02)
    kit._send(Err(kit.seq, "RATE", "RANGE"))
    run_until(link, clock, future.done, limit=1.0)
    with pytest.raises(CommandRefused, match="RANGE"):
        future.result()


def test_a_failing_listener_does_not_stop_the_stream(bus: FakeBus, clock: FakeClock) -> None:
    bus.plug()
    link = bus.link()
    seen: list[Frame] = []

    def listener(frame: Frame, t: float) -> None:
        seen.append(frame)
        raise RuntimeError("a bug in a screen")

    link.on_frame = listener
    run_until(link, clock, lambda: connected(link))
    run(link, clock, 0.5)
    assert len(seen) > 40 and connected(link)


def test_stop_closes_the_port_and_fails_waiting_commands(bus: FakeBus, clock: FakeClock) -> None:
    kit, link = connected_kit(bus, clock)
    future = link.ping()
    link.stop()
    assert link.state is LinkState.STOPPED
    with pytest.raises(LinkDown):
        future.result(timeout=0)
    kit.out.clear()
    assert bus.opened == ["/dev/ttyACM0"]


def test_odd_exceptions_from_a_dying_port_are_just_an_unplug(
    bus: FakeBus, clock: FakeClock
) -> None:
    kit, link = connected_kit(bus, clock)
    kit.failure = termios.error(5, "Input/output error")  # not even an OSError
    run_until(link, clock, lambda: not connected(link), limit=0.5)
    assert "Input/output error" in link.message
    kit.failure = None
    assert run_until(link, clock, lambda: connected(link), limit=2.0) < 2.0
