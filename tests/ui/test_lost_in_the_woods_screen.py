"""The Lost in the Woods screen, driven by real taps under Xvfb.

A table-deck game: cards drawn from the real deck are tapped in on their pictures (the
players enter every draw; the app does not draw for a real deck), each picture saying how
many of it can still come; an impossible card is greyed and refused with the engine's
reason, the odds panel weighs Draw against End the Round, an event's choices appear as
buttons, undo takes a tap back.  The same taps work at 1280x720, where cards and type
grow.  A digital-deck game set aside and resumed, then played to the end, shows the result
and the plot of the odds of winning at every decision, those before the resume included.
Nothing the screen shows is below 15sp at 800x480.  Screenshots at both sizes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from kivy.core.window import Window
from kivy.metrics import dp, sp
from kivy.uix.label import Label

from companion.engines.lost_in_the_woods import Advice, ChoiceEstimate
from companion.ui.games.lost_in_the_woods.past import mark, weight
from companion.ui.games.lost_in_the_woods.screen import WoodsScreen
from tests.ui.conftest import Driver
from tests.ui.playing import play_on
from tests.ui.table_checks import in_a_list, shown


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


def outside(screen: Any) -> list[Any]:
    """Shown widgets that reach past the window (a scrolled text's inside excepted)."""
    found = []
    for w in screen.walk(restrict=True):
        if w.get_root_window() is None or not shown(w) or in_a_list(w):
            continue
        x, y = w.to_window(w.x, w.y)
        if x < -1 or y < -1 or x + w.width > Window.width + 1 or y + w.height > Window.height + 1:
            found.append(w)
    return found


def markup_sizes(text: str) -> list[float]:
    """The sizes a label's markup sets for parts of its text, in pixels."""
    return [
        sp(float(value)) if unit == "sp" else float(value)
        for value, unit in re.findall(r"\[size=(\d+(?:\.\d+)?)(sp|px)?\]", text)
    ]


def small_text(screen: Any) -> list[tuple[str, float]]:
    """Every text on the screen set below 15sp (or shrunk below it by markup)."""
    return [
        (w.text, w.font_size)
        for w in screen.walk(restrict=True)
        if isinstance(w, Label)
        and w.text.strip()
        and w.get_root_window() is not None
        and shown(w)
        and min([w.font_size, *markup_sizes(w.text)]) < sp(15) - 0.01
    ]


def test_a_table_deck_game_on_the_screen(ui: Driver) -> None:
    ui.app.start_game("lost-in-the-woods", 1, {"deck": "table"})
    ui.pump(5)
    screen = ui.screen()
    assert screen.name == "game:lost-in-the-woods"
    state = lambda: ui.app.controller.state  # noqa: E731
    assert "Which card is it?" in screen.prompt
    assert "Acorn" in choice_texts(screen) and len(choice_texts(screen)) == 14
    assert not any("app" in text.lower() for text in choice_texts(screen))
    acorn = ui.button("Acorn", screen.ids.choices)
    assert acorn.kind == "acorn" and acorn.detail == "7 unseen" and not acorn.greyed
    assert small_text(screen) == [] and small_buttons(screen) == [] and outside(screen) == []
    ui.screenshot("lost-in-the-woods-table-draw", (800, 480))

    tap_card(ui, "Acorn")
    assert state().row == ["acorn"] and state().stage == "play", ui.app.message
    assert choice_texts(screen) == ["Draw a card", "End the round"], "no lit torch to use"
    assert "Odds of winning" in screen.odds_text and "Fright penalty 0%" in screen.odds_text
    row = [c.kind for c in reversed(screen.ids.fright_row.children) if c.kind]
    assert row == ["acorn"], "the drawn card is pictured in the Fright row"
    assert small_text(screen) == []

    ui.tap(ui.button("Draw"))
    tap_card(ui, "Wolf")
    assert "Fright penalty" in screen.odds_text
    ui.tap(ui.button("Draw"))
    tap_card(ui, "Wolf")
    assert state().time == 1 and state().row == [], "a pair of wolves costs 1"
    assert screen.ids.dial.time == 1
    assert screen._cues.played[-1] == "wolf_catch", "the clock moving on is heard"
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
    assert choice_texts(screen) == ["Light the Torch (clock +1)", "Discard the Torch"]
    assert "Torch" in screen.prompt
    ui.tap(ui.button("Light the Torch"))
    assert state().torch_ready == 1 and state().time == 2
    assert "Use the Torch" in choice_texts(screen), "a lit Torch is usable at once (LW6)"
    assert "Torch: lit" in screen.info
    ui.tap(ui.button("Draw"))
    tap_card(ui, "Acorn")
    assert small_buttons(screen) == [] and outside(screen) == []
    ui.screenshot("lost-in-the-woods-mid-game", (800, 480))
    ui.screenshot("lost-in-the-woods-mid-game", (1280, 720))
    assert screen.scale > 1.4, "type and cards grow at 1280x720"
    assert outside(screen) == []
    assert ui.button("Draw a card").font_size > sp(20)
    ui.tap(ui.button("Draw"))
    big = ui.button("Owl", screen.ids.choices)
    assert big.width > dp(150) and big.ids.name.font_size > sp(20)
    ui.screenshot("lost-in-the-woods-table-draw", (1280, 720))
    ui.tap(big)
    assert state().row[-1] == "owl", ui.app.message
    ui.resize((800, 480))
    ui.tap(ui.button("Undo"))
    ui.tap(ui.button("Undo"))
    assert state().row[-1] == "acorn" and choice_texts(screen)[0] == "Draw a card"
    assert small_text(screen) == []

    ui.tap(ui.button("Undo"))
    assert state().row == ["wolf", "shamrock", "shamrock"] and state().want_draw, ui.app.message
    tap_card(ui, "Distelfink")
    assert "Draw a card" in screen.odds_text, "the advice names choices by their labels"
    ui.tap(ui.button("End the round"))
    assert state().forest == ["shamrock"] and state().row == []
    forest = screen.ids.forest.symbols_shown()
    assert forest == ["shamrock"], "the Forest row shows what the engine placed"

    tap_card(ui, "Acorn")
    ui.tap(ui.button("Draw a card"))
    tap_card(ui, "Acorn")
    ui.tap(ui.button("Draw a card"))
    tap_card(ui, "Well")
    wish = ui.button("Wish away the Acorns", screen.ids.choices)
    assert wish.kind == "acorn", "a choice naming a card shows its picture"
    assert small_text(screen) == [] and small_buttons(screen) == [] and outside(screen) == []
    ui.screenshot("lost-in-the-woods-card-choice", (800, 480))
    time = state().time
    ui.tap(wish)
    assert "acorn" not in state().row and state().time == time - 1, ui.app.message


def test_a_long_fright_row_goes_to_two_lines_and_stays_legible(ui: Driver) -> None:
    ui.app.start_game("lost-in-the-woods", 1, {"deck": "table"})
    ui.pump(3)
    screen = ui.screen()
    kinds = ["Acorn", "Shamrock", "Distelfink"] * 2 + ["Acorn"]
    tap_card(ui, kinds[0])
    for name in kinds[1:]:
        ui.tap(ui.button("Draw a card"))
        tap_card(ui, name)
    assert len(ui.app.controller.state.row) == 7
    cards = list(reversed(screen.ids.fright_row.children))
    assert screen.ids.fright_row.cols == 5 and len(cards) == 10, "two lines of five places"
    assert [c.kind for c in cards[:7]] == ["acorn", "shamrock", "distelfink"] * 2 + ["acorn"]
    assert small_text(screen) == [] and outside(screen) == []
    ui.screenshot("lost-in-the-woods-long-row", (800, 480))


def test_a_decision_where_every_choice_is_as_good_is_marked_as_advised() -> None:
    certain = Advice(
        None,
        (ChoiceEstimate("draw", 0, 0, exact=1.0), ChoiceEstimate("end the round", 0, 0, 1.0)),
        "draw",
        False,
        "balanced",
    )
    assert mark(*weight(certain), "end the round").advised is True
    close = Advice(
        None,
        (ChoiceEstimate("draw", 80, 100), ChoiceEstimate("end the round", 79, 100)),
        "draw",
        False,
        "balanced",
    )
    odds, advised = weight(close)
    assert odds == 0.8 and mark(odds, advised, "end the round").advised is False
    assert mark(odds, None, "draw").advised is None, "advice not known"


def test_a_resumed_digital_game_plots_every_decision_at_the_end(ui: Driver) -> None:
    ui.app.start_game("lost-in-the-woods", 1, {"deck": "digital"})
    ui.pump(3)
    screen = ui.screen()
    assert screen.prompt == "The Journey deck needs shuffling."
    ui.pump(10)  # the screen has slid all the way in
    assert small_text(screen) == [] and outside(screen) == []
    ui.screenshot("lost-in-the-woods-shuffle", (800, 480))
    ui.tap(ui.button("Let the app do it"))  # the one tap of set-up: the whole deck shuffled
    controller = ui.app.controller
    assert not controller.state.is_chance_node()
    before = play_on(controller, 5)
    record = controller.session.record
    ui.app.leave_game()
    ui.app.resume_game(ui.app.services.journal.game(record.id))
    ui.pump(3)
    screen, controller = ui.screen(), ui.app.controller
    after = play_on(controller)
    ui.pump(3)
    assert screen.game_over and screen.ids.plot.opacity == 1
    end = controller.view().end
    assert screen.ids.end.reason == end.reason and "Time left" in screen.ids.end.scores
    plot = screen.ids.plot
    assert len(plot.marks) == before + after, "the decisions before the resume are there too"
    assert plot.note == "", "every decision is weighed"
    values = plot.values()
    assert values[-1] == controller.state.returns()[0]
    assert all(0.0 <= v <= 1.0 for v in values)
    assert {m.advised for m in plot.marks} <= {True, False}
    assert screen.prompt == "", "the end banner says it once"
    assert small_text(screen) == [] and small_buttons(screen) == [] and outside(screen) == []
    ui.screenshot("lost-in-the-woods-end", (800, 480))
    ui.screenshot("lost-in-the-woods-end", (1280, 720))
    assert outside(screen) == []
    ui.resize((800, 480))
    ui.tap(ui.button("History"))
    assert ui.screen().name == "history"


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
    assert screen.ids.end.title == "Hansel, you win!"
    assert "Player 1" not in screen.ids.end.title + screen.ids.end.scores
    ui.screenshot("lost-in-the-woods-won", (800, 480))
