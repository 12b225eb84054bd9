"""The beat benchmark's drift: lateness that grows with the count number, not the
frames' phase against the beat (benchmarks/bench_count_timer.py)."""

from __future__ import annotations

import numpy as np

from benchmarks.bench_count_timer import frame_error, trend

FRAME = 0.0169
"""About 1/60 s, each frame a little off (as Kivy's sleep-paced clock runs): the
beat's phase against the frames wanders from count to count."""
BEATS = np.arange(20) * 1.0 + 0.5
SWAPS = np.cumsum(np.random.default_rng(15).normal(FRAME, 0.0015, 1300))


def nearest_swap(moment: float) -> float:
    return float(SWAPS[np.argmin(np.abs(SWAPS - moment))])


def first_swap_after(moment: float) -> float:
    return float(SWAPS[np.searchsorted(SWAPS, moment)])


def drift(drawn: list[float]) -> float:
    return trend(frame_error(drawn, list(BEATS), list(SWAPS)), BEATS)


def test_a_source_that_puts_every_number_in_the_nearest_frame_does_not_drift() -> None:
    drawn = [nearest_swap(beat) for beat in BEATS]
    raw = (np.array(drawn) - BEATS) * 1e3
    assert np.ptp(raw) > FRAME * 1e3 / 2  # its lateness wanders over the frame...
    assert drift(drawn) == 0.0  # ...but never grows


def test_a_source_that_slips_on_every_count_is_caught() -> None:
    slipping = [first_swap_after(beat + 0.001 * i) for i, beat in enumerate(BEATS)]
    assert drift(slipping) > 3.0  # 19 ms over the turn, seen a frame at a time
    relative = [first_swap_after(beat + 0.005 * i) for i, beat in enumerate(BEATS)]
    assert 60.0 < drift(relative) < 130.0  # 95 ms: re-armed from each late wake-up


def test_one_frame_dropped_under_load_is_a_late_count_not_a_drift() -> None:
    drawn = [nearest_swap(beat) for beat in BEATS]
    drawn[3] += 2 * FRAME
    assert drift(drawn) == 0.0
    assert trend(np.array([130.0] + [0.0] * 19), BEATS) == 0.0  # a late first count
