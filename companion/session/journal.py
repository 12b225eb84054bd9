"""The SQLite game journal: an append-only log that survives pulling the plug.

One database file holds every game: a ``games`` row with the game id, options,
players and seed, then one ``events`` row per applied action (or undo) with its
source and time.  WAL mode with ``synchronous=FULL`` means a row that
``append`` returned from is on disk.  A database that SQLite cannot read, or
whose content is not what this module writes, is moved aside byte-identical
(never deleted: it is checked read-only, before anything writes to it) and a
fresh one started; the caller is told where the old file went.  A journal or a
game written by a newer version of the app is refused, never moved.
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

from companion.private_files import private_dir, private_file

SCHEMA_VERSION = 2
"""1: the first release; 2: games.format."""
GAME_FORMAT = 1
"""How a game row and its events are to be read; a newer one is refused on resume."""

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
    abandoned INTEGER NOT NULL DEFAULT 0,
    format INTEGER NOT NULL DEFAULT 1
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
        return _SOURCE_WORDS[self.value][0]

    @property
    def happened(self) -> str:
        """How the step came about, in a player's words: "drawn by the app"."""
        return _SOURCE_WORDS[self.value][1]

    @property
    def undoable(self) -> bool:
        """The app's own draws and sensor readings happened for real: never taken back."""
        return self in (Source.PLAYER, Source.MANUAL)


_SOURCE_WORDS = {
    "player": ("a player's decision", "chosen by a player"),
    "app draw": ("an app draw", "drawn by the app"),
    "sensor": ("a sensor reading", "read by the wolf sensor"),
    "manual entry": ("a manual entry", "entered from the table"),
}
"""Each source's words: as a noun phrase (messages about the journal) and as how the step
came about (what a player reads)."""
_SOURCE_OF = {source.value: source for source in Source}
"""Each source by its stored text."""


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
    format: int = GAME_FORMAT


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


class JournalDamaged(sqlite3.DatabaseError):
    """SQLite reads the file, but its content is not a journal this app wrote."""


class JournalTooNew(Exception):
    """The journal was written by a newer version of the app: it is left as it is."""

    def __init__(self, path: Path, version: int) -> None:
        super().__init__(
            f"The saved-games journal {path} was written by a newer version of the companion "
            f"(journal version {version}; this version reads up to {SCHEMA_VERSION}). It was "
            "left untouched: install the newer version, or start with --data-dir elsewhere."
        )
        self.path = path


