"""SpinDetector on synthetic traces: wrap-around, noise, creep, bounce-back, sparse sources."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from companion.devices.turntable.detector import (
    FIXED_BAND_TUNING,
    Settled,
    SettleTuning,
    SpinDetector,
    SpinStarted,
)
from companion.devices.turntable.mcp3008_source import RECOMMENDED_TUNING
from companion.devices.turntable.simulated import Physics, SpinModel
from companion.devices.turntable.source import AngleSample

LSB = 360 / 4096
RATE = 100.0


def trace(
    path: Callable[[float], float], seconds: float, noise_seed: int | None = 1
) -> list[AngleSample]:
    """Samples of ``path(t)`` (unwrapped degrees) at 100 Hz, quantised to 12 bits, +-1 LSB noise."""
    rng = random.Random(noise_seed)
    out = []
    for i in range(int(seconds * RATE)):
        t = i / RATE
        code = round(path(t) / LSB) + (rng.randint(-1, 1) if noise_seed is not None else 0)
        out.append(AngleSample(t, (code % 4096) * LSB))
    return out


def run(samples: list[AngleSample], tuning: SettleTuning | None = None) -> list[object]:
    detector = SpinDetector(tuning)
    events: list[object] = []
    for s in samples:
        events.extend(detector.feed(s))
    return events


def spin_settles(events: list[object]) -> list[Settled]:
    return [e for e in events if isinstance(e, Settled) and e.after_spin]


def decelerate(start: float, t0: float, v0: float, decel: float) -> Callable[[float], float]:
    """At rest at ``start`` until t0, then flicked at v0 deg/s and slowed at ``decel`` deg/s^2."""
    stop = v0 / decel

    def path(t: float) -> float:
        if t <= t0:
            return start
        dt = min(t - t0, stop)
        return start + v0 * dt - decel * dt * dt / 2

    return path


def gap(a: float, b: float) -> float:
    return abs((a - b + 180) % 360 - 180)


def test_noise_alone_never_starts_a_spin() -> None:
    events = run(trace(lambda t: 123.4, 30.0))
    assert [type(e) for e in events] == [Settled]  # only the first still reading at start-up
    assert isinstance(events[0], Settled) and not events[0].after_spin
    assert gap(events[0].degrees, 123.4) < 0.1


def test_resting_on_the_zero_line_is_still_despite_wrapping() -> None:
    # the readings jump between ~359.9 and ~0.0: unwrapped, that is noise, not a spin
    events = run(trace(lambda t: 360.0 - LSB / 2, 10.0))
    assert len(events) == 1 and isinstance(events[0], Settled)
    assert gap(events[0].degrees, 0.0) < 0.2


def test_a_spin_across_zero_many_times_settles_once_at_the_right_angle() -> None:
    path = decelerate(350.0, 1.0, 900.0, 150.0)  # 6 s, 2700 degrees: 7.5 turns
    stop_t = 1.0 + 900.0 / 150.0
    events = run(trace(path, 9.0))
    kinds = [type(e) for e in events]
    assert kinds == [Settled, SpinStarted, Settled]
    (settled,) = spin_settles(events)
    assert gap(settled.degrees, path(100.0)) < 0.3
    assert stop_t < settled.t <= stop_t + 0.35


def test_a_slow_creeping_stop_is_not_called_early() -> None:
    # a crawl at 2 deg/s slowing at 0.5 deg/s^2: 4 s of motion, the last second barely moving
    path = decelerate(40.0, 1.0, 2.0, 0.5)
    events = run(trace(path, 8.0))
    (settled,) = spin_settles(events)
    assert gap(settled.degrees, path(100.0)) < 0.5


def test_a_steady_creep_never_settles() -> None:
    # 1.5 deg/s for 10 s moves only 0.375 deg per 0.25 s window: inside the band, but it has a slope
    events = run(trace(lambda t: 10.0 if t < 1 else 10.0 + 1.5 * (t - 1), 11.0))
    assert not any(isinstance(e, Settled) and e.t > 1.5 for e in events)


def test_a_bounce_back_settles_once_where_the_wolf_finally_rests() -> None:
    spin = decelerate(0.0, 0.5, 600.0, 200.0)  # stops at t = 3.5 at 900 deg

    def path(t: float) -> float:
        if t < 3.56:  # stands at the turning point for 60 ms
            return spin(t)
        back = min(t - 3.56, 0.25)  # springs back 3 deg over 0.25 s, slowing to rest
        return 900.0 - 3.0 * (1 - (1 - back / 0.25) ** 2)

    events = run(trace(path, 6.0))
    (settled,) = spin_settles(events)
    assert gap(settled.degrees, 897.0) < 0.3
    assert settled.t > 3.81


def test_a_source_that_only_reports_changes_settles_on_poll() -> None:
    now = [0.0]
    detector = SpinDetector(clock=lambda: now[0])
    detector.feed(AngleSample(0.0, 10.0))
    detector.feed(AngleSample(0.1, 10.0))
    assert detector.poll() == []
    now[0] = 0.3
    assert [type(e) for e in detector.poll()] == [Settled]
    detector.feed(AngleSample(1.0, 50.0))  # a jump: the wolf was flicked
    detector.feed(AngleSample(1.2, 120.0))
    now[0] = 1.3
    assert detector.poll() == []
    now[0] = 1.46
    (settled,) = detector.poll()
    assert isinstance(settled, Settled) and settled.after_spin and settled.degrees == 120.0


def test_out_of_order_samples_are_ignored_and_events_reach_the_callback() -> None:
    seen: list[object] = []
    detector = SpinDetector(on_event=seen.append)
    detector.feed(AngleSample(1.0, 5.0))
    assert detector.feed(AngleSample(0.5, 90.0)) == []
    assert detector.unwrapped == 5.0
    for i in range(1, 40):
        detector.feed(AngleSample(1.0 + i / 100, 5.0))
    assert [type(e) for e in seen] == [Settled]


def test_a_small_hand_nudge_is_reported_as_a_new_resting_angle() -> None:
    events = run(trace(lambda t: 100.0 if t < 2 else 102.0, 4.0))
    assert [type(e) for e in events] == [Settled, Settled]
    assert all(isinstance(e, Settled) and not e.after_spin for e in events)
    assert gap(events[1].degrees, 102.0) < 0.2  # type: ignore[attr-defined]


def test_velocity_and_unwrapped_angle() -> None:
    detector = SpinDetector()
    detector.feed(AngleSample(0.0, 350.0))
    detector.feed(AngleSample(0.1, 10.0))
    assert abs(detector.unwrapped - 370.0) < 1e-9
    assert abs(detector.velocity() - 200.0) < 1e-6


@pytest.mark.parametrize(
    ("kind", "physics"),
    [
        ("ordinary", Physics(coulomb_dps2=50.0, viscous_per_s=0.5)),
        ("creeping", Physics(coulomb_dps2=0.8, viscous_per_s=0.8)),
        ("bounce-back", Physics(coulomb_dps2=60.0, viscous_per_s=0.3, bounce_chance=1.0)),
    ],
)
def test_simulated_spins_settle_once_where_the_wolf_rests(kind: str, physics: Physics) -> None:
    rng = random.Random(kind)
    for spin in range(12):
        model = SpinModel(physics, angle=rng.uniform(0, 360), rng=random.Random(spin))
        detector = SpinDetector()
        settles: list[Settled] = []
        t = 0.0
        while model.stopped_at is None or t < model.stopped_at + 0.5 or t < 1.0:
            if 0.5 <= t < 0.51:
                model.flick(rng.choice((-1, 1)) * rng.uniform(300, 1200))
            model.advance(t)
            events = detector.feed(AngleSample(t, model.reading()))
            settles += [e for e in events if isinstance(e, Settled) and e.after_spin]
            t += 0.01
        assert len(settles) == 1, (kind, spin, settles)
        assert gap(settles[0].degrees, model.noiseless_reading()) < 1.0
        assert settles[0].t - model.stopped_at < 0.35  # type: ignore[operator]


def analog_noise(rest: float, seconds: float, seed: int) -> list[AngleSample]:
    """A wolf at rest read through the MCP3008: 10 bits at 200 Hz, +-2 LSB of noise."""
    rng = random.Random(seed)
    lsb = 360 / 1024
    code = round(rest / lsb)
    return [
        AngleSample(i / 200, ((code + rng.randint(-2, 2)) % 1024) * lsb)
        for i in range(int(seconds * 200))
    ]


@pytest.mark.parametrize("seed", range(5))
def test_the_band_widens_to_the_noise_measured_while_still(seed: int) -> None:
    # tuned for the 12-bit sensor (0.5 deg band), read through the noisy 10-bit path
    detector = SpinDetector(SettleTuning())
    events: list[object] = []
    for sample in analog_noise(200.0, 3.0, seed):
        events.extend(detector.feed(sample))
    # +-2 codes of 0.35 deg, uniform: a standard deviation of sqrt(2) codes
    assert detector.noise_deg == pytest.approx(2**0.5 * 360 / 1024, rel=0.2)
    assert detector.band_deg > 4 * 360 / 1024  # wider than the noise's whole range
    (settled,) = events
    assert isinstance(settled, Settled) and gap(settled.degrees, 200.0) < 0.3
    fixed = SpinDetector(FIXED_BAND_TUNING)
    assert not any(fixed.feed(s) for s in analog_noise(200.0, 3.0, seed))  # never still


@pytest.mark.parametrize("seed", range(3))
def test_a_noisier_sensor_than_the_tuning_expects_holds_longer(seed: int) -> None:
    # the analog tuning expects a burst's averaged noise; single +-2 LSB reads are noisier
    detector = SpinDetector(RECOMMENDED_TUNING)
    assert detector.hold_s == RECOMMENDED_TUNING.hold_s
    for sample in analog_noise(200.0, 3.0, seed):
        detector.feed(sample)
    noise = detector.noise_deg
    assert noise > 2 * RECOMMENDED_TUNING.hold_noise_deg
    expected = RECOMMENDED_TUNING.hold_s * (noise / RECOMMENDED_TUNING.hold_noise_deg) ** 0.5
    assert detector.hold_s == pytest.approx(expected)
    assert detector.hold_s > 0.35  # as long as unaveraged reads needed (0.35 s was not enough)
    quiet = SpinDetector(SettleTuning())  # the AS5600's tuning sets no noise for its hold
    for sample in analog_noise(200.0, 3.0, seed):
        quiet.feed(sample)
    assert quiet.hold_s == SettleTuning().hold_s


def test_a_quiet_sensor_keeps_the_narrow_band() -> None:
    detector = SpinDetector()
    run_events = [e for s in trace(lambda t: 42.0, 3.0) for e in detector.feed(s)]
    assert len(run_events) == 1
    assert detector.band_deg == SettleTuning().band_deg
    assert detector.noise_deg < 0.1


def test_a_knock_while_resting_is_not_taken_for_noise() -> None:
    detector = SpinDetector()
    for s in trace(lambda t: 42.0 if t < 1.5 else 44.0, 3.0):  # nudged 2 deg at 1.5 s
        detector.feed(s)
    assert detector.noise_deg < 0.1


def _after_a_stop(glitches: dict[float, float]) -> list[Settled]:
    """A flick that stops at 0.5 s at 111 deg (exactly, no noise), with readings replaced
    by ``glitches`` (time -> degrees) after the stop."""
    path = decelerate(100.0, 0.1, 55.0, 137.5)  # 11 deg in 0.4 s
    samples = [
        AngleSample(s.t, glitches.get(round(s.t, 2), s.degrees))
        for s in trace(path, 2.0, noise_seed=None)
    ]
    return spin_settles(run(samples))


def test_one_stray_reading_in_a_still_stretch_does_not_start_the_hold_again() -> None:
    """An averaged analog reading's noise has no hard bound: one reading beyond the still
    band, with the next back in it, is noise; the hold goes on from the stop."""
    clean = _after_a_stop({})
    stray = _after_a_stop({0.6: 112.5})
    assert len(clean) == len(stray) == 1
    assert stray[0].t == pytest.approx(clean[0].t, abs=0.015)  # one reading later at most
    assert stray[0].degrees == pytest.approx(111.0, abs=0.1)


def test_two_readings_beyond_the_band_in_a_row_are_motion_and_the_hold_starts_again() -> None:
    clean = _after_a_stop({})
    moved = _after_a_stop({0.6: 112.5, 0.61: 112.5, 0.62: 112.5, 0.63: 112.5})
    assert len(moved) == 1
    assert moved[0].t > clean[0].t + 0.1  # the still stretch began after the move back
