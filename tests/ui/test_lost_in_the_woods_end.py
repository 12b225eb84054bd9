"""The end of a solo Lost in the Woods game names its player."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.ui.games.lost_in_the_woods.screen import WoodsScreen
from tests.ui.conftest import Driver
from tests.ui.test_lost_in_the_woods_screen import play_on


@pytest.fixture
def ui(ui: Driver, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    monkeypatch.setattr(WoodsScreen, "advice_in_background", False)
    yield ui
    ui.app.leave_game()
    ui.app.manager.get_screen("home").on_pre_enter()


def test_a_won_solo_game_says_the_players_name(ui: Driver) -> None:
    for _ in range(8):  # the rollout policy wins most games: a win comes within a few
        ui.app.start_game("lost-in-the-woods", 1, {"deck": "digital"}, names=["Hansel"])
        ui.pump(3)
        ui.tap(ui.button("Let the app do it"))
        controller = ui.app.controller
        play_on(controller)
        ui.pump(3)
        if controller.state.returns()[0] == 1.0:
            break
        ui.app.leave_game()
    screen = ui.screen()
    assert screen.game_over and controller.state.returns()[0] == 1.0
    assert screen.ids.end.title == "Hansel wins!"
    assert "Player 1" not in screen.ids.end.title + screen.ids.end.scores
    ui.screenshot("lost-in-the-woods-won", (800, 480))
