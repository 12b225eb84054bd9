"""The table's RGB LED on gpiozero mock PWM pins: the steady colour, each moment's
pattern step by step, and a table with no LED where nothing happens."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from gpiozero import LED
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.devices.pins import DEFAULT_PINS
from companion.devices.table_light import (
    BREAKTHROUGH_ORANGE,
    OFF,
    WOLF_RED,
    TableLight,
    led_colour,
    open_light,
    pattern,
)

BLUE = (0.0, 0.5, 1.0)
GREEN = (0.0, 1.0, 0.0)


class Steps:
    """A clock the test turns by hand: each ``tick`` runs the next pending step."""

    def __init__(self) -> None:
        self.pending: list[tuple[float, Callable[[], None]]] = []

    def __call__(self, seconds: float, function: Callable[[], None]) -> None:
        self.pending.append((seconds, function))

    def tick(self) -> float:
        seconds, function = self.pending.pop(0)
        function()
        return seconds

    def run_out(self) -> int:
        count = 0
        while self.pending:
            self.tick()
            count += 1
        return count


@pytest.fixture
def factory() -> MockFactory:
    return MockFactory(pin_class=MockPWMPin)


def shown(factory: MockFactory) -> tuple[float, float, float]:
    """The PWM duty of the red, green and blue pins."""
    return tuple(  # type: ignore[return-value]
        round(float(factory.pin(DEFAULT_PINS[role]).state), 3)
        for role in ("led_red", "led_green", "led_blue")
    )


def played(
    factory: MockFactory,
    steps: Steps,
    light: TableLight,
    moment: str,
    colour: tuple[float, float, float],
) -> list[tuple[float, float, float]]:
    """Every colour the LED shows while ``moment`` plays out, step by step."""
    light.play(moment, colour)
    seen = [shown(factory)]
    while steps.pending:
        steps.tick()
        seen.append(shown(factory))
    return seen


def test_the_led_holds_the_current_players_colour(factory: MockFactory) -> None:
    light = open_light(factory, DEFAULT_PINS, Steps())
    assert light.wired and shown(factory) == OFF
    light.hold(BLUE)
    assert shown(factory) == BLUE
    light.hold(GREEN)
    assert shown(factory) == GREEN


def test_a_change_of_turn_flashes_the_new_players_colour_then_holds_it(
    factory: MockFactory,
) -> None:
    steps = Steps()
    light = open_light(factory, DEFAULT_PINS, steps)
    light.hold(BLUE)
    seen = played(factory, steps, light, "turn", BLUE)
    assert seen == [BLUE, OFF, BLUE, OFF, BLUE]


@pytest.mark.parametrize(
    ("moment", "flash", "times"),
    [
        ("wolf_catch", WOLF_RED, 4),
        ("breakthrough", BREAKTHROUGH_ORANGE, 3),
    ],
)
def test_an_event_flashes_then_returns_to_the_players_colour(
    factory: MockFactory, moment: str, flash: tuple[float, float, float], times: int
) -> None:
    steps = Steps()
    light = open_light(factory, DEFAULT_PINS, steps)
    light.hold(GREEN)
    seen = played(factory, steps, light, moment, GREEN)
    assert seen == [flash, OFF] * times + [GREEN]


def test_a_win_rises_in_the_winners_colour_flashes_and_stays(factory: MockFactory) -> None:
    steps = Steps()
    light = open_light(factory, DEFAULT_PINS, steps)
    light.hold(BLUE)
    seen = played(factory, steps, light, "win", BLUE)
    rise = [(0.0, round(0.5 * part, 3), part) for part in (0.25, 0.5, 0.75, 1.0)]
    assert seen == [*rise, BLUE, OFF, BLUE, OFF, BLUE, OFF, BLUE, BLUE]
    assert len(set(pattern("win", BLUE)) & set(pattern("loss", BLUE))) == 0


def test_a_loss_fades_out(factory: MockFactory) -> None:
    steps = Steps()
    light = open_light(factory, DEFAULT_PINS, steps)
    light.hold(OFF)
    light.play("loss", BLUE)
    reds = [shown(factory)[0]]
    while steps.pending:
        steps.tick()
        reds.append(shown(factory)[0])
    assert reds == sorted(reds, reverse=True) and reds[0] > 0 and reds[-1] == 0


def test_a_newer_moment_cuts_the_older_short(factory: MockFactory) -> None:
    steps = Steps()
    light = open_light(factory, DEFAULT_PINS, steps)
    light.hold(BLUE)
    light.play("win", BLUE)
    steps.tick()
    light.hold(GREEN)  # not shown while a pattern plays
    assert shown(factory) != GREEN
    light.play("wolf_catch", GREEN)
    assert shown(factory) == WOLF_RED
    steps.run_out()
    assert shown(factory) == GREEN


def test_closing_darkens_the_led_and_frees_its_pins(factory: MockFactory) -> None:
    steps = Steps()
    light = open_light(factory, DEFAULT_PINS, steps)
    light.hold(BLUE)
    light.play("turn", BLUE)
    light.close()
    assert shown(factory) == OFF
    steps.run_out()  # late steps of the pattern light nothing
    assert shown(factory) == OFF
    LED(DEFAULT_PINS["led_red"], pin_factory=factory).close()  # the pin is free again


def test_no_led_in_the_pin_map_means_nothing_happens(factory: MockFactory) -> None:
    steps = Steps()
    pins = {k: v for k, v in DEFAULT_PINS.items() if not k.startswith("led_")}
    light = open_light(factory, pins, steps)
    assert not light.wired
    light.hold(BLUE)
    light.play("win", BLUE)
    light.close()
    assert steps.pending == [] and shown(factory) == OFF


def test_pins_a_game_device_holds_leave_the_light_dark(factory: MockFactory) -> None:
    held = LED(DEFAULT_PINS["led_green"], pin_factory=factory)
    light = open_light(factory, DEFAULT_PINS, Steps())
    assert not light.wired
    light.hold(BLUE)
    assert not held.is_lit
    held.close()


def test_no_gpio_at_all_leaves_the_light_dark() -> None:
    class NoGpio:
        def reserve_pins(self, *args: object) -> None:
            raise RuntimeError("no GPIO here")

    assert not TableLight(None, Steps()).wired
    assert not open_light(NoGpio(), DEFAULT_PINS, Steps()).wired


def test_a_screen_colour_becomes_a_full_bright_led_colour() -> None:
    assert led_colour((0.8, 0.2, 0.2, 1)) == (1.0, 0.25, 0.25)
    assert led_colour((0.0, 0.0, 0.0, 1)) == OFF
