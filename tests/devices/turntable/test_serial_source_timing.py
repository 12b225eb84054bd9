"""TickClock: the Pico's ticks on the host's clock."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.devices.turntable.tick_clock import TICKS_MODULUS, TickClock


def test_the_fastest_frame_sets_the_offset() -> None:
    clock = TickClock()
    assert clock.to_host(1000, 50.030) == 50.030  # first frame: all we know
    assert clock.to_host(1010, 50.035) == 50.035  # arrived faster: better estimate
    assert clock.to_host(1020, 50.090) == pytest.approx(50.045, abs=1e-4)  # held in a burst


def test_ticks_wrapping_around_keep_counting() -> None:
    clock = TickClock()
    clock.to_host(TICKS_MODULUS - 5, 10.0)
    assert clock.to_host(5, 10.010) == pytest.approx(10.010)


def test_a_restarted_pico_starts_over() -> None:
    clock = TickClock()
    clock.to_host(500_000, 10.0)
    assert clock.to_host(20, 12.0) == 12.0


@given(st.lists(st.floats(0, 0.05), min_size=2, max_size=200), st.floats(0.99995, 1.00005))
def test_samples_never_come_from_the_future_and_keep_their_order(
    delays: list[float], rate: float
) -> None:
    """Whatever USB does to delivery, and however the crystals drift."""
    clock = TickClock()
    stamps: list[tuple[float, float]] = []
    host = 0.0
    for i, delay in enumerate(delays):
        ticks = i * 10
        host = max(host, 100.0 + ticks / 1000 * rate + delay)  # USB keeps the order
        stamps.append((clock.to_host(ticks, host), host))
    assert all(t <= host + 1e-9 for t, host in stamps)
    assert all(a[0] <= b[0] for a, b in zip(stamps, stamps[1:], strict=False))
