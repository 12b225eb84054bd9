"""Lost in the Woods in the players' words, at 800x480 and 1280x720 (issue 12).

One digital-deck game for one named player: the type reads at 800x480 and grows at
1280x720, a message leaves the top bar and the next tap alone, History groups the
public log by round and never shows the deck's order, and the end speaks to the
solo player ("Gretel, you win!" / "Gretel, you lost") with Play again and a readable
Home.  A solo game has no turns to pass round (and no hidden hand): its prompt line
says what to do.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.engines.lost_in_the_woods.view import secrets
from companion.ui.games.lost_in_the_woods.screen import WoodsScreen
from tests.ui import table_checks as checks
from tests.ui.conftest import SIZES, Driver
from tests.ui.playing import off_screen, play_on


@pytest.fixture
def ui(ui: Driver, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    """No advisor here (its playouts are the screen test's subject, and slow a whole game)."""
    monkeypatch.setattr(WoodsScreen, "_ask_advice", lambda self, view: None)
    monkeypatch.setattr(WoodsScreen, "_weigh_past", lambda self, missing: None)
    yield ui


@pytest.mark.parametrize("size", SIZES)
def test_the_woods_read_in_players_words(ui: Driver, size: tuple[int, int]) -> None:
    ui.resize(size)
    ui.app.start_game("lost-in-the-woods", 1, {"deck": "digital"}, names=["Gretel"])
    ui.pump(3)
    ui.tap(ui.button("Let the app do it"))  # the app shuffles its deck
    controller = ui.app.controller
    play_on(controller, 4)
    ui.pump(3)
    screen = ui.screen()
    assert screen.prompt and not controller.state.is_terminal()
    if size == (800, 480):
        assert checks.too_small(screen) == []
    else:
        assert checks.too_small(screen, 15 * 1.3) == []  # the words grow with the screen
    checks.check_toast_leaves_the_top_bar(ui)
    checks.check_history_by_round(ui, hidden=tuple(secrets(controller.state)))
    ui.screenshot("lost-in-the-woods-table-play", size)

    with off_screen(screen):
        play_on(controller)
    ui.pump(3)
    banner = screen.ids.end
    won = controller.state.returns()[0] == 1.0
    assert banner.title == ("Gretel, you win!" if won else "Gretel, you lost")
    checks.check_end_banner(banner)
    ui.screenshot("lost-in-the-woods-table-end", size)
    checks.check_play_again_or_home(ui, banner, size)
