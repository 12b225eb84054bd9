"""Resuming a saved game of each real engine, against the previous copy-per-step replay.

Each journal is a seeded game played through a Session as a table plays it
(decisions, app draws, outcomes entered by hand, take-backs: see
tests/session/table_play.py), 500 action events long; the slowest engine per standing
step also gets a 10,000-action journal.  No engine's game lasts 10,000 steps (their
round limits end it first), so that journal is mostly take-backs at the end, which
resume never re-applies; the ``replay-10k`` goal is therefore judged on 10,000 steps
at the slowest engine's measured cost per standing step of its 500-action game.  Measured in the same run on the same journals:

- ``Session.resume``: each key parsed by the engine, applied to one state in place
  (the engine checks that one action, not the whole legal list, where it can), a
  kept position every 32 steps and only from where undo stops;
- the previous replay: each key looked up among the legal actions, applied to a copy
  (the engine's ``clone``, and the generic ``copy.deepcopy`` one), every position kept.

The new and the previous replay must reach the same position and public log (the
generic deep copy is timed only: engines that share their board between copies
override it).  Memory is what the resumed session holds (the
live state and the positions kept for undo), traced by ``tracemalloc``.
"""

from __future__ import annotations

import statistics
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.goals import report
from benchmarks.table import print_table
from companion.engines import registry
from companion.engines.base import Game, State
from companion.session.journal import Journal
from companion.session.session import Session
from tests.session.table_play import table_play

ACTIONS = 500
LONG_ACTIONS = 10_000
REPEATS = 7
OLD_REPEATS = 3
RESUME_TARGET_MS = 50.0
LONG_TARGET_S = 1.0

Clone = Callable[[State], State]


def journal_of(journal: Journal, game: Game, actions: int) -> int:
    """A seeded journal of ``actions`` action events (fewer app draws if the game
    would otherwise end, on a draw, before that many)."""
    for drawn in (0.2, 0.0):
        play = table_play(journal, game, seed=1, drawn=drawn, keep_reference=False)
        play.play_to(actions)
        if play.actions >= actions:
            return play.session.game_row
    raise RuntimeError(f"{game.name} stopped before {actions} actions")


def replay_copying(journal: Journal, row: int, game: Game, clone: Clone) -> tuple[State, list]:
    """The previous resume: a key looked up among the legal actions, applied to a
    copy of the position, and every position kept for undo."""
    record = journal.game(row)
    state = game.new_initial_state(record.players, record.options, record.seed)
    state.names = list(record.names)
    past: list[State] = []
    for event in journal.events(row):
        if event.kind == "undo":
            state = past.pop()
            continue
        action = state.string_to_action(event.action or "")
        nxt = clone(state)
        nxt.apply(action)
        past.append(state)
        state = nxt
    return state, past


def timed(run: Callable[[], Any], repeats: int) -> tuple[list[float], Any]:
    times, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return times, result


def held_kb(run: Callable[[], Any]) -> float:
    """KB still allocated by ``run`` while its result is alive."""
    tracemalloc.start()
    result = run()
    held, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del result
    return held / 1024


def spread(times: list[float], scale: float = 1e3) -> str:
    return "/".join(f"{t * scale:.1f}" for t in (min(times), statistics.median(times), max(times)))


def compare(journal: Journal, row: int, game: Game, old_repeats: int) -> dict[str, Any]:
    """Times and memory of the three ways on one journal; checks they agree."""
    new_times, session = timed(lambda: Session.resume(journal, row, game), REPEATS)
    engine_times, (engine_state, _) = timed(
        lambda: replay_copying(journal, row, game, type(session.state).clone), old_repeats
    )
    deep_times, _ = timed(lambda: replay_copying(journal, row, game, State.clone), old_repeats)
    if engine_state.to_dict() != session.state.to_dict():
        raise AssertionError(f"{game.name}: the replays disagree")
    if engine_state.log != session.state.log:
        raise AssertionError(f"{game.name}: the public logs disagree")
    return {
        "events": len(journal.events(row)),
        "steps": len(session.steps),
        "per_step": statistics.median(new_times) / max(1, len(session.steps)),
        "new": new_times,
        "engine": engine_times,
        "deep": deep_times,
        "kept": session.kept_positions(),
        "new_kb": held_kb(lambda: Session.resume(journal, row, game)),
        "old_kb": held_kb(lambda: replay_copying(journal, row, game, type(session.state).clone)),
    }


def row_of(name: str, result: dict[str, Any]) -> list[object]:
    new = statistics.median(result["new"])
    return [
        name,
        result["events"],
        result["steps"],
        spread(result["new"]),
        spread(result["engine"]),
        spread(result["deep"]),
        f"{statistics.median(result['deep']) / new:.0f}x",
        f"{result['kept']} / {result['steps'] + 1}",
        f"{result['new_kb']:.0f} / {result['old_kb']:.0f}",
    ]


HEADERS = [
    "game",
    "events",
    "standing steps",
    "resume ms min/med/max",
    "copy-per-step ms",
    "deepcopy-per-step ms",
    "deepcopy / resume",
    "positions kept (now / before)",
    "KB held (now / before)",
]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        journal = Journal(Path(tmp) / "journal.sqlite3")
        rows, worst, slowest = [], 0.0, (0.0, registry.all_games()[0])
        for game in registry.all_games():
            result = compare(journal, journal_of(journal, game, ACTIONS), game, OLD_REPEATS)
            rows.append(row_of(game.name, result))
            median = statistics.median(result["new"])
            worst = max(worst, median)
            slowest = max(slowest, (result["per_step"], game), key=lambda s: s[0])
        print_table(f"Resuming a {ACTIONS}-action game (ms)", HEADERS, rows)
        report(
            "resume-500",
            worst * 1e3 <= RESUME_TARGET_MS,
            f"{worst * 1e3:.1f} ms slowest engine median",
            f"<= {RESUME_TARGET_MS:.0f} ms each engine",
        )
        game = slowest[1]
        long = compare(journal, journal_of(journal, game, LONG_ACTIONS), game, 1)
        print_table(
            f"Resuming {LONG_ACTIONS:,} actions of the slowest engine ({game.name}, ms)",
            HEADERS,
            [row_of(game.name, long)],
        )
        scaled = slowest[0] * LONG_ACTIONS
        print(
            f"{LONG_ACTIONS:,} standing steps at {game.name}'s {slowest[0] * 1e6:.0f} us per"
            f" step: {scaled:.2f} s; the {long['events']:,}-event journal above:"
            f" {statistics.median(long['new']):.2f} s"
        )
        report(
            "replay-10k",
            scaled <= LONG_TARGET_S,
            f"{scaled:.2f} s for 10k steps of {game.name} (from its per-step median)",
            f"<= {LONG_TARGET_S:.0f} s",
        )
        journal.close()
