"""The controller: refusals become messages, device draws are journaled as app draws."""

from __future__ import annotations

from pathlib import Path

from companion.session.journal import Journal, Source
from companion.session.session import Session
from companion.ui.controller import GameController
from tests.engines.toy_game import GAME, Move, Roll


def make(tmp_path: Path) -> tuple[GameController, list[str]]:
    messages: list[str] = []
    session = Session.start(Journal(tmp_path / "j.sqlite3"), GAME, 2, seed=1)
    return GameController(session, messages.append), messages


def test_commit_draw_journals_an_app_draw_that_undo_refuses(tmp_path: Path) -> None:
    controller, messages = make(tmp_path)
    assert controller.commit_draw(Roll(2)) is True
    assert controller.session.steps[-1].source is Source.APP_DRAW
    assert controller.undo() is False and "The last step was an app draw" in messages[-1]


def test_commit_draw_refuses_at_a_decision_or_an_impossible_outcome(tmp_path: Path) -> None:
    controller, messages = make(tmp_path)
    assert controller.commit_draw(Roll(7)) is False
    assert messages[-1] == "The game is not waiting for that draw."
    controller.commit_draw(Roll(1))
    assert controller.commit_draw(Roll(1)) is False
    assert len(controller.session.steps) == 1


def test_an_illegal_tap_is_a_message_and_changes_nothing(tmp_path: Path) -> None:
    controller, messages = make(tmp_path)
    changes: list[int] = []
    controller.listen(lambda: changes.append(1))
    assert controller.choose("move 3") is False
    assert messages[-1] == "move 3 is not a legal move now" and changes == []
    assert controller.apply(Roll(3), Source.MANUAL) is True and changes == [1]


def test_undo_message_names_what_the_public_log_said(tmp_path: Path) -> None:
    controller, messages = make(tmp_path)
    controller.apply(Roll(3), Source.MANUAL)
    controller.apply(Move(3))
    assert controller.undo() is True
    assert messages[-1] == "Took back: Player 1 moves 3."
    assert [line.text for line in controller.view().log] == ["The die shows 3."]
