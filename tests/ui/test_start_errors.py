"""A game that cannot start says why in its own words, and leaves no saved game behind;
a game saved by a newer version is refused with a message and kept."""

from __future__ import annotations

import pytest

from companion.session.journal import GAME_FORMAT, Source
from companion.session.session import Session
from tests.engines.toy_game import GAME, Roll
from tests.ui.conftest import Driver


class BoardError(ValueError):
    """Stands in for an engine's own data error (a board, a manifest)."""


@pytest.mark.usefixtures("die_race_registered")
def test_an_engine_data_error_at_start_gets_its_own_message(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_args: object) -> None:
        raise BoardError("board.toml, tile 4: no such kind 'lake'")

    journal = ui.app.services.journal
    before = journal.unfinished_games()
    monkeypatch.setattr(type(GAME), "_new_state", broken)
    ui.app.start_game("die-race", 2, {})
    ui.pump(2)
    assert (
        ui.app.message
        == "Die Race (test game) cannot start: board.toml, tile 4: no such kind 'lake'"
    )
    assert journal.unfinished_games() == before
    assert ui.app.controller is None


@pytest.mark.usefixtures("die_race_registered")
def test_a_game_saved_by_a_newer_version_is_refused_and_kept(ui: Driver) -> None:
    journal = ui.app.services.journal
    session = Session.start(journal, "die-race", 1, seed=2)
    session.apply(Roll(2), Source.MANUAL)
    journal._db.execute(
        "UPDATE games SET format = ? WHERE id = ?", (GAME_FORMAT + 1, session.game_row)
    )
    ui.app.resume_game(journal.game(session.game_row))
    ui.pump(2)
    assert "saved by a newer version of the companion" in ui.app.message
    assert session.game_row in [g.id for g in journal.unfinished_games()]
    assert ui.app.controller is None
    journal.abandon_game(session.game_row)
