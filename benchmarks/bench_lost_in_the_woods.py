"""Lost in the Woods advice: the recommended choice, both chances to +-1 point, and the
playouts against the engine's own.

For a mid-game position (Forest row about half full, clock about a third gone) and an
early-game one (the first Draw / End decision of a game), median of 7 runs:

* ``advice-choice``: the recommended choice, correct with 99% confidence (paired sequential
  playouts, ``advisor.recommend``), within 25 ms;
* ``advice-1pp``: every choice's chance to win within +-1 point at 95% (``advisor.advise``),
  within 60 ms;
* the advisor's playouts per second at least 10x plain engine playouts through the State API
  with the same policy, both timed here in the same run.

The playouts are compiled by numba on first use (``advisor/kernel.py``); every timing above
is warm.  What the first use costs is printed on its own line: in fresh interpreters, the
numba import, and the first call with an empty numba cache (compiling) and then with the
cache that call left (loading), as a new install and every later start pay them.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

import numpy as np

from benchmarks.goals import report
from benchmarks.table import print_table
from companion.engines.base import sample_chance
from companion.engines.lost_in_the_woods import GAME, LostInTheWoodsState
from companion.engines.lost_in_the_woods.advisor import Advice, advise, recommend
from companion.engines.lost_in_the_woods.advisor import policy as pol
from companion.engines.lost_in_the_woods.advisor.advice import choice_starts
from companion.engines.lost_in_the_woods.advisor.sequential import FIRST_BATCH
from companion.engines.lost_in_the_woods.advisor.simulate import Simulator, start_lanes, win_counts

CHOICE_MS = 25.0
PRECISE_MS = 60.0
RATIO = 10.0
REPEATS = 7
ENGINE_GAMES = 300
SIM_GAMES = 20_000


def _play_until(seed: int, ready: Callable[[LostInTheWoodsState], bool]) -> LostInTheWoodsState:
    """A seeded game played by the rollout policy up to the first Draw / End decision that
    ``ready`` accepts."""
    rng = random.Random(seed)
    state = GAME.new_initial_state(1, {"deck": "table"}, seed=seed)
    assert isinstance(state, LostInTheWoodsState)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(sample_chance(state, rng))
            continue
        if state.decision is None and ready(state):
            return state
        state.apply(pol.choose(state, pol.ROLLOUT_POLICY))
    raise RuntimeError("the seeded game ended before the position looked for")


def mid_game(seed: int = 4) -> LostInTheWoodsState:
    """At least 4 Forest cards, the clock at 4 or more and a Progress pair or two in the row."""

    def ready(s: LostInTheWoodsState) -> bool:
        progress = sum(s.row.count(x) for x in ("acorn", "shamrock", "distelfink"))
        return len(s.forest) >= 4 and s.time >= 4 and progress >= 2

    return _play_until(seed, ready)


def early_game(seed: int = 4) -> LostInTheWoodsState:
    """The game's first Draw / End decision (empty Forest row, whole deck unseen)."""
    return _play_until(seed, lambda s: True)


def _timed(work: Callable[[int], Advice]) -> tuple[list[float], Advice]:
    work(0)  # warm up
    times = []
    advice = None
    for seed in range(1, REPEATS + 1):
        began = time.perf_counter()
        advice = work(seed)
        times.append((time.perf_counter() - began) * 1000)
    assert advice is not None
    return times, advice


def _engine_rate(state: LostInTheWoodsState) -> float:
    rng = random.Random(1)
    began = time.perf_counter()
    for _ in range(ENGINE_GAMES):
        game = state.clone()
        assert isinstance(game, LostInTheWoodsState)
        pol.play_out(game, pol.ROLLOUT_POLICY, lambda s: sample_chance(s, rng))
    return ENGINE_GAMES / (time.perf_counter() - began)


def _sim_rate(state: LostInTheWoodsState) -> float:
    began = time.perf_counter()
    win_counts([state], SIM_GAMES, pol.ROLLOUT_POLICY, np.random.default_rng(1))
    return SIM_GAMES / (time.perf_counter() - began)


