"""Journal rows, mutated in place: the journal is moved aside byte for byte with a
message naming the file and the row, or it is sound and every saved game in it
resumes or says which game and step break.  Never a traceback of another type."""

from __future__ import annotations

import functools
import math
import random
import shutil
import sqlite3
import tempfile
from importlib import resources
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from companion.session.journal import Journal
from companion.session.session import ResumeFailed, SavedByNewerVersion, Session

GAMES_COLUMNS = [
    "game",
    "players",
    "options",
    "seed",
    "names",
    "setup",
    "started",
    "finished",
    "result",
    "abandoned",
    "format",
]
EVENTS_COLUMNS = ["seq", "kind", "action", "source", "time"]
VALUES: list[Any] = [
    None,
    "",
    "{",
    "[]",
    "{}",
    '["A", 7]',
    "robot",
    "undo",
    "action",
    "nan",
    math.nan,
    math.inf,
    -1,
    0,
    2,
    10**18,
    -(10**18),
    1.5,
    b"\xff\xfe",
    "x" * 5000,
    '{"zz_unknown": 1}',
    "le-petit-poucet",
    "player",
]
MEMORY = "/dev/shm" if Path("/dev/shm").is_dir() else None
"""Where the examples' journals live: every journal write is synced, cheap in memory."""


@functools.cache
def _template() -> bytes:
    """A journal with three games a few steps in (built once: each write is synced)."""
    folder = Path(tempfile.mkdtemp(prefix="journal-fuzz-"))
    path = folder / "journal.sqlite3"
    journal = Journal(path)
    board = resources.files("companion.engines.beware_of_the_wolf").joinpath("box.toml")
    starts = [
        ("le-petit-poucet", {}),
        ("le-petit-poucet", {}),
        ("beware-of-the-wolf", {"board": board.read_text()}),  # a taught board in setup
    ]
    for seed, (game, setup) in enumerate(starts, 1):
        session = Session.start(journal, game, 2, seed=seed, setup=setup)
        rng = random.Random(seed)
        for _ in range(6):
            if session.state.is_terminal():
                break
            if session.state.is_chance_node():
                session.draw()
            else:
                session.apply(rng.choice(session.state.legal_actions()))
    journal.close()
    raw = path.read_bytes()
    shutil.rmtree(folder)
    return raw


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    table=st.sampled_from(["games", "events"]),
    row=st.integers(min_value=1, max_value=21),
    column=st.data(),
    value=st.sampled_from(VALUES),
)
def test_mutated_journal_rows_are_moved_aside_or_resume(
    table: str, row: int, column: st.DataObject, value: Any
) -> None:
    folder = Path(tempfile.mkdtemp(prefix="journal-fuzz-", dir=MEMORY))
    path = folder / "journal.sqlite3"
    path.write_bytes(_template())
    name = column.draw(st.sampled_from(GAMES_COLUMNS if table == "games" else EVENTS_COLUMNS))
    db = sqlite3.connect(path)
    try:
        db.execute("PRAGMA ignore_check_constraints=ON")
        changed = db.execute(
            f"UPDATE {table} SET {name} = ? WHERE rowid = ?",  # noqa: S608 (our own names)
            (value, row),
        ).rowcount
        db.commit()
    except sqlite3.IntegrityError:
        changed = 0  # NOT NULL or a key clash: SQLite itself refuses the change
    finally:
        db.close()
    assume(changed)
    damaged = path.read_bytes()
    journal, corrupt = Journal.open_or_recover(path)
    try:
        if corrupt is not None:
            assert str(path) in str(corrupt)
            assert corrupt.moved_to.read_bytes() == damaged  # byte for byte
            return
        records = journal.unfinished_games(limit=100) + journal.finished_games(limit=100)
        for record in records:
            try:
                Session.resume(journal, record.id)
            except (ResumeFailed, SavedByNewerVersion) as err:
                assert f"aved game {record.id} " in str(err)
    finally:
        journal.close()
        shutil.rmtree(folder, ignore_errors=True)