class Journal:
    """Durable storage of games and their events in one SQLite file."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        private_dir(self.path.parent)
        private_file(self.path)  # SQLite gives its -wal and -shm files the same mode
        for side in _side_files(self.path):
            if side.exists():
                private_file(side)
        self._db = self._connect()

    @classmethod
    def open_or_recover(cls, path: Path | str) -> tuple[Journal, JournalCorrupt | None]:
        """Open ``path``; if it is damaged, move it aside, start clean and say so.

        The file is checked read-only first, so the moved copy is the damaged file
        byte for byte.  Raises JournalTooNew (nothing moved) for a newer app's file."""
        from companion.session.journal_check import check_file

        path = Path(path)
        if path.exists():
            try:
                check_file(path)
            except sqlite3.OperationalError:
                raise  # locked, unreadable or a disk error: the file may be fine, never move it
            except sqlite3.DatabaseError as err:
                moved = move_aside(path)
                return cls(path), JournalCorrupt(path, moved, str(err))
        journal = cls(path)
        journal.repair_finished_marks()
        return journal, None

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            db.close()
            raise JournalTooNew(self.path, version)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        db.executescript(_SCHEMA)
        columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
        if "format" not in columns:  # a version 1 journal: its games are format 1
            db.execute("ALTER TABLE games ADD COLUMN format INTEGER NOT NULL DEFAULT 1")
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        return db

    def repair_finished_marks(self) -> None:
        """A game whose last event is an undo is not over, whatever its mark says.

        Older versions wrote the undo and the "unfinished" mark in two transactions; a
        cut between them hid the game from resume.  (An undo always leaves a state
        that is not terminal: the state before any step had a move to make.)"""
        with self._transaction() as db:
            db.execute(
                "UPDATE games SET finished = NULL, result = NULL WHERE finished IS NOT NULL"
                " AND (SELECT kind FROM events WHERE game_id = games.id"
                " ORDER BY seq DESC LIMIT 1) = 'undo'"
            )

    def check(self) -> None:
        """Raise sqlite3.DatabaseError unless the file is sound (``journal_check``)."""
        from companion.session.journal_check import check_file

        check_file(self.path)

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
                "INSERT INTO games (game, players, options, seed, names, started, setup, format)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game,
                    players,
                    json.dumps(options, sort_keys=True),
                    seed,
                    json.dumps(names),
                    time.time(),
                    json.dumps(setup or {}, sort_keys=True),
                    GAME_FORMAT,
                ),
            )
            return int(cur.lastrowid or 0)

    def change_setup(self, game_id: int, setup: dict[str, Any]) -> None:
        """A game's setup data corrected while it is played (a card the owner's box
        lacked, added at the moment it turned up): a resume rebuilds it with this."""
        with self._transaction() as db:
            db.execute(
                "UPDATE games SET setup = ? WHERE id = ?",
                (json.dumps(setup, sort_keys=True), game_id),
            )

    def finish_game(self, game_id: int, result: str) -> None:
        with self._transaction() as db:
            _mark_finished(db, game_id, result)

    def reopen_game(self, game_id: int) -> None:
        """An undo took a finished game back: offer it for resume again."""
        with self._transaction() as db:
            _mark_unfinished(db, game_id)

    def abandon_game(self, game_id: int) -> None:
        """Stop offering a game for resume (it stays in the file)."""
        with self._transaction() as db:
            db.execute("UPDATE games SET abandoned = 1 WHERE id = ?", (game_id,))

    def game(self, game_id: int) -> GameRecord:
        row = self._db.execute(
            f"SELECT {RECORD_COLUMNS} FROM games WHERE id = ?",
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
        return self._games("finished IS NULL AND abandoned = 0", "id DESC", limit)

    def set_aside_games(self, limit: int = 50) -> list[GameRecord]:
        """Unfinished games set aside (no longer offered for resuming), newest first: their
        history stays saved and Past games shows it."""
        return self._games("finished IS NULL AND abandoned = 1", "id DESC", limit)

    def finished_games(self, limit: int = 50) -> list[GameRecord]:
        """Games played to the end, newest first (for the past-games list)."""
        return self._games("finished IS NOT NULL", "finished DESC", limit)

    def _games(self, where: str, order: str, limit: int) -> list[GameRecord]:
        """The games matching ``where`` (one of the fixed conditions above, never input)."""
        rows = self._db.execute(
            f"SELECT {RECORD_COLUMNS} FROM games WHERE {where} ORDER BY {order} LIMIT ?",
            (limit,),
        ).fetchall()
        return [_record(r) for r in rows]

    # -- events ---------------------------------------------------------------
    def append(
        self,
        game_id: int,
        kind: str,
        action: str | None,
        source: Source,
        finished: str | None = None,
        reopen: bool = False,
    ) -> int:
        """Append one event and return its sequence number once it is on disk.

        ``finished`` (the result) marks the game over and ``reopen`` marks it not over,
        in the same transaction as the event, so a power cut cannot split them."""
        return self.append_many(game_id, [(kind, action, source)], finished, reopen)

    def append_many(
        self,
        game_id: int,
        events: list[tuple[str, str | None, Source]],
        finished: str | None = None,
        reopen: bool = False,
    ) -> int:
        """Append ``(kind, action, source)`` events in one transaction (all or none
        survive a power cut) and return the last one's sequence number once on disk."""
        now = time.time()
        with self._transaction() as db:
            (last,) = db.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?", (game_id,)
            ).fetchone()
            first = int(last) + 1
            db.executemany(
                "INSERT INTO events (game_id, seq, kind, action, source, time)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (game_id, first + i, kind, action, source.value, now)
                    for i, (kind, action, source) in enumerate(events)
                ],
            )
            if finished is not None:
                _mark_finished(db, game_id, finished)
            if reopen:
                _mark_unfinished(db, game_id)
        return first + len(events) - 1

    def events(self, game_id: int) -> list[Event]:
        rows = self._db.execute(
            "SELECT seq, kind, action, source, time FROM events WHERE game_id = ? ORDER BY seq",
            (game_id,),
        ).fetchall()
        known = _SOURCE_OF  # a dict lookup: half the cost of Source(...) for a long game
        return [
            Event(seq, kind, action, known.get(source) or Source(source), t)
            for seq, kind, action, source, t in rows
        ]


