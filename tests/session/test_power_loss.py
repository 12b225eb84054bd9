"""Pulling the plug: a worker is SIGKILLed at random moments, 50 times (and 4 times
while it journals whole shuffles of app draws).

After every kill the journal passes SQLite's integrity check, and every event the
worker had acknowledged is there and replays to the state the worker reported.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

from companion.session.journal import Journal
from companion.session.session import Session
from tests.engines.toy_game import GAME
from tests.session.journal_worker import digest, shuffling

KILLS = 50
SHUFFLE_KILLS = 4
ROOT = Path(__file__).resolve().parents[2]


def run_and_kill(
    path: Path, seed: int, acks_before_kill: int, mode: tuple[str, ...] = ()
) -> list[tuple[int, int, str]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    worker = subprocess.Popen(
        [sys.executable, "-m", "tests.session.journal_worker", str(path), str(seed), *mode],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    acks: list[tuple[int, int, str]] = []
    assert worker.stdout is not None
    try:
        for line in worker.stdout:
            _, row, count, state = line.split()
            acks.append((int(row), int(count), state))
            if len(acks) >= acks_before_kill:
                break
    finally:
        worker.send_signal(signal.SIGKILL)
        worker.wait()
    return acks


def test_sigkill_never_loses_an_acknowledged_action(tmp_path: Path) -> None:
    rng = random.Random(2024)
    path = tmp_path / "journal.sqlite3"
    for kill in range(KILLS):
        acks = run_and_kill(path, seed=kill, acks_before_kill=rng.randint(1, 120))
        assert acks, "the worker acknowledged nothing"
        journal = Journal(path)
        journal.check()
        last_per_game: dict[int, tuple[int, str]] = {}
        for row, count, state in acks:
            last_per_game[row] = (count, state)
        for row, (count, state) in last_per_game.items():
            events = journal.events(row)
            assert len(events) >= count, f"kill {kill}: game {row} lost acknowledged events"
            assert events[count - 1].seq == count
            replayed = Session.resume(journal, row, GAME, upto=count)
            assert digest(replayed) == state, f"kill {kill}: game {row} replays differently"
        journal.close()


def test_a_kill_during_a_shuffle_keeps_every_acknowledged_draw_and_no_half_shuffle(
    tmp_path: Path,
) -> None:
    rng = random.Random(43)
    path = tmp_path / "journal.sqlite3"
    for kill in range(SHUFFLE_KILLS):
        acks = run_and_kill(path, kill, rng.randint(1, 40), ("shuffle",))
        assert acks, "the worker acknowledged nothing"
        row, count, state = acks[-1]
        journal = Journal(path)
        journal.check()
        events = len(journal.events(row))
        assert events >= count, f"kill {kill}: acknowledged draws were lost"
        assert digest(Session.resume(journal, row, upto=count)) == state
        if events > 1:  # a shuffle is journaled whole or not at all
            last = Session.resume(journal, row, upto=events)
            before = Session.resume(journal, row, upto=events - 1)
            assert not (shuffling(last) and shuffling(before)), f"kill {kill}: half a shuffle"
        journal.close()
