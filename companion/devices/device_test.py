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

from companion.devices.table_light import TEST_FLASHES

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
) -> tuple[str, Callable[[], None] | None]:
    """Test the device in ``role`` on ``pin``: what to look or listen for, and how to
    end the test early (None when nothing was opened)."""
    name = role.replace("_", " ").replace("led ", "LED ")
    try:
        if role == "buzzer":
            buzzer = TonalBuzzer(pin, pin_factory=factory)
            buzzer.play(Tone(880.0))
            later(BEEP_SECONDS, buzzer.close)
            return "Listen: the buzzer beeps once.", buzzer.close
        if role.startswith("led_"):
            led = LED(pin, pin_factory=factory)
            led.blink(on_time=0.3, off_time=0.2, n=TEST_FLASHES, background=True)
            later(TEST_FLASHES * 0.5 + 0.2, led.close)
            colour = role.removeprefix("led_")
            return f"Look: the LED flashes {colour} {TEST_FLASHES} times.", led.close
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
