"""The simulated turntable's physics and its AngleSource behaviour (injected clock, no sleeps)."""

from __future__ import annotations

import math
import random
import threading

import pytest

from companion.devices.turntable.detector import Settled, SpinDetector
from companion.devices.turntable.simulated import LSB_DEG, Physics, SimulatedTurntable, SpinModel
from companion.devices.turntable.source import SourceStatus


def test_dry_friction_alone_stops_where_physics_says() -> None:
    model = SpinModel(Physics(coulomb_dps2=100.0, viscous_per_s=0.0), angle=0.0)
    model.flick(400.0)
    model.advance(10.0)
    assert model.stopped_at == pytest.approx(4.0)
    assert model.theta == pytest.approx(400.0**2 / (2 * 100.0))  # v^2 / 2a = 800 deg


def test_viscous_drag_follows_the_closed_form() -> None:
    model = SpinModel(Physics(coulomb_dps2=1.0, viscous_per_s=1.0))
    model.flick(500.0)
    model.advance(60.0)
    # omega' = -c - k omega: stops at t = ln((v + c/k) / (c/k)) / k, after (v + c/k)(1 - e^-kt)/k - (c/k) t
    t_stop = math.log(501.0)
    assert model.stopped_at == pytest.approx(t_stop)
    assert model.theta == pytest.approx(501.0 * (1 - math.exp(-t_stop)) - t_stop)


def test_anticlockwise_flicks_turn_the_other_way() -> None:
    model = SpinModel(Physics(coulomb_dps2=100.0, viscous_per_s=0.0), angle=100.0)
    model.flick(-200.0)
    model.advance(5.0)
    assert model.theta == pytest.approx(100.0 - 200.0)


def test_readings_are_12_bit_codes_within_one_lsb_of_the_truth() -> None:
    model = SpinModel(Physics(eccentricity_deg=0.0), angle=123.45, rng=random.Random(5))
    readings = {model.reading() for _ in range(200)}
    assert all(abs(r / LSB_DEG - round(r / LSB_DEG)) < 1e-9 for r in readings)
    assert all(abs(r - 123.45) <= 1.5 * LSB_DEG for r in readings)
    assert len(readings) == 3  # -1, 0, +1 LSB


@pytest.mark.parametrize("analog", [False, True], ids=["on the code", "on the voltage"])
def test_ten_bit_readings_with_two_steps_of_noise_have_the_same_power_either_way(
    analog: bool,
) -> None:
    step = 360.0 / 1024
    truth = (284 + 0.3) * step  # between two steps: rounding alone reads step 284
    physics = Physics(eccentricity_deg=0.0, bits=10, noise_lsb=2, analog_noise=analog)
    model = SpinModel(physics, angle=truth, rng=random.Random(7))
    errors = [(model.reading() - truth) / step for _ in range(20_000)]
    mean = sum(errors) / len(errors)
    power = sum(e * e for e in errors) / len(errors)
    assert power == pytest.approx(2.0 + (0.09 if not analog else 0.0), abs=0.1)
    assert all(abs(e) <= 3.0 for e in errors)
    if analog:  # noise before rounding dithers it: many readings average to the truth
        assert abs(mean) < 0.03
    else:  # noise after rounding: they average to the rounded step, 0.3 steps off
        assert mean == pytest.approx(-0.3, abs=0.03)


def test_a_firm_stop_may_bounce_back_but_a_creep_never_does() -> None:
    bouncy = SpinModel(
        Physics(
            coulomb_dps2=60.0,
            viscous_per_s=0.0,
            bounce_chance=1.0,
            bounce_deg=(3.0, 3.0),
            bounce_pause_s=(0.05, 0.05),
        )
    )
    bouncy.flick(300.0)
    bouncy.advance(5.0 + 0.05 - 1e-6)
    assert bouncy.moving  # standing at the turning point, about to spring back
    bouncy.advance(30.0)
    assert bouncy.theta == pytest.approx(300.0**2 / 120.0 - 3.0)
    creep = SpinModel(Physics(coulomb_dps2=1.0, viscous_per_s=0.5, bounce_chance=1.0))
    creep.flick(100.0)
    creep.advance(200.0)
    assert not creep.moving
    assert creep.theta > 0


def test_wobble_shows_only_while_turning() -> None:
    model = SpinModel(
        Physics(eccentricity_deg=0.0, wobble_deg=2.0, coulomb_dps2=10.0, viscous_per_s=0.0)
    )
    model.flick(360.0)
    model.advance(0.03)  # sin(2 pi 7 0.03) is near its peak
    assert abs(model.noiseless_reading() - model.theta % 360) > 0.5
    model.advance(100.0)
    assert model.noiseless_reading() == pytest.approx(model.theta % 360)


def test_physics_refuses_a_wolf_that_never_stops() -> None:
    with pytest.raises(ValueError, match="never stops"):
        Physics(coulomb_dps2=0.0)


def test_simulated_source_follows_its_injected_clock_and_feeds_the_detector() -> None:
    now = [0.0]
    table = SimulatedTurntable(
        Physics(coulomb_dps2=200.0, viscous_per_s=0.0), clock=lambda: now[0], angle=10.0
    )
    detector = SpinDetector(clock=lambda: now[0])
    events: list[object] = []
    table.on_sample = lambda s: events.extend(detector.feed(s))
    assert table.status() is SourceStatus.SIMULATED
    for i in range(50):
        now[0] = i / 100
        table.tick()
    table.flick(600.0)  # stops after 3 s at 10 + 900 deg
    for i in range(50, 500):
        now[0] = i / 100
        table.tick()
    settles = [e for e in events if isinstance(e, Settled) and e.after_spin]
    assert len(settles) == 1
    assert abs((settles[0].degrees - 190.0 + 180) % 360 - 180) < 0.5
    assert table.last_sample is not None and table.last_sample.t == pytest.approx(4.99)


def test_simulated_source_thread_starts_and_stops() -> None:
    table = SimulatedTurntable(rate_hz=1000.0)
    got = threading.Event()
    count = [0]

    def on_sample(_: object) -> None:
        count[0] += 1
        if count[0] >= 5:
            got.set()

    table.on_sample = on_sample
    table.start()
    table.start()  # idempotent
    try:
        assert got.wait(timeout=5.0)
    finally:
        table.stop()
    assert table._thread is None
    table.stop()  # stopping twice is harmless
