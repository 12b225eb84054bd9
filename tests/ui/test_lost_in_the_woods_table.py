"""Lost in the Woods in the players' words, at 800x480 and 1280x720 (issue 12).

One digital-deck game for one named player: the type reads at 800x480 and grows at
1280x720, a message leaves the top bar and the next tap alone, History groups the
public log by round and never shows the deck's order, and the end speaks to the
solo player ("Gretel, you win!" / "Gretel, you lost") with Play again and a readable
Home.  A solo game has no turns to pass round (and no hidden hand): its turn banner
holds the player's name in their colour and, beside it, what to do, in the strip the
prompt line had (so nothing else on the full 800x480 screen shrinks).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from kivy.metrics import dp, sp
from kivy.uix.label import Label

from companion.engines.lost_in_the_woods import text
from companion.engines.lost_in_the_woods.view import secrets
from companion.ui.games.lost_in_the_woods.screen import WoodsScreen
from companion.ui.view_widgets import player_colour
from tests.ui import table_checks as checks
from tests.ui.conftest import SIZES, Driver
from tests.ui.playing import off_screen, play_on


@pytest.fixture
def ui(ui: Driver, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    """No advisor here (its playouts are the screen test's subject, and slow a whole game)."""
    monkeypatch.setattr(WoodsScreen, "_ask_advice", lambda self, view: None)
    monkeypatch.setattr(WoodsScreen, "_weigh_past", lambda self, missing: None)
    yield ui


def check_solo_banner(ui: Driver, screen: WoodsScreen) -> None:
    """Issue 12.2: "a large turn banner in that player's colour on every game screen,
    readable from across the table"; here it also says what to do, all of it in view."""
    banner = screen.ids.turn
    game = ui.app.controller.game
    checks.check_turn_banner(banner, "Gretel", player_colour(0, game), ui.app.text_scale)
    assert banner.detail == screen.prompt
    words = next(w for w in banner.walk(restrict=True) if isinstance(w, Label))
    assert checks.shown(words) and screen.prompt in words.text
    assert f"[size={int(sp(18) * ui.app.text_scale)}]" in words.text, "the prompt reads at 18sp"
    shown_now = banner.detail
    for prompt in (*text.PROMPTS.values(), text.DRAW_HEADLINE, text.SETUP_HEADLINE):
        banner.detail = prompt  # the longest ones too: each fits the strip whole
        words.texture_update()
        assert words.texture_size[1] <= words.height, f"{prompt!r} is cut off"
    banner.detail = shown_now
    assert banner.height == dp(52) * screen.scale, "the banner takes the prompt line's strip"
    undo = screen.ids.undo_button
    assert banner.right <= undo.x and checks.shown(undo)


@pytest.mark.parametrize("size", SIZES)
def test_the_woods_read_in_players_words(ui: Driver, size: tuple[int, int]) -> None:
    ui.resize(size)
    ui.app.start_game("lost-in-the-woods", 1, {"deck": "digital"}, names=["Gretel"])
    ui.pump(3)
    shuffle = ui.button("Let the app do it")
    assert shuffle.font_size == sp(18) * ui.app.text_scale, "its words grow with the screen"
    ui.tap(shuffle)  # the app shuffles its deck
    controller = ui.app.controller
    play_on(controller, 4)
    ui.pump(3)
    screen = ui.screen()
    assert screen.prompt and not controller.state.is_terminal()
    check_solo_banner(ui, screen)
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
    assert not checks.shown(screen.ids.turn), "the end banner alone says how it went"
    ui.screenshot("lost-in-the-woods-table-end", size)
    checks.check_play_again_or_home(ui, banner, size)
