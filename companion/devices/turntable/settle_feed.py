"""SettleFeed: readings judged as they arrive, handed to the game at its next moment.

The source calls ``take`` on its own thread for every reading; the SpinDetector
judges it there and then, so a settle is known the moment its reading arrives (a
queue drained 30 times a second added up to 33 ms).  ``take`` then calls ``wake``
(a Kivy trigger in the app, safe from any thread), and ``deliver`` - on the thread
that owns the game - passes on the newest raw angle and every event since the last
delivery.  Nothing here touches the game or a widget.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from companion.devices.turntable.detector import Settled, SettleTuning, SpinDetector, SpinEvent
from companion.devices.turntable.source import AngleSample


class SettleFeed:
    def __init__(self, tuning: SettleTuning | None = None) -> None:
        self.detector = SpinDetector(tuning)
        self.on_angle: Callable[[float], None] | None = None
        """The newest raw angle (degrees), once per delivery."""
        self.on_settled: Callable[[float, bool], None] | None = None
        """A resting raw angle and whether a spin ended there."""
        self._wake: Callable[[], object] | None = None
        self._lock = threading.Lock()
        self._latest: AngleSample | None = None
        self._events: list[SpinEvent] = []

    def connect(self, wake: Callable[[], object] | None) -> None:
        """``wake()`` asks for a ``deliver()`` soon on the game's thread (None: drain by hand)."""
        self._wake = wake

    def take(self, sample: AngleSample) -> None:
        """One reading, on any thread: judged now, delivered at the next ``deliver``."""
        with self._lock:
            events = self.detector.feed(sample)
            self._latest = sample
            if events:
                self._events.extend(events)
        wake = self._wake
        if wake is not None:
            wake()

    def poll(self) -> None:
        """Judge the held readings at the clock's time (sources that report changes only)."""
        with self._lock:
            events = self.detector.poll()
            if events:
                self._events.extend(events)
        wake = self._wake
        if events and wake is not None:
            wake()

    def deliver(self, _dt: float = 0.0) -> None:
        """Hand the newest angle and the events since last time to the game (its thread)."""
        with self._lock:
            latest, self._latest = self._latest, None
            if not self._events:
                events: list[SpinEvent] = []
            else:
                events, self._events = self._events, []
        if latest is not None and self.on_angle is not None:
            self.on_angle(latest.degrees)
        on_settled = self.on_settled
        for event in events:
            if isinstance(event, Settled) and on_settled is not None:
                on_settled(event.degrees, event.after_spin)
