"""The RGB LED in a real game through the app: the current player's colour between
moments, a flash on a change of turn, the fanfare in the winner's colour, dark when
no game is on (gpiozero mock PWM pins; the LED's steps run on a hand-turned clock)."""

from __future__ import annotations

import pytest

from companion.devices.pins import DEFAULT_PINS
from companion.devices.table_light import OFF, TABLE_WHITE, WOLF_RED, led_colour
from companion.ui import game_screen
from companion.ui.players import colour
from tests.devices.test_table_light import Steps
from tests.ui.conftest import Driver

RED, BLUE = led_colour(colour(0)), led_colour(colour(1))


def shown(ui: Driver) -> tuple[float, float, float]:
    pins = ui.app.services.devices.pin_factory
    return tuple(  # type: ignore[return-value]
        round(float(pins.pin(DEFAULT_PINS[role]).state), 3)
        for role in ("led_red", "led_green", "led_blue")
    )


@pytest.fixture
def steps(monkeypatch: pytest.MonkeyPatch) -> Steps:
    """The LED's steps, on a clock the test turns by hand."""
    steps = Steps()
    monkeypatch.setattr(game_screen, "_on_clock", steps)
    return steps


def played_out(ui: Driver, steps: Steps) -> list[tuple[float, float, float]]:
    seen = [shown(ui)]
    while steps.pending:
        steps.tick()
        seen.append(shown(ui))
    return seen


@pytest.mark.usefixtures("die_race_registered")
def test_the_led_follows_the_turn_and_lights_the_win(ui: Driver, steps: Steps) -> None:
    assert shown(ui) == OFF
    ui.app.start_game("die-race", 2, {"target": 6}, ["Ann", "Bo"])
    ui.pump(3)
    assert shown(ui) == TABLE_WHITE  # the table rolls first: nobody's turn yet

    ui.tap(ui.button("It shows 2"))
    assert played_out(ui, steps) == [RED, OFF, RED, OFF, RED]  # Ann's turn: her colour
    ui.tap(ui.button("Move 2"))
    assert shown(ui) == RED and not steps.pending  # Bo's roll: Ann's colour until he moves
    ui.tap(ui.button("It shows 1"))
    assert played_out(ui, steps) == [BLUE, OFF, BLUE, OFF, BLUE]  # Bo's turn

    ui.tap(ui.button("Undo"))
    ui.tap(ui.button("Undo"))
    assert played_out(ui, steps)[-1] == RED  # back to Ann's move, back to her colour

    ui.tap(ui.button("Move 2"))
    for roll in ("1", "3"):  # Bo to 1, Ann to 5
        ui.tap(ui.button(f"It shows {roll}"))
        ui.tap(ui.button(f"Move {roll}"))
    ui.tap(ui.button("It shows 1"))
    played_out(ui, steps)
    assert shown(ui) == BLUE  # Bo's move; Ann is one square short
    ui.tap(ui.button("Move 1"))
    ui.tap(ui.button("It shows 1"))
    ui.tap(ui.button("Move 1"))  # Ann reaches 6
    seen = played_out(ui, steps)
    assert seen[0] == tuple(round(c * 0.25, 3) for c in RED)  # the fanfare rises...
    assert seen[-1] == RED and seen.count(RED) == 6  # ...flashes, and holds Ann's colour
    ui.screenshot("led-win")

    ui.app.leave_game()
    assert shown(ui) == OFF  # no game on: dark


@pytest.mark.usefixtures("die_race_registered")
def test_a_cue_a_screen_raises_flashes_and_returns(ui: Driver, steps: Steps) -> None:
    ui.app.start_game("die-race", 2, {"target": 6}, ["Ann", "Bo"])
    ui.pump(3)
    screen = ui.screen()
    screen._cues.play("wolf_catch")
    seen = played_out(ui, steps)
    assert seen == [WOLF_RED, OFF] * 4 + [TABLE_WHITE]
    assert screen._cues.played[-1] == "wolf_catch"
