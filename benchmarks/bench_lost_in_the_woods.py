"""Lost in the Woods advice: time for +-1 point advice, and vectorised vs engine playouts.

The advisor must weigh Draw against End the Round for a typical mid-game position (Forest
row about half full, clock about a third gone) to a 95% interval of +-1 percentage point
within 100 ms.  The obvious alternative is to play the same games one by one through the
engine's State API with the same policy; both are timed in the same run.
"""

from __future__ import annotations

import random
import statistics
import time

import numpy as np

from benchmarks.table import print_table
from companion.engines.base import sample_chance
from companion.engines.lost_in_the_woods import GAME, LostInTheWoodsState
from companion.engines.lost_in_the_woods.advisor import advise
from companion.engines.lost_in_the_woods.advisor import policy as pol
from companion.engines.lost_in_the_woods.advisor.simulate import win_counts

GOAL_MS = 100.0
REPEATS = 7
ENGINE_GAMES = 400
SIM_GAMES = 20_000


def mid_game(seed: int = 4) -> LostInTheWoodsState:
    """A seeded game played by the rollout policy up to the first Draw / End decision with
    at least 4 Forest cards, the clock at 4 or more and a Progress pair or two in the row."""
    rng = random.Random(seed)
    state = GAME.new_initial_state(1, {"deck": "table"}, seed=seed)
    assert isinstance(state, LostInTheWoodsState)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(sample_chance(state, rng))
            continue
        progress = sum(state.row.count(s) for s in ("acorn", "shamrock", "distelfink"))
        if state.decision is None and len(state.forest) >= 4 and state.time >= 4 and progress >= 2:
            return state
        state.apply(pol.choose(state, pol.ROLLOUT_POLICY))
    raise RuntimeError("the seeded game ended before mid-game")


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


def main() -> None:
    state = mid_game()
    print(f"\nposition: {state}")
    advise(state, seed=0)  # warm up
    times = []
    for seed in range(REPEATS):
        began = time.perf_counter()
        advice = advise(state, seed=seed)
        times.append((time.perf_counter() - began) * 1000)
    rows = []
    for choice in advice.choices:
        low, high = choice.interval
        rows.append(
            [choice.action, f"{choice.win_rate:.1%}", f"+-{(high - low) / 2:.2%}", choice.playouts]
        )
    print_table("advice (last run)", ["choice", "win", "95% half-width", "playouts"], rows)
    median = statistics.median(times)
    print_table(
        "time for +-1 point advice",
        ["median ms", "best ms", "goal ms", "within goal"],
        [[median, min(times), GOAL_MS, "yes" if median <= GOAL_MS else "NO"]],
    )
    view = state.knowledge_view()
    engine = _engine_rate(view)
    sim = _sim_rate(view)
    print_table(
        "playouts per second from this position",
        ["engine State API", "vectorised numpy", "ratio"],
        [[engine, sim, sim / engine]],
    )


if __name__ == "__main__":
    main()
