"""The Lost in the Woods screen, driven by real taps under Xvfb.

A table-deck game: cards drawn from the real deck are tapped in (the players enter every
draw; the app does not draw for a real deck), an impossible card is refused with the
engine's reason, the odds panel weighs Draw against End the Round, an
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
    assert "Which card is it?" in screen.prompt
    assert "Acorn" in choice_texts(screen) and len(choice_texts(screen)) == 14
    assert not any("app" in text.lower() for text in choice_texts(screen))
    ui.screenshot("lost-in-the-woods-table-draw", (800, 480))

    tap_card(ui, "Acorn")
    assert state().row == ["acorn"] and state().stage == "play", ui.app.message
    assert choice_texts(screen) == ["Draw a card", "End the round"], "no lit torch to use"
    assert "Odds of winning" in screen.odds_text and "Fright penalty 0%" in screen.odds_text

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
    wolf = ui.button("Wolf", screen.ids.choices)
    assert wolf.greyed and wolf.detail == "0 unseen", "a Wolf that cannot come is greyed"

    tap_card(ui, "Shamrock")
    ui.tap(ui.button("Draw"))
    tap_card(ui, "Shamrock")
    assert state().row == ["wolf", "shamrock", "shamrock"]
    ui.tap(ui.button("Draw"))
    tap_card(ui, "Torch")
    assert choice_texts(screen) == ["Light the Torch (1 time)", "Discard the Torch"]
    assert "Torch" in screen.prompt
    ui.tap(ui.button("Light the Torch"))
    assert state().torch_lit == 1 and state().time == 2
    ui.tap(ui.button("Draw"))
    tap_card(ui, "Acorn")
    assert small_buttons(screen) == []
    ui.screenshot("lost-in-the-woods-mid-game", (800, 480))
    ui.screenshot("lost-in-the-woods-mid-game", (1280, 720))
    ui.resize((800, 480))

    ui.tap(ui.button("Undo"))
    assert state().row == ["wolf", "shamrock", "shamrock"] and state().want_draw, ui.app.message
    tap_card(ui, "Distelfink")
    assert "Draw a card" in screen.odds_text, "the advice names choices by their labels"
    ui.tap(ui.button("End the round"))
    assert state().forest == ["shamrock"] and state().row == []
    forest = screen.ids.forest.symbols_shown()
    assert forest == ["shamrock"], "the Forest row shows what the engine placed"


def test_a_digital_game_to_the_end_plots_the_chance_to_win(ui: Driver) -> None:
    ui.app.start_game("lost-in-the-woods", 1, {"deck": "digital"})
    ui.pump(3)
    screen = ui.screen()
    assert screen.prompt == "The Journey deck needs shuffling."
    ui.screenshot("lost-in-the-woods-shuffle", (800, 480))
    ui.tap(ui.button("Let the app do it"))
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
    end = controller.view().end
    assert screen.ids.end.reason == end.reason and "Time left" in screen.ids.end.scores
    values = screen.ids.plot.values()
    assert len(values) >= 2 and values[-1] == controller.state.returns()[0]
    assert all(0.0 <= v <= 1.0 for v in values)
    assert screen.prompt == "", "the end banner says it once"
    ui.screenshot("lost-in-the-woods-end", (800, 480))
