"""Screen sleep: after the owner's minutes without a touch the backlight goes dark,
and the touch that wakes it is only a wake-up, never a press.

Any sign of play keeps the screen awake: a touch, a change in the game, or an event
a table device posts (each beat of a running count, a press of the bag's button).  A
device event while asleep wakes the screen, so its result is seen.  The clock is
injected; ``check`` is called a few times a minute by the app.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from companion.system.backlight import Backlight

log = logging.getLogger(__name__)

Clock = Callable[[], float]


class ScreenSleep:
    def __init__(
        self, light: Backlight, minutes: Callable[[], int], clock: Clock = time.monotonic
    ) -> None:
        self.light = light
        self._minutes = minutes
        self._clock = clock
        self._last = clock()
        self._brightness: int | None = None
        """The brightness to give back, while asleep."""

    @property
    def asleep(self) -> bool:
        return self._brightness is not None

    def poke(self) -> None:
        """Something happened at the table: wake if asleep, and start the idle time anew."""
        self._last = self._clock()
        self._wake()

    def touched(self) -> bool:
        """A touch came: True when it only woke the screen (the app swallows it)."""
        was_asleep = self.asleep
        self.poke()
        return was_asleep

    def check(self) -> None:
        """Sleep once the idle time has passed (never when the setting is off)."""
        minutes = self._minutes()
        if self.asleep or minutes <= 0 or self._clock() - self._last < minutes * 60:
            return
        try:
            self._brightness = self.light.switch_off()
        except (OSError, ValueError):
            log.warning("the screen could not sleep", exc_info=True)

    def _wake(self) -> None:
        if self._brightness is None:
            return
        brightness, self._brightness = self._brightness, None
        try:
            self.light.switch_on(brightness)
        except (OSError, ValueError):
            log.warning("the screen could not wake", exc_info=True)
