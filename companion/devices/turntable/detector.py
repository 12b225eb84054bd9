"""SpinDetector: from a stream of timestamped angles to "spin started" and "settled at X".

The wolf's resting angle is a chance outcome, so a false settle (reporting while
the wolf still creeps on, or at the turning point of a bounce-back) records the
wrong outcome.  The detector calls the wolf settled only when all of these hold:

* **still**: the latest readings (the *still stretch*) stay within a band of one
  another, and their least-squares slope is indistinguishable from zero.  One
  reading beyond the band with the next back inside it is noise and is left out
  (averaged analog noise has no hard bound: starting the hold again for it cost a
  whole hold); nothing is called settled while such a reading waits for the next;
* **for long enough**: the still stretch spans ``hold_s``, longer than the
  pause a bounce-back makes at its turning point;
* **nowhere left to go**: the speed the wolf may still have (the slope plus a
  few standard errors) could carry it at most ``travel_deg`` further, given the
  deceleration it has shown over the last seconds (at least ``min_decel_dps2``,
  the slowest creep).  A firm stop passes at once; a slow creep waits until its
  speed is measured small enough.

The band and the standard errors come from the sensor's noise, estimated while
the wolf rests (successive differences, so a slow drift does not count as noise):
a noisy 10-bit analog reading widens the band by itself.

Readings are unwrapped across 0/360 so a wolf resting on the zero line is still.
The still stretch is a suffix of samples with O(1) amortised updates (monotonic
max/min queues, running regression sums).  ``poll()`` evaluates the same rule at
the injected clock's time, for sources that only send a reading when it changes.

Not thread-safe: feed it from one thread at a time.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from companion.devices.turntable.source import AngleSample


@dataclass(frozen=True)
class SettleTuning:
    """How still is still.  Defaults suit a 12-bit AS5600 (1 LSB = 0.088 deg) at ~100 Hz."""

    hold_s: float = 0.2
    """The still stretch must span this long: more than a bounce-back's pause (0.15 s)."""
    band_deg: float = 0.5
    """The narrowest still band (readings' max - min); noise widens it."""
    band_sigmas: float = 4.5
    """The band is at least this many standard deviations of the estimated noise."""
    noise_deg: float = 0.075
    """The noise (one reading's standard deviation) assumed until it is measured."""
    noise_floor_deg: float = 0.02
    trim_sigmas: float = 3.5
    """A slope this many standard errors from zero is motion: the stretch starts later."""
    drift_sigmas: float = 2.5
    """The speed the wolf may still have: the slope plus this many standard errors."""
    min_decel_dps2: float = 0.1
    """The slowest creep: friction never decelerates the wolf less than this."""
    travel_deg: float = 0.4
    """Settled once the wolf can travel at most this much further."""
    max_drift_dps: float = math.inf
    """An absolute cap on the still stretch's slope (a fixed-rule detector sets it)."""
    start_deg: float = 3.0
    """Moving this far from the resting angle starts a spin."""
    nudge_deg: float = 1.0
    """A new still angle this far from the old rest is reported (a hand nudge)."""
    history_s: float = 2.0
    """The still stretch is kept at most this long (older samples are dropped)."""
    adapt_noise: bool = True
    hold_noise_deg: float = math.inf
    """The noise ``hold_s`` was set for: a noisier sensor than that (say an analog path
    whose noise does not average away) holds longer, by the square root of the excess
    (a bounce-back's spring stands out of noise sigma after a time growing as sqrt(sigma))."""


FIXED_BAND_TUNING = SettleTuning(
    hold_s=0.25,
    band_deg=0.5,
    band_sigmas=0.0,
    trim_sigmas=math.inf,
    travel_deg=math.inf,
    max_drift_dps=0.6,
    history_s=0.6,
    adapt_noise=False,
)
"""The first rule (a fixed band, a fixed slope cap, 0.25 s): the benchmarks' yardstick."""


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

