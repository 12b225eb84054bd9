"""The Lost in the Woods screen, driven by real taps under Xvfb.

A table-deck game: cards drawn from the real deck are tapped in, an impossible card is
refused with the engine's reason, the odds panel weighs Draw against End the Round, an
event's choices appear as buttons, undo takes a tap back.  A digital-deck game played to
the end shows the result and the plot of the chance to win.  Screenshots at both sizes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from kivy.metrics import dp

from companion.engines.lost_in_the_woods.advisor import policy as pol
from companion.session.journal import Source
from companion.ui.games.lost_in_the_woods.screen import WoodsScreen
from tests.ui.conftest import Driver


@pytest.fixture
def ui(ui: Driver, monkeypatch: pytest.MonkeyPatch) -> Iterator[Driver]:
    monkeypatch.setattr(WoodsScreen, "advice_in_background", False)
    yield ui
    ui.app.leave_game()
    ui.app.manager.get_screen("home").on_pre_enter()


def choice_texts(screen: Any) -> list[str]:
    return [w.text for w in reversed(screen.ids.choices.children)]


def small_buttons(screen: Any) -> list[tuple[str, Any]]:
    buttons = [
        w
        for w in screen.walk(restrict=True)
        if hasattr(w, "on_release") and w.get_root_window() is not None and w.opacity > 0
    ]
    return [(w.text, tuple(w.size)) for w in buttons if min(w.size) < dp(48) - 0.5]


def tap_card(ui: Driver, name: str) -> None:
    ui.tap(ui.button(name, ui.screen().ids.choices))


def test_a_table_deck_game_on_the_screen(ui: Driver) -> None:
    ui.app.start_game("lost-in-the-woods", 1, {"deck": "table"})
    ui.pump(5)
    screen = ui.screen()
    assert screen.name == "game:lost-in-the-woods"
    state = lambda: ui.app.controller.state  # noqa: E731
    assert "Tap the card you drew" in screen.prompt
    assert "Acorn" in choice_texts(screen) and "App draws" in choice_texts(screen)

    tap_card(ui, "Acorn")
    assert state().row == ["acorn"] and state().stage == "play"
    assert choice_texts(screen) == ["Draw", "End the Round", "Use Torch"]
    assert ui.button("Use Torch").disabled, "no lit torch"
    assert "Chance to win" in screen.odds_text and "Fright penalty 0%" in screen.odds_text

    ui.tap(ui.button("Draw"))
    tap_card(ui, "Wolf")
    assert "Fright penalty" in screen.odds_text
    ui.tap(ui.button("Draw"))
    tap_card(ui, "Wolf")
    assert state().time == 1 and state().row == [], "a pair of wolves costs 1"
    assert screen.ids.dial.time == 1
    tap_card(ui, "Wolf")
    tap_card(ui, "Wolf")  # the fourth wolf: discarded by round setup
    before = state().to_dict()
    tap_card(ui, "Wolf")
    assert state().to_dict() == before, "a fifth wolf is refused"
    assert "Wolf cannot be the next card" in ui.app.message

    tap_card(ui, "Shamrock")
    ui.tap(ui.button("Draw"))
    tap_card(ui, "Shamrock")
    assert state().row == ["wolf", "shamrock", "shamrock"]
    ui.tap(ui.button("Draw"))
    tap_card(ui, "Torch")
    assert choice_texts(screen) == ["Light the torch (1 time)", "Discard the torch"]
    assert "Torch" in screen.prompt
    ui.tap(ui.button("Light the torch"))
    assert state().torch_lit == 1 and state().time == 2
    ui.tap(ui.button("Draw"))
    tap_card(ui, "Acorn")
    assert small_buttons(screen) == []
    ui.screenshot("lost-in-the-woods-mid-game", (800, 480))
    ui.screenshot("lost-in-the-woods-mid-game", (1280, 720))
    ui.resize((800, 480))

    ui.tap(ui.button("Undo"))
    assert state().row == ["wolf", "shamrock", "shamrock"] and state().want_draw
    tap_card(ui, "Distelfink")
    ui.tap(ui.button("End the Round"))
    assert state().forest == ["shamrock"] and state().row == []
    forest = screen.ids.forest.symbols_shown()
    assert forest == ["shamrock"], "the Forest row shows what the engine placed"


def test_a_digital_game_to_the_end_plots_the_chance_to_win(ui: Driver) -> None:
    ui.app.start_game("lost-in-the-woods", 1, {"deck": "digital"})
    ui.pump(3)
    screen = ui.screen()
    ui.tap(ui.button("Shuffle the deck"))
    controller = ui.app.controller
    assert not controller.state.is_chance_node()
    decisions = 0
    while not controller.state.is_terminal():
        if controller.state.is_chance_node():
            controller.draw()
        else:
            controller.apply(pol.choose(controller.state, pol.ROLLOUT_POLICY), Source.PLAYER)
            decisions += 1
    ui.pump(3)
    assert screen.game_over and screen.ids.plot.opacity == 1
    values = screen.ids.plot.values
    assert len(values) >= 2 and values[-1] == controller.state.returns()[0]
    assert all(0.0 <= v <= 1.0 for v in values)
    assert controller.state.reason in screen.prompt
    ui.screenshot("lost-in-the-woods-end", (800, 480))
