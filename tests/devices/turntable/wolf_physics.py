"""An independent physical test bench for the wolf on its turntable (not the simulator).

``companion.devices.turntable.simulated`` is the model the detector was tuned on;
judging the detector by it alone grades it on its own homework.  This bench is
written from the physics of a figure on a lazy-Susan bearing and from the sensors'
datasheets, and shares no code with it:

* **the spin** is integrated numerically (semi-implicit Euler, 0.25 ms steps):
  dry (Coulomb) friction, viscous drag, air drag (quadratic in speed) and a tilt
  torque ``tilt * sin(angle - downhill)`` from a table that is not quite level;
  at rest, static friction holds the wolf unless the tilt beats it;
* **the ending** is what a real wolf does as it stops: a plain stop; a bounce
  (a firm stop, a pause of 0.05-0.4 s, then a smooth or spring-like rock-back of
  1-5 deg); a rock-back first (back 1-5 deg, a pause, an ease forward); damped
  rocking at 2-6 Hz; tilt creep (braking gives way to a creep that decelerates at
  only 0.05-0.2 deg/s^2); viscous creep (the speed dies away exponentially).  Each
  ending's motion is a damped system started from the stop, so it only loses
  energy, and ``rest_t``/``rest_deg`` say where the model itself says it rests;
* **a child's nudge** of 0.3-15 deg a while after the rest, in half of the spins;
* **the sensors**: a magnet up to 0.4 deg off centre (a once-per-turn error),
  bearing rumble while it turns; the AS5600 over the Pico (12 bits, +-1 LSB of
  noise, 100 frames a second with timing jitter, late and lost frames); the
  MCP3008 path (a 10-bit ADC read in bursts through ``MCP3008AngleSource``, +-2 LSB
  of noise, 50 Hz mains hum, per-code conversion errors from the ADC's DNL).

Everything is seeded: a spin is a pure function of (ending, path, seed).
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

DT = 0.00025
"""The integration step (s)."""
STILL_DPS = 0.02
"""Below this speed the model calls the wolf at rest (static friction can hold it)."""

ENDINGS = (
    "plain stop",
    "bounce, smooth rock-back",
    "bounce, spring-back",
    "rock back first, ease forward",
    "damped rocking 2-6 Hz",
    "tilt creep",
    "viscous creep",
)


@dataclass(frozen=True)
class Table:
    """The turntable's physics (all in degrees and seconds)."""

    coulomb_dps2: float
    viscous_per_s: float
    air_per_deg: float
    tilt_dps2: float
    downhill_deg: float
    static_dps2: float
    """Static friction: the tilt must beat this to move a wolf at rest."""

    def accel(self, angle: float, speed: float) -> float:
        """The angular acceleration while turning (friction opposes the motion)."""
        sign = 1.0 if speed > 0 else -1.0
        return (
            -sign * self.coulomb_dps2
            - self.viscous_per_s * speed
            - self.air_per_deg * speed * abs(speed)
            + self.tilt(angle)
        )

    def tilt(self, angle: float) -> float:
        return self.tilt_dps2 * math.sin(math.radians(angle - self.downhill_deg))


@dataclass
class Path:
    """The wolf's true angle over time: a sampled trajectory, interpolated."""

    times: list[float] = field(default_factory=list)
    angles: list[float] = field(default_factory=list)

    def add(self, t: float, angle: float) -> None:
        self.times.append(t)
        self.angles.append(angle)

    def at(self, t: float) -> float:
        times = self.times
        if t <= times[0]:
            return self.angles[0]
        if t >= times[-1]:
            return self.angles[-1]
        i = bisect.bisect_right(times, t)
        t0, t1 = times[i - 1], times[i]
        a0, a1 = self.angles[i - 1], self.angles[i]
        return a0 + (a1 - a0) * (t - t0) / (t1 - t0)

    @property
    def end(self) -> float:
        return self.times[-1]


@dataclass
class TrueSpin:
    """One spin as the physics has it, before any sensor reads it."""

    path: Path
    flick_t: float
    rest_t: float
    """When the wolf came to its final rest (before any nudge)."""
    rest_deg: float
    """Where it rests then (unwrapped)."""
    first_stop_t: float
    """When the braking first brought it to a stop (a bounce or a creep goes on from here)."""
    nudge: tuple[float, float, float] | None
    """(start, end, degrees) of the child's nudge, if any."""
    final_deg: float
    """Where it rests at the end (after the nudge)."""
    peak_energy: list[float] = field(default_factory=list)
    """Kinetic energy per unit inertia at each integration step of the spin (sanity tests)."""


def _integrate(table: Table, path: Path, t: float, angle: float, speed: float, keep: list[float]) -> tuple[float, float]:
    """Brake under friction until the wolf stops (static friction holds it) or reverses."""
    direction = 1.0 if speed > 0 else -1.0
    step = 0
    while True:
        speed += table.accel(angle, speed) * DT
        if speed * direction <= STILL_DPS:
            t += DT
            path.add(t, angle)
            return t, angle
        angle += speed * DT
        t += DT
        keep.append(0.5 * speed * speed)
        step += 1
        if step % 4 == 0:  # every ms is plenty for the sensors
            path.add(t, angle)


