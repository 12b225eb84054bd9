"""A run of app draws (a digital Lost in the Woods shuffle, one draw per card) is one
journal commit and one screen refresh, journaled before anything is shown, and all
or nothing of it survives a failure or a kill."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from companion.engines import registry
from companion.engines.base import State
from companion.session.journal import Journal, Source
from companion.session.session import Session
from companion.ui.controller import GameController

WOODS = registry.get("lost-in-the-woods")
DECK_SIZE = 43
"""Rulebook, components: "43 Journey cards" (the whole deck is shuffled at set-up)."""


def shuffling(state: State) -> bool:
    return bool(state.view().table.shuffling)


def commits(journal: Journal) -> list[str]:
    """Every COMMIT the journal's connection sends from now on."""
    seen: list[str] = []
    journal._db.set_trace_callback(lambda sql: seen.append(sql) if sql == "COMMIT" else None)
    return seen


@pytest.fixture
def journal(tmp_path: Path) -> Journal:
    return Journal(tmp_path / "journal.sqlite3")


def test_a_whole_shuffle_is_one_commit_and_draws_what_single_draws_would(
    journal: Journal,
) -> None:
    session = Session.start(journal, WOODS, 1, seed=4)
    single = Session.start(journal, WOODS, 1, seed=4)
    sent = commits(journal)
    drawn = session.draw_while(shuffling)
    assert len(sent) == 1
    assert len(drawn) == DECK_SIZE and not shuffling(session.state)
    while shuffling(single.state):
        single.draw()
    assert single.state == session.state and single.state.log == session.state.log
    events = journal.events(session.game_row)
    assert [e.action for e in events] == [e.action for e in journal.events(single.game_row)]
    assert {e.source for e in events} == {Source.APP_DRAW}
    assert not session.can_undo()  # a shuffle really happened


def test_the_screen_is_refreshed_once_and_only_after_the_shuffle_is_on_disk(
    tmp_path: Path,
) -> None:
    path = tmp_path / "journal.sqlite3"
    session = Session.start(Journal(path), WOODS, 1, seed=9)
    controller = GameController(session, lambda _text: None)
    reader = Journal(path)  # a second connection sees only what was committed
    refreshes: list[tuple[int, int]] = []
    controller.listen(
        lambda: refreshes.append((len(session.steps), len(reader.events(session.game_row))))
    )
    controller.draw_while(shuffling)
    assert refreshes == [(DECK_SIZE, DECK_SIZE)]


def test_a_failed_commit_keeps_none_of_the_run_and_changes_nothing_shown(
    journal: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = Session.start(journal, WOODS, 1, seed=2)
    before = session.state.to_dict()
    real = journal._db

    class FailingMidway:
        """The connection, but the batch insert dies after writing some rows."""

        def __getattr__(self, name: str) -> Any:
            return getattr(real, name)

        def executemany(self, sql: str, rows: list[tuple[Any, ...]]) -> Any:
            real.executemany(sql, rows[:10])
            raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(journal, "_db", FailingMidway())
    with pytest.raises(sqlite3.OperationalError):
        session.draw_while(shuffling)
    monkeypatch.setattr(journal, "_db", real)
    assert journal.events(session.game_row) == []
    assert session.state.to_dict() == before and session.steps == []
    assert len(session.draw_while(shuffling)) == DECK_SIZE  # the same run, now whole
