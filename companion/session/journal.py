"""The SQLite game journal: an append-only log that survives pulling the plug.

One database file holds every game: a ``games`` row with the game id, options,
players and seed, then one ``events`` row per applied action (or undo) with its
source and time.  WAL mode with ``synchronous=FULL`` means a row that
``append`` returned from is on disk.  A database that SQLite cannot read is
moved aside (never deleted) and a fresh one started; the caller is told where
the old file went.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    names TEXT NOT NULL,
    setup TEXT NOT NULL DEFAULT '{}',
    started REAL NOT NULL,
    finished REAL,
    result TEXT,
    abandoned INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS events (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('action', 'undo')),
    action TEXT,
    source TEXT NOT NULL,
    time REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


class Source(Enum):
    """Where an applied action came from; decides whether it can be undone."""

    PLAYER = "player"
    APP_DRAW = "app draw"
    SENSOR = "sensor"
    MANUAL = "manual entry"

    @property
    def described(self) -> str:
        """The source in a sentence: "an app draw", "a sensor reading"."""
        return {
            Source.PLAYER: "a player's decision",
            Source.APP_DRAW: "an app draw",
            Source.SENSOR: "a sensor reading",
            Source.MANUAL: "a manual entry",
        }[self]

    @property
    def undoable(self) -> bool:
        """The app's own draws and sensor readings happened for real: never taken back."""
        return self in (Source.PLAYER, Source.MANUAL)


@dataclass(frozen=True)
class GameRecord:
    id: int
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    names: list[str]
    setup: dict[str, Any]
    started: float
    finished: float | None
    result: str | None


@dataclass(frozen=True)
class Event:
    seq: int
    kind: str  # "action" or "undo"
    action: str | None
    source: Source
    time: float


class JournalCorrupt(Exception):
    """The journal file could not be read; it was moved to ``moved_to``."""

    def __init__(self, path: Path, moved_to: Path, detail: str) -> None:
        super().__init__(
            f"The saved-games journal {path} was damaged ({detail}). It was moved to "
            f"{moved_to} and a new journal was started."
        )
        self.path = path
        self.moved_to = moved_to


class Journal:
    """Durable storage of games and their events in one SQLite file."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = self._connect()

    @classmethod
    def open_or_recover(cls, path: Path | str) -> tuple[Journal, JournalCorrupt | None]:
        """Open ``path``; if it is damaged, move it aside, start clean and say so."""
        path = Path(path)
        journal: Journal | None = None
        try:
            journal = cls(path)
            journal.check()
            return journal, None
        except sqlite3.OperationalError:
            raise  # locked, unreadable or a disk error: the file may be fine, never move it
        except sqlite3.DatabaseError as err:
            if journal is not None:
                journal.close()
            moved = move_aside(path)
            return cls(path), JournalCorrupt(path, moved, str(err))

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version not in (0, SCHEMA_VERSION):
            db.close()
            raise sqlite3.DatabaseError(f"unknown journal schema version {version}")
        db.executescript(_SCHEMA)
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        return db

    def check(self) -> None:
        """Raise sqlite3.DatabaseError unless SQLite's integrity check passes."""
        rows = self._db.execute("PRAGMA integrity_check").fetchall()
        if rows != [("ok",)]:
            raise sqlite3.DatabaseError("; ".join(str(r[0]) for r in rows[:3]))

    def close(self) -> None:
        self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    # -- games ----------------------------------------------------------------
    def start_game(
        self,
        game: str,
        players: int,
        options: dict[str, Any],
        seed: int,
        names: list[str],
        setup: dict[str, Any] | None = None,
    ) -> int:
        with self._transaction() as db:
            cur = db.execute(
                "INSERT INTO games (game, players, options, seed, names, started, setup)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    game,
                    players,
                    json.dumps(options, sort_keys=True),
                    seed,
                    json.dumps(names),
                    time.time(),
                    json.dumps(setup or {}, sort_keys=True),
                ),
            )
            return int(cur.lastrowid or 0)

    def finish_game(self, game_id: int, result: str) -> None:
        with self._transaction() as db:
            db.execute(
                "UPDATE games SET finished = ?, result = ? WHERE id = ?",
                (time.time(), result, game_id),
            )

    def reopen_game(self, game_id: int) -> None:
        """An undo took a finished game back: offer it for resume again."""
        with self._transaction() as db:
            db.execute("UPDATE games SET finished = NULL, result = NULL WHERE id = ?", (game_id,))

    def abandon_game(self, game_id: int) -> None:
        """Stop offering a game for resume (it stays in the file)."""
        with self._transaction() as db:
            db.execute("UPDATE games SET abandoned = 1 WHERE id = ?", (game_id,))

    def game(self, game_id: int) -> GameRecord:
        row = self._db.execute(
            "SELECT id, game, players, options, seed, names, setup, started, finished, result"
            " FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            raise KeyError(f"no saved game {game_id}")
        return _record(row)

    def latest_unfinished(self) -> GameRecord | None:
        games = self.unfinished_games(limit=1)
        return games[0] if games else None

    def unfinished_games(self, limit: int = 10) -> list[GameRecord]:
        """Games that can be resumed, newest first."""
        rows = self._db.execute(
            "SELECT id, game, players, options, seed, names, setup, started, finished, result"
            " FROM games WHERE finished IS NULL AND abandoned = 0 ORDER BY id DESC LIMIT ?",
            (limit,),
        ).fetchall()
        return [_record(r) for r in rows]

    def finished_games(self, limit: int = 50) -> list[GameRecord]:
        """Games played to the end, newest first (for the past-games list)."""
        rows = self._db.execute(
            "SELECT id, game, players, options, seed, names, setup, started, finished, result"
            " FROM games WHERE finished IS NOT NULL ORDER BY finished DESC LIMIT ?",
            (limit,),
        ).fetchall()
        return [_record(r) for r in rows]

    # -- events ---------------------------------------------------------------
    def append(self, game_id: int, kind: str, action: str | None, source: Source) -> int:
        """Append one event and return its sequence number once it is on disk."""
        with self._transaction() as db:
            (last,) = db.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?", (game_id,)
            ).fetchone()
            seq = int(last) + 1
            db.execute(
                "INSERT INTO events (game_id, seq, kind, action, source, time)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, seq, kind, action, source.value, time.time()),
            )
        return seq

    def events(self, game_id: int) -> list[Event]:
        rows = self._db.execute(
            "SELECT seq, kind, action, source, time FROM events WHERE game_id = ? ORDER BY seq",
            (game_id,),
        ).fetchall()
        return [
            Event(seq, kind, action, Source(source), t) for seq, kind, action, source, t in rows
        ]


def _record(row: tuple[Any, ...]) -> GameRecord:
    gid, game, players, options, seed, names, setup, started, finished, result = row
    return GameRecord(
        gid,
        game,
        players,
        json.loads(options),
        seed,
        json.loads(names),
        json.loads(setup),
        started,
        finished,
        result,
    )


def move_aside(path: Path) -> Path:
    """Rename a damaged journal (and its WAL/SHM files) to a unique ``.corrupt-*`` name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    os.replace(path, target)
    for suffix in ("-wal", "-shm"):
        side = Path(f"{path}{suffix}")
        if side.exists():
            os.replace(side, Path(f"{target}{suffix}"))
    return target