def _motion(path: Path, t0: float, duration: float, shape: Callable[[float], float], base: float) -> float:
    """Lay down ``base + shape(s)`` for s in [0, duration] at 1 ms; return the end time."""
    steps = max(2, int(duration / 0.001))
    for k in range(1, steps + 1):
        s = duration * k / steps
        path.add(t0 + s, base + shape(s))
    return t0 + duration


def _hold(path: Path, t0: float, duration: float) -> float:
    path.add(t0 + duration, path.angles[-1])
    return t0 + duration


def true_spin(ending: str, seed: int) -> TrueSpin:
    """The physics of one spin: at rest, a flick, the braking, the ending, maybe a nudge."""
    rng = random.Random(seed)
    table = Table(
        coulomb_dps2=rng.uniform(20.0, 90.0),
        viscous_per_s=rng.uniform(0.1, 0.8),
        air_per_deg=rng.uniform(0.0, 0.0003),
        tilt_dps2=rng.uniform(0.0, 4.0),
        downhill_deg=rng.uniform(0.0, 360.0),
        static_dps2=rng.uniform(6.0, 12.0),
    )
    speed = rng.choice((-1.0, 1.0)) * rng.uniform(60.0, 1800.0)
    direction = 1.0 if speed > 0 else -1.0
    angle = rng.uniform(0.0, 360.0)
    path = Path()
    path.add(0.0, angle)
    flick_t = rng.uniform(0.5, 0.8)
    path.add(flick_t, angle)
    # the hand's flick: a push lasting 30-60 ms up to the launch speed
    push = rng.uniform(0.03, 0.06)
    for k in range(1, 31):
        s = push * k / 30
        path.add(flick_t + s, angle + speed * s * s / (2 * push))
    t, angle = flick_t + push, angle + speed * push / 2
    energy: list[float] = []
    t, angle = _integrate(table, path, t, angle, speed, energy)
    first_stop = t
    back = -direction
    if ending == "plain stop":
        pass
    elif ending in ("bounce, smooth rock-back", "bounce, spring-back"):
        t = _hold(path, t, rng.uniform(0.05, 0.4))
        size = rng.uniform(1.0, 5.0)
        if ending == "bounce, smooth rock-back":
            length = rng.uniform(0.3, 0.7)
            t = _motion(path, t, length, lambda s: back * size * (1 - math.cos(math.pi * s / length)) / 2, angle)
        else:
            omega = 2 * math.pi * rng.uniform(2.0, 5.0)
            zeta = rng.uniform(0.35, 0.8)
            wd = omega * math.sqrt(1 - zeta * zeta)
            length = 6.0 / (zeta * omega)

            def spring(s: float) -> float:
                decay = math.exp(-zeta * omega * s)
                return back * size * (1 - decay * (math.cos(wd * s) + zeta * omega / wd * math.sin(wd * s)))

            t = _motion(path, t, length, spring, angle)
        angle = path.angles[-1] = angle + back * size
    elif ending == "rock back first, ease forward":
        size = rng.uniform(1.0, 5.0)
        length = rng.uniform(0.15, 0.35)
        t = _motion(path, t, length, lambda s: back * size * math.sin(math.pi * s / (2 * length)), angle)
        angle += back * size
        t = _hold(path, t, rng.uniform(0.05, 0.4))
        forward = size * rng.uniform(0.3, 1.0)
        length = rng.uniform(0.3, 0.7)
        t = _motion(path, t, length, lambda s: -back * forward * (1 - math.cos(math.pi * s / length)) / 2, angle)
        angle = path.angles[-1] = angle - back * forward
    elif ending == "damped rocking 2-6 Hz":
        size = rng.uniform(0.5, 3.0)
        omega = 2 * math.pi * rng.uniform(2.0, 6.0)
        decay = rng.uniform(3.0, 8.0)
        length = 7.0 / decay
        t = _motion(path, t, length, lambda s: -direction * size * math.exp(-decay * s) * math.sin(omega * s), angle)
        path.angles[-1] = angle
    elif ending == "tilt creep":
        # the braking gives way to a creep: the tilt almost balances dry friction
        creep_speed = rng.uniform(0.2, 1.0)
        decel = rng.uniform(0.05, 0.2)
        length = creep_speed / decel
        t = _motion(path, t, length, lambda s: direction * (creep_speed * s - decel * s * s / 2), angle)
        angle = path.angles[-1] = angle + direction * creep_speed * creep_speed / (2 * decel)
    elif ending == "viscous creep":
        creep_speed = rng.uniform(0.2, 2.0)
        tau = rng.uniform(0.4, 2.0)
        length = 8.0 * tau
        t = _motion(path, t, length, lambda s: direction * creep_speed * tau * (1 - math.exp(-s / tau)), angle)
        angle = path.angles[-1] = angle + direction * creep_speed * tau
    else:
        raise ValueError(f"no such ending: {ending!r}")
    rest_t, rest_deg = _settled_time(path, first_stop), angle
    nudge = None
    t = _hold(path, t, rng.uniform(1.5, 2.5))
    if rng.random() < 0.5:
        size = rng.choice((-1.0, 1.0)) * rng.uniform(0.3, 15.0)
        length = rng.uniform(0.15, 0.5)
        start = t
        t = _motion(path, t, length, lambda s: size * (1 - math.cos(math.pi * s / length)) / 2, angle)
        angle = path.angles[-1] = angle + size
        nudge = (start, t, size)
    _hold(path, t, 2.0)
    return TrueSpin(path, flick_t, rest_t, rest_deg, first_stop, nudge, angle, energy)


