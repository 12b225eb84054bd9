"""Sessions: journaled apply, app draws committed first, undo rules, resume by replay."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.engines.base import IllegalAction
from companion.session.journal import Journal, Source
from companion.session.session import ResumeFailed, Session, UndoRefused
from tests.engines.toy_game import GAME, Move, Roll


@pytest.fixture
def journal(tmp_path: Path) -> Journal:
    return Journal(tmp_path / "journal.sqlite3")


def test_actions_are_journaled_with_their_source(journal: Journal) -> None:
    session = Session.start(journal, GAME, 2, seed=7)
    session.apply(Roll(2), Source.MANUAL)
    session.apply_text("move 2")
    events = journal.events(session.game_row)
    assert [(e.kind, e.action, e.source) for e in events] == [
        ("action", "roll 2", Source.MANUAL),
        ("action", "move 2", Source.PLAYER),
    ]
    assert session.state.positions == [2, 0]


def test_an_illegal_action_is_not_journaled(journal: Journal) -> None:
    session = Session.start(journal, GAME, 2, seed=7)
    session.apply(Roll(1), Source.MANUAL)
    with pytest.raises(IllegalAction):
        session.apply(Move(3))
    assert len(journal.events(session.game_row)) == 1
    assert session.state.roll == 1


def test_app_draw_is_on_disk_before_it_is_returned(journal: Journal, tmp_path: Path) -> None:
    session = Session.start(journal, GAME, 2, seed=11)
    drawn = session.draw()
    other = sqlite3.connect(tmp_path / "journal.sqlite3")
    rows = other.execute("SELECT action, source FROM events").fetchall()
    assert rows == [(drawn.key, "app draw")]


def test_draw_is_refused_at_a_decision(journal: Journal) -> None:
    session = Session.start(journal, GAME, 2, seed=11)
    session.draw()
    with pytest.raises(IllegalAction, match="player's decision"):
        session.draw()


def test_undo_takes_back_decisions_but_never_an_app_draw(journal: Journal) -> None:
    session = Session.start(journal, GAME, 1, seed=3)
    session.draw()
    session.apply(Move(1))
    session.undo()
    assert session.state.positions == [0] and session.state.roll is not None
    with pytest.raises(
        UndoRefused,
        match="^The last step was an app draw: it really happened, so it cannot be taken back.$",
    ):
        session.undo()
    assert session.can_undo() is False


def test_undo_of_manual_entries_works_back_to_the_start(journal: Journal) -> None:
    session = Session.start(journal, GAME, 2, seed=3)
    start = session.state.to_dict()
    for roll, move in ((3, 3), (2, 1)):
        session.apply(Roll(roll), Source.MANUAL)
        session.apply(Move(move))
    for _ in range(4):
        session.undo()
    assert session.state.to_dict() == start
    with pytest.raises(UndoRefused, match="start of the game"):
        session.undo()


def test_resume_replays_actions_and_undos(journal: Journal, tmp_path: Path) -> None:
    session = Session.start(journal, GAME, 2, seed=5, names=["Ann", "Bo"])
    session.draw()
    session.apply(Move(1))
    session.apply(Roll(2), Source.MANUAL)
    session.undo()
    session.apply(Roll(3), Source.MANUAL)
    expected = session.state.to_dict()
    journal.close()
    reopened = Journal(tmp_path / "journal.sqlite3")
    latest = reopened.latest_unfinished()
    assert latest is not None and latest.names == ["Ann", "Bo"]
    resumed = Session.resume(reopened, latest.id, GAME)
    assert resumed.state.to_dict() == expected
    assert [s.text for s in resumed.steps] == [s.text for s in session.steps]


def test_finished_games_are_not_offered_for_resume(journal: Journal) -> None:
    session = Session.start(journal, GAME, 1, options={"target": 2}, seed=1)
    session.apply(Roll(2), Source.MANUAL)
    session.apply(Move(2))
    assert session.state.is_terminal()
    assert journal.latest_unfinished() is None
    assert journal.game(session.game_row).result == "Player 1 reached square 2"
    session.undo()
    assert journal.latest_unfinished() is not None


def test_resume_reports_the_step_that_no_longer_applies(journal: Journal) -> None:
    session = Session.start(journal, GAME, 1, seed=1)
    journal.append(session.game_row, "action", "roll 7", Source.MANUAL)
    with pytest.raises(ResumeFailed, match="step 1 \\('roll 7'\\)"):
        Session.resume(journal, session.game_row, GAME)


def test_a_damaged_journal_is_moved_aside_and_a_new_one_started(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    journal, problem = Journal.open_or_recover(path)
    assert problem is not None
    assert str(path) in str(problem) and str(problem.moved_to) in str(problem)
    assert problem.moved_to.read_bytes().startswith(b"this is not a database")
    assert journal.latest_unfinished() is None
    Session.start(journal, GAME, 1, seed=1).draw()


def test_setup_data_is_saved_and_used_on_resume(journal: Journal) -> None:
    from companion.engines.beware_of_the_wolf import GAME as WOLF

    default = (Path(WOLF.__module__.replace(".", "/")).parent / "box.toml").read_text()
    taught = default.replace('name = "', 'name = "My taught ', 1)
    session = Session.start(journal, "beware-of-the-wolf", 2, seed=4, setup={"board": taught})
    assert session.game.board.name.startswith("My taught ")
    session.draw()
    resumed = Session.resume(journal, session.game_row)
    assert resumed.game.board.name == session.game.board.name
    assert resumed.state == session.state


def test_setup_data_a_game_does_not_take_is_refused(journal: Journal) -> None:
    from companion.engines.base import InvalidOptions

    with pytest.raises(InvalidOptions, match="takes no setup data \\(board\\)"):
        Session.start(journal, GAME, 1, setup={"board": "x"})
    with pytest.raises(InvalidOptions, match="not a valid TOML file"):
        Session.start(journal, "beware-of-the-wolf", 2, setup={"board": "[[["})


def test_a_locked_journal_is_not_mistaken_for_a_damaged_one(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    Journal(path).close()
    holder = sqlite3.connect(path, timeout=0)
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            Journal.open_or_recover(path)
    finally:
        holder.close()
    assert not list(tmp_path.glob("*.corrupt-*"))


def test_a_game_that_ended_before_the_power_went_is_finished_on_resume(journal: Journal) -> None:
    session = Session.start(journal, GAME, 1, options={"target": 2}, seed=1)
    session.apply(Roll(2), Source.MANUAL)
    # an older version wrote the winning move, then the plug was pulled before the mark
    journal.append(session.game_row, "action", Move(2).key, Source.PLAYER)
    assert journal.latest_unfinished() is not None
    Session.resume(journal, session.game_row, GAME)
    assert journal.latest_unfinished() is None


def test_a_decision_may_only_come_from_a_player(journal: Journal) -> None:
    session = Session.start(journal, GAME, 1, seed=1)
    session.apply(Roll(2), Source.MANUAL)
    for source in (Source.MANUAL, Source.APP_DRAW, Source.SENSOR):
        with pytest.raises(IllegalAction, match="'move 2' is a player's decision"):
            session.apply(Move(2), source)
    assert len(journal.events(session.game_row)) == 1


def test_a_chance_outcome_may_not_come_from_a_player(journal: Journal) -> None:
    session = Session.start(journal, GAME, 1, seed=1)
    with pytest.raises(IllegalAction, match="'roll 2' is a chance outcome"):
        session.apply(Roll(2), Source.PLAYER)
    for source in (Source.MANUAL, Source.SENSOR):
        session.apply(Roll(2), source)
        session.apply(Move(1))
    assert journal.events(session.game_row)[-1].source is Source.PLAYER
