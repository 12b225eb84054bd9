"""The controls of a step's replay: Next, Auto or Pause at a chosen pace, and Skip.

While it shows, the moves wait: the panel says so, and the screen refuses taps on the
field until the replay ends or is skipped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.clock import Clock
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.utils import escape_markup

from companion.ui.games.gingerdead_house.phase_replay import PACES, PhaseReplay
from companion.ui.screens import load_kv

WAITING = "The moves come back when this ends: tap Skip to see the end now."
ENDED = "The game has ended: this is how. Tap Skip to the end for who won."


class ReplayPanel(BoxLayout):
    """Runs one ``PhaseReplay``; calls ``on_change()`` after every picture and at the end."""

    shown = BooleanProperty(False)
    text = StringProperty("")
    counter = StringProperty("")
    auto = BooleanProperty(True)
    """Auto plays the pictures at the pace; otherwise Next shows each one."""
    pace = NumericProperty(1)
    """Index into PACES (the players' choice stays for the next replay)."""
    pace_name = StringProperty(PACES[1][0])
    ending = BooleanProperty(False)
    """The replayed step ended the game: the panel says so, and Skip goes to the end."""
    waiting = StringProperty(WAITING)
    skip_words = StringProperty("Skip")

    def on_ending(self, _panel: object, ending: bool) -> None:
        self.waiting = ENDED if ending else WAITING
        self.skip_words = "Skip to the end" if ending else "Skip"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.replay: PhaseReplay | None = None
        self._on_change: Callable[[], None] = lambda: None
        self._timer: Any = None

    @property
    def running(self) -> bool:
        return self.replay is not None and not self.replay.done

    @property
    def seconds(self) -> float:
        """How long each picture stays under Auto."""
        return PACES[int(self.pace)][1]

    def start(self, replay: PhaseReplay, on_change: Callable[[], None]) -> None:
        self.replay = replay
        self._on_change = on_change
        self.shown = not replay.done
        self._show()

    def stop(self) -> None:
        """The replay is over (or taken away by an undo): the moves come back."""
        self._cancel()
        self.replay = None
        self.shown = False

    def next(self) -> None:
        if self.replay is not None:
            self.replay.next()
            self._after()

    def skip(self) -> None:
        if self.replay is not None:
            self.replay.skip()
            self._after()

    def toggle_auto(self) -> None:
        self.auto = not self.auto
        self._schedule()

    def cycle_pace(self) -> None:
        self.pace = (int(self.pace) + 1) % len(PACES)
        self.pace_name = PACES[int(self.pace)][0]
        self._schedule()

    def tick(self, _dt: float = 0) -> None:
        """Auto's step: the next picture (the clock calls it)."""
        self._timer = None
        self.next()

    def _after(self) -> None:
        if self.replay is not None and self.replay.done:
            self.stop()
        else:
            self._show()
        self._on_change()

    def _show(self) -> None:
        replay = self.replay
        if replay is None or replay.done:
            return
        self.text = escape_markup(replay.frame.text)
        self.counter = f"Showing {replay.counter()}"
        self._schedule()

    def _schedule(self) -> None:
        self._cancel()
        if self.running and self.auto:
            self._timer = Clock.schedule_once(self.tick, self.seconds)

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


load_kv(__file__)
