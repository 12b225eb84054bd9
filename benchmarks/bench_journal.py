"""Journal commit latency and replay time, against rewriting a JSON save atomically.

The obvious alternative to an append-only journal is to save the whole game after
every move: write a temporary JSON file, fsync it, rename it over the old one.
Both are measured in the same run on the same disk, beside the disk's own floor: one
small append and ``fsync`` of a plain file.  A digital Lost in the Woods shuffle (one
app draw per card) is journaled as one run, against one commit per draw.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.goals import report
from benchmarks.table import print_table
from companion.engines import registry
from companion.engines.base import Option, State, sample_chance
from companion.session.journal import Journal, Source
from companion.session.session import Session
from tests.engines.toy_game import DieRaceGame

COMMITS = 300
REPLAY_ACTIONS = 10_000
SHUFFLES = 7
FSYNC_FACTOR = 2.0


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


def raw_fsyncs(path: Path) -> list[float]:
    """The disk's floor: append a journal-sized record to a plain file and fsync it."""
    timings = []
    with open(path, "ab") as f:
        for i in range(COMMITS):
            start = time.perf_counter()
            f.write(f"{i:08d} action roll {i % 3 + 1} player\n".encode())
            f.flush()
            os.fsync(f.fileno())
            timings.append(time.perf_counter() - start)
    return timings


def shuffling(state: State) -> bool:
    return bool(state.view().table.shuffling)


def shuffles(path: Path) -> tuple[list[float], list[float], list[int]]:
    """A digital Lost in the Woods shuffle as one run and as single draws: the time
    of each, and the commits the run took (counted on the journal's connection)."""
    woods = registry.get("lost-in-the-woods")
    journal = Journal(path)
    run_times, single_times, run_commits = [], [], []
    sent: list[str] = []
    journal._db.set_trace_callback(lambda sql: sent.append(sql) if sql == "COMMIT" else None)
    for seed in range(SHUFFLES):
        session = Session.start(journal, woods, 1, seed=seed)
        sent.clear()
        start = time.perf_counter()
        session.draw_while(shuffling)
        run_times.append(time.perf_counter() - start)
        run_commits.append(len(sent))
        single = Session.start(journal, woods, 1, seed=seed)
        start = time.perf_counter()
        while shuffling(single.state):
            single.draw()
        single_times.append(time.perf_counter() - start)
        if single.state != session.state:
            raise AssertionError("the run drew differently from single draws")
    journal.close()
    return run_times, single_times, run_commits


def spread(samples: list[float]) -> str:
    return "/".join(
        f"{s * 1e3:.1f}" for s in (min(samples), statistics.median(samples), max(samples))
    )


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
        action = sample_chance(state, rng) if state.is_chance_node() else state.legal_actions()[0]
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
        fsync_times = raw_fsyncs(base / "floor.bin")
        journal_times = journal_commits(base / "journal.sqlite3")
        json_times = json_rewrites(base / "save.json")
        rows = []
        for name, samples in (
            ("raw fsync (the disk's floor)", fsync_times),
            ("journal append", journal_times),
            ("JSON atomic rewrite", json_times),
        ):
            rows.append(
                [
                    name,
                    spread(samples),
                    statistics.median(samples) * 1e3,
                    percentile(samples, 0.99) * 1e3,
                ]
            )
        ratio = percentile(json_times, 0.99) / percentile(journal_times, 0.99)
        rows.append(["ratio (JSON / journal), p99", "", "", f"{ratio:.2f}x"])
        floor = percentile(journal_times, 0.99) / percentile(fsync_times, 0.99)
        rows.append(["ratio (journal / raw fsync), p99", "", "", f"{floor:.2f}x"])
        print_table(
            f"Saving a move ({COMMITS} commits, fsync'd)",
            ["method", "ms min/med/max", "p50 ms", "p99 ms"],
            rows,
        )
        run_times, single_times, run_commits = shuffles(base / "woods.sqlite3")
        print_table(
            f"A digital Lost in the Woods shuffle ({SHUFFLES} shuffles of 43 draws)",
            ["method", "commits", "ms min/med/max"],
            [
                ["one run (draw_while)", max(run_commits), spread(run_times)],
                ["one draw at a time", 43, spread(single_times)],
            ],
        )
        report(
            "journal",
            max(run_commits) == 1 and floor <= FSYNC_FACTOR,
            f"shuffle {max(run_commits)} commit, commit p99 {floor:.2f}x raw fsync p99",
            f"1 commit, <= {FSYNC_FACTOR:.0f}x",
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
