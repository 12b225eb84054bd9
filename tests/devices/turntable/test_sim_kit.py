"""End to end over a pty: the real firmware on a simulated board, the real link.

These run in real time (threads, a pseudo-terminal), so they wait by polling a
condition with a bounded timeout - never a fixed sleep.
"""

from __future__ import annotations

import os
import statistics
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import serial

from companion.devices.turntable.fw_host import BUNDLED_FIRMWARE
from companion.devices.turntable.link import LinkState, TurntableLink
from companion.devices.turntable.protocol import SensorState
from companion.devices.turntable.serial_source import SerialAngleSource
from companion.devices.turntable.sim_kit import SimKit, open_simulated_turntable
from companion.devices.turntable.sim_magnet import SimMagnet
from companion.devices.turntable.simulated import Physics
from companion.devices.turntable.source import AngleSample, SourceStatus

OUR_THREADS = ("turntable-link", "sim-turntable-kit", "nmea-impostor")
FIRMWARE = BUNDLED_FIRMWARE


def wait_for(condition: Callable[[], bool], timeout: float = 3.0) -> float:
    """Poll until ``condition()``; the seconds it took (fails after ``timeout``)."""
    start = time.monotonic()
    while not condition():
        elapsed = time.monotonic() - start
        assert elapsed < timeout, f"still waiting after {timeout} s"
        time.sleep(0.002)
    return time.monotonic() - start


def our_threads() -> list[str]:
    return [t.name for t in threading.enumerate() if t.name in OUR_THREADS]


@pytest.fixture
def turntable() -> Iterator[tuple[SerialAngleSource, SimKit]]:
    source, kit = open_simulated_turntable()
    yield source, kit
    source.stop()
    kit.stop()
    assert our_threads() == []


def test_handshake_streaming_and_rate_change(turntable: tuple[SerialAngleSource, SimKit]) -> None:
    source, kit = turntable
    samples: list[AngleSample] = []
    source.on_sample = samples.append
    source.start()
    wait_for(lambda: source.link.state is LinkState.CONNECTED)
    assert source.link.hello is not None and source.link.hello.uid == "E66138935F4A2B2C"
    kit.magnet.set_angle(180.0)
    wait_for(lambda: bool(samples) and abs(samples[-1].degrees - 180.0) < 0.5)
    wait_for(lambda: len(samples) >= 60)
    fast = [b.t - a.t for a, b in zip(samples[-40:], samples[-39:], strict=False)]
    # host arrival times on a loaded machine wobble: the rate is judged loosely here and
    # by its change (5x slower after set_rate(20)), which a kit ignoring the rate fails
    assert 0.007 <= statistics.median(fast) <= 0.020
    assert source.link.set_rate(20).result(timeout=2).value == "020"
    count = len(samples)
    wait_for(lambda: len(samples) >= count + 12)
    slow = [b.t - a.t for a, b in zip(samples[-10:], samples[-9:], strict=False)]
    assert 0.045 <= statistics.median(slow) <= 0.080
    assert statistics.median(slow) / statistics.median(fast) > 3
    assert source.status() is SourceStatus.SIMULATED
    assert source.link.stats().lost_frames == 0 and kit.crash is None


def test_a_spin_is_seen_to_its_end() -> None:
    quick = Physics(coulomb_dps2=1800.0, viscous_per_s=0.0, wobble_deg=0.0, eccentricity_deg=0.0)
    source, kit = open_simulated_turntable(SimMagnet(physics=quick))
    samples: list[AngleSample] = []
    source.on_sample = samples.append
    source.start()
    wait_for(lambda: source.link.state is LinkState.CONNECTED)
    stop_at = kit.magnet.spin(900.0)  # half a second of spinning, 225 degrees
    wait_for(lambda: not kit.magnet.is_moving() and bool(samples), timeout=3.0)
    wait_for(lambda: abs((samples[-1].degrees - stop_at + 180) % 360 - 180) < 0.5)
    assert len({round(s.degrees) for s in samples}) >= 40  # seen turning, sample by sample
    source.stop()
    assert our_threads() == []


def test_sensor_trouble_reaches_the_devices_screen(
    turntable: tuple[SerialAngleSource, SimKit],
) -> None:
    source, kit = turntable
    source.start()
    wait_for(lambda: source.status() is SourceStatus.SIMULATED)
    kit.sensor.connected = False
    wait_for(lambda: source.sensor is SensorState.NOT_ANSWERING)
    wait_for(lambda: source.status() is SourceStatus.STALE)
    assert "check its four wires" in source.status_text()
    kit.sensor.connected = True
    wait_for(lambda: source.status() is SourceStatus.SIMULATED, timeout=2.0)


