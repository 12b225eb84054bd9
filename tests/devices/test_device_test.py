"""The Devices screen's Test buttons drive the real gpiozero devices on mock pins."""

from __future__ import annotations

from collections.abc import Callable

from gpiozero import Button
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.devices.device_test import try_device as run_test
from companion.devices.pins import DEFAULT_PINS


def make() -> tuple[MockFactory, list[tuple[float, Callable[[], None]]]]:
    return MockFactory(pin_class=MockPWMPin), []


def test_the_buzzer_beeps_then_lets_go_of_its_pin() -> None:
    factory, pending = make()
    pin = DEFAULT_PINS["buzzer"]
    said, _end = run_test(factory, "buzzer", pin, lambda d, f: pending.append((d, f)))
    assert said == "Listen: the buzzer beeps once."
    mock = factory.pin(pin)
    assert mock.frequency and round(mock.frequency) == 880 and mock.state > 0
    delay, close = pending[0]
    close()
    assert delay > 0
    run_test(factory, "buzzer", pin, lambda d, f: f())  # the pin is free again


def test_an_led_flashes_in_its_own_colour() -> None:
    factory, pending = make()
    said, _end = run_test(
        factory, "led_green", DEFAULT_PINS["led_green"], lambda d, f: pending.append((d, f))
    )
    assert said == "Look: the LED flashes green 3 times."
    pending[0][1]()


def test_a_button_listens_for_a_press() -> None:
    factory, pending = make()
    pressed: list[bool] = []
    pin = DEFAULT_PINS["bag_button"]
    said, _end = run_test(
        factory,
        "bag_button",
        pin,
        lambda d, f: pending.append((d, f)),
        on_press=lambda: pressed.append(True),
    )
    assert said.startswith("Press the bag button now")
    factory.pin(pin).drive_low()
    assert pressed == [True]
    pending[0][1]()


def test_a_pin_a_game_holds_is_not_taken() -> None:
    factory, _ = make()
    pin = DEFAULT_PINS["tap_button"]
    held = Button(pin, pin_factory=factory)
    said, _end = run_test(factory, "tap_button", pin, lambda d, f: f())
    assert said == "The game in progress is using the tap button: its own screen shows it working."
    held.close()
