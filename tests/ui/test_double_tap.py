"""A double tap reaches one button: the second touch, a tenth of a second after a tap
that changed the screen, must not press the button that appeared under the finger
(companion.ui.deliberate).  Each game's "Let the app do it" is tried: the button the
first tap brought is really there (a deliberate tap at the same point presses it),
so only the guard can have stopped the second touch."""

from __future__ import annotations

from typing import Any

from kivy.core.window import Window

from companion.session.journal import Source
from companion.ui.deliberate import DeliberateBehavior
from tests.ui.conftest import Driver, table_source
from tests.ui.playing import hand_driven_turntable


def moves(ui: Driver) -> int:
    return len(ui.app.controller.session.steps)


def button_at(ui: Driver, x: float, y: float) -> Any:
    """The guarded button a finger at window point (x, y) lands on (None if none)."""
    found = [
        w
        for w in ui.app.root.walk(restrict=True)
        if isinstance(w, DeliberateBehavior)
        and w.get_root_window() is Window
        and w.opacity > 0
        and not w.disabled
        and w.collide_point(*w.to_widget(x, y))
    ]
    return found[-1] if found else None


def check_second_touch_stopped(ui: Driver, first: Any, then: str) -> None:
    """Double tap ``first``: its tap makes its move (an app draw may make several); the
    button ``then`` now stands under the finger, and only a deliberate tap there
    presses it."""
    before = moves(ui)
    x, y = ui.reach(first)
    ui.clock.advance(1.0)
    ui.touch_at(x, y)
    made = moves(ui)
    assert made > before, "the first tap made no move"
    ui.second_touch(x, y)
    assert moves(ui) == made, "the second touch of a double tap made a move"
    under = button_at(ui, x, y)
    assert under is not None and then in under.text, f"{then!r} is not under the finger"
    ui.clock.advance(1.0)  # a player who looks, then taps the same place
    ui.touch_at(x, y)
    assert moves(ui) > made, f"a deliberate tap on {then!r} did nothing"


def test_beware_of_the_wolf_spin_then_the_app_draw(ui: Driver) -> None:
    """The wolf's head rolled: a double tap on "Spin the wolf" spins nothing by itself."""
    with hand_driven_turntable():
        ui.app.start_game("beware-of-the-wolf", 2, {})
    ui.pump(3)
    controller = ui.app.controller
    for action in [("wolf", 135), ("house", "red"), ("house", "blue"), ("roll", "wolf")]:
        assert controller.apply(action, table_source(controller))
    ui.pump(3)
    spin = ui.button("Spin the wolf", ui.screen().ids.actions)
    check_second_touch_stopped(ui, spin, "Let the app do it")
    assert ui.app.controller.session.steps[-1].source is Source.APP_DRAW  # the app spun it


def test_le_petit_poucet_first_player_then_token_drawn(ui: Driver) -> None:
    """The app draws the first player; "Token drawn", in the same place, waits."""
    ui.app.start_game("le-petit-poucet", 3, {})
    ui.pump(3)
    screen = ui.screen()
    app_draw = ui.button("Let the app do it", screen.steps)
    check_second_touch_stopped(ui, app_draw, "Token drawn")
