"""A run of app draws (a digital Lost in the Woods shuffle, one draw per card) is one
journal commit and one screen refresh, journaled before anything is shown, and all
or nothing of it survives a failure or a kill.  So is a run the table enters at once:
a hand refilled from a real Gingerdead House deck, one tap for every card drawn, each
draw checked and journaled as if entered alone, replayed on resume, undone by Undo."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from companion.engines import registry
from companion.engines.base import IllegalAction, State
from companion.engines.gingerdead_house import UNKNOWN_DRAW
from companion.session.journal import Journal, Source
from companion.session.session import Session
from companion.ui.controller import GameController

WOODS = registry.get("lost-in-the-woods")
GINGERDEAD = registry.get("gingerdead-house")
TABLE_DECKS = {"player_decks": "table"}
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


def at_the_hands_first_draw(session: Session) -> None:
    """Set-up played by the app and the table until the first player's hand is drawn."""
    while UNKNOWN_DRAW not in [
        session.state.action_to_string(a) for a in session.state.legal_actions()
    ]:
        if session.state.is_chance_node():
            session.draw()
        else:
            session.apply(session.state.legal_actions()[0])


def test_a_refill_is_one_commit_one_refresh_and_one_undo(journal: Journal) -> None:
    session = Session.start(journal, GINGERDEAD, 2, TABLE_DECKS, seed=3)
    at_the_hands_first_draw(session)
    before = session.state.to_dict()
    steps = len(session.steps)
    controller = GameController(session, lambda _text: None)
    refreshes: list[int] = []
    controller.listen(lambda: refreshes.append(len(session.steps)))
    sent = commits(journal)
    assert controller.enter_outcomes(UNKNOWN_DRAW, 5) == 5
    assert len(sent) == 1 and refreshes == [steps + 5]
    assert [s.text for s in session.steps[steps:]] == [UNKNOWN_DRAW] * 5
    assert {s.source for s in session.steps[steps:]} == {Source.MANUAL}
    resumed = Session.resume(journal, session.game_row)
    assert resumed.state.to_dict() == session.state.to_dict()
    for _ in range(5):
        session.undo()
    assert session.state.to_dict() == before


def test_a_refill_stops_where_the_draw_is_no_longer_asked_for(journal: Journal) -> None:
    session = Session.start(journal, GINGERDEAD, 2, TABLE_DECKS, seed=3)
    at_the_hands_first_draw(session)
    steps = len(session.steps)
    assert session.enter_repeated(UNKNOWN_DRAW, 9) == 5  # a hand holds five
    assert len(session.steps) == steps + 5
    with pytest.raises(IllegalAction):
        session.enter_repeated(UNKNOWN_DRAW, 1)  # not a draw now: nothing changes
    assert len(session.steps) == steps + 5
