"""The Little Dead Riding Hood combat bag as a device: a button draws, the table's RGB
LED and a buzzer show the token.

The LED is the table light's (``table_light.TableLight``): between fights it holds the
current player's colour, and the token's flash plays over it and gives that colour
back, so the bag never opens the LED pins itself.

The odds and the draw itself come from the engine's bag maths
(``companion.engines.little_dead_riding_hood.bag``), so the app, the ``companion
bag`` command and the engine's chance node share one definition of the bag.

Order of a draw (the design's "journaled before revealed"):
1. the token is drawn from the armed bag;
2. ``commit(draw)`` is called and waited on: the session journals the outcome;
3. only then is the token flashed on the LED, the buzzer sounded and a ``drawn``
   event delivered.
If ``commit`` raises, nothing is revealed and the bag stays armed, so the unseen
token can be drawn again without re-rolling anything a player saw.

The draw's RNG: an app passes ``rng=controller.draw_rng``, a function returning
the session's RNG for the current step (seeded ``seed/step`` like every other app
draw), so the same game draws the same tokens.  A fixed ``random.Random`` is for
tools and tests; with neither the draws are unseeded.

Button callbacks run on gpiozero's background thread; ``on_event`` must only post
the event to the UI thread (e.g. ``Clock.schedule_once``).  Devices are built by
the constructor from an injected pin factory, never at import time.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.devices.pins import DEFAULT_PINS
from companion.devices.table_light import Step, TableLight
from companion.engines.little_dead_riding_hood import (
    WOLF,
    BagContents,
    draw_from,
    fill_bag,
    win_probability,
)

WOLF_COLOUR = (1.0, 0.0, 0.0)
BULLET_COLOUR = (1.0, 1.0, 1.0)
OFF = (0.0, 0.0, 0.0)
RESULT_SECONDS = 2.0
"""How long the token's colour stays lit after its flashes, before the player's colour."""
WOLF_TONE = "A3"
BULLET_TONE = "A5"
TONE_SECONDS = 0.4


@dataclass(frozen=True)
class BagDraw:
    """One token drawn from the bag."""

    outcome: str
    """``"bullet"`` (the wolf is killed) or ``"wolf"``."""
    contents: BagContents
    redraw: bool
    """True for a Once Upon A Time redraw from the same bag (LD6)."""
    number: int
    """Counts the draws made by this device, from 1."""


@dataclass(frozen=True)
class BagEvent:
    """What the bag tells the UI: ``armed``, ``drawn``, ``refused`` or ``failed``."""

    kind: str
    contents: BagContents | None = None
    chance: float | None = None
    """The fighter's chance of drawing a bullet, shown before the draw."""
    draw: BagDraw | None = None
    message: str = ""


Scheduler = Callable[[float, Callable[[], None]], Any]
DrawRng = random.Random | Callable[[], random.Random]


def _timer(delay: float, action: Callable[[], None]) -> threading.Timer:
    timer = threading.Timer(delay, action)
    timer.daemon = True
    timer.start()
    return timer


