"""Starting, playing, undoing and resuming a game through the shell, with touches."""

from __future__ import annotations

import pytest
from kivy.clock import Clock

from companion.session.journal import Source
from companion.session.session import Session
from tests.ui.conftest import Driver


@pytest.mark.usefixtures("die_race_registered")
def test_new_game_plain_table_undo_and_history(ui: Driver) -> None:
    ui.go_home()
    home = ui.screen()
    home.on_pre_enter()
    ui.pump(3)
    tile = next(t for t in home.ids.tiles.children if t.game_id == "die-race")
    ui.tap(tile)
    new_game = ui.screen()
    assert new_game.name == "new_game" and new_game.title == "New game: Die Race (test game)"
    two = next(b for b in new_game.ids.player_counts.children if b.text == "2")
    ui.tap(two)
    ui.tap(ui.button("+", new_game.ids.options))  # target 5 -> 6
    ui.screenshot("new-game")
    ui.tap(new_game.ids.start_button)

    table = ui.screen()
    assert table.name == "game:die-race"
    assert table.headline.startswith("Chance")
    assert ui.app.controller is not None
    assert ui.app.controller.session.record.options == {"target": 6}
    ui.tap(ui.button("roll 3"))
    assert table.headline == "Player 1 to play"
    assert [s.source for s in ui.app.controller.session.steps] == [Source.MANUAL]
    ui.tap(ui.button("move 3"))
    ui.tap(ui.button("Let the app draw"))
    assert ui.app.controller.session.steps[-1].source is Source.APP_DRAW
    ui.screenshot("plain-table")

    ui.tap(ui.button("Undo"))
    assert "app draw" in ui.app.message and len(ui.app.controller.session.steps) == 3

    ui.tap(ui.button("History"))
    history = ui.screen()
    assert history.name == "history"
    assert len(history.ids.rows.children) == 3
    ui.screenshot("history-game")
    ui.tap(history.ids.back_button)
    assert ui.screen().name == "game:die-race"


@pytest.mark.usefixtures("die_race_registered")
def test_resume_prompt_rebuilds_the_unfinished_game(ui: Driver) -> None:
    journal = ui.app.services.journal
    session = Session.start(journal, "die-race", 3, seed=9, names=["Ann", "Bo", "Cy"])
    session.apply(2, Source.MANUAL)
    session.apply(2)
    from companion.ui.screens.resume import ResumePrompt

    latest = journal.latest_unfinished()
    assert latest is not None and latest.id == session.game_row
    prompt = ResumePrompt(latest)
    prompt.open()
    ui.pump(5)
    assert "Die Race (test game) with 3 players" in prompt.ids.question.text
    ui.screenshot("resume-prompt")
    ui.tap(prompt.ids.resume_button)
    ui.pump(5)
    assert ui.screen().name == "game:die-race"
    assert ui.app.controller.session.state.positions == [2, 0, 0]
    assert ui.screen().headline == "Chance: let the app draw, or tap what the table showed"


@pytest.mark.usefixtures("die_race_registered")
def test_start_fresh_sets_the_old_game_aside(ui: Driver) -> None:
    journal = ui.app.services.journal
    fresh = Session.start(journal, "die-race", 1, seed=1)
    from companion.ui.screens.resume import ResumePrompt

    prompt = ResumePrompt(journal.latest_unfinished())
    prompt.open()
    ui.pump(5)
    ui.tap(prompt.ids.fresh_button)
    ui.pump(5)
    latest = journal.latest_unfinished()
    assert latest is None or latest.id != fresh.game_row
    assert ui.screen().name == "home"


def test_an_error_in_a_callback_becomes_a_message_not_a_crash(ui: Driver) -> None:
    def broken(_dt: float) -> None:
        raise RuntimeError("sensor exploded")

    Clock.schedule_once(broken, 0)
    ui.pump(3)
    assert "RuntimeError: sensor exploded" in ui.app.message
    assert "The game is saved" in ui.app.message
    ui.tap(ui.screen().ids.settings_button)
    assert ui.screen().name == "settings"


@pytest.mark.usefixtures("die_race_registered")
def test_leaving_a_game_clears_continue_on_home(ui: Driver) -> None:
    ui.app.start_game("die-race", 1, {"target": 5})
    ui.pump(3)
    assert ui.screen().name == "game:die-race"
    ui.app.leave_game()
    ui.pump(3)
    assert ui.screen().name == "home"
    assert ui.screen().ids.continue_button.disabled
    assert ui.screen().ids.continue_button.text == "No game in progress"


@pytest.mark.usefixtures("die_race_registered")
def test_history_shows_what_the_game_allows_of_each_step(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.engines.toy_game import DieRaceState

    monkeypatch.setattr(
        DieRaceState,
        "public_step_text",
        lambda self, text, after: "hidden" if text.startswith("move") and after < 1 else text,
    )
    ui.app.start_game("die-race", 2, {"target": 5})
    controller = ui.app.controller
    controller.apply(2, Source.MANUAL)
    controller.apply(2)
    ui.app.go("history")
    ui.pump(3)
    rows = [r.text for r in reversed(ui.screen().ids.rows.children)]
    assert "roll 2" in rows[0] and "hidden" in rows[1] and "move 2" not in rows[1]
    controller.apply(1, Source.MANUAL)
    ui.screen().update()
    rows = [r.text for r in reversed(ui.screen().ids.rows.children)]
    assert "move 2" in rows[1]
