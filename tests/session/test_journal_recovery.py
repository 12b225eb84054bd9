"""A journal that opens but holds the wrong content is moved aside as it was found;
a newer app's journal or game is refused and kept; the finished mark cannot be lost."""

from __future__ import annotations

import os
import sqlite3
import stat
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.session import journal as journal_mod
from companion.session.journal import GAME_FORMAT, Journal, JournalTooNew, Source
from companion.session.session import SavedByNewerVersion, Session
from tests.engines.toy_game import GAME, Move, Roll

OLD_SCHEMA = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL, players INTEGER NOT NULL,
    options TEXT NOT NULL, seed INTEGER NOT NULL, names TEXT NOT NULL,
    setup TEXT NOT NULL DEFAULT '{}', started REAL NOT NULL, finished REAL, result TEXT,
    abandoned INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE events (
    game_id INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('action', 'undo')), action TEXT,
    source TEXT NOT NULL, time REAL NOT NULL, PRIMARY KEY (game_id, seq)
);
PRAGMA user_version=1;
"""


def played_journal(path: Path) -> int:
    journal = Journal(path)
    session = Session.start(journal, GAME, 2, seed=3)
    session.apply(Roll(2), Source.MANUAL)
    journal.close()
    return session.game_row


def tamper(path: Path, *sql: str) -> None:
    db = sqlite3.connect(path, isolation_level=None)
    for statement in sql:
        db.execute(statement)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


DAMAGE: dict[str, Callable[[Path], None]] = {
    "options not JSON": lambda p: tamper(p, "UPDATE games SET options = '{bad'"),
    "names not JSON": lambda p: tamper(p, "UPDATE games SET names = 'Ann, Bo'"),
    "names not texts": lambda p: tamper(p, "UPDATE games SET names = '[1, 2]'"),
    "started as text": lambda p: tamper(p, "UPDATE games SET started = 'yesterday'"),
    "started beyond any clock": lambda p: tamper(p, "UPDATE games SET started = 1e300"),
    "unknown source": lambda p: tamper(p, "UPDATE events SET source = 'robot'"),
    "other columns": lambda p: tamper(p, "ALTER TABLE events RENAME COLUMN time TO moment"),
    "options a list": lambda p: tamper(p, "UPDATE games SET options = '[1]'"),
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_wrong_content_is_moved_aside_byte_identical(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "journal.sqlite3"
    played_journal(path)
    DAMAGE[damage](path)
    before = path.read_bytes()
    journal, problem = Journal.open_or_recover(path)
    assert problem is not None and str(problem.moved_to) in str(problem)
    assert problem.moved_to.read_bytes() == before
    assert journal.unfinished_games() == []
    Session.start(journal, GAME, 1, seed=1).draw()


def test_a_sound_journal_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    row = played_journal(path)
    journal, problem = Journal.open_or_recover(path)
    assert problem is None
    assert [g.id for g in journal.unfinished_games()] == [row]


def test_a_version_1_journal_is_migrated_and_its_games_are_format_1(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    db.executescript(OLD_SCHEMA)
    db.execute(
        "INSERT INTO games (game, players, options, seed, names, started)"
        " VALUES ('die-race', 1, '{\"target\": 5}', 4, '[\"Ann\"]', 1.0)"
    )
    db.execute("INSERT INTO events VALUES (1, 1, 'action', 'roll 2', 'manual entry', 2.0)")
    db.close()
    journal, problem = Journal.open_or_recover(path)
    assert problem is None
    assert journal.game(1).format == 1
    assert Session.resume(journal, 1, GAME).state.roll == 2


def test_a_game_from_a_newer_version_is_refused_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    row = played_journal(path)
    tamper(path, f"UPDATE games SET format = {GAME_FORMAT + 1}")
    journal, problem = Journal.open_or_recover(path)
    assert problem is None and not list(tmp_path.glob("*.corrupt-*"))
    with pytest.raises(SavedByNewerVersion, match="newer version"):
        Session.resume(journal, row, GAME)
    assert [g.id for g in journal.unfinished_games()] == [row]


def test_a_journal_from_a_newer_version_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    played_journal(path)
    tamper(path, "PRAGMA user_version = 99")
    before = path.read_bytes()
    with pytest.raises(JournalTooNew, match=r"newer version .*journal version 99"):
        Journal.open_or_recover(path)
    assert path.read_bytes() == before and not list(tmp_path.glob("*.corrupt-*"))


def test_no_phantom_game_when_the_first_state_cannot_be_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = Journal(tmp_path / "journal.sqlite3")

    def broken(*_args: object) -> None:
        raise ValueError("the board has no start square")

    monkeypatch.setattr(type(GAME), "_new_state", broken)
    with pytest.raises(ValueError, match="no start square"):
        Session.start(journal, GAME, 2, seed=1)
    assert journal.unfinished_games() == []


def finished_game(journal: Journal) -> Session:
    session = Session.start(journal, GAME, 1, options={"target": 2}, seed=1)
    session.apply(Roll(2), Source.MANUAL)
    session.apply(Move(2))
    assert session.state.is_terminal() and journal.latest_unfinished() is None
    return session


def test_an_undo_and_its_unfinished_mark_are_one_transaction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = Journal(tmp_path / "journal.sqlite3")
    session = finished_game(journal)

    def power_cut(*_args: object) -> None:
        raise OSError("power cut")

    monkeypatch.setattr(journal_mod, "_mark_unfinished", power_cut)
    monkeypatch.setattr(journal, "reopen_game", power_cut)
    with pytest.raises(OSError):
        session.undo()
    monkeypatch.undo()
    assert [e.kind for e in journal.events(session.game_row)] == ["action", "action"]
    assert Session.resume(journal, session.game_row, GAME).state.is_terminal()


def test_a_lost_unfinished_mark_is_repaired_on_open(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    journal = Journal(path)
    session = finished_game(journal)
    # an older version: the undo is written, the power goes before the game is reopened
    journal.append(session.game_row, "undo", None, Source.PLAYER)
    journal.close()
    reopened, problem = Journal.open_or_recover(path)
    assert problem is None
    latest = reopened.latest_unfinished()
    assert latest is not None and latest.id == session.game_row
    assert not Session.resume(reopened, latest.id, GAME).state.is_terminal()


def test_resume_reopens_a_game_marked_finished_that_is_not_over(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "journal.sqlite3")
    session = Session.start(journal, GAME, 1, seed=1)
    session.apply(Roll(2), Source.MANUAL)
    journal.finish_game(session.game_row, "wrongly marked")
    Session.resume(journal, session.game_row, GAME)
    assert journal.latest_unfinished() is not None


def test_the_journal_is_private_whatever_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        base = tmp_path / "data"
        journal = Journal(base / "journal.sqlite3")
        Session.start(journal, GAME, 1, seed=1).draw()
        files = [base / "journal.sqlite3", base / "journal.sqlite3-wal"]
        modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in files}
        journal.close()
    finally:
        os.umask(old)
    assert modes == {"journal.sqlite3": 0o600, "journal.sqlite3-wal": 0o600}
    assert stat.S_IMODE(base.stat().st_mode) == 0o700


def test_an_existing_world_readable_journal_is_made_private(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    played_journal(path)
    os.chmod(path, 0o644)
    Journal.open_or_recover(path)[0].close()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
