"""How true is the Le Petit Poucet beat?  Our metronome thread vs Kivy's Clock.

Each scenario runs a Kivy-style main loop (``Clock.tick()`` every frame, headless:
no window is opened) for 10 rounds of 10 counts, and in the *same* run two beat
sources count side by side:

* ours: ``companion.devices.timing.Metronome``, a thread sleeping to absolute
  ``time.monotonic`` deadlines;
* Kivy: ``Clock.schedule_interval(callback, interval)`` on the same main loop.

The error of each beat is its emit time minus its ideal time on the schedule
(start + k x interval).  Scenarios: idle; a second thread loading the CPU with pure
Python work; and a Kivy-like animation loop that spends ``--frame-work-ms`` of
Python work per 60 fps frame (what drawing costs on a Pi).  "Drift" is the mean
error of the last round minus the first: a schedule that adds intervals to the
last call time accumulates its lateness there.

To keep ``make bench`` short the default tempo is fast (``--interval 0.05`` s,
about 6 s per scenario); ``--interval 1.0`` measures the real default tempo (PP7).
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
from collections.abc import Callable, Sequence

import numpy as np

from benchmarks.table import print_table
from companion.devices.timing import Metronome

GOAL_IDLE_P99_MS = 2.0
GOAL_LOADED_P99_MS = 5.0
GOAL_RATIO = 10.0


def _kivy_clock() -> object:
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    from kivy.clock import Clock

    return Clock


def _busy(seconds: float) -> None:
    """Pure Python work (holds the GIL like drawing code does) for ``seconds``."""
    end = time.perf_counter() + seconds
    x = 0
    while time.perf_counter() < end:
        for i in range(200):
            x += i * i


class _CpuHog:
    """A background thread doing pure Python work until stopped."""

    def __init__(self) -> None:
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="cpu-hog", daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            _busy(0.01)

    def __enter__(self) -> _CpuHog:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def _errors_ms(times: Sequence[float], ideal: Sequence[float]) -> np.ndarray:
    return (np.asarray(times[: len(ideal)]) - np.asarray(ideal[: len(times)])) * 1000.0


def _stats(errors: np.ndarray, counts: int) -> dict[str, float]:
    late = np.abs(errors)
    first, last = errors[:counts].mean(), errors[-counts:].mean()
    return {
        "p50": float(np.percentile(late, 50)),
        "p99": float(np.percentile(late, 99)),
        "max": float(late.max()),
        "drift": float(last - first),
    }


def run_scenario(
    interval: float, rounds: int, counts: int, frame_work: float, cpu_load: bool
) -> tuple[dict[str, float], dict[str, float]]:
    """One run: both beat sources on one Kivy main loop.  Returns (ours, kivy) stats."""
    clock: Callable[[], float] = time.monotonic
    kivy = _kivy_clock()
    beats = rounds * counts
    ours: list[tuple[float, float]] = []
    metronome = Metronome(
        range(rounds),
        lambda e: ours.append((e.at, e.due)) if e.kind == "count" else None,
        interval=interval,
        counts=counts,
        handover_beats=1,
    )
    kivy_times: list[float] = []

    def kivy_beat(_dt: float) -> bool:
        kivy_times.append(clock())
        return len(kivy_times) < beats

    hog = _CpuHog() if cpu_load else None
    if hog is not None:
        hog.__enter__()
    try:
        kivy.tick()  # type: ignore[attr-defined]
        start = clock()
        kivy.schedule_interval(kivy_beat, interval)  # type: ignore[attr-defined]
        metronome.start()
        while len(kivy_times) < beats or not metronome.done:
            kivy.tick()  # type: ignore[attr-defined]
            if frame_work:
                _busy(frame_work)
    finally:
        metronome.stop()
        if hog is not None:
            hog.__exit__()
    ours_err = np.array([(at - due) * 1000.0 for at, due in ours])
    kivy_ideal = [start + (k + 1) * interval for k in range(beats)]
    return _stats(ours_err, counts), _stats(_errors_ms(kivy_times, kivy_ideal), counts)


def _cells(stats: dict[str, float]) -> list[float]:
    return [stats["p50"], stats["p99"], stats["max"], stats["drift"]]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="bench_count_timer", description=__doc__)
    parser.add_argument("--interval", type=float, default=0.05, help="seconds per count")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--counts", type=int, default=10)
    parser.add_argument("--frame-work-ms", type=float, default=8.0)
    args = parser.parse_args(argv if argv is not None else [])
    scenarios: list[tuple[str, float, bool, float | None]] = [
        ("idle", 0.0, False, GOAL_IDLE_P99_MS),
        (
            f"animating ({args.frame_work_ms:g} ms/frame)",
            args.frame_work_ms / 1000.0,
            False,
            GOAL_LOADED_P99_MS,
        ),
        ("cpu-bound thread (no goal)", 0.0, True, None),
    ]
    rows = []
    for name, work, load, goal in scenarios:
        ours, kivy = run_scenario(args.interval, args.rounds, args.counts, work, load)
        ratio = kivy["p99"] / ours["p99"] if ours["p99"] > 0 else float("inf")
        verdict = "-"
        if goal is not None:
            verdict = "ok" if ours["p99"] <= goal and ratio >= GOAL_RATIO else "MISSED"
        rows.append(["metronome thread", name, *_cells(ours), f"{ratio:.0f}x", verdict])
        rows.append(["Kivy schedule_interval", name, *_cells(kivy), "", ""])
    print_table(
        f"Count timer beat error, {args.rounds} rounds x {args.counts} counts at "
        f"{args.interval:g} s/count (ms; goal p99 <= {GOAL_IDLE_P99_MS:g} idle, "
        f"<= {GOAL_LOADED_P99_MS:g} loaded, >= {GOAL_RATIO:g}x better than Kivy)",
        ["beat source", "scenario", "p50", "p99", "max", "drift", "Kivy p99 / ours", "goal"],
        rows,
    )


if __name__ == "__main__":
    main(sys.argv[1:])
