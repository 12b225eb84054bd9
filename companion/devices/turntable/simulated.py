"""A simulated turntable: a physical model of the flicked wolf, read like an AS5600.

``SpinModel`` is the physics, with no threads and no clock of its own: a
flick sets the angular velocity; dry (Coulomb) friction and viscous drag slow
it, integrated in closed form so any sample rate is exact; a firm stop may
spring back a few degrees (bounce-back); the figure rocks while it turns
(wobble) and the magnet sits slightly off-centre (eccentricity); readings are
quantised to 12 bits with +-1 LSB of noise on the code (or, ``analog_noise``, to an
ADC's bits with the noise on the voltage it rounds).  Friction below ~3 deg/s^2
gives slow creeping stops.

``SimulatedTurntable`` wraps a model as an AngleSource: a thread samples it at
``rate_hz`` on the injected clock; ``flick(velocity)`` is what the on-screen
wolf calls; ``tick()`` samples once without a thread (tests, benchmarks).
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from companion.devices.turntable.source import AngleSample, AngleSource, SourceStatus

LSB_DEG = 360.0 / 4096.0
"""One step of the AS5600's 12-bit angle."""
FIRM_STOP_DPS2 = 20.0
"""A bounce-back needs at least this much friction: a creeping stop has nothing to spring back with."""


@dataclass(frozen=True)
class Physics:
    coulomb_dps2: float = 40.0
    """Dry friction: a constant deceleration (deg/s^2)."""
    viscous_per_s: float = 0.5
    """Drag proportional to speed (1/s)."""
    bounce_chance: float = 0.0
    bounce_deg: tuple[float, float] = (1.5, 5.0)
    """How far a bounce springs back (uniform range)."""
    bounce_pause_s: tuple[float, float] = (0.0, 0.08)
    """How long the wolf stands at the turning point before springing back."""
    bounce_decel_dps2: float = 80.0
    eccentricity_deg: float = 0.25
    """Reading error once per turn from an off-centre magnet (constant at rest)."""
    wobble_deg: float = 0.5
    """Rocking of the figure at one turn per second; proportional to speed, gone at rest."""
    wobble_hz: float = 7.0
    noise_lsb: int = 1
    bits: int = 12
    analog_noise: bool = False
    """Where the noise is: False, on the sensor's code (the AS5600's digital angle, +-
    ``noise_lsb`` steps after rounding); True, on the voltage an ADC rounds (the analog
    path: noise of the same power, uniform before rounding, dithers the steps, so
    averaging a burst converges on the true angle instead of on its rounded step)."""

    def __post_init__(self) -> None:
        if self.coulomb_dps2 <= 0:
            raise ValueError("coulomb_dps2 must be above 0 (or the wolf never stops)")
        if self.viscous_per_s < 0:
            raise ValueError("viscous_per_s must not be negative")
        if not 0 <= self.bounce_chance <= 1:
            raise ValueError("bounce_chance must be between 0 and 1")


