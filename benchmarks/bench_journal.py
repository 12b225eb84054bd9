"""Journal commit latency and replay time, against rewriting a JSON save atomically.

The obvious alternative to an append-only journal is to save the whole game after
every move: write a temporary JSON file, fsync it, rename it over the old one.
Both are measured in the same run on the same disk.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.table import print_table
from companion.engines.base import Option, sample_chance
from companion.session.journal import Journal, Source
from companion.session.session import Session
from tests.engines.toy_game import DieRaceGame

COMMITS = 300
REPLAY_ACTIONS = 10_000


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def journal_commits(path: Path) -> list[float]:
    journal = Journal(path)
    game = journal.start_game("die-race", 2, {"target": 20}, 1, ["A", "B"])
    timings = []
    for i in range(COMMITS):
        start = time.perf_counter()
        journal.append(game, "action", f"roll {i % 3 + 1}", Source.PLAYER)
        timings.append(time.perf_counter() - start)
    journal.close()
    return timings


def json_rewrites(path: Path) -> list[float]:
    history: list[str] = []
    timings = []
    for i in range(COMMITS):
        history.append(f"roll {i % 3 + 1}")
        start = time.perf_counter()
        fd, tmp = tempfile.mkstemp(dir=path.parent)
        with os.fdopen(fd, "w") as f:
            json.dump({"game": "die-race", "actions": history}, f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        timings.append(time.perf_counter() - start)
    return timings


class LongRace(DieRaceGame):
    """Die Race to a far square, so one game lasts ten thousand actions."""

    options = (Option("target", 20_000, "Finishing square.", "-", minimum=2, maximum=10**6),)
    max_game_length = 10**6


def long_game(game: LongRace, path: Path) -> tuple[Journal, int]:
    """A journal holding one game of REPLAY_ACTIONS actions (written in one transaction)."""
    journal = Journal(path)
    row = journal.start_game(game.id, 3, {"target": 20_000}, 0, ["A", "B", "C"])
    rng = random.Random(0)
    state = game.new_initial_state(3, {"target": 20_000})
    texts: list[str] = []
    while len(texts) < REPLAY_ACTIONS:
        if state.is_terminal():
            break
        action = sample_chance(state, rng) if state.is_chance_node() else min(state.legal_actions())
        texts.append(state.action_to_string(action))
        state.apply(action)
    db = journal._db
    db.execute("BEGIN")
    db.executemany(
        "INSERT INTO events (game_id, seq, kind, action, source, time) VALUES (?, ?, ?, ?, ?, 0)",
        [(row, i + 1, "action", t, Source.PLAYER.value) for i, t in enumerate(texts)],
    )
    db.execute("COMMIT")
    return journal, row


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        journal_times = journal_commits(base / "journal.sqlite3")
        json_times = json_rewrites(base / "save.json")
        rows = []
        for name, samples in (
            ("journal append", journal_times),
            ("JSON atomic rewrite", json_times),
        ):
            rows.append(
                [
                    name,
                    statistics.median(samples) * 1e3,
                    percentile(samples, 0.99) * 1e3,
                ]
            )
        ratio = percentile(json_times, 0.99) / percentile(journal_times, 0.99)
        rows.append(["ratio (JSON / journal), p99", "", f"{ratio:.2f}x"])
        print_table(
            f"Saving a move ({COMMITS} commits, fsync'd)", ["method", "p50 ms", "p99 ms"], rows
        )

        game = LongRace()
        journal, row = long_game(game, base / "long.sqlite3")
        count = len(journal.events(row))
        start = time.perf_counter()
        Session.resume(journal, row, game)
        replay = time.perf_counter() - start
        saved = Session.resume(journal, row, game).state.to_dict()
        start = time.perf_counter()
        game.state_from_dict(json.loads(json.dumps(saved)))
        load_json = time.perf_counter() - start
        print_table(
            "Resuming a long game",
            ["method", "actions", "ms"],
            [
                ["journal replay", count, replay * 1e3],
                ["JSON state load", count, load_json * 1e3],
                ["ratio (replay / JSON load)", "", f"{replay / load_json:.0f}x"],
            ],
        )