def _steps(state: LostInTheWoodsState) -> str:
    """Steps (one card per lane) and the time per lane and step of one first batch of the
    paired playouts, played in the compiled kernel."""
    starts = [s for s in choice_starts(state, pol.ROLLOUT_POLICY)[1] if s is not None]
    times, steps, games = [], 0, 0
    for seed in range(REPEATS):
        sim = Simulator(
            pol.ROLLOUT_POLICY, int(state.options["max_shuffles"]), np.random.default_rng(seed)
        )
        lanes = start_lanes(starts, FIRST_BATCH)
        began = time.perf_counter()
        sim.run(lanes, len(starts), FIRST_BATCH)
        times.append((time.perf_counter() - began) * 1000)
        steps, games = max(steps, sim.steps), max(games, sim.compiled_games)
    return (
        f"{len(starts)} x {FIRST_BATCH} lanes: up to {steps} steps, {games} games compiled; "
        f"{statistics.median(times):.2f} ms per batch"
    )


COMPILE_PROBE = """
import time
began = time.perf_counter()
import numba
imported = time.perf_counter()
from companion.engines.lost_in_the_woods.advisor import kernel
loaded = time.perf_counter()
kernel.warm()
print(imported - began, time.perf_counter() - loaded)
"""


def _compile_times() -> tuple[float, float, float]:
    """Seconds for the numba import, the kernel's first call with an empty cache
    (compiling), and its first call in a later interpreter (loading the cache)."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        runs = []
        for _ in range(2):
            out = subprocess.run(
                [sys.executable, "-c", COMPILE_PROBE],
                env=env,
                check=True,
                capture_output=True,
                text=True,
            ).stdout.split()
            runs.append((float(out[0]), float(out[1])))
    return runs[1][0], runs[0][1], runs[1][1]


def _spread(times: list[float]) -> str:
    return f"{min(times):.0f}/{statistics.median(times):.0f}/{max(times):.0f} ms"


def main() -> None:
    imported, compiled, cached = _compile_times()
    first_use = (
        f"compile on first use: {compiled:.1f} s (empty numba cache), {cached * 1000:.0f} ms "
        f"from the cache, after a {imported * 1000:.0f} ms numba import"
    )
    print(f"\ncompiled playouts: {first_use}; every time below is warm")
    worst: dict[str, float] = {"choice": 0.0, "precise": 0.0}
    seen: dict[str, list[str]] = {"choice": [], "precise": [], "ratio": []}
    ratios = []
    for name, state in (("mid-game", mid_game()), ("early game", early_game())):
        print(f"\n{name} position: {state}")
        quick, first = _timed(lambda seed, s=state: recommend(s, seed=seed))
        full, last = _timed(lambda seed, s=state: advise(s, seed=seed))
        rows = [
            [c.action, f"{c.win_rate:.1%}", f"+-{(c.interval[1] - c.interval[0]) / 2:.2%}"]
            + [c.playouts, q.playouts]
            for c, q in zip(last.choices, first.choices, strict=True)
        ]
        print_table(
            f"{name}: advice (last run)",
            ["choice", "win", "95% half-width", "playouts +-1pp", "playouts to choose"],
            rows,
        )
        agree = first.recommended == last.recommended
        print(
            f"recommended: {first.recommended} (confident: {first.confident}); "
            f"+-1 point advice agrees: {agree}"
        )
        print(f"first batch: {_steps(state)}")
        view = state.knowledge_view()
        engine, sim = _engine_rate(view), _sim_rate(view)
        ratios.append(sim / engine)
        print_table(
            f"{name}: time (min/median/max of {REPEATS}) and playouts per second",
            ["choice ms", "+-1pp ms", "engine playouts/s", "advisor playouts/s", "ratio"],
            [[_spread(quick), _spread(full), engine, sim, sim / engine]],
        )
        worst["choice"] = max(worst["choice"], statistics.median(quick))
        worst["precise"] = max(worst["precise"], statistics.median(full))
        seen["choice"].append(f"{name} {_spread(quick)}")
        seen["precise"].append(f"{name} {_spread(full)}")
        seen["ratio"].append(f"{name} {sim / engine:.0f}x")
    report(
        "advice-choice",
        worst["choice"] <= CHOICE_MS,
        "; ".join(seen["choice"]) + f" (warm; {first_use})",
        f"median <= {CHOICE_MS:.0f} ms in both positions, correct at 99%",
    )
    report(
        "advice-1pp",
        worst["precise"] <= PRECISE_MS and min(ratios) >= RATIO,
        "; ".join(seen["precise"] + seen["ratio"]),
        f"median <= {PRECISE_MS:.0f} ms in both positions, >= {RATIO:.0f}x engine playouts",
    )


if __name__ == "__main__":
    main()
