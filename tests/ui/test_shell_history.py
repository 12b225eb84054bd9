"""History of a finished game reads as finished, at 800x480 and 1280x720 (issue 12.3, 12.7).

A game in progress counts its steps "so far" and offers Undo; once the game is over
History says how it ended (who won and why), groups the log by round and offers no
Undo, for nothing can be taken back.  The past-games list opens the same history.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from kivy.core.window import Window
from kivy.metrics import dp

from companion.ui.games.lost_in_the_woods.screen import WoodsScreen
from companion.ui.screens.past_games import PastGames, PastHistory
from tests.ui import table_checks as checks
from tests.ui.conftest import SIZES, Driver
from tests.ui.playing import off_screen, play_on


@pytest.fixture
def ui(ui: Driver, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    """No advisor (its playouts are the screen test's subject, and slow a whole game)."""
    monkeypatch.setattr(WoodsScreen, "_ask_advice", lambda self, view: None)
    monkeypatch.setattr(WoodsScreen, "_weigh_past", lambda self, missing: None)
    yield ui


def _headings(rows: object) -> list[str]:
    return [r.text for r in reversed(rows.children) if type(r).__name__ == "Heading"]


@pytest.mark.parametrize("size", SIZES)
def test_a_finished_games_history_says_how_it_ended_and_offers_no_undo(
    ui: Driver, size: tuple[int, int]
) -> None:
    ui.resize(size)
    ui.app.start_game("lost-in-the-woods", 1, {"deck": "digital"}, names=["Gretel"])
    ui.pump(3)
    ui.tap(ui.button("Let the app do it"))
    controller = ui.app.controller
    play_on(controller, 2)
    ui.app.go("history")
    ui.pump(3)
    history = ui.screen()
    assert history.ids.summary.text.endswith("so far")
    assert checks.shown(history.ids.undo_button), "a game in progress can take a step back"

    ui.app.show_game()
    with off_screen(ui.screen()):
        play_on(controller)
    ui.pump(3)
    end = controller.view().end
    assert end is not None
    ui.app.go("history")
    ui.pump(3)
    summary = history.ids.summary.text
    winner = "Gretel" if end.winners else "Nobody"
    assert summary.startswith(f"Lost in the Woods: {winner} won. {end.reason}")
    assert "so far" not in summary and "step" not in summary
    undo = history.ids.undo_button
    assert not checks.shown(undo) and undo.disabled, "a finished game offers no Undo"
    back = history.ids.back_button
    assert back.width >= back.parent.width - dp(8), "Back takes the row Undo left"
    assert _headings(history.ids.rows)[:2] == ["Round 1", "Round 2"]
    ui.screenshot("history-finished", size)

    ui.tap(ui.app.root.ids.home_button)
    ui.tap(ui.screen().ids.past_button)
    past = next(w for w in Window.children if isinstance(w, PastGames))
    row = list(reversed(past.ids.rows.children))[0]
    assert row.ids.label.text.startswith("[b]Lost in the Woods with Gretel")
    ui.tap(row.ids.resume)
    opened = next(w for w in Window.children if isinstance(w, PastHistory))
    assert opened.ids.ending.text == summary.removeprefix("Lost in the Woods: ")
    assert _headings(opened.ids.rows)[:2] == ["Round 1", "Round 2"]
    assert "so far" not in " ".join(w.text for w in checks.words(opened, scrolled_to=True))
    ui.screenshot("past-game-history", size)
    ui.tap(opened.ids.close_button)
    ui.tap(past.ids.close_button)


def test_a_game_set_aside_keeps_its_history_in_past_games(ui: Driver) -> None:
    """Setting a game aside promises "its history stays in Past games": it is there,
    said to be set aside, with its rounds one tap away."""
    ui.app.start_game("lost-in-the-woods", 1, {"deck": "digital"}, names=["Set Aside Sam"])
    ui.pump(3)
    ui.tap(ui.button("Let the app do it"))
    ui.pump(3)
    record = ui.app.services.journal.game(ui.app.controller.session.game_row)
    ui.app.leave_game()
    ui.app.abandon_game(record)
    ui.app.go("home")
    ui.pump(3)
    ui.tap(ui.screen().ids.past_button)
    past = next(w for w in Window.children if isinstance(w, PastGames))
    rows = [r for r in reversed(past.ids.rows.children) if hasattr(r, "ids") and "label" in r.ids]
    row = next(r for r in rows if "Set Aside Sam" in r.ids.label.text)  # no other game's
    assert row.ids.label.text.endswith("\nSet aside before its end.")
    ui.tap(row.ids.resume)
    opened = next(w for w in Window.children if isinstance(w, PastHistory))
    assert opened.ids.ending.text == "Set aside before its end."
    assert _headings(opened.ids.rows), "its public log, by round"
    ui.tap(opened.ids.close_button)
    ui.tap(past.ids.close_button)
