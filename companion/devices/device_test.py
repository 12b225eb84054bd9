"""The Devices screen's Test buttons: a short, visible or audible check of one part
of the kit, so a builder can tell a wiring fault from a software one.

Each test opens the device on the hub's pin factory, does one thing (a beep, three
flashes, ten seconds of listening for a press), and closes it again.  ``later``
schedules the closing; tests pass one that runs at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from gpiozero import LED, Button, GPIOPinInUse, TonalBuzzer
from gpiozero.tones import Tone

from companion.devices.table_light import (
    TEST_FLASHES,
    TEST_OFF,
    TEST_ON,
    TableLight,
    test_flashes,
)

Later = Callable[[float, Callable[[], None]], None]

BEEP_SECONDS = 0.4
LISTEN_SECONDS = 10.0


def after(delay: float, function: Callable[[], None]) -> None:
    """Run ``function`` on a timer thread after ``delay`` seconds."""
    timer = threading.Timer(delay, function)
    timer.daemon = True
    timer.start()


def try_device(
    factory: Any,
    role: str,
    pin: int,
    later: Later = after,
    on_press: Callable[[], None] | None = None,
    light: TableLight | None = None,
) -> tuple[str, Callable[[], None] | None]:
    """Test the device in ``role`` on ``pin``: what to look or listen for, and how to
    end the test early (None when nothing was opened).  ``light``: the RGB LED a game
    holds now; an LED's Test flashes through it rather than finding its pins busy."""
    name = role.replace("_", " ").replace("led ", "LED ")
    try:
        if role == "buzzer":
            buzzer = TonalBuzzer(pin, pin_factory=factory)
            buzzer.play(Tone(880.0))
            later(BEEP_SECONDS, buzzer.close)
            return "Listen: the buzzer beeps once.", buzzer.close
        if role.startswith("led_"):
            said = f"Look: the LED flashes {role.removeprefix('led_')} {TEST_FLASHES} times."
            if light is not None and light.wired:  # a game holds the LED: flash through it
                light.flash(test_flashes(role))
                return said, None
            led = LED(pin, pin_factory=factory)
            led.blink(on_time=TEST_ON, off_time=TEST_OFF, n=TEST_FLASHES, background=True)
            later(TEST_FLASHES * (TEST_ON + TEST_OFF) + TEST_OFF, led.close)
            return said, led.close
        if role.endswith("_button"):
            button = Button(pin, pin_factory=factory)
            if on_press is not None:
                button.when_pressed = lambda: on_press()
            later(LISTEN_SECONDS, button.close)
            seconds = f"{LISTEN_SECONDS:.0f}"
            said = f"Press the {name} now: for {seconds} seconds its line shows pressed."
            return said, button.close
    except GPIOPinInUse:
        return f"The game in progress is using the {name}: its own screen shows it working.", None
    return f"There is no test for the {name}.", None