LATEST_TIME = 2**33  # seconds since 1970: the year 2242
RECORD_COLUMNS = "id, game, players, options, seed, names, setup, started, finished, result, format"


def _mark_finished(db: sqlite3.Connection, game_id: int, result: str) -> None:
    db.execute(
        "UPDATE games SET finished = ?, result = ? WHERE id = ?", (time.time(), result, game_id)
    )


def _mark_unfinished(db: sqlite3.Connection, game_id: int) -> None:
    db.execute("UPDATE games SET finished = NULL, result = NULL WHERE id = ?", (game_id,))


def _record(row: tuple[Any, ...]) -> GameRecord:
    """A game row read back; JournalDamaged names the row and the field that is wrong."""
    gid, game, players, options, seed, names, setup, started, finished, result, fmt = row
    record = GameRecord(
        gid,
        _field(gid, "game", game, str),
        _field(gid, "players", players, int),
        _json_field(gid, "options", options, dict),
        _field(gid, "seed", seed, int),
        _json_field(gid, "names", names, list),
        _json_field(gid, "setup", setup, dict),
        _time_field(gid, "started", started),
        None if finished is None else _time_field(gid, "finished", finished),
        None if result is None else _field(gid, "result", result, str),
        _field(gid, "format", fmt, int),
    )
    if not all(isinstance(n, str) for n in record.names):
        raise JournalDamaged(f"game {gid}: names must be a list of texts")
    return record


def _field(gid: Any, name: str, value: Any, kind: type) -> Any:
    if kind is float and isinstance(value, int):
        value = float(value)
    if type(value) is not kind:
        raise JournalDamaged(f"game {gid}: {name} is {value!r}, not {kind.__name__}")
    return value


def _time_field(gid: Any, name: str, value: Any) -> float:
    """A time that ``time.localtime`` can show (NaN, 1e300 or a negative time cannot be)."""
    seconds: float = _field(gid, name, value, float)
    if not 0 <= seconds < LATEST_TIME:
        raise JournalDamaged(f"game {gid}: {name} is {seconds!r}, not a time")
    return seconds


def _json_field(gid: Any, name: str, text: Any, kind: type) -> Any:
    try:
        value = json.loads(_field(gid, name, text, str))
    except (json.JSONDecodeError, RecursionError) as err:
        raise JournalDamaged(f"game {gid}: {name} is not JSON ({err})") from None
    if not isinstance(value, kind):
        raise JournalDamaged(f"game {gid}: {name} must be a JSON {kind.__name__}")
    return value


def _side_files(path: Path) -> list[Path]:
    return [Path(f"{path}{suffix}") for suffix in ("-wal", "-shm")]


def move_aside(path: Path) -> Path:
    """Rename a damaged journal (and its WAL/SHM files) to a unique ``.corrupt-*`` name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    os.replace(path, target)
    for side in _side_files(path):
        if side.exists():
            os.replace(side, Path(f"{target}{side.name[len(path.name) :]}"))
    return target
