"""Taps that cannot be taken back are deliberate: a button that has just appeared
under a finger ignores touches for a short guard time.

A double tap is two touches a tenth of a second apart.  When the first one changes
the screen (the wolf's head asks for a spin, a first player is drawn), a new button
may stand where the finger comes down again; without a guard that second touch
presses it ("Let the app do it" spins the wolf, and Undo cannot take an app draw
back).  Every shared button (``Tap`` and its kin in widgets.kv) is a
``DeliberateButton``, so every screen has the guard; a widget a game draws as a
button of its own (a picture card) takes ``DeliberateBehavior`` first.

A button "appears" when it is made or placed, moves, changes its words, is shown
again or is enabled again; a screen entered or a part unfolded (``just_appeared``)
counts for every button in it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from kivy.factory import Factory
from kivy.properties import BooleanProperty
from kivy.uix.button import Button

GUARD_SECONDS = 0.4
"""Longer than the gap between a double tap's two touches (about 0.1 to 0.3 s), short
enough that a player who looks at a new button before tapping it never waits."""

clock: Callable[[], float] = time.monotonic
"""Where the guard reads the time (tests drive the app on a clock of their own)."""


class DeliberateBehavior:
    """Swallows a touch that lands within ``GUARD_SECONDS`` of the button's appearing;
    a later touch works as on any button."""

    guarded = BooleanProperty(True)
    """False for a key that is meant to be pressed quickly and often (a letter of a
    name, the stand-in for a table's push button): such a press is taken back
    another way, and the keys change their words as one types."""
    appeared_at: float = 0.0

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.appeared_at = clock()
        for name in ("parent", "pos", "opacity", "disabled", "text"):
            if name in self.properties():  # type: ignore[attr-defined]
                self.fbind(name, self.mark_appeared)  # type: ignore[attr-defined]

    def mark_appeared(self, *_args: Any) -> None:
        """Start the guard time again: what is under the finger has just changed."""
        self.appeared_at = clock()

    def guarding(self) -> bool:
        """True while a touch here is too soon after the button appeared to be meant."""
        return bool(self.guarded) and clock() - self.appeared_at < GUARD_SECONDS

    def on_touch_down(self, touch: Any) -> bool:
        if self.guarding() and self.collide_point(*touch.pos):  # type: ignore[attr-defined]
            return True  # taken and dropped: it must not reach the widget beneath either
        return bool(super().on_touch_down(touch))  # type: ignore[misc]


class DeliberateButton(DeliberateBehavior, Button):
    """A button with the guard: the base of every shared button style."""


def just_appeared(root: Any) -> None:
    """Every guarded button in ``root`` has just appeared (a screen was entered, a
    folded part unfolded): their own properties did not change, the screen did."""
    for widget in root.walk(restrict=True):
        if isinstance(widget, DeliberateBehavior):
            widget.mark_appeared()


Factory.register("DeliberateButton", cls=DeliberateButton)