ANCHOR_S = 0.1
"""The wolf's recent path is kept as one mean position per this many seconds..."""
ANCHORS = 30
"""...this many of them (3 s), to tell a firm stop from a creep."""
DECEL_HORIZON_S = 1.5
"""Braking is judged over at most this much of the past (drag brakes harder when fast)."""
MAX_EXTRAPOLATION_S = 0.2
"""The approach's stop is put at most this long after its last stretch that stands out."""
MOVED_SIGMAS = 4.0
"""A stretch's mean this many standard errors from the still angle was motion."""
_NO_EVENTS: list[SpinEvent] = []


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
        self.tuning = tune = tuning or SettleTuning()
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
        # noise: mean squared successive difference, a running mean then an EWMA
        self._msd = 2.0 * tune.noise_deg * tune.noise_deg
        self._msd_weight = 8.0
        self._var = tune.noise_deg * tune.noise_deg
        self._band = max(tune.band_deg, tune.band_sigmas * tune.noise_deg)
        self._hold = self._hold_for(self._var)
        # the still stretch
        self._buf: deque[tuple[int, float, float]] = deque()
        self._maxq: deque[tuple[int, float]] = deque()
        self._minq: deque[tuple[int, float]] = deque()
        self._seq = 0
        self._t0 = 0.0
        self._x0 = 0.0
        self._n = 0
        self._st = self._sx = self._stt = self._stx = 0.0
        self._trim2 = tune.trim_sigmas * tune.trim_sigmas
        # the recent path: block means
        self._anchors: deque[tuple[float, float, int]] = deque(maxlen=ANCHORS)
        self._block_t = self._block_x = 0.0
        self._block_n = 0
        self._block_start = 0.0
        self._anchored = 0
        """Stretches of the path laid down so far (the stop estimate is kept per count)."""
        self._moved_key: tuple[int, float] | None = None
        self._moved_at = -math.inf
        self._suspect: tuple[float, float] | None = None
        """A reading that broke the still band, held back until the next one says
        whether the wolf moves (it breaks the band too) or it was noise (dropped)."""

    # -- public ------------------------------------------------------------
    def feed(self, sample: AngleSample) -> list[SpinEvent]:
        """Take one reading; returns (and passes to ``on_event``) any events it causes."""
        t = sample.t
        last_t = self._last_t
        raw = sample.degrees
        if last_t is None:
            self._x = raw
            self._t0, self._x0 = t, raw
            self.rest = raw
            self._block_start = t
        elif t <= last_t:
            return _NO_EVENTS  # out of order or repeated: ignore
        else:
            step = (raw - self._last_raw + 180.0) % 360.0 - 180.0  # type: ignore[operator]
            self._prev_x, self._prev_t = self._x, last_t
            self._x += step
            if self.state != self.SPINNING and self.tuning.adapt_noise:
                self._learn_noise(step)
        self._last_raw, self._last_t = raw, t
        x = self._x
        self._push(t, x)
        events: list[SpinEvent] | None = None
        if self.state != self.SPINNING and abs(x - self.rest) > self.tuning.start_deg:  # type: ignore[operator]
            self.state = self.SPINNING
            events = [SpinStarted(t, wrap360(x))]
        settled = self._check(t)
        if settled is not None:
            if events is None:
                events = [settled]
            else:
                events.append(settled)
        if events is None:
            return _NO_EVENTS
        return self._deliver(events)

    def poll(self) -> list[SpinEvent]:
        """Evaluate settling at the clock's time (readings held since the last sample)."""
        if self._last_t is None:
            return _NO_EVENTS
        settled = self._check(max(self.clock(), self._last_t))
        return _NO_EVENTS if settled is None else self._deliver([settled])

    @property
    def unwrapped(self) -> float:
        """The latest reading, unwrapped (keeps counting past 360)."""
        return self._x

    @property
    def noise_deg(self) -> float:
        """The sensor's noise as estimated so far (one reading's standard deviation)."""
        return math.sqrt(self._var)

    @property
    def band_deg(self) -> float:
        """The still band in use now (widened for a noisy sensor)."""
        return self._band

    def velocity(self) -> float:
        """Degrees per second between the last two readings (0 before two readings)."""
        if self._prev_t is None or self._last_t is None or self._last_t <= self._prev_t:
            return 0.0
        return (self._x - self._prev_x) / (self._last_t - self._prev_t)

    # -- noise -----------------------------------------------------------------
    def _learn_noise(self, step: float) -> None:
        """Successive differences while resting: twice the noise's variance on average."""
        tune = self.tuning
        gate = max(6.0 * math.sqrt(self._var), 2.0 * tune.band_deg)
        if abs(step) > gate:
            return  # a knock or the start of a spin, not noise
        weight = self._msd_weight
        if weight < 256.0:
            self._msd_weight = weight = weight + 1.0
        self._msd += (step * step - self._msd) / weight
        floor = tune.noise_floor_deg
        self._var = max(self._msd / 2.0, floor * floor)
        self._band = max(tune.band_deg, tune.band_sigmas * math.sqrt(self._var))
        self._hold = self._hold_for(self._var)

    def _hold_for(self, var: float) -> float:
        tune = self.tuning
        excess = var / (tune.hold_noise_deg * tune.hold_noise_deg)
        return tune.hold_s if excess <= 1.0 else tune.hold_s * math.sqrt(math.sqrt(excess))

    @property
    def hold_s(self) -> float:
        """The hold in use now (longer for a sensor noisier than the tuning expects)."""
        return self._hold

    # -- settling ------------------------------------------------------------
    def _check(self, now: float) -> Settled | None:
        n = self._n
        hold = self._hold
        if n == 0 or now - self._buf[0][1] < hold or self._suspect is not None:
            return None
        state = self.state
        angle = self._angle()
        if state == self.RESTING:
            if abs(angle - self.rest) <= self.tuning.nudge_deg:  # type: ignore[operator]
                return None
        if self._moved_key != (self._anchored, self._var):
            self._moved_key = (self._anchored, self._var)
            self._moved_at = self._moved_until()  # the path changes once per stretch
        if now - self._moved_at < hold or not self._nowhere_to_go(now, angle):
            return None
        self.rest = angle
        self.state = self.RESTING
        return Settled(now, wrap360(angle), state == self.SPINNING)

    def _angle(self) -> float:
        """The still stretch's fitted angle at its latest reading."""
        n = self._n
        mean = self._sx / n
        if n < 3:
            return self._x0 + mean
        t_last = self._buf[-1][1] - self._t0
        return self._x0 + mean + self._slope() * (t_last - self._st / n)

    def _moved_until(self) -> float:
        """When the wolf stopped, as its path tells: the slowing approach to a stop is a
        parabola, so the square root of its distance from where it rests now (the newest
        stretch of the path) falls in a straight line to zero at the stop.  Extrapolated
        from the last two stretches that stand out of the noise; the last moments of the
        approach hide in it."""
        anchors = self._anchors
        if not self.tuning.adapt_noise or len(anchors) < 2:
            return -math.inf
        # both stretches are means of noisy readings: their difference has twice the variance
        limit2 = 2.0 * MOVED_SIGMAS * MOVED_SIGMAS * self._var
        newer: tuple[float, float] | None = None
        angle = anchors[-1][1]
        for i in range(len(anchors) - 2, -1, -1):
            at, x, k = anchors[i]
            off = x - angle
            if off * off * k <= limit2:
                if newer is not None:
                    break
                continue
            if newer is None:
                newer = (at, off)
                continue
            t1, d1 = newer
            if (off > 0) != (d1 > 0) or abs(off) <= abs(d1):
                break  # not one approach (a bounce turned it round)
            root1 = math.sqrt(abs(d1))
            rate = (math.sqrt(abs(off)) - root1) / (t1 - at)
            return t1 + min(root1 / rate, MAX_EXTRAPOLATION_S)
        if newer is None:
            return -math.inf
        return newer[0] + ANCHOR_S / 2

    def _nowhere_to_go(self, now: float, here: float) -> bool:
        tune = self.tuning
        n = self._n
        if n < 3:
            return True  # a source that reports changes only: held readings are still
        denom = n * self._stt - self._st * self._st
        if denom <= 1e-12:
            return True
        slope = abs(n * self._stx - self._st * self._sx) / denom
        if slope > tune.max_drift_dps:
            return False
        if tune.travel_deg == math.inf:
            return True
        speed = slope + tune.drift_sigmas * math.sqrt(self._var * n / denom)
        # A wolf with speed <= `speed` now covered at most speed*age + decel*age^2/2
        # since an anchor: what it did cover shows how hard friction brakes it.
        decel = tune.min_decel_dps2
        for at, x, _ in self._anchors:
            age = now - at
            if 0.15 < age <= DECEL_HORIZON_S:
                shown = 2.0 * (abs(here - x) - speed * age) / (age * age)
                if shown > decel:
                    decel = shown
        return speed * speed <= 2.0 * decel * tune.travel_deg

    def _slope(self) -> float:
        n = self._n
        denom = n * self._stt - self._st * self._st
        if denom <= 1e-12:
            return 0.0
        return (n * self._stx - self._st * self._sx) / denom

    # -- the still stretch -----------------------------------------------------
    def _push(self, t: float, x: float) -> None:
        if self._block_n and t - self._block_start >= ANCHOR_S:
            k = self._block_n
            self._anchors.append((self._block_t / k, self._block_x / k, k))
            self._anchored += 1
            self._block_t = self._block_x = 0.0
            self._block_n = 0
            self._block_start = t
        self._block_t += t
        self._block_x += x
        self._block_n += 1
        suspect = self._suspect
        if self._n and self._breaks_band(x):
            if suspect is None:
                self._suspect = (t, x)  # one reading out of the band: noise, or motion?
                return
            self._suspect = None
            self._extend(*suspect)  # two in a row: the wolf moves
        elif suspect is not None:
            self._suspect = None  # back in the band at once: it was noise
        self._extend(t, x)

    def _breaks_band(self, x: float) -> bool:
        high, low = self._maxq[0][1], self._minq[0][1]
        return (x if x > high else high) - (x if x < low else low) > self._band

    def _extend(self, t: float, x: float) -> None:
        """Add a reading to the still stretch, and cut the stretch where it moves."""
        dt, dx = t - self._t0, x - self._x0
        if abs(dt) > 30.0 or abs(dx) > 3600.0 or (len(self._buf) < 8 and abs(dt) > 5.0):
            self._rebase(t, x)
            dt = dx = 0.0
        seq = self._seq
        self._seq = seq + 1
        buf = self._buf
        buf.append((seq, t, x))
        maxq, minq = self._maxq, self._minq
        while maxq and maxq[-1][1] <= x:
            maxq.pop()
        maxq.append((seq, x))
        while minq and minq[-1][1] >= x:
            minq.pop()
        minq.append((seq, x))
        self._n += 1
        self._st += dt
        self._sx += dx
        self._stt += dt * dt
        self._stx += dt * dx
        band = self._band
        while maxq[0][1] - minq[0][1] > band:
            self._pop_front()
        horizon = t - self.tuning.history_s
        while len(buf) > 3 and buf[0][1] < horizon:
            self._pop_front()
        if self._n >= 4 and self._trim2 != math.inf:
            limit = self._trim2 * self._var
            while self._n >= 4:
                n = self._n
                denom = n * self._stt - self._st * self._st
                if denom <= 1e-12:
                    break
                num = n * self._stx - self._st * self._sx
                # slope^2 over its variance (var * n / denom) against trim_sigmas^2
                if num * num / (denom * n) <= limit:
                    break
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
