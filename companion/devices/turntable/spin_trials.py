"""Simulated spins of every kind the settle detector must get right, and how to judge it.

Shared by the settle benchmark (1,000 spins per condition) and the device tests (a
few seeds each): ordinary stops, bounce-backs pausing at their turning point, slow
creeps, on the serial AS5600 wiring and the MCP3008 analog one.  A settle is
*false* if its angle is more than 1 degree from where the wolf finally rests, or a
second settle comes in the same spin; *missed* if none comes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from companion.devices.turntable.detector import (
    FIXED_BAND_TUNING,
    Settled,
    SettleTuning,
    SpinDetector,
)
from companion.devices.turntable.mcp3008_source import (
    BURST_READS,
    RATE_HZ,
    READ_S,
    RECOMMENDED_TUNING,
    combine_burst,
)
from companion.devices.turntable.simulated import Physics, SpinModel
from companion.devices.turntable.source import AngleSample

FALSE_TOLERANCE_DEG = 1.0
STILL_BEFORE_S = 0.6
STILL_AFTER_S = 2.0


@dataclass(frozen=True)
class Wiring:
    name: str
    rate_hz: float
    bits: int
    noise_lsb: int
    tuning: SettleTuning
    fixed_rule: SettleTuning
    burst: int = 1
    """Reads per sample, combined as the source combines them (``combine_burst``)."""
    read_s: float = 0.0
    """How long one read of a burst takes (its reads see the wolf move on)."""
    analog_noise: bool = False
    """The noise is on the voltage the ADC rounds (``Physics.analog_noise``)."""

    def sensor(self) -> dict[str, Any]:
        """The ``Physics`` fields that are this wiring's sensor."""
        return {"bits": self.bits, "noise_lsb": self.noise_lsb, "analog_noise": self.analog_noise}


WIRINGS = (
    Wiring("serial AS5600", 100.0, 12, 1, SettleTuning(), FIXED_BAND_TUNING),
    Wiring(
        "analog MCP3008",
        RATE_HZ,
        10,
        2,
        RECOMMENDED_TUNING,
        replace(FIXED_BAND_TUNING, band_deg=1.2, max_drift_dps=1.0),
        BURST_READS,
        READ_S,
        analog_noise=True,
    ),
)


@dataclass(frozen=True)
class Condition:
    name: str
    goal: bool
    """Part of the settle goal (else shown for the margin)."""
    physics: Callable[[random.Random, Wiring], Physics]
    flick_dps: tuple[float, float] = (200.0, 1500.0)
    timed: bool = True
    """Its delay counts: a creep's last degree takes seconds, its "stop" is no moment
    anyone sees (its settles are judged false or not by where they are)."""


def _ordinary(rng: random.Random, w: Wiring) -> Physics:
    return Physics(
        coulomb_dps2=rng.uniform(15, 90),
        viscous_per_s=rng.uniform(0.1, 1.0),
        **w.sensor(),
    )


def _bounce(pause: tuple[float, float]) -> Callable[[random.Random, Wiring], Physics]:
    def make(rng: random.Random, w: Wiring) -> Physics:
        return Physics(
            coulomb_dps2=rng.uniform(25, 90),
            viscous_per_s=rng.uniform(0.1, 1.0),
            bounce_chance=1.0,
            bounce_pause_s=pause,
            **w.sensor(),
        )

    return make


def _creep(low: float, high: float) -> Callable[[random.Random, Wiring], Physics]:
    def make(rng: random.Random, w: Wiring) -> Physics:
        return Physics(
            coulomb_dps2=rng.uniform(low, high),
            viscous_per_s=rng.uniform(0.8, 1.5),
            **w.sensor(),
        )

    return make


CONDITIONS = (
    Condition("ordinary stop", True, _ordinary),
    Condition("bounce, pause 0.10-0.15 s", True, _bounce((0.10, 0.15))),
    Condition("bounce, pause 0.15-0.20 s", False, _bounce((0.15, 0.20))),
    Condition("slow creep 0.1-0.2 deg/s2", True, _creep(0.1, 0.2), (60.0, 300.0), False),
    Condition("creep 0.2-3 deg/s2", True, _creep(0.2, 3.0), (60.0, 400.0), False),
)


@dataclass
class Spin:
    samples: Iterator[AngleSample]
    flick_t: float
    model: SpinModel


def spin(wiring: Wiring, condition: Condition, seed: int) -> Spin:
    """One spin's samples (generated as they are read), from rest to long after the stop."""
    rng = random.Random(seed)
    physics = condition.physics(rng, wiring)
    model = SpinModel(physics, angle=rng.uniform(0, 360), rng=random.Random(seed + 1))
    velocity = rng.choice((-1, 1)) * rng.uniform(*condition.flick_dps)
    period = 1.0 / wiring.rate_hz
    phase = rng.uniform(0, period)

    burst, read_s = wiring.burst, wiring.read_s

    def read(t: float) -> float:
        if burst == 1:
            model.advance(t)
            return model.reading()
        reads = []
        for k in range(burst - 1, -1, -1):  # the burst ends when the sample is stamped
            model.advance(t - k * read_s)
            reads.append(model.reading())
        return combine_burst(reads)

    def samples() -> Iterator[AngleSample]:
        i = 0
        flicked = False
        while True:
            t = phase + i * period
            if not flicked and t >= STILL_BEFORE_S:
                model.advance(STILL_BEFORE_S)
                model.flick(velocity)
                flicked = True
            yield AngleSample(t, read(t))
            if flicked and model.stopped_at is not None and t > model.stopped_at + STILL_AFTER_S:
                return
            i += 1

    return Spin(samples(), STILL_BEFORE_S, model)


@dataclass
class Tally:
    """A detector's record over many spins: delays (settle - final stop), false, missed."""

    delays: list[float] = field(default_factory=list)
    false_settles: int = 0
    missed: int = 0


def _gap(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)


def run_condition(
    wiring: Wiring, condition: Condition, spins: int, first: int = 0
) -> tuple[Tally, Tally]:
    """Spins ``first``.. through the SpinDetector and, alike, through the fixed-band rule."""
    ours, fixed = Tally(), Tally()
    for index in range(first, first + spins):
        one = spin(wiring, condition, 7919 * index + 104729 * CONDITIONS.index(condition))
        detectors = (SpinDetector(wiring.tuning), SpinDetector(wiring.fixed_rule))
        settles: tuple[list[Settled], list[Settled]] = ([], [])
        for sample in one.samples:
            for detector, found in zip(detectors, settles, strict=True):
                for event in detector.feed(sample):
                    if isinstance(event, Settled) and event.after_spin:
                        found.append(event)
        stop_t = one.model.stopped_at
        assert stop_t is not None
        final = one.model.noiseless_reading()
        for tally, found in zip((ours, fixed), settles, strict=True):
            if not found:
                tally.missed += 1
                continue
            if len(found) > 1 or _gap(found[0].degrees, final) > FALSE_TOLERANCE_DEG:
                tally.false_settles += 1
            tally.delays.append(found[0].t - stop_t)
    return ours, fixed
