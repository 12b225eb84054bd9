"""The AS5600's analog OUT pin read through an MCP3008 ADC (gpiozero), polled on a thread.

The cheap wiring option: no Pico, the AS5600 in its default analog mode drives
a voltage from GND (0 deg) to VDD (360 deg), and the MCP3008 (10 bits, so
0.35 deg per step) samples it over SPI0.  The angle comes from the ADC's code
(gpiozero's ``raw_value``, 0..1023), not from gpiozero's ``value``: that one is
``(2 * code + 1) / 2047``, the code's middle divided by 1023.5 where the reference
spans 1024 codes, which stretches readings by 1024/1023.5 (+0.18 deg near 360).
``code_fraction`` puts a code at the middle of its step of the reference,
``(code + 0.5) / 1024``; ``output_range`` covers the AS5600's 10%-90% output setting.

The ADC is created in ``start()`` (never at import), with the injected
``pin_factory`` (gpiozero's MockFactory in tests and --sim); ``adc_factory``
lets tests hand in a fake.  A 10-bit reading is coarser than the Pico's 12-bit
one, so ``RECOMMENDED_TUNING`` widens the settle detector's band.

Each sample is a *burst* of ``burst`` back-to-back reads (each one gpiozero
``raw_value`` call, a full 3-byte SPI transaction at gpiozero's 500 kHz), combined by
``combine_burst``: averaging N reads divides independent noise by sqrt(N), which
narrows the still band and lets the settle rule decide sooner.  The sample is
stamped when its burst is complete.  Noise that does not change within a burst
(a slow ripple on the sensor's output) is not averaged away; the detector measures
whatever noise is left and its hold and band grow with it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from companion.devices.pins import MCP3008_CHANNEL
from companion.devices.turntable.detector import SettleTuning
from companion.devices.turntable.source import AngleSample, AngleSource, SourceStatus

BURST_READS = 16
"""Reads per sample: +-2 steps of noise (0.5 deg rms per read) averaged to about 0.13 deg."""
READ_S = 0.00015
"""About how long one gpiozero read takes on a Raspberry Pi 4 (48 us of it on the wire at
gpiozero's 500 kHz SPI clock, the rest Python and the kernel): an estimate, not measured
on a Pi.  100 bursts of 16 a second are 1,600 reads, about a quarter of the reading
thread's time."""
RATE_HZ = 100.0
"""Bursts (samples) per second: as many reads as 200 single reads a second would be, spent
on quieter samples."""

RECOMMENDED_TUNING = SettleTuning(
    band_deg=0.5,
    noise_deg=0.15,
    band_sigmas=6.0,
    hold_s=0.24,
    hold_noise_deg=0.2,
    travel_deg=0.2,
    drift_sigmas=3.5,
)
"""10-bit steps (0.35 deg) with +-1-2 steps of noise, averaged over a burst: the band
starts from the averaged noise and follows what the detector measures, at 6 standard
deviations (averaged noise is no longer bounded by +-2 steps, so a long still stretch
spans more of it than 4.5); a hold longer than the AS5600's (0.24 s: a bounce-back's
spring takes longer to stand out of that noise), longer still if the noise measured is above what the
burst should leave (0.4 s for unaveraged +-2 steps), and a more cautious bound on how
far a creep may go."""


CODES = 1024
"""The MCP3008's 10 bits: the reference voltage spans this many codes."""


def code_fraction(code: int) -> float:
    """An ADC code as the fraction of the reference it stands for: the middle of its step."""
    if not 0 <= code < CODES:
        raise ValueError(f"an MCP3008 code is 0-{CODES - 1}, not {code}")
    return (code + 0.5) / CODES


def combine_burst(degrees: Sequence[float]) -> float:
    """One angle from a burst of reads: their mean, less the highest and lowest read once
    there are four or more (one glitched transfer cannot pull it), taken around the first
    read so a wolf resting on the 0/360 line (reads of 0.1 and 359.8) stays there."""
    first = degrees[0]
    offsets = sorted((d - first + 180.0) % 360.0 - 180.0 for d in degrees)
    if len(offsets) >= 4:
        offsets = offsets[1:-1]
    return (first + sum(offsets) / len(offsets)) % 360.0


class AnalogReader(Protocol):
    """What the source needs from gpiozero's MCP3008: ``raw_value`` (the code) and ``close()``."""

    @property
    def raw_value(self) -> int: ...

    def close(self) -> None: ...


class MCP3008AngleSource(AngleSource):
    name = "turntable (MCP3008 analog)"

    def __init__(
        self,
        channel: int = MCP3008_CHANNEL,
        pin_factory: Any = None,
        rate_hz: float = RATE_HZ,
        clock: Callable[[], float] = time.monotonic,
        output_range: tuple[float, float] = (0.0, 1.0),
        stale_after_s: float = 1.0,
        adc_factory: Callable[[], AnalogReader] | None = None,
        burst: int = BURST_READS,
    ) -> None:
        super().__init__()
        if not 0 <= channel <= 7:
            raise ValueError(f"the MCP3008 has channels 0-7, not {channel}")
        low, high = output_range
        if not 0.0 <= low < high <= 1.0:
            raise ValueError(f"output_range must rise within 0..1, got {output_range}")
        if rate_hz <= 0:
            raise ValueError("rate_hz must be above 0")
        if burst < 1:
            raise ValueError(f"a burst is at least one read, not {burst}")
        self.burst = burst
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
        """A fraction of the reference (0..1, see ``code_fraction``) to the sensor's angle in [0, 360)."""
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
        """Read a burst from the ADC and deliver it as one sample; None if it failed."""
        if not self.open():
            return None
        adc = self._adc
        assert adc is not None
        to_degrees = self.to_degrees
        try:
            reads = [to_degrees(code_fraction(int(adc.raw_value))) for _ in range(self.burst)]
        except Exception as err:
            self.read_errors += 1
            self.error = f"MCP3008 read failed: {err}"
            return None
        sample = AngleSample(self.clock(), combine_burst(reads))
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
        """A burst every ``1 / rate_hz`` seconds, on a schedule (the bursts' own time and
        late wake-ups do not slow the rate down); a wake-up later than a period skips ahead."""
        period = 1.0 / self.rate_hz
        clock = self.clock
        due = clock()
        while not self._stop.is_set():
            self.poll_once()
            due += period
            now = clock()
            if due < now:
                due = now
            self._stop.wait(due - now)

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
