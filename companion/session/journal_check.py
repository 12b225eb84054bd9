"""Is a journal file sound?  Decided read-only, before anything writes to it.

SQLite's integrity check only says the pages are readable.  A file can pass it
and still not be a journal this app can play from: tables with other columns,
options that are not JSON, a text where a time belongs, an event from an
unknown source.  Such a file is damaged too, and it must be moved aside exactly
as it was found, so the check opens it read-only (``mode=ro``).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from companion.session.journal import (
    _SCHEMA,
    RECORD_COLUMNS,
    SCHEMA_VERSION,
    JournalDamaged,
    JournalTooNew,
    Source,
    _record,
)

_EVENT_TYPES = {"seq": "integer", "time": ("integer", "real"), "action": ("text", "null")}


def check_file(path: Path) -> None:
    """Raise JournalDamaged (or another sqlite3.DatabaseError) unless ``path`` is sound.

    JournalTooNew for a file a newer app wrote; OperationalError when the file is
    locked or unreadable (it may be fine: the caller must not move it)."""
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        rows = db.execute("PRAGMA integrity_check").fetchall()
        if rows != [("ok",)]:
            raise sqlite3.DatabaseError("; ".join(str(r[0]) for r in rows[:3]))
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise JournalTooNew(path, version)
        _check_tables(db, version)
        _check_content(db)
    finally:
        db.close()


def _expected_columns() -> dict[str, list[str]]:
    db = sqlite3.connect(":memory:")
    db.executescript(_SCHEMA)
    tables = {t: [r[1] for r in db.execute(f"PRAGMA table_info({t})")] for t in ("games", "events")}
    db.close()
    return tables


def _check_tables(db: sqlite3.Connection, version: int) -> None:
    for table, expected in _expected_columns().items():
        found = [r[1] for r in db.execute(f"PRAGMA table_info({table})")]
        if not found and version == 0:
            continue  # a new, empty file: the tables are created on open
        if version < 2 and table == "games":
            expected = [c for c in expected if c != "format"]  # added by the migration
        if found != expected:
            raise JournalDamaged(
                f"the {table} table has the columns {', '.join(found) or 'none'}, "
                f"not {', '.join(expected)}"
            )


def _check_content(db: sqlite3.Connection) -> None:
    columns = {r[1] for r in db.execute("PRAGMA table_info(games)")}
    if not columns:
        return
    selected = RECORD_COLUMNS if "format" in columns else RECORD_COLUMNS.replace("format", "1")
    for row in db.execute(f"SELECT {selected} FROM games"):  # noqa: S608 (our own columns)
        _record(row)
    known = {s.value for s in Source}
    for (source,) in db.execute("SELECT DISTINCT source FROM events"):
        if source not in known:
            raise JournalDamaged(f"an event has the unknown source {source!r}")
    for (kind,) in db.execute("SELECT DISTINCT kind FROM events"):
        if kind not in ("action", "undo"):
            raise JournalDamaged(f"an event has the unknown kind {kind!r}")
    for column, types in _EVENT_TYPES.items():
        allowed = (types,) if isinstance(types, str) else types
        marks = ", ".join("?" for _ in allowed)
        bad = db.execute(
            f"SELECT game_id, seq FROM events WHERE typeof({column}) NOT IN ({marks}) LIMIT 1",  # noqa: S608
            allowed,
        ).fetchone()
        if bad is not None:
            raise JournalDamaged(f"event {bad[1]} of game {bad[0]}: {column} has the wrong type")
