"""Turntable settle detection: delay after the wolf stops, false settles, cost per sample.

1,000 simulated spins (seeded) sampled at 100 Hz like the AS5600 path: ordinary
stops, slow creeping stops (very low friction) and bounce-backs (the wolf springs
back a few degrees after a firm stop, sometimes after a pause).  The same traces
go through the SpinDetector and two obvious detectors:

* "two equal readings": settled as soon as two consecutive readings differ by at
  most 1 LSB (fast, but fooled by creeps and bounce turning points);
* "still for 1 s": settled once every reading stayed within +-1 degree for 1 s
  (safe, but slow).

A settle is *false* if its angle is more than 1 degree from where the wolf
finally rests (or a second settle comes in the same spin); *missed* if none
comes.  Delay = settle time - the moment the wolf finally stopped (negative when
a creep is called while it still moves imperceptibly).  Goal: p99 delay <= 350 ms
with no false settle.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from benchmarks.table import print_table
from companion.devices.turntable.detector import Settled, SpinDetector
from companion.devices.turntable.simulated import LSB_DEG, Physics, SpinModel
from companion.devices.turntable.source import AngleSample

SPINS = 1000
RATE_HZ = 100.0
FALSE_TOLERANCE_DEG = 1.0


@dataclass
class Trace:
    kind: str
    samples: list[AngleSample]
    flick_t: float
    stop_t: float
    final_deg: float


def make_trace(index: int, rng: random.Random) -> Trace:
    roll = rng.random()
    if roll < 0.45:
        kind = "ordinary"
        physics = Physics(coulomb_dps2=rng.uniform(15, 90), viscous_per_s=rng.uniform(0.1, 1.0))
    elif roll < 0.75:
        kind = "creeping"
        physics = Physics(coulomb_dps2=rng.uniform(0.5, 3.0), viscous_per_s=rng.uniform(0.2, 1.5))
    else:
        kind = "bounce-back"
        physics = Physics(
            coulomb_dps2=rng.uniform(25, 90), viscous_per_s=rng.uniform(0.1, 1.0), bounce_chance=1.0
        )
    model = SpinModel(physics, angle=rng.uniform(0, 360), rng=random.Random(index))
    velocity = rng.choice((-1, 1)) * rng.uniform(200, 1500)
    samples: list[AngleSample] = []
    t = 0.0
    flick_t = 0.5
    flicked = False
    while True:
        if not flicked and t >= flick_t:
            model.flick(velocity)
            flicked = True
        model.advance(t)
        samples.append(AngleSample(t, model.reading()))
        if flicked and model.stopped_at is not None and t > model.stopped_at + 1.6:
            break
        t += 1.0 / RATE_HZ
    assert model.stopped_at is not None
    return Trace(kind, samples, flick_t, model.stopped_at, model.noiseless_reading())


class TwoEqualReadings:
    """Naive: a spin ends when two consecutive readings are (nearly) equal."""

    def __init__(self) -> None:
        self.rest: float | None = None
        self.last: float | None = None
        self.spinning = False

    def feed(self, sample: AngleSample) -> list[Settled]:
        x = sample.degrees
        out: list[Settled] = []
        if self.rest is None:
            self.rest = x
        elif not self.spinning and _gap(x, self.rest) > 3.0:
            self.spinning = True
        elif self.spinning and self.last is not None and _gap(x, self.last) <= LSB_DEG * 1.01:
            self.spinning = False
            self.rest = x
            out.append(Settled(sample.t, x, True))
        self.last = x
        return out


class StillForOneSecond:
    """Naive: a spin ends when readings stayed within +-1 degree for a whole second."""

    def __init__(self) -> None:
        self.rest: float | None = None
        self.anchor: tuple[float, float] | None = None
        self.spinning = False

    def feed(self, sample: AngleSample) -> list[Settled]:
        x, t = sample.degrees, sample.t
        if self.rest is None:
            self.rest = x
        if not self.spinning:
            if _gap(x, self.rest) > 3.0:
                self.spinning = True
                self.anchor = (t, x)
            return []
        assert self.anchor is not None
        if _gap(x, self.anchor[1]) > 1.0:
            self.anchor = (t, x)
            return []
        if t - self.anchor[0] >= 1.0:
            self.spinning = False
            self.rest = x
            return [Settled(t, x, True)]
        return []


def _gap(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)


@dataclass
class Result:
    name: str
    delays: list[float]
    false_settles: int
    missed: int
    per_sample_ns: list[int]


def evaluate(name: str, make: Callable[[], object], traces: list[Trace]) -> Result:
    delays: list[float] = []
    false_settles = missed = 0
    costs: list[int] = []
    for trace in traces:
        detector = make()
        feed = detector.feed  # type: ignore[attr-defined]
        settles: list[Settled] = []
        clock = time.perf_counter_ns
        for sample in trace.samples:
            before = clock()
            events = feed(sample)
            costs.append(clock() - before)
            if sample.t >= trace.flick_t:
                settles.extend(e for e in events if isinstance(e, Settled) and e.after_spin)
        if not settles:
            missed += 1
            continue
        first = settles[0]
        if len(settles) > 1 or _gap(first.degrees, trace.final_deg) > FALSE_TOLERANCE_DEG:
            false_settles += 1
        delays.append(first.t - trace.stop_t)
    return Result(name, delays, false_settles, missed, costs)


def _pct(values: list[float] | list[int], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return float(ordered[min(len(ordered) - 1, int(q * len(ordered)))])


def main() -> None:
    rng = random.Random(2026)
    traces = [make_trace(i, rng) for i in range(SPINS)]
    kinds = {k: sum(t.kind == k for t in traces) for k in ("ordinary", "creeping", "bounce-back")}
    samples = sum(len(t.samples) for t in traces)
    results = [
        evaluate("SpinDetector", SpinDetector, traces),
        evaluate("naive: two equal readings", TwoEqualReadings, traces),
        evaluate("naive: still for 1 s", StillForOneSecond, traces),
    ]
    ours = results[0]
    ours_p99 = _pct(ours.delays, 0.99)
    rows = []
    for r in results:
        p99 = _pct(r.delays, 0.99)
        rows.append(
            [
                r.name,
                f"{1000 * statistics.median(r.delays):.0f}" if r.delays else "-",
                f"{1000 * p99:.0f}",
                f"{p99 / ours_p99:.2f}x" if ours_p99 > 0 and p99 > 0 else "-",
                r.false_settles,
                r.missed,
                f"{_pct(r.per_sample_ns, 0.5) / 1000:.1f}",
                f"{_pct(r.per_sample_ns, 0.99) / 1000:.1f}",
            ]
        )
    print_table(
        f"Turntable settle detection: {SPINS} simulated spins ({kinds['ordinary']} ordinary, "
        f"{kinds['creeping']} creeping, {kinds['bounce-back']} bounce-back), "
        f"{samples:,} samples at {RATE_HZ:.0f} Hz",
        [
            "detector",
            "delay p50 ms",
            "delay p99 ms",
            "p99 vs ours",
            "false settles",
            "missed",
            "us/sample p50",
            "us/sample p99",
        ],
        rows,
    )
    per_kind = []
    for kind in kinds:
        subset = [t for t in traces if t.kind == kind]
        r = evaluate(kind, SpinDetector, subset)
        per_kind.append(
            [
                kind,
                len(subset),
                f"{1000 * _pct(r.delays, 0.5):.0f}",
                f"{1000 * _pct(r.delays, 0.99):.0f}",
                f"{1000 * max(r.delays):.0f}",
                r.false_settles,
            ]
        )
    print_table(
        "SpinDetector by kind of stop",
        ["stop", "spins", "delay p50 ms", "delay p99 ms", "delay max ms", "false settles"],
        per_kind,
    )
    goal = ours_p99 <= 0.350 and ours.false_settles == 0 and ours.missed == 0
    print(f"goal (p99 delay <= 350 ms, no false or missed settle): {'met' if goal else 'NOT met'}")


if __name__ == "__main__":
    main()
