"""Starting, playing, undoing and resuming a game through the shell, with touches."""

from __future__ import annotations

import pytest
from kivy.clock import Clock

from companion.session.journal import Source
from companion.session.session import Session
from tests.engines.toy_game import Move, Roll
from tests.ui.conftest import SIZES, Driver
from tests.ui.playing import open_resume_prompt


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
    assert table.headline == "Roll the die for Player 1"
    assert ui.app.controller is not None
    assert ui.app.controller.session.record.options == {"target": 6}
    ui.tap(ui.button("It shows 3"))  # a fair die: no shares shown
    assert table.headline == "Player 1 rolled 3: how far?"
    assert table.ids.turn.text == "Player 1's turn"
    assert [s.source for s in ui.app.controller.session.steps] == [Source.MANUAL]
    ui.tap(ui.button("Move 3"))
    ui.tap(ui.button("Let the app do it"))
    assert ui.app.controller.session.steps[-1].source is Source.APP_DRAW
    ui.screenshot("plain-table")

    ui.tap(ui.button("Undo"))
    assert (
        "The last step was an app draw" in ui.app.message
        and len(ui.app.controller.session.steps) == 3
    )

    ui.tap(ui.button("History"))
    history = ui.screen()
    assert history.name == "history"
    rows = [row.text for row in reversed(history.ids.rows.children)]
    assert rows[:2] == ["The die shows 3.", "Player 1 moves 3."]
    assert len(rows) == 3 and rows[2].startswith("The die shows ")
    ui.screenshot("history-game")
    ui.tap(history.ids.back_button)
    assert ui.screen().name == "game:die-race"


@pytest.mark.usefixtures("die_race_registered")
@pytest.mark.parametrize("size", SIZES)
def test_resume_prompt_rebuilds_the_unfinished_game(ui: Driver, size: tuple[int, int]) -> None:
    ui.resize(size)
    journal = ui.app.services.journal
    session = Session.start(journal, "die-race", 3, seed=9, names=["Ann", "Bo", "Cy"])
    session.apply(Roll(2), Source.MANUAL)
    session.apply(Move(2))
    prompt, question = open_resume_prompt(ui, session)
    assert "Die Race (test game) with Ann, Bo, Cy" in question
    assert "Roll the die for Bo" in question and "steps played" not in question
    ui.screenshot("resume-prompt", size)
    ui.tap(prompt.ids.resume_button)
    ui.pump(5)
    assert ui.screen().name == "game:die-race"
    assert ui.app.controller.session.state.positions == [2, 0, 0]
    assert ui.screen().headline == "Roll the die for Bo"


@pytest.mark.usefixtures("die_race_registered")
@pytest.mark.parametrize("size", SIZES)
def test_start_fresh_asks_then_sets_the_old_game_aside(ui: Driver, size: tuple[int, int]) -> None:
    ui.resize(size)
    from kivy.core.window import Window

    from companion.ui.confirm import Confirm

    journal = ui.app.services.journal
    fresh = Session.start(journal, "die-race", 1, seed=1)
    from companion.ui.screens.resume import ResumePrompt

    prompt = ResumePrompt(journal.latest_unfinished())
    prompt.open()
    ui.pump(5)
    ui.tap(prompt.ids.fresh_button)
    ui.pump(5)
    confirm = next(w for w in Window.children if isinstance(w, Confirm))
    assert "It will no longer be offered" in confirm.question
    ui.screenshot("confirm-set-aside", size)
    ui.tap(confirm.ids.no_button)  # changed their mind: nothing happens
    ui.pump(3)
    assert journal.latest_unfinished().id == fresh.game_row
    ui.tap(prompt.ids.fresh_button)
    ui.pump(3)
    confirm = next(w for w in Window.children if isinstance(w, Confirm))
    ui.tap(confirm.ids.yes_button)
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
    assert "Nothing was lost" in ui.app.message
    ui.tap(ui.screen().ids.settings_button)
    assert ui.screen().name == "settings"


@pytest.mark.usefixtures("die_race_registered")
@pytest.mark.parametrize("size", SIZES)
def test_leaving_a_game_clears_continue_on_home(ui: Driver, size: tuple[int, int]) -> None:
    ui.resize(size)
    ui.app.start_game("die-race", 1, {"target": 5})
    ui.pump(3)
    assert ui.screen().name == "game:die-race"
    ui.app.leave_game()
    ui.pump(3)
    assert ui.screen().name == "home"
    assert not ui.screen().ids.continue_button.text.startswith("Continue")


