"""The table's RGB LED: whose turn it is, in that player's colour, and a short light
pattern for each moment the cues announce.

Between moments the LED holds a steady colour (the current player's); a pattern (the
flashes of a new turn, a wolf's catch, a win's fanfare, or a device's own flash such as
the combat bag's token) plays over it and then gives the steady colour back.  Steps are timed by ``later`` (Kivy's clock in the app, a list
in tests), so everything runs on one thread and a newer pattern simply outdates the
steps of an older one.  With no LED (roles not in the pin map, pins a game device
holds, no GPIO at all) the light is dark and every call does nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gpiozero import RGBLED, GPIOZeroError

log = logging.getLogger(__name__)

Colour = tuple[float, float, float]
Step = tuple[Colour, float]
"""A colour shown for so many seconds."""
Later = Callable[[float, Callable[[], None]], Any]

OFF: Colour = (0.0, 0.0, 0.0)
WHITE: Colour = (1.0, 1.0, 1.0)
TABLE_WHITE: Colour = (0.2, 0.2, 0.2)
"""A game is on but nobody's turn has come yet (the table rolls first)."""
WOLF_RED: Colour = (1.0, 0.0, 0.0)
BREAKTHROUGH_ORANGE: Colour = (1.0, 0.35, 0.0)
LED_ROLES = ("led_red", "led_green", "led_blue")


def led_colour(rgba: Sequence[float]) -> Colour:
    """A screen colour as the LED shows it: the same hue at full brightness."""
    r, g, b = (max(0.0, min(1.0, float(c))) for c in rgba[:3])
    top = max(r, g, b)
    if top == 0:
        return OFF
    return (round(r / top, 3), round(g / top, 3), round(b / top, 3))


def _flashes(colour: Colour, times: int, on: float, off: float) -> list[Step]:
    steps: list[Step] = []
    for _ in range(times):
        steps += [(colour, on), (OFF, off)]
    return steps


def _scaled(colour: Colour, part: float) -> Colour:
    return (colour[0] * part, colour[1] * part, colour[2] * part)


def pattern(moment: str, colour: Colour) -> list[Step]:
    """The light for ``moment`` (a cue's name); ``colour`` is the player it is about
    (the new player for a turn, the winner for a win)."""
    if moment == "turn":
        return _flashes(colour, 2, 0.2, 0.12)
    if moment == "wolf_catch":
        return _flashes(WOLF_RED, 4, 0.1, 0.08)
    if moment == "breakthrough":
        return _flashes(BREAKTHROUGH_ORANGE, 3, 0.14, 0.1)
    if moment == "win":  # a fanfare: rising brightness, then quick bright flashes
        rise = [(_scaled(colour, part), 0.15) for part in (0.25, 0.5, 0.75, 1.0)]
        return rise + _flashes(colour, 3, 0.12, 0.08) + [(colour, 0.6)]
    if moment == "loss":  # a slow fade of dim white
        return [(_scaled(WHITE, part), 0.3) for part in (0.6, 0.4, 0.2, 0.05)]
    return []


TEST_FLASHES = 3
TEST_ON, TEST_OFF = 0.3, 0.2
"""Each flash of an LED's Test: seconds lit, then dark."""
LED_TEST_COLOURS: dict[str, Colour] = {
    "led_red": (1.0, 0.0, 0.0),
    "led_green": (0.0, 1.0, 0.0),
    "led_blue": (0.0, 0.0, 1.0),
}
"""The colour each LED role's Test flashes (one channel of the RGB LED)."""


def test_flashes(role: str) -> list[Step]:
    """The Devices screen's Test of one LED channel, played on the game's own light
    while a game holds the LED (as the Test of a free LED flashes it)."""
    return _flashes(LED_TEST_COLOURS[role], TEST_FLASHES, TEST_ON, TEST_OFF)


class TableLight:
    """An RGB LED (gpiozero ``RGBLED``), or None for a table without one."""

    def __init__(self, led: Any, later: Later) -> None:
        self._led = led
        self._later = later
        self._steady = OFF
        self._pattern = 0  # bumped by every new pattern: older steps then do nothing
        self._playing = False

    @property
    def wired(self) -> bool:
        return self._led is not None

    @property
    def steady(self) -> Colour:
        return self._steady

    def hold(self, colour: Colour) -> None:
        """The colour to show between moments (shown now unless a pattern plays)."""
        self._steady = colour
        if not self._playing:
            self._show(colour)

    def play(self, moment: str, colour: Colour) -> None:
        """Play ``moment``'s pattern, then return to the steady colour."""
        self.flash(pattern(moment, colour))

    def flash(self, steps: Sequence[Step]) -> None:
        """Show ``steps`` (a device's own light, such as the combat bag's token), then
        return to the steady colour."""
        if not steps or self._led is None:
            return
        self._pattern += 1
        self._playing = True
        self._step(self._pattern, list(steps))

    def _step(self, number: int, steps: list[Step]) -> None:
        if number != self._pattern or self._led is None:
            return
        if not steps:
            self._playing = False
            self._show(self._steady)
            return
        colour, seconds = steps[0]
        self._show(colour)
        self._later(seconds, lambda: self._step(number, steps[1:]))

    def _show(self, colour: Colour) -> None:
        if self._led is None:
            return
        try:
            self._led.color = colour
        except GPIOZeroError:  # closed under us (the app is stopping): stay quiet
            log.debug("the LED could not be set", exc_info=True)

    def close(self) -> None:
        """Dark, and the pins let go (no game is on)."""
        self._pattern += 1
        self._playing = False
        self._steady = OFF
        if self._led is not None:
            self._show(OFF)
            self._led.close()
            self._led = None


def open_light(factory: Any, pins: Mapping[str, int], later: Later) -> TableLight:
    """The LED on the pin map's LED roles, or a dark light when it cannot be had
    (a role not mapped, the pins held by a game's own device, no GPIO here)."""
    if not all(role in pins for role in LED_ROLES):
        return TableLight(None, later)
    red, green, blue = (pins[role] for role in LED_ROLES)
    try:
        led = RGBLED(red, green, blue, pin_factory=factory)
    except (GPIOZeroError, OSError, RuntimeError) as err:
        log.info("no table LED: %s", err)
        return TableLight(None, later)
    return TableLight(led, later)
