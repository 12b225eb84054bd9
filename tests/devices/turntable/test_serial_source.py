"""The turntable AngleSource over the link: samples, status and advice."""

from __future__ import annotations

from companion.devices.turntable.discovery import UDEV_LINK
from companion.devices.turntable.link import LinkState
from companion.devices.turntable.protocol import SensorState
from companion.devices.turntable.serial_source import SerialAngleSource
from companion.devices.turntable.source import AngleSample, SourceStatus
from tests.devices.turntable.link_fakes import FakeBus, FakeClock, run, run_until


def connect(bus: FakeBus, clock: FakeClock, **options: object) -> SerialAngleSource:
    source = SerialAngleSource(bus.link(), **options)  # type: ignore[arg-type]
    run_until(source.link, clock, lambda: source.link.state is LinkState.CONNECTED)
    return source


def test_missing_until_a_kit_is_found(bus: FakeBus, clock: FakeClock) -> None:
    source = SerialAngleSource(bus.link(looking_for="a USB port with id 2E8A:0005"))
    run(source.link, clock, 0.5)
    assert source.status() is SourceStatus.MISSING
    assert (
        source.status_text()
        == "missing: no turntable kit found (looked for a USB port with id 2E8A:0005)"
    )


def test_samples_arrive_in_degrees_with_the_kits_timing(bus: FakeBus, clock: FakeClock) -> None:
    bus.plug(raw=1024)
    source = connect(bus, clock)
    samples: list[AngleSample] = []
    source.on_sample = samples.append
    run(source.link, clock, 0.5)
    assert {s.degrees for s in samples} == {90.0}
    steps = [b.t - a.t for a, b in zip(samples, samples[1:], strict=False)]
    assert all(abs(step - 0.01) < 1e-6 for step in steps)  # measured 10 ms apart
    assert all(s.t <= clock() for s in samples)
    assert source.status() is SourceStatus.CONNECTED
    assert source.status_text() == "wolf sensor: 90°"


def test_a_burst_delivered_at_once_keeps_its_measured_spacing(
    bus: FakeBus, clock: FakeClock
) -> None:
    kit = bus.plug()
    source = connect(bus, clock)
    samples: list[AngleSample] = []
    source.on_sample = samples.append
    run(source.link, clock, 0.3)
    kit.silent = True  # USB holds the frames back...
    clock.advance(0.1)
    kit.silent = False
    held = len(samples)
    run(source.link, clock, 0.05)  # ...and delivers them together
    late = samples[held:]
    assert len(late) > 10
    assert all(abs((b.t - a.t) - 0.01) < 1e-4 for a, b in zip(late, late[1:], strict=False))


def test_simulated_kits_say_so(bus: FakeBus, clock: FakeClock) -> None:
    bus.plug()
    source = connect(bus, clock, simulated=True)
    run(source.link, clock, 0.1)
    assert source.status() is SourceStatus.SIMULATED


def test_a_quiet_kit_is_stale(bus: FakeBus, clock: FakeClock) -> None:
    kit = bus.plug()
    source = connect(bus, clock)
    run(source.link, clock, 0.2)
    kit.silent = True
    run(source.link, clock, 0.6)
    assert source.status() is SourceStatus.STALE
    assert source.status_text().startswith("stale: the kit has gone quiet; last wolf sensor: 90°")


def test_no_magnet_is_stale_with_advice(bus: FakeBus, clock: FakeClock) -> None:
    kit = bus.plug()
    source = connect(bus, clock)
    run(source.link, clock, 0.2)
    kit.sensor = SensorState.NO_MAGNET
    run(source.link, clock, 0.6)
    assert source.status() is SourceStatus.STALE
    assert source.sensor is SensorState.NO_MAGNET
    assert "sees no magnet" in source.status_text()


def test_a_weak_magnet_still_reads_but_gives_advice(bus: FakeBus, clock: FakeClock) -> None:
    kit = bus.plug()
    kit.sensor = SensorState.WEAK
    source = connect(bus, clock)
    run(source.link, clock, 0.5)
    assert source.status() is SourceStatus.CONNECTED
    assert "move it closer" in source.status_text()


def test_losses_are_shown(bus: FakeBus, clock: FakeClock) -> None:
    kit = bus.plug()
    source = connect(bus, clock)
    kit.corrupt_next = 2
    run(source.link, clock, 0.3)
    assert "2 checksum errors, 2 frames lost" in source.status_text()


def test_stop_stops_the_link_and_whatever_backs_it(bus: FakeBus, clock: FakeClock) -> None:
    bus.plug()
    stopped: list[bool] = []
    source = connect(bus, clock, on_stop=lambda: stopped.append(True))
    source.stop()
    assert stopped == [True] and source.link.state is LinkState.STOPPED
    assert source.status() is SourceStatus.MISSING


def test_from_settings_finds_the_kit_by_itself() -> None:
    source = SerialAngleSource.from_settings()
    assert UDEV_LINK in source.link.looking_for and "2E8A:0005" in source.link.looking_for
    assert SerialAngleSource.from_settings("/dev/ttyAMA0").link.looking_for == "/dev/ttyAMA0"
