"""The MCP3008 analog source: through gpiozero's real MCP3008 class on mock SPI pins, and a fake."""

from __future__ import annotations

import threading

import pytest
from gpiozero.pins.mock import MockFactory

from companion.devices.turntable.mcp3008_source import (
    BURST_READS,
    MCP3008AngleSource,
    code_fraction,
    combine_burst,
)
from companion.devices.turntable.source import SourceStatus
from tests.devices.turntable.mock_mcp3008 import FakeMCP3008Chip


class FakeADC:
    """An ADC that always reads ``raw_value`` (a 10-bit code)."""

    def __init__(self, raw_value: int = 0) -> None:
        self.raw_value = raw_value
        self.closed = False

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def mock_pins(monkeypatch: pytest.MonkeyPatch) -> MockFactory:
    # gpiozero's software SPI bus asks for a default factory; make that a mock too
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    factory = MockFactory()
    yield factory
    factory.close()


def test_reads_the_as5600_voltage_through_gpiozero_mcp3008_on_mock_spi(
    mock_pins: MockFactory,
) -> None:
    chip = FakeMCP3008Chip(mock_pins)
    chip.levels[0] = 0.25
    source = MCP3008AngleSource(channel=0, pin_factory=mock_pins, clock=lambda: 7.0)
    got: list[object] = []
    source.on_sample = got.append
    sample = source.poll_once()
    assert sample is not None and sample.t == 7.0
    assert sample.degrees == pytest.approx(90.0, abs=0.36)  # one 10-bit step is 0.35 deg
    assert got == [sample] and chip.reads == [0] * BURST_READS  # one burst, one sample
    chip.levels[0] = 0.75
    assert source.poll_once().degrees == pytest.approx(270.0, abs=0.36)  # type: ignore[union-attr]
    source.stop()


@pytest.mark.parametrize(
    ("code", "degrees"),
    [(0, 0.17578125), (512, 180.17578125), (1023, 359.82421875)],
)
def test_a_known_code_is_the_middle_of_its_step_with_no_stretch(
    mock_pins: MockFactory, code: int, degrees: float
) -> None:
    """gpiozero's ``value`` for code 1023 is 1.0 (360 deg, read as 0); the code's own step
    of 360/1024 deg puts it at 359.82."""
    chip = FakeMCP3008Chip(mock_pins)
    chip.levels[0] = (code + 0.5) / 1024
    source = MCP3008AngleSource(channel=0, pin_factory=mock_pins, clock=lambda: 1.0)
    sample = source.poll_once()
    assert sample is not None and sample.degrees == pytest.approx(degrees, abs=1e-9)
    source.stop()


def test_codes_outside_ten_bits_are_refused() -> None:
    assert code_fraction(1023) == pytest.approx(1023.5 / 1024)
    with pytest.raises(ValueError, match="0-1023, not 1024"):
        code_fraction(1024)
    with pytest.raises(ValueError, match="not -1"):
        code_fraction(-1)


def test_other_channels_and_the_10_to_90_percent_output_mode() -> None:
    source = MCP3008AngleSource(
        channel=3, output_range=(0.1, 0.9), adc_factory=lambda: FakeADC(512)
    )
    expected = (512.5 / 1024 - 0.1) / 0.8 * 360.0
    assert source.poll_once().degrees == pytest.approx(expected)  # type: ignore[union-attr]
    assert source.to_degrees(0.05) == 0.0  # below the range: clipped
    assert source.to_degrees(0.9) == 0.0  # full scale is 360 = 0
    with pytest.raises(ValueError, match="channels 0-7"):
        MCP3008AngleSource(channel=8)
    with pytest.raises(ValueError, match="output_range"):
        MCP3008AngleSource(output_range=(0.9, 0.1))


class NoisyADC(FakeADC):
    """Reads in turn from ``values`` (codes, one per gpiozero ``raw_value`` call)."""

    def __init__(self, values: list[int]) -> None:
        super().__init__()
        self.values = values
        self.calls = 0

    @property  # type: ignore[override]
    def raw_value(self) -> int:
        self.calls += 1
        return self.values[(self.calls - 1) % len(self.values)]

    @raw_value.setter
    def raw_value(self, _: int) -> None:
        pass


def test_a_sample_is_the_mean_of_a_burst_of_reads_less_its_extremes() -> None:
    reads = [512 + k for k in (-2, 1, 0, 2, -1, 0, 1, -1)]
    adc = NoisyADC(reads)
    source = MCP3008AngleSource(adc_factory=lambda: adc, burst=8)
    sample = source.poll_once()
    assert adc.calls == 8 and sample is not None
    middle = sorted(reads)[1:-1]
    mean_code = sum(middle) / len(middle)
    assert sample.degrees == pytest.approx(360.0 * (mean_code + 0.5) / 1024)
    glitch = NoisyADC([512, 512, 512, 512, 512, 0])  # one transfer read as zero
    source = MCP3008AngleSource(adc_factory=lambda: glitch, burst=6)
    assert source.poll_once().degrees == pytest.approx(512.5 * 360 / 1024)  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="at least one read"):
        MCP3008AngleSource(burst=0)


def test_a_burst_on_the_zero_line_stays_on_it() -> None:
    assert combine_burst([359.6, 0.4, 359.6, 0.4]) == pytest.approx(0.0, abs=1e-9)
    assert combine_burst([359.3, 359.6, 0.0, 359.6, 359.3]) == pytest.approx(359.5)
    assert combine_burst([90.0]) == 90.0


def test_the_devices_screen_reads_the_sensor_in_whole_degrees() -> None:
    source = MCP3008AngleSource(adc_factory=lambda: FakeADC(256))
    assert source.status_text() == "wolf sensor: no reading yet"
    source.poll_once()
    assert source.status_text() == "wolf sensor: 90°"
    source.words = lambda sample: f"wolf sensor: {sample.degrees + 10:.0f}° (steady)"
    assert source.status_text() == "wolf sensor: 100° (steady)"


def test_status_missing_stale_and_connected() -> None:
    now = [0.0]
    adc = FakeADC(512)
    source = MCP3008AngleSource(adc_factory=lambda: adc, clock=lambda: now[0], stale_after_s=1.0)
    assert source.status() is SourceStatus.MISSING
    source.poll_once()
    assert source.status() is SourceStatus.CONNECTED
    now[0] = 2.0
    assert source.status() is SourceStatus.STALE
    source.stop()
    assert adc.closed and source.status() is SourceStatus.MISSING


def test_an_adc_that_cannot_be_opened_is_reported_not_raised() -> None:
    def broken() -> FakeADC:
        raise OSError("SPI is not enabled")

    source = MCP3008AngleSource(adc_factory=broken)
    source.start()
    assert source.poll_once() is None
    assert source.status() is SourceStatus.MISSING
    assert "SPI is not enabled" in source.status_text()


def test_read_errors_are_counted() -> None:
    class Flaky(FakeADC):
        @property  # type: ignore[override]
        def raw_value(self) -> int:
            raise OSError("bus error")

        @raw_value.setter
        def raw_value(self, _: int) -> None:
            pass

    source = MCP3008AngleSource(adc_factory=Flaky)
    assert source.poll_once() is None
    assert source.read_errors == 1 and "bus error" in (source.error or "")


def test_the_polling_thread_delivers_samples_and_stops() -> None:
    source = MCP3008AngleSource(adc_factory=lambda: FakeADC(512), rate_hz=1000.0)
    got = threading.Event()
    source.on_sample = lambda s: got.set()
    source.start()
    try:
        assert got.wait(timeout=5.0)
    finally:
        source.stop()
    assert source._thread is None