@pytest.mark.usefixtures("die_race_registered")
def test_history_shows_the_public_log_by_round(ui: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.engines.toy_game import DieRaceState

    monkeypatch.setattr(DieRaceState, "log_round", lambda self: 1 + sum(self.positions) // 3)
    ui.app.start_game("die-race", 2, {"target": 5})
    controller = ui.app.controller
    controller.apply(Roll(2), Source.MANUAL)
    controller.apply(Move(2))
    controller.apply(Roll(1), Source.MANUAL)
    ui.app.go("history")
    ui.pump(3)
    rows = [r.text for r in reversed(ui.screen().ids.rows.children)]
    assert rows == ["Round 1", "The die shows 2.", "Player 1 moves 2.", "The die shows 1."]
    ui.screenshot("history-rounds")


def test_start_up_problems_stay_on_screen_until_read(ui: Driver) -> None:
    from kivy.core.window import Window

    from companion.ui.screens.resume import ResumePrompt

    ui.app.services.problems = ["The saved-games journal /x/journal.sqlite3 was damaged."]
    try:
        ui.app.on_start()
        ui.pump(5)
        notice = ui.app.notice
        assert notice is not None and notice.get_parent_window() is not None
        assert "/x/journal.sqlite3" in notice.ids.text.text
        ui.pump(200)  # long after a message-bar message would have gone
        assert notice.get_parent_window() is not None
        ui.tap(notice.ids.ok_button)
        ui.pump(5)
        assert notice.get_parent_window() is None
    finally:
        ui.app.services.problems = []
        for child in list(Window.children):
            if isinstance(child, ResumePrompt):
                child.dismiss()
        ui.pump(5)


@pytest.mark.parametrize("size", SIZES)
def test_messages_are_toasts_that_cover_no_control_and_swallow_no_tap(
    ui: Driver, size: tuple[int, int]
) -> None:
    ui.resize(size)
    from kivy.tests.common import UnitTestTouch

    home = ui.screen()
    before = tuple(home.ids.settings_button.pos)
    ui.app.notify("Something to read")
    ui.pump(3)
    toast = ui.app.root.ids.message_bar
    assert tuple(home.ids.settings_button.pos) == before  # nothing moved
    top_bar = ui.app.root.ids.home_button.parent
    assert toast.top < top_bar.y, "the toast never covers the top bar"
    x, y = toast.to_window(*toast.center)
    assert toast.on_touch_down(UnitTestTouch(x, y)) is False  # the tap goes through
    ui.screenshot("toast", size)
    ui.tap(home.ids.settings_button)
    assert ui.screen().name == "settings"  # the first tap did what it said
    assert ui.app.message == ""  # a message belongs to the screen it was shown on


@pytest.mark.parametrize("size", SIZES)
def test_the_messages_log_keeps_what_faded(ui: Driver, size: tuple[int, int]) -> None:
    ui.resize(size)
    from kivy.core.window import Window

    from companion.ui.screens.messages import MessageLog

    ui.app.notify("The app drew: Wolf")
    ui.app.notify("Second")
    ui.app.notify("Second")  # a refused tap, tapped again: one line, not two
    ui.app.message = ""  # faded
    ui.tap(ui.app.root.ids.messages_button)
    log = next(w for w in Window.children if isinstance(w, MessageLog))
    texts = [r.text for r in reversed(log.ids.rows.children)]
    assert texts[0].endswith("Second") and texts[1].endswith("The app drew: Wolf")
    ui.screenshot("messages-log", size)
    ui.tap(log.ids.close_button)


@pytest.mark.usefixtures("die_race_registered")
@pytest.mark.parametrize("size", SIZES)
def test_any_saved_game_can_be_resumed_from_home(ui: Driver, size: tuple[int, int]) -> None:
    ui.resize(size)
    from kivy.core.window import Window

    from companion.ui.screens.resume import SavedGames

    journal = ui.app.services.journal
    older = Session.start(journal, "die-race", 2, seed=3, names=["Old", "Game"])
    older.apply(Roll(3), Source.MANUAL)
    Session.start(journal, "die-race", 1, seed=4)
    home = ui.screen()
    home.on_pre_enter()
    ui.pump(3)
    assert home.ids.continue_button.text.startswith("Resume a saved game")
    ui.tap(home.ids.continue_button)
    ui.pump(5)
    saved = next(w for w in Window.children if isinstance(w, SavedGames))
    rows = list(reversed(saved.ids.rows.children))
    assert len(rows) >= 2 and "with Player 1, started" in rows[0].ids.label.text
    assert "It is Old's turn.\nOld rolled 3: how far?" in rows[1].ids.label.text
    ui.screenshot("saved-games", size)
    ui.tap(rows[1].ids.resume)
    ui.pump(5)
    assert ui.screen().name == "game:die-race"
    assert ui.app.controller.session.game_row == older.game_row
    assert ui.app.controller.session.state.roll == 3


@pytest.mark.usefixtures("die_race_registered")
@pytest.mark.parametrize("size", SIZES)
def test_with_a_game_open_home_still_reaches_every_other_saved_game(
    ui: Driver, size: tuple[int, int]
) -> None:
    ui.resize(size)
    from kivy.core.window import Window

    from companion.ui.screens.resume import SavedGames

    journal = ui.app.services.journal
    older = Session.start(journal, "die-race", 2, seed=3, names=["Old", "Game"])
    ui.app.start_game("die-race", 1, {})
    ui.pump(3)
    playing = ui.app.controller.session.game_row
    ui.app.go("home")
    ui.pump(3)
    home = ui.screen()
    assert home.ids.continue_button.text.startswith("Continue")
    others = home.ids.saved_button
    assert others.opacity == 1 and not others.disabled
    assert others.text.startswith("Other saved games (")
    ui.screenshot("home-other-saved-games", size)
    ui.tap(others)
    ui.pump(5)
    saved = next(w for w in Window.children if isinstance(w, SavedGames))
    rows = list(reversed(saved.ids.rows.children))
    assert len(rows) == len(journal.unfinished_games()) - 1  # all but the open one
    old_row = next(r for r in rows if "Old" in r.ids.label.text)
    ui.tap(old_row.ids.resume)
    ui.pump(5)
    assert ui.app.controller.session.game_row == older.game_row
    assert playing in [r.id for r in journal.unfinished_games()]  # the other stays saved
