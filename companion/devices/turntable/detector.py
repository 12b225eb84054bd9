"""SpinDetector: from a stream of timestamped angles to "spin started" and "settled at X".

The wolf's resting angle is a chance outcome, so a false settle (reporting while
the wolf is still creeping, or at the turning point of a bounce-back) would
record the wrong outcome.  The detector therefore calls the wolf settled only
when, for a whole ``window_s``:

* every reading stays within ``band_deg`` of the others (noise, not motion), and
* the least-squares slope of those readings is below ``max_drift_dps`` (a slow
  creep moves too little per window to break the band, but it has a slope).

Readings are unwrapped across 0/360 so a wolf resting on the zero line is still.
The quiet stretch is kept as a suffix of samples with O(1) amortised updates
(monotonic max/min queues, running regression sums), so the per-sample cost is
tiny.  ``poll()`` evaluates the same rule at the injected clock's time, for
sources that only send a reading when the angle changes.

Not thread-safe: feed it from one thread (the UI thread in the app).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from companion.devices.turntable.source import AngleSample


@dataclass(frozen=True)
class SettleTuning:
    """How still is still.  Defaults suit a 12-bit AS5600 (1 LSB = 0.088 deg) at ~100 Hz."""

    window_s: float = 0.25
    band_deg: float = 0.5
    max_drift_dps: float = 0.6
    start_deg: float = 3.0
    """Moving this far from the resting angle starts a spin."""
    nudge_deg: float = 1.0
    """A new still angle this far from the old rest is reported (a hand nudge)."""
    history_s: float = 0.6
    """Regression history kept at most (older quiet samples are dropped)."""


@dataclass(frozen=True)
class SpinStarted:
    t: float
    degrees: float


@dataclass(frozen=True)
class Settled:
    t: float
    degrees: float
    after_spin: bool
    """False for the first still reading after start-up and for small hand nudges."""


SpinEvent = SpinStarted | Settled


def wrap360(degrees: float) -> float:
    value = degrees % 360.0
    return 0.0 if value >= 360.0 else value


class SpinDetector:
    UNKNOWN = "unknown"
    RESTING = "resting"
    SPINNING = "spinning"

    def __init__(
        self,
        tuning: SettleTuning | None = None,
        clock: Callable[[], float] = time.monotonic,
        on_event: Callable[[SpinEvent], None] | None = None,
    ) -> None:
        self.tuning = tuning or SettleTuning()
        self.clock = clock
        self.on_event = on_event
        self.state = self.UNKNOWN
        self.rest: float | None = None
        """The unwrapped resting angle (None until the first sample)."""
        self._last_raw: float | None = None
        self._last_t: float | None = None
        self._x = 0.0
        self._prev_x = 0.0
        self._prev_t: float | None = None
        self._buf: deque[tuple[int, float, float]] = deque()
        self._maxq: deque[tuple[int, float]] = deque()
        self._minq: deque[tuple[int, float]] = deque()
        self._seq = 0
        self._quiet_since = 0.0
        self._t0 = 0.0
        self._x0 = 0.0
        self._n = 0
        self._st = self._sx = self._stt = self._stx = 0.0

    # -- public ------------------------------------------------------------
    def feed(self, sample: AngleSample) -> list[SpinEvent]:
        """Take one reading; returns (and passes to ``on_event``) any events it causes."""
        t = sample.t
        if self._last_t is not None and t <= self._last_t:
            return []  # out of order or repeated: ignore
        raw = sample.degrees
        if self._last_raw is None:
            self._x = raw
            self._t0, self._x0 = t, raw
            self.rest = raw
        else:
            step = (raw - self._last_raw + 180.0) % 360.0 - 180.0
            self._prev_x, self._prev_t = self._x, self._last_t
            self._x += step
        self._last_raw, self._last_t = raw, t
        self._push(t, self._x)
        events: list[SpinEvent] = []
        if self.state != self.SPINNING and self.rest is not None:
            if abs(self._x - self.rest) > self.tuning.start_deg:
                self.state = self.SPINNING
                events.append(SpinStarted(t, wrap360(self._x)))
        events.extend(self._check(t))
        return self._deliver(events)

    def poll(self) -> list[SpinEvent]:
        """Evaluate settling at the clock's time (readings held since the last sample)."""
        if self._last_t is None:
            return []
        now = max(self.clock(), self._last_t)
        return self._deliver(self._check(now))

    @property
    def unwrapped(self) -> float:
        """The latest reading, unwrapped (keeps counting past 360)."""
        return self._x

    def velocity(self) -> float:
        """Degrees per second between the last two readings (0 before two readings)."""
        if self._prev_t is None or self._last_t is None or self._last_t <= self._prev_t:
            return 0.0
        return (self._x - self._prev_x) / (self._last_t - self._prev_t)

    # -- settling ------------------------------------------------------------
    def _check(self, now: float) -> list[SpinEvent]:
        tune = self.tuning
        if now - self._quiet_since < tune.window_s or self._n == 0:
            return []
        if self._n >= 3 and abs(self._slope()) > tune.max_drift_dps:
            return []
        angle = self._x0 + self._sx / self._n
        if self.state == self.SPINNING:
            self.state = self.RESTING
            self.rest = angle
            return [Settled(now, wrap360(angle), True)]
        if self.state == self.UNKNOWN:
            self.state = self.RESTING
            self.rest = angle
            return [Settled(now, wrap360(angle), False)]
        if self.rest is not None and abs(angle - self.rest) > tune.nudge_deg:
            self.rest = angle
            return [Settled(now, wrap360(angle), False)]
        return []

    def _slope(self) -> float:
        n = self._n
        denom = n * self._stt - self._st * self._st
        if denom <= 1e-12:
            return 0.0
        return (n * self._stx - self._st * self._sx) / denom

    # -- the quiet suffix ------------------------------------------------------
    def _push(self, t: float, x: float) -> None:
        if abs(t - self._t0) > 60.0 or abs(x - self._x0) > 3600.0:
            self._rebase(t, x)
        seq = self._seq
        self._seq += 1
        self._buf.append((seq, t, x))
        while self._maxq and self._maxq[-1][1] <= x:
            self._maxq.pop()
        self._maxq.append((seq, x))
        while self._minq and self._minq[-1][1] >= x:
            self._minq.pop()
        self._minq.append((seq, x))
        dt, dx = t - self._t0, x - self._x0
        self._n += 1
        self._st += dt
        self._sx += dx
        self._stt += dt * dt
        self._stx += dt * dx
        if len(self._buf) == 1:
            self._quiet_since = t
        band = self.tuning.band_deg
        broke = False
        while self._maxq[0][1] - self._minq[0][1] > band:
            self._pop_front()
            broke = True
        if broke:
            self._quiet_since = self._buf[0][1]
        horizon = t - self.tuning.history_s
        while len(self._buf) > 3 and self._buf[0][1] < horizon:
            self._pop_front()

    def _pop_front(self) -> None:
        seq, t, x = self._buf.popleft()
        if self._maxq[0][0] == seq:
            self._maxq.popleft()
        if self._minq[0][0] == seq:
            self._minq.popleft()
        dt, dx = t - self._t0, x - self._x0
        self._n -= 1
        self._st -= dt
        self._sx -= dx
        self._stt -= dt * dt
        self._stx -= dt * dx

    def _rebase(self, t: float, x: float) -> None:
        """Move the regression origin near the present to keep the sums precise."""
        self._t0, self._x0 = t, x
        self._n = len(self._buf)
        self._st = sum(bt - t for _, bt, _ in self._buf)
        self._sx = sum(bx - x for _, _, bx in self._buf)
        self._stt = sum((bt - t) ** 2 for _, bt, _ in self._buf)
        self._stx = sum((bt - t) * (bx - x) for _, bt, bx in self._buf)

    def _deliver(self, events: list[SpinEvent]) -> list[SpinEvent]:
        if self.on_event is not None:
            for event in events:
                self.on_event(event)
        return events