class CombatBag:
    """Arm the bag with the fighter's bullets, then a button press (or ``draw``) draws."""

    def __init__(
        self,
        *,
        pin_factory: Any,
        light: TableLight,
        on_event: Callable[[BagEvent], None],
        commit: Callable[[BagDraw], None] | None = None,
        rng: DrawRng | None = None,
        pins: Mapping[str, int] = DEFAULT_PINS,
        schedule: Scheduler = _timer,
        sound: bool = True,
        on_press: Callable[[], None] | None = None,
    ) -> None:
        """``light`` is the table's LED (``open_light``; a dark one where none is wired).
        ``on_press`` replaces drawing on the button's thread: an app passes a function
        that posts ``draw`` to its main thread, where the commit hook may touch the session
        (and the light, whose steps run on that thread)."""
        from gpiozero import Button, TonalBuzzer

        self._on_event = on_event
        self._commit = commit
        self._rng = rng if rng is not None else random.Random()
        self._schedule = schedule
        self._lock = threading.RLock()
        self._contents: BagContents | None = None
        self._last: BagContents | None = None
        self._redraw = False
        self._count = 0
        self.button = Button(pins["bag_button"], pin_factory=pin_factory)
        self.light = light
        self.buzzer = TonalBuzzer(pins["buzzer"], pin_factory=pin_factory) if sound else None
        self.button.when_pressed = on_press if on_press is not None else self._pressed

    # -- arming --------------------------------------------------------------------
    @property
    def armed(self) -> BagContents | None:
        return self._contents

    def arm(self, bullets: int, cake_and_wine: bool = False, supply: int | None = None) -> float:
        """Fill the bag for a fight; returns (and announces) the chance of a bullet."""
        return self.arm_with(fill_bag(bullets, cake_and_wine, supply))

    def arm_with(self, contents: BagContents, redraw: bool = False) -> float:
        with self._lock:
            self._contents = contents
            self._redraw = redraw
        chance = win_probability(contents)
        self._on_event(BagEvent("armed", contents=contents, chance=chance))
        return chance

    def arm_again(self) -> float:
        """Once Upon A Time: the drawn token goes back; the same bag is drawn again."""
        if self._last is None:
            raise RuntimeError("nothing was drawn yet, so there is no bag to draw again")
        return self.arm_with(self._last, redraw=True)

    def disarm(self) -> None:
        with self._lock:
            self._contents = None

    # -- drawing ---------------------------------------------------------------------
    def _pressed(self) -> None:
        self.draw()

    def draw(self) -> BagDraw | None:
        """Draw, journal through ``commit``, then reveal; None if nothing was revealed."""
        event: BagEvent
        drawn: BagDraw | None = None
        with self._lock:
            contents = self._contents
            if contents is None:
                event = BagEvent("refused", message="the bag is not filled for a fight")
            else:
                rng = self._rng if isinstance(self._rng, random.Random) else self._rng()
                outcome = draw_from(contents, rng)
                candidate = BagDraw(outcome, contents, self._redraw, self._count + 1)
                failure = self._journal(candidate)
                if failure:
                    event = BagEvent("failed", contents=contents, message=failure)
                else:
                    drawn = candidate
                    self._count += 1
                    self._contents = None
                    self._last = contents
                    self._reveal(outcome)
                    event = BagEvent("drawn", contents=contents, draw=drawn)
        self._on_event(event)
        return drawn

    def _journal(self, drawn: BagDraw) -> str:
        """Run the commit hook; an error message if the draw could not be saved."""
        if self._commit is None:
            return ""
        try:
            self._commit(drawn)
        except Exception as err:  # noqa: BLE001 - any journal failure must block the reveal
            return f"the draw could not be saved, draw again: {err}"
        return ""

    def show(self, outcome: str) -> None:
        """Show a token on the LED and the buzzer: one drawn here, or one the players drew
        from the real bag and entered (already journaled either way)."""
        self._reveal(outcome)

    def _reveal(self, outcome: str) -> None:
        self.light.flash(result_light(outcome))
        if self.buzzer is not None:
            from gpiozero.tones import Tone

            self.buzzer.play(Tone(WOLF_TONE if outcome == WOLF else BULLET_TONE))
            self._schedule(TONE_SECONDS, self._quiet)

    def _quiet(self) -> None:
        if self.buzzer is not None and not self.buzzer.closed:
            self.buzzer.stop()

    def close(self) -> None:
        """Release the button and the buzzer (the LED stays the table light's)."""
        self.button.close()
        if self.buzzer is not None:
            self.buzzer.close()


def result_light(outcome: str) -> list[Step]:
    """The token on the LED: three flashes of its colour (white for a bullet, red for the
    wolf), then the colour held a moment for everyone at the table to see."""
    colour = WOLF_COLOUR if outcome == WOLF else BULLET_COLOUR
    return [(colour, 0.25), (OFF, 0.12)] * 3 + [(colour, RESULT_SECONDS)]
