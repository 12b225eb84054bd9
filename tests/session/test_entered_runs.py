"""A hand refilled from a real Gingerdead House deck (one tap for every card drawn) is
one journal commit and one screen refresh; each draw is checked and journaled as if
entered alone, a resume replays it, and one Undo takes the whole refill back."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engines import registry
from companion.engines.base import IllegalAction
from companion.engines.gingerdead_house import UNKNOWN_DRAW
from companion.session.journal import Journal, Source
from companion.session.session import Session
from companion.ui.controller import GameController

GINGERDEAD = registry.get("gingerdead-house")
TABLE_DECKS = {"player_decks": "table"}


def at_the_hands_first_draw(session: Session) -> None:
    """Set-up played by the app and the table until the first player's hand is drawn."""
    while UNKNOWN_DRAW not in [
        session.state.action_to_string(a) for a in session.state.legal_actions()
    ]:
        if session.state.is_chance_node():
            session.draw()
        else:
            session.apply(session.state.legal_actions()[0])


def commits(journal: Journal) -> list[str]:
    seen: list[str] = []
    journal._db.set_trace_callback(lambda sql: seen.append(sql) if sql == "COMMIT" else None)
    return seen


@pytest.fixture
def journal(tmp_path: Path) -> Journal:
    return Journal(tmp_path / "journal.sqlite3")


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
