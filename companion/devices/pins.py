"""The default GPIO pin map (BCM numbers) and the pin factory choice.

hw/README.md documents the same map for the builder; a test checks they agree.
Owners override any pin in the settings screen; the saved settings win over
these defaults.  Hardware objects are never created at import time: callers
build devices with the factory this module returns.
"""

from __future__ import annotations

import os
from typing import Any

DEFAULT_PINS: dict[str, int] = {
    "bag_button": 17,  # Little Dead Riding Hood: draw from the combat bag
    "tap_button": 27,  # Le Petit Poucet: the big counting button
    "buzzer": 18,  # TonalBuzzer (hardware PWM0)
    "led_red": 5,  # RGB LED, common cathode, through 220 ohm resistors
    "led_green": 6,
    "led_blue": 26,
}
"""Role -> BCM pin.  The MCP3008 (optional analog turntable path) uses SPI0: CE0=8,
MISO=9, MOSI=10, SCLK=11, and is not listed because SPI pins are fixed."""

MCP3008_CHANNEL = 0
"""MCP3008 input that carries the AS5600's analog OUT pin."""


def running_on_pi() -> bool:
    """True on a Raspberry Pi (the device tree names the model)."""
    try:
        with open("/proc/device-tree/model", encoding="ascii", errors="replace") as f:
            return "Raspberry Pi" in f.read()
    except OSError:
        return False


def make_pin_factory(simulated: bool) -> Any:
    """gpiozero's MockFactory when simulated (or off a Pi), else gpiozero's default.

    ``GPIOZERO_PIN_FACTORY`` in the environment is honoured by gpiozero itself
    when this returns None.
    """
    if simulated or (not running_on_pi() and "GPIOZERO_PIN_FACTORY" not in os.environ):
        from gpiozero.pins.mock import MockFactory, MockPWMPin

        return MockFactory(pin_class=MockPWMPin)
    return None