def _settled_time(path: Path, since: float) -> float:
    """The last moment before the final rest at which the wolf was 0.05 deg or more away."""
    final = path.angles[-1]
    i = len(path.times) - 1
    while i > 0 and path.times[i] > since and abs(path.angles[i] - final) < 0.05:
        i -= 1
    return max(path.times[i], since)


# -- the sensors ---------------------------------------------------------------------


@dataclass(frozen=True)
class Mounting:
    """What the sensor sees of the true angle: the magnet off centre, the bearing's rumble."""

    eccentric_deg: float
    eccentric_phase: float
    rumble_deg: float
    rumble_hz: float

    @classmethod
    def draw(cls, rng: random.Random) -> Mounting:
        return cls(rng.uniform(0.0, 0.4), rng.uniform(0, 2 * math.pi), rng.uniform(0.0, 0.05), rng.uniform(40, 90))

    def seen(self, path: Path, t: float) -> float:
        """The magnet's field angle at ``t``: truth, the off-centre error, rumble while turning."""
        angle = path.at(t)
        speed = abs(path.at(t + 0.002) - path.at(t - 0.002)) / 0.004
        error = self.eccentric_deg * math.sin(math.radians(angle) + self.eccentric_phase)
        rumble = self.rumble_deg * min(1.0, speed / 30.0) * math.sin(2 * math.pi * self.rumble_hz * t)
        return angle + error + rumble


@dataclass(frozen=True)
class Frame:
    """A reading as the host receives it: its timestamp, angle, and when it arrived."""

    t: float
    degrees: float
    arrives: float


def as5600_frames(spin: TrueSpin, seed: int) -> Iterator[Frame]:
    """The Pico's frames: 12 bits, +-1 LSB noise, 100 Hz with jitter; 1% lost, 2% late.

    The Pico stamps a frame with its own tick (the host maps it to its clock), so a
    late frame keeps its time and arrives 5-40 ms after it (USB and the host's thread)."""
    rng = random.Random(seed)
    mount = Mounting.draw(rng)
    lsb = 360.0 / 4096
    t = rng.uniform(0.0, 0.01)
    while t < spin.path.end:
        t += 0.01 + rng.gauss(0.0, 0.0002)
        if rng.random() < 0.01:
            continue  # lost on the wire
        noisy = mount.seen(spin.path, t) + rng.gauss(0.0, 0.5) * lsb
        code = int(math.floor((noisy % 360.0) / lsb + 0.5)) % 4096
        late = rng.uniform(0.005, 0.04) if rng.random() < 0.02 else rng.uniform(0.0005, 0.002)
        yield Frame(t, code * lsb, t + late)


class BenchADC:
    """An MCP3008 on the AS5600's analog output, read as ``MCP3008AngleSource`` reads it.

    Each ``raw_value`` read is one conversion at the bench clock's time: the voltage
    (the angle's share of 360) plus Gaussian noise of 1 LSB (+-2 LSB peaks), 50 Hz hum,
    through the ADC's own code thresholds, each offset by up to +-0.4 LSB (its DNL)."""

    def __init__(self, spin: TrueSpin, seed: int, clock: Callable[[], float]) -> None:
        rng = random.Random(seed)
        self.rng = rng
        self.spin = spin
        self.mount = Mounting.draw(rng)
        self.clock = clock
        self.hum_lsb = rng.uniform(0.1, 0.6)
        self.hum_phase = rng.uniform(0, 2 * math.pi)
        edges = [k + rng.uniform(-0.4, 0.4) for k in range(1, 1024)]
        self.edges = sorted(edges)
        self.read_s = 0.00015
        self.burst = 16
        self.reads = 0
        """Reads so far in this burst (``begin_burst`` starts the next)."""

    def begin_burst(self, reads: int) -> None:
        self.burst, self.reads = reads, 0

    @property
    def raw_value(self) -> int:
        t = self.clock() - (self.burst - 1 - self.reads) * self.read_s  # the burst ends at the stamp
        self.reads += 1
        lsb_level = (self.mount.seen(self.spin.path, t) % 360.0) / 360.0 * 1024
        hum = self.hum_lsb * math.sin(2 * math.pi * 50.0 * t + self.hum_phase)
        level = lsb_level + self.rng.gauss(0.0, 1.0) + hum  # the output clips at GND and VDD
        return bisect.bisect_right(self.edges, level)

    def close(self) -> None:
        pass
