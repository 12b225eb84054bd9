"""The AS5600's analog OUT pin read through an MCP3008 ADC (gpiozero), polled on a thread.

The cheap wiring option: no Pico, the AS5600 in its default analog mode drives
a voltage from GND (0 deg) to VDD (360 deg), and the MCP3008 (10 bits, so
0.35 deg per step) samples it over SPI0.  gpiozero's ``MCP3008.value`` is that
voltage as 0..1; ``output_range`` covers the AS5600's 10%-90% output setting.

The ADC is created in ``start()`` (never at import), with the injected
``pin_factory`` (gpiozero's MockFactory in tests and --sim); ``adc_factory``
lets tests hand in a fake.  A 10-bit reading is coarser than the Pico's 12-bit
one, so ``RECOMMENDED_TUNING`` widens the settle detector's band.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

from companion.devices.pins import MCP3008_CHANNEL
from companion.devices.turntable.detector import SettleTuning
from companion.devices.turntable.source import AngleSample, AngleSource, SourceStatus

RECOMMENDED_TUNING = SettleTuning(
    band_deg=1.0, noise_deg=0.35, hold_s=0.4, travel_deg=0.2, drift_sigmas=3.5
)
"""10-bit steps (0.35 deg) with +-1-2 steps of noise: a wider band to start from (the
detector widens it further to the noise it measures), a longer hold (a bounce-back's
spring, and the end of the approach, take longer to stand out of that noise) and a
more cautious bound on how far a creep may still go."""


class AnalogReader(Protocol):
    """What the source needs from gpiozero's MCP3008: ``value`` in 0..1 and ``close()``."""

    @property
    def value(self) -> float: ...

    def close(self) -> None: ...


class MCP3008AngleSource(AngleSource):
    name = "turntable (MCP3008 analog)"

    def __init__(
        self,
        channel: int = MCP3008_CHANNEL,
        pin_factory: Any = None,
        rate_hz: float = 200.0,
        clock: Callable[[], float] = time.monotonic,
        output_range: tuple[float, float] = (0.0, 1.0),
        stale_after_s: float = 1.0,
        adc_factory: Callable[[], AnalogReader] | None = None,
    ) -> None:
        super().__init__()
        if not 0 <= channel <= 7:
            raise ValueError(f"the MCP3008 has channels 0-7, not {channel}")
        low, high = output_range
        if not 0.0 <= low < high <= 1.0:
            raise ValueError(f"output_range must rise within 0..1, got {output_range}")
        if rate_hz <= 0:
            raise ValueError("rate_hz must be above 0")
        self.channel = channel
        self.pin_factory = pin_factory
        self.rate_hz = rate_hz
        self.clock = clock
        self.output_range = output_range
        self.stale_after_s = stale_after_s
        self._adc_factory = adc_factory or self._make_adc
        self._adc: AnalogReader | None = None
        self.error: str | None = None
        """Why the ADC could not be opened or read (for the devices screen)."""
        self.read_errors = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _make_adc(self) -> AnalogReader:
        from gpiozero import MCP3008

        adc: AnalogReader = MCP3008(channel=self.channel, pin_factory=self.pin_factory)
        return adc

    # -- reading ------------------------------------------------------------------
    def to_degrees(self, value: float) -> float:
        """ADC value (0..1) to the sensor's angle in [0, 360)."""
        low, high = self.output_range
        fraction = (min(max(value, low), high) - low) / (high - low)
        return (fraction * 360.0) % 360.0

    def open(self) -> bool:
        """Create the ADC if needed; False (with ``error`` set) if it cannot be opened."""
        if self._adc is not None:
            return True
        try:
            self._adc = self._adc_factory()
        except Exception as err:  # gpiozero raises many kinds (no SPI, pin in use, ...)
            self.error = f"cannot open the MCP3008 on channel {self.channel}: {err}"
            return False
        self.error = None
        return True

    def poll_once(self) -> AngleSample | None:
        """Read the ADC once and deliver the sample; None if it could not be read."""
        if not self.open():
            return None
        assert self._adc is not None
        try:
            value = float(self._adc.value)
        except Exception as err:
            self.read_errors += 1
            self.error = f"MCP3008 read failed: {err}"
            return None
        sample = AngleSample(self.clock(), self.to_degrees(value))
        self._emit(sample)
        return sample

    # -- the AngleSource contract ----------------------------------------------------
    def start(self) -> None:
        if self._thread is not None:
            return
        if not self.open():
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="mcp3008-turntable", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        period = 1.0 / self.rate_hz
        while not self._stop.is_set():
            self.poll_once()
            self._stop.wait(period)

    def stop(self) -> None:
        thread = self._thread
        if thread is not None:
            self._stop.set()
            thread.join(timeout=2.0)
            self._thread = None
        if self._adc is not None:
            try:
                self._adc.close()
            finally:
                self._adc = None

    def status(self) -> SourceStatus:
        if self._adc is None:
            return SourceStatus.MISSING
        last = self.last_sample
        if last is None or self.clock() - last.t > self.stale_after_s:
            return SourceStatus.STALE
        return SourceStatus.CONNECTED

    def status_text(self) -> str:
        if self.error and self.status() is not SourceStatus.CONNECTED:
            return f"{self.status().value}: {self.error}"
        return super().status_text()