class SpinModel:
    """The wolf's motion; ``advance(t)`` moves it to time ``t`` (seconds, never backwards)."""

    def __init__(
        self,
        physics: Physics | None = None,
        angle: float = 0.0,
        t: float = 0.0,
        rng: random.Random | None = None,
    ) -> None:
        self.physics = physics or Physics()
        self.rng = rng or random.Random(0)
        self.t = t
        self.theta = angle
        """The true angle, unwrapped (degrees)."""
        self.omega = 0.0
        self._decel = self.physics.coulomb_dps2
        n = self.physics.noise_lsb
        self._analog_span = math.sqrt(max(n * (n + 1) - 0.25, 0.0))
        """Uniform over +-this many steps, then rounded (a 1/12 step^2 of its own), has
        the power of +-n whole steps added after rounding: n(n+1)/3 steps^2."""
        self._viscous = self.physics.viscous_per_s
        self._pause_until: float | None = None
        self._bounce_pending = False
        self._bounce_deg = 0.0
        self._pending_pause = 0.0
        self._flick_sign = 1.0
        self.stopped_at: float | None = t
        """When the wolf last came to rest (None while it moves or waits to bounce)."""

    # -- control --------------------------------------------------------------
    def flick(self, velocity_dps: float) -> None:
        """Give the wolf an angular velocity (deg/s, negative = anticlockwise)."""
        if velocity_dps == 0:
            return
        p = self.physics
        self.omega = velocity_dps
        self._decel, self._viscous = p.coulomb_dps2, p.viscous_per_s
        self._flick_sign = 1.0 if velocity_dps > 0 else -1.0
        self._pause_until = None
        self.stopped_at = None
        self._bounce_pending = (
            p.coulomb_dps2 >= FIRM_STOP_DPS2 and self.rng.random() < p.bounce_chance
        )
        if self._bounce_pending:
            self._bounce_deg = self.rng.uniform(*p.bounce_deg)
            self._pending_pause = self.rng.uniform(*p.bounce_pause_s)

    @property
    def moving(self) -> bool:
        return self.stopped_at is None

    def advance(self, t: float) -> None:
        while self.t < t:
            if self._pause_until is not None:
                if t < self._pause_until:
                    self.t = t
                    return
                self.t = self._pause_until
                self._pause_until = None
                self._spring_back()
                continue
            if self.omega == 0.0:
                self.t = t
                return
            self._coast(t)

    # -- reading --------------------------------------------------------------
    def noiseless_reading(self) -> float:
        """What a perfect AS5600 would read now: the angle plus wobble and eccentricity."""
        p = self.physics
        rock = (
            p.wobble_deg * (abs(self.omega) / 360.0) * math.sin(2 * math.pi * p.wobble_hz * self.t)
        )
        ecc = p.eccentricity_deg * math.sin(math.radians(self.theta))
        return (self.theta + rock + ecc) % 360.0

    def reading(self) -> float:
        """A quantised, noisy reading in [0, 360)."""
        p = self.physics
        steps = 1 << p.bits
        exact = self.noiseless_reading() / 360.0 * steps
        if p.analog_noise:
            code = round(exact + self.rng.uniform(-self._analog_span, self._analog_span))
        else:
            code = round(exact)
            if p.noise_lsb:
                code += self.rng.randint(-p.noise_lsb, p.noise_lsb)
        return (code % steps) * 360.0 / steps

    # -- physics ----------------------------------------------------------------
    def _coast(self, t: float) -> None:
        """Decelerate under friction towards ``t`` or until the wolf stops."""
        sign = 1.0 if self.omega > 0 else -1.0
        speed = abs(self.omega)
        c, k = self._decel, self._viscous
        if k > 0:
            a = c / k
            t_stop = math.log((speed + a) / a) / k
        else:
            t_stop = speed / c
        dt = min(t - self.t, t_stop)
        if k > 0:
            a = c / k
            decay = math.exp(-k * dt)
            travel = (speed + a) * (1.0 - decay) / k - a * dt
            new_speed = (speed + a) * decay - a
        else:
            travel = speed * dt - c * dt * dt / 2
            new_speed = speed - c * dt
        self.theta += sign * travel
        self.t += dt
        if dt >= t_stop:
            self.omega = 0.0
            self._on_stop()
        else:
            self.omega = sign * max(new_speed, 0.0)

    def _on_stop(self) -> None:
        if self._bounce_pending:
            self._bounce_pending = False
            self._pause_until = self.t + self._pending_pause
            return
        self.stopped_at = self.t

    def _spring_back(self) -> None:
        p = self.physics
        self._decel, self._viscous = p.bounce_decel_dps2, 0.0
        self.omega = -self._flick_sign * math.sqrt(2 * p.bounce_decel_dps2 * self._bounce_deg)


class SimulatedTurntable(AngleSource):
    """An AngleSource over a SpinModel, for --sim and the on-screen flick."""

    name = "turntable (simulated)"

    def __init__(
        self,
        physics: Physics | None = None,
        seed: int = 0,
        clock: Callable[[], float] = time.monotonic,
        rate_hz: float = 100.0,
        angle: float = 0.0,
    ) -> None:
        super().__init__()
        if rate_hz <= 0:
            raise ValueError("rate_hz must be above 0")
        self.clock = clock
        self.rate_hz = rate_hz
        self.model = SpinModel(physics, angle=angle, t=clock(), rng=random.Random(seed))
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def flick(self, velocity_dps: float) -> None:
        """Spin the wolf (called by the on-screen wolf when the player flicks it)."""
        with self._lock:
            self.model.advance(self.clock())
            self.model.flick(velocity_dps)

    def tick(self) -> AngleSample:
        """Advance to the clock's time, take one reading and deliver it."""
        with self._lock:
            now = self.clock()
            self.model.advance(now)
            sample = AngleSample(now, self.model.reading())
        self._emit(sample)
        return sample

    def start(self) -> None:
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="sim-turntable", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        period = 1.0 / self.rate_hz
        while not self._stop.is_set():
            self.tick()
            self._stop.wait(period)

    def stop(self) -> None:
        thread = self._thread
        if thread is None:
            return
        self._stop.set()
        thread.join(timeout=2.0)
        self._thread = None

    def status(self) -> SourceStatus:
        return SourceStatus.SIMULATED