@pytest.mark.slow
def test_unplug_and_replug_a_hundred_times_over_a_pty(
    turntable: tuple[SerialAngleSource, SimKit],
) -> None:
    source, kit = turntable
    source.start()
    wait_for(lambda: source.link.state is LinkState.CONNECTED)
    slowest = 0.0
    for _ in range(100):
        kit.stop()
        wait_for(lambda: source.link.state is not LinkState.CONNECTED, timeout=2.0)
        kit.start()
        slowest = max(slowest, wait_for(lambda: source.link.state is LinkState.CONNECTED, 2.0))
    stats = source.link.stats()
    assert (stats.connects, stats.disconnects) == (101, 100)
    assert slowest < 2.0 and kit.crash is None
    assert our_threads().count("turntable-link") == 1


def test_a_kit_in_maintenance_mode_is_refused_until_it_reboots() -> None:
    kit = SimKit()
    kit.files["maintenance.flag"] = b"1"  # as if someone held BOOTSEL
    path = kit.start()
    link = TurntableLink(lambda: [path], refuse_backoff=0.5)
    try:
        link.start()
        wait_for(lambda: link.state is LinkState.REFUSED, timeout=3.0)
        assert "did not answer HELLO" in link.message
        with serial.Serial(path, timeout=0.5) as port:
            port.write(b"\x04")  # Ctrl-D at the prompt: soft reboot into the firmware
        wait_for(lambda: link.state is LinkState.CONNECTED, timeout=3.0)
        assert kit.boots == 2
    finally:
        link.stop()
        kit.stop()
    assert our_threads() == []


class NmeaImpostor:
    """A GPS on a serial port: "$...*hh" lines, but not our protocol."""

    def __init__(self) -> None:
        self.master, slave = os.openpty()
        self.path = os.ttyname(slave)
        self._slave = slave
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._talk, name="nmea-impostor", daemon=True)
        self._thread.start()

    def _talk(self) -> None:
        while not self._stop.wait(0.05):
            try:
                os.write(self.master, b"$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9*47\r\n")
            except OSError:
                return

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
        os.close(self.master)
        os.close(self._slave)


def test_an_impostor_is_refused_with_a_message() -> None:
    gps = NmeaImpostor()
    link = TurntableLink(lambda: [gps.path])
    try:
        link.start()
        wait_for(lambda: link.state is LinkState.REFUSED, timeout=3.0)
        assert link.message.startswith(f"{gps.path} did not answer HELLO")
        assert link.stats().connects == 0
    finally:
        link.stop()
        gps.close()
    assert our_threads() == []


class ManualTime:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_the_magnet_stops_where_spin_said_it_would() -> None:
    now = ManualTime()
    magnet = SimMagnet(clock=now, angle=10.0)
    predicted = magnet.spin(720.0)
    now.t = 0.5
    assert magnet.is_moving()
    now.t = 60.0
    assert not magnet.is_moving() and magnet.angle() == pytest.approx(predicted)
    magnet.set_angle(370.0)
    assert magnet.true_angle() == pytest.approx(10.0)


@pytest.mark.parametrize(
    ("gap", "present", "status"),
    [(1.5, True, 0x20), (3.5, True, 0x30), (0.3, True, 0x28), (1.5, False, 0x00), (5.0, True, 0)],
)
def test_the_as5600_model_reports_the_magnet_like_the_datasheet(
    gap: float, present: bool, status: int
) -> None:
    from companion.devices.turntable.sim_magnet import SimAS5600

    magnet = SimMagnet(angle=180.0, gap_mm=gap, present=present)
    chip = SimAS5600(magnet, noise_lsb=0)
    registers = chip.read(0x0B, 5)
    assert registers[0] == status
    if status:
        raw = (registers[1] << 8) | registers[2]
        assert abs(raw - 2048) <= 4  # 180 degrees (the magnet sits a little off-centre)
    agc = chip.read(0x1A, 1)[0]
    assert 0 <= agc <= 128
    chip.write(0x0B, b"\xff")  # read-only registers ignore writes
    assert chip.read(0x0B, 1)[0] == status


def test_broken_firmware_ends_at_the_prompt_like_a_real_pico(tmp_path: Path) -> None:
    for name in ("link.py", "as5600.py", "main.py"):
        (tmp_path / name).write_text((FIRMWARE / name).read_text())
    main = tmp_path / "main.py"
    main.write_text(main.read_text().replace("def main():", "def main():\n    1 / 0\n", 1))
    kit = SimKit(firmware=tmp_path)
    path = kit.start()
    link = TurntableLink(lambda: [path])
    try:
        wait_for(lambda: kit.crash is not None)
        assert "ZeroDivisionError" in kit.crash
        link.start()
        wait_for(lambda: link.state is LinkState.REFUSED, timeout=3.0)
    finally:
        link.stop()
        kit.stop()
    assert our_threads() == []
