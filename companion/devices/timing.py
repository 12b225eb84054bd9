"""The Le Petit Poucet count timer: a metronome that counts to ten, or a tap counter.

In step 1 each child holds the tree token while the others count to ten; the
token then passes to the left, round the table.  Two ways to count:

* ``Metronome``: the app beats 1..10 at the chosen tempo (PP7), signals "pass",
  leaves a short hand-over gap and starts the next holder.  The beat comes from a
  thread that sleeps to absolute deadlines (start + slot x interval, moved only by a
  resume, which puts the next beat one interval later) on ``time.monotonic``, never
  from Kivy's Clock, which schedules each call relative to the last frame and drifts.
* ``TapCounter``: the counting children tap a big button on each number; taps are
  debounced by our own code against the injected clock (gpiozero's mock pins do not
  emulate ``bounce_time``), taps faster than a minimum interval are refused with a
  "too-fast" event, and ten taps pass the token.

Both report ``CountEvent`` values to a callback *from their own thread*: the UI must
post them to its thread (``Clock.schedule_once``) and never touch widgets here.
What the table hears does not wait for the UI: ``on_sound`` is called on the timing
side, under the timer's lock, at the moment each event happens (the beat's own
wake-up, or the start / pause / resume / tap call), so a sound starts on time however
busy Kivy's thread is, and a beat computed before a pause can never sound after it.
The metronome's grid is anchored where its sound started ("started" and "resumed"
may return that moment), so a pre-rendered track of the whole turn and the grid agree.
While a timing thread runs, the garbage collector's full collections (tens of ms
for the app's heap) are held off (``QuietGC``): they would stop every thread,
the beat's included.
Both work with only an on-screen button (``tap()``) and can pause and resume.
A gpiozero ``TonalBuzzer`` beeps each count when one is wired.

Time is injected: ``clock`` (seconds, monotonic) and ``wait(timeout)`` (block up to
``timeout`` seconds, or until woken when ``None``), so tests run without sleeping.
"""

from __future__ import annotations

import gc
import logging
import os
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.devices.pins import DEFAULT_PINS

log = logging.getLogger(__name__)

COUNTS = 10
"""The rulebook's count: "the other players count aloud and in unison up to 10"."""
TEMPO_RANGE = (0.5, 2.0)
"""PP7: seconds per count the settings offer (default 1.0)."""
DEFAULT_INTERVAL = 1.0
MIN_INTERVAL, MAX_INTERVAL = 0.01, 10.0
"""What the classes accept (benchmarks use fast tempos)."""
HANDOVER_BEATS = 2
"""Silent beats between one holder's "pass" and the next holder's count 1, the pass included."""
DEBOUNCE = 0.03
"""Edges closer than this to the previous edge are contact bounce, not taps."""

COUNT_TONE, TENTH_TONE, PASS_TONE, TOO_FAST_TONE = 440.0, 880.0, 659.26, 220.0
"""Buzzer tones, inside a default TonalBuzzer's A3-A5 range."""
COUNT_BEEP, TENTH_BEEP, PASS_BEEP, TOO_FAST_BEEP = 0.06, 0.15, 0.4, 0.2
"""Beep lengths in seconds (never longer than 80 % of the beat)."""

REALTIME_PRIORITY = 10
"""SCHED_FIFO priority asked for the timing thread (granted to root or with
CAP_SYS_NICE / systemd ``LimitRTPRIO``); without it the thread runs normally."""
SWITCH_INTERVAL = 0.0005
"""While a timing thread runs, Python hands the GIL over at least this often (the
default 5 ms would let a busy UI thread delay a beat by up to 5 ms)."""
QUIET_GC_THRESHOLD = 1 << 30
"""The oldest generation's threshold while a count runs: in effect, never."""

Clock = Callable[[], float]
Wait = Callable[[float | None], object]


@dataclass(frozen=True)
class CountEvent:
    """Something the table should see or hear.

    ``kind`` is one of: "started" (the metronome's grid begins), "count" (``count`` is
    1..10), "pass" (the holder passes to ``next_holder``), "done" (the last holder puts
    the token in the box), "too-fast", "paused", "resumed".  ``due`` is when it should
    have happened on the ideal schedule, ``at`` when it was emitted (``at - due`` is the
    timing error).  ``slot`` is the metronome's slot of the event; for "started",
    "paused" and "resumed", the slot that beats next.
    """

    kind: str
    holder: int
    count: int
    due: float
    at: float
    next_holder: int | None = None
    slot: int = 0


@dataclass(frozen=True)
class CountStatus:
    """What the screen shows: who holds the token, the huge count, paused or done."""

    holder: int
    count: int
    started: bool
    paused: bool
    done: bool


EventSink = Callable[[CountEvent], None]
SoundSink = Callable[[CountEvent], float | None]
"""``on_sound``: starts the event's sound; for "started" and "resumed" it may return
when the sound started (on the timer's clock), and the metronome's grid is anchored
exactly there."""


def make_buzzer(pin_factory: Any, pin: int | None = None) -> Any:
    """A gpiozero TonalBuzzer on the buzzer pin (built only when called)."""
    from gpiozero import TonalBuzzer

    return TonalBuzzer(DEFAULT_PINS["buzzer"] if pin is None else pin, pin_factory=pin_factory)


def make_tap_button(pin_factory: Any, pin: int | None = None) -> Any:
    """The big counting button: gpiozero Button, pulled up, no gpiozero debounce
    (debouncing is ours, against the injected clock)."""
    from gpiozero import Button

    chosen = DEFAULT_PINS["tap_button"] if pin is None else pin
    return Button(chosen, pull_up=True, bounce_time=None, pin_factory=pin_factory)


class Beeper:
    """Turns a TonalBuzzer on for a beep and off when the beep's time is up.

    It never sleeps: the timer's loop asks for ``next_deadline`` and calls ``poll``.
    With no buzzer wired every call does nothing.
    """

    def __init__(self, buzzer: Any = None) -> None:
        self.buzzer = buzzer
        self.off_at: float | None = None

    def beep(self, hz: float, seconds: float, now: float) -> None:
        if self.buzzer is None:
            return
        self.buzzer.play(hz)
        self.off_at = now + seconds

    def poll(self, now: float) -> None:
        if self.off_at is not None and now >= self.off_at:
            self.silence()

    def silence(self) -> None:
        if self.buzzer is not None and self.off_at is not None:
            self.buzzer.stop()
        self.off_at = None

    @property
    def next_deadline(self) -> float | None:
        return self.off_at


class Debouncer:
    """Accepts a press only if the line was quiet (no edge at all) for ``window``
    seconds before it, so the burst of edges of one press or release adds nothing."""

    def __init__(self, window: float = DEBOUNCE) -> None:
        if window < 0:
            raise ValueError(f"the debounce window cannot be negative, got {window!r}")
        self.window = window
        self.last_edge: float | None = None

    def press(self, now: float) -> bool:
        quiet = self.last_edge is None or now - self.last_edge >= self.window
        self.last_edge = now
        return quiet

    def release(self, now: float) -> None:
        self.last_edge = now


class _WhileTimersRun:
    """A process-wide setting changed while any timing thread runs and put back when
    the last one ends (counted, so overlapping timers do not undo each other)."""

    _lock = threading.Lock()
    _users = 0

    @classmethod
    def acquire(cls) -> None:
        with cls._lock:
            if cls._users == 0:
                cls._enter()
            cls._users += 1

    @classmethod
    def release(cls) -> None:
        with cls._lock:
            cls._users -= 1
            if cls._users == 0:
                cls._leave()

    @classmethod
    def _enter(cls) -> None:
        raise NotImplementedError

    @classmethod
    def _leave(cls) -> None:
        raise NotImplementedError


class _SwitchInterval(_WhileTimersRun):
    """Lowers ``sys.setswitchinterval`` while any timing thread runs; restores it after."""

    _saved = 0.005

    @classmethod
    def _enter(cls) -> None:
        cls._saved = sys.getswitchinterval()
        sys.setswitchinterval(min(cls._saved, SWITCH_INTERVAL))

    @classmethod
    def _leave(cls) -> None:
        sys.setswitchinterval(cls._saved)


class QuietGC(_WhileTimersRun):
    """Keeps full garbage collections out of a count while any timing thread runs.

    ``gc.freeze()`` moves every object that exists when the count starts out of the
    collector's sight, and the oldest generation's threshold is raised so no full
    collection starts; young collections (a fraction of a millisecond) go on.  The
    last thread to finish restores the threshold and unfreezes, so what the count
    left behind is collected afterwards, between counts.
    """

    _saved: tuple[int, int, int] = (700, 10, 10)

    @classmethod
    def _enter(cls) -> None:
        cls._saved = gc.get_threshold()
        gc.freeze()
        gc.set_threshold(cls._saved[0], cls._saved[1], QUIET_GC_THRESHOLD)

    @classmethod
    def _leave(cls) -> None:
        gc.set_threshold(*cls._saved)
        gc.unfreeze()


def scheduling_policy() -> str:
    """The calling thread's scheduling, as a benchmark prints it ("SCHED_FIFO 10")."""
    try:
        policy = os.sched_getscheduler(0)
        priority = os.sched_getparam(0).sched_priority
    except (AttributeError, OSError):
        return "unknown"
    names = {os.SCHED_OTHER: "SCHED_OTHER", os.SCHED_FIFO: "SCHED_FIFO", os.SCHED_RR: "SCHED_RR"}
    return f"{names.get(policy, str(policy))} {priority}"


def ask_realtime_priority() -> bool:
    """Make the calling thread SCHED_FIFO if the OS allows; True when granted."""
    try:
        os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(REALTIME_PRIORITY))
    except (AttributeError, OSError):
        return False
    return True


def _check_holders(holders: Sequence[int]) -> tuple[int, ...]:
    order = tuple(holders)
    if not order:
        raise ValueError("the token needs at least one holder")
    if len(set(order)) != len(order):
        raise ValueError(f"a player appears twice in the holder order {list(order)}")
    return order


def _check_interval(name: str, value: float) -> float:
    if not MIN_INTERVAL <= value <= MAX_INTERVAL:
        raise ValueError(f"{name} must be {MIN_INTERVAL}-{MAX_INTERVAL} s, got {value!r}")
    return float(value)


class _TimedLoop:
    """The shared thread: wait to the next deadline, handle what is due, repeat.

    ``run()`` is the thread body; tests call it directly with a fake ``wait``.
    Subclasses implement ``_due(now)`` (returning events to emit) and
    ``_next_deadline()``, both called with the lock held.
    """

    def __init__(
        self,
        on_event: EventSink,
        buzzer: Any,
        clock: Clock | None,
        wait: Wait | None,
        button: Any = None,
        debounce: float = DEBOUNCE,
        on_sound: SoundSink | None = None,
        realtime: bool = True,
        quiet_gc: bool = True,
    ) -> None:
        self._on_event = on_event
        self._on_sound = on_sound
        self._ask_realtime = realtime
        self._quiet_gc = quiet_gc
        self._holding_gc = False
        """The thread holds ``QuietGC`` (lets it go while idle)."""
        self._clock: Clock = clock or time.monotonic
        self._wake = threading.Event()
        self._wait: Wait = wait or self._wake.wait
        self._lock = threading.RLock()
        self._thread: threading.Thread | None = None
        self._stopped = False
        self.realtime = False
        """Whether the background thread got a real-time scheduling priority."""
        self.beeper = Beeper(buzzer)
        self.debouncer = Debouncer(debounce)
        self.button = button

    def _attach_button(self) -> None:
        """Listen to the button; subclasses call this last, once every field exists,
        because a press arrives on gpiozero's thread at any moment after it."""
        if self.button is not None:
            self.button.when_pressed = self._button_pressed
            self.button.when_released = self._button_released

    def listen(self, listening: bool) -> None:
        """Follow the wired button (True) or leave it alone while the game's screen is not
        showing (False): a press behind History must not resume or count anything."""
        if listening and not self._stopped:
            self._attach_button()
        elif self.button is not None:
            self.button.when_pressed = None
            self.button.when_released = None

    def _button_pressed(self) -> None:
        """A hardware press (gpiozero's thread): debounced, then a tap."""
        with self._lock:
            accepted = self.debouncer.press(self._clock())
        if accepted:
            self.tap()

    def _button_released(self) -> None:
        with self._lock:
            self.debouncer.release(self._clock())

    def tap(self) -> None:
        raise NotImplementedError

    def _emit(self, events: list[CountEvent]) -> None:
        for event in events:
            self._on_event(event)

    def _sound(self, events: list[CountEvent]) -> list[CountEvent]:
        """The timing side's moment: start each event's sound now (lock held)."""
        for event in events:
            self._anchor(event)
        return events

    def _anchor(self, event: CountEvent) -> float:
        """Start ``event``'s sound; when it started (as the sound says, else now)."""
        started = None
        if self._on_sound is not None:
            try:
                started = self._on_sound(event)
            except Exception:  # a sound must never stop the count
                log.exception("the sound for %s failed", event.kind)
        return started if isinstance(started, float) else self._clock()

    def _spawn(self, name: str) -> None:
        with self._lock:  # a screen tap and a wired press at once start one thread
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._thread_main, name=name, daemon=True)
                self._thread.start()

    def _thread_main(self) -> None:
        self.realtime = ask_realtime_priority() if self._ask_realtime else False
        _SwitchInterval.acquire()
        if self._quiet_gc:
            QuietGC.acquire()
            self._holding_gc = True
        try:
            self.run()
        finally:
            if self._quiet_gc:
                self._holding_gc = False
                QuietGC.release()
            _SwitchInterval.release()

    def _wait_idle(self) -> None:
        """Nothing to time until woken (a paused count, a tap count between taps): full
        garbage collections may run meanwhile, so a long pause leaves no heap behind."""
        if not self._holding_gc:
            self._wait(None)
            return
        QuietGC.release()
        try:
            self._wait(None)
        finally:
            QuietGC.acquire()

    def poll(self) -> None:
        """Handle everything due by now (the loop's work, without waiting)."""
        with self._lock:
            if self._stopped:
                return
            events = self._sound(self._due(self._clock()))
        self._emit(events)

    def run(self) -> None:
        while True:
            self._wake.clear()
            with self._lock:
                if self._stopped:
                    return
                events = self._sound(self._due(self._clock()))
                finished = self._finished()
                deadline = self._next_deadline()
            self._emit(events)
            if finished:
                return
            if deadline is None:
                self._wait_idle()
                continue
            timeout = max(0.0, deadline - self._clock())
            if timeout != 0.0:
                self._wait(timeout)

    def stop(self, join: bool = True) -> None:
        """End the loop, let go of the button and silence the buzzer (safe to call twice)."""
        self.listen(False)
        with self._lock:
            self._stopped = True
            self.beeper.silence()
        self._wake.set()
        thread = self._thread
        if join and thread is not None and thread is not threading.current_thread():
            thread.join(timeout=2.0)

    def _due(self, now: float) -> list[CountEvent]:
        raise NotImplementedError

    def _next_deadline(self) -> float | None:
        raise NotImplementedError

    def _finished(self) -> bool:
        raise NotImplementedError


class Metronome(_TimedLoop):
    """Beats 1..``counts`` for each holder, "pass", a hand-over gap, the next holder.

    The schedule is a grid of slots ``interval`` apart from the start: holder h owns
    slots h*L .. h*L + counts - 1 (the counts), slot h*L + counts is "pass" ("done"
    for the last holder), and ``handover_beats - 1`` silent slots follow, L = counts
    + handover_beats.  Each deadline is computed from its slot number, never by adding
    intervals, so there is no cumulative drift.  Resuming after a pause moves the rest
    of the grid so that the next beat comes exactly one ``interval`` after the resume:
    the table hears a steady lead-in whatever the moment of the pause.  The grid is
    anchored where the sound is: ``begin`` and ``resume`` call ``on_sound`` first
    ("started" / "resumed", which start the UI's pre-rendered turn track,
    ``sounds.turn_track``) and fix the origin when it returns.
    """

    def __init__(
        self,
        holders: Sequence[int],
        on_event: EventSink,
        *,
        interval: float = DEFAULT_INTERVAL,
        counts: int = COUNTS,
        handover_beats: int = HANDOVER_BEATS,
        button: Any = None,
        buzzer: Any = None,
        clock: Clock | None = None,
        wait: Wait | None = None,
        on_sound: SoundSink | None = None,
        realtime: bool = True,
        quiet_gc: bool = True,
    ) -> None:
        super().__init__(
            on_event,
            buzzer,
            clock,
            wait,
            button,
            on_sound=on_sound,
            realtime=realtime,
            quiet_gc=quiet_gc,
        )
        self.holders = _check_holders(holders)
        self.interval = _check_interval("the beat interval", interval)
        if counts < 1:
            raise ValueError(f"counts must be at least 1, got {counts!r}")
        if handover_beats < 1:
            raise ValueError(f"handover_beats must be at least 1, got {handover_beats!r}")
        self.counts = counts
        self.cycle = counts + handover_beats
        self.last_slot = (len(self.holders) - 1) * self.cycle + counts
        self._slot = 0
        self._origin: float | None = None
        self._paused_at: float | None = None
        self._shown = (self.holders[0], 0)
        self._attach_button()

    # -- the schedule ------------------------------------------------------
    def slot_time(self, slot: int) -> float:
        """The ideal time of ``slot`` (with pauses so far)."""
        assert self._origin is not None
        return self._origin + slot * self.interval

    def _skip_silent(self) -> None:
        while self._slot <= self.last_slot and self._slot % self.cycle > self.counts:
            self._slot += 1

    def _slot_event(self, slot: int, now: float) -> CountEvent:
        index, beat = divmod(slot, self.cycle)
        holder = self.holders[index]
        due = self.slot_time(slot)
        if beat < self.counts:
            self._shown = (holder, beat + 1)
            tenth = beat + 1 == self.counts
            self.beeper.beep(
                TENTH_TONE if tenth else COUNT_TONE,
                min(TENTH_BEEP if tenth else COUNT_BEEP, 0.8 * self.interval),
                now,
            )
            return CountEvent("count", holder, beat + 1, due, now, slot=slot)
        self.beeper.beep(PASS_TONE, min(PASS_BEEP, 0.8 * self.interval), now)
        if index + 1 < len(self.holders):
            nxt = self.holders[index + 1]
            self._shown = (nxt, 0)
            return CountEvent("pass", holder, self.counts, due, now, next_holder=nxt, slot=slot)
        return CountEvent("done", holder, self.counts, due, now, slot=slot)

    def upcoming_count(self, after_slot: int = -1) -> CountEvent | None:
        """The next count on the grid (after ``after_slot`` and not yet beaten), as it
        will be emitted, ``due`` at its ideal time; None before the start, while paused
        and after the last count.  Any thread: the screen arms its own clock to it, so
        the number is drawn in the frame the beat lands in, not one frame after the
        beat thread's wake-up."""
        with self._lock:
            if self._origin is None or self._paused_at is not None or self._stopped:
                return None
            slot = max(self._slot, after_slot + 1)
            while slot <= self.last_slot:
                index, beat = divmod(slot, self.cycle)
                if beat < self.counts:
                    due = self.slot_time(slot)
                    return CountEvent("count", self.holders[index], beat + 1, due, due, slot=slot)
                slot += 1
            return None

    # -- the loop's hooks ----------------------------------------------------
    def _due(self, now: float) -> list[CountEvent]:
        self.beeper.poll(now)
        events: list[CountEvent] = []
        if self._origin is None or self._paused_at is not None:
            return events
        self._skip_silent()
        while self._slot <= self.last_slot and self.slot_time(self._slot) <= now:
            events.append(self._slot_event(self._slot, now))
            self._slot += 1
            self._skip_silent()
        return events

    def _next_deadline(self) -> float | None:
        beats = None
        if self._origin is not None and self._paused_at is None and self._slot <= self.last_slot:
            beats = self.slot_time(self._slot)
        offs = self.beeper.next_deadline
        candidates = [t for t in (beats, offs) if t is not None]
        return min(candidates) if candidates else None

    def _finished(self) -> bool:
        return self._slot > self.last_slot and self.beeper.next_deadline is None

    # -- controls (any thread) -------------------------------------------------
    def begin(self) -> None:
        """Start the sound, then fix the schedule's origin: count 1 is due at once."""
        with self._lock:
            if self._origin is None and not self._stopped:
                now = self._clock()
                started = CountEvent("started", self.holders[0], 0, now, now)
                self._origin = self._anchor(started)  # the grid starts where the sound did
        self._wake.set()

    def start(self) -> None:
        """Begin and beat on a background thread."""
        self.begin()
        self._spawn("count-metronome")

    def pause(self) -> None:
        with self._lock:
            if self._origin is None or self._paused_at is not None or self.done or self._stopped:
                return
            now = self._clock()
            self._paused_at = now
            self.beeper.silence()
            self._skip_silent()
            holder, count = self._shown
            paused = CountEvent("paused", holder, count, now, now, slot=self._slot)
            events = self._sound([paused])
        self._emit(events)
        self._wake.set()

    def resume(self) -> None:
        with self._lock:
            if self._paused_at is None or self._origin is None or self._stopped:
                return
            now = self._clock()
            self._skip_silent()
            holder, count = self._shown
            resumed = CountEvent("resumed", holder, count, now, now, slot=self._slot)
            now = self._anchor(resumed)  # the rest of the grid follows the resumed sound
            self._origin = now + self.interval - self._slot * self.interval
            events = [resumed]
            self._paused_at = None
        self._emit(events)
        self._wake.set()

    def tap(self) -> None:
        """The one button (on screen or wired): start, then pause / resume."""
        with self._lock:
            started, paused = self._origin is not None, self._paused_at is not None
        if not started:
            self.start()
        elif paused:
            self.resume()
        else:
            self.pause()

    @property
    def done(self) -> bool:
        return self._slot > self.last_slot

    def status(self) -> CountStatus:
        with self._lock:
            holder, count = self._shown
            return CountStatus(
                holder, count, self._origin is not None, self._paused_at is not None, self.done
            )


class TapCounter(_TimedLoop):
    """Counts taps (hardware button and/or on-screen) up to ten per holder.

    Hardware edges are debounced (``Debouncer``).  A counted tap closer than ``min_interval`` to
    the previous counted tap is refused with a "too-fast" event.
    """

    def __init__(
        self,
        holders: Sequence[int],
        on_event: EventSink,
        *,
        counts: int = COUNTS,
        min_interval: float = 0.5 * DEFAULT_INTERVAL,
        debounce: float = DEBOUNCE,
        button: Any = None,
        buzzer: Any = None,
        clock: Clock | None = None,
        wait: Wait | None = None,
        on_sound: SoundSink | None = None,
    ) -> None:
        super().__init__(on_event, buzzer, clock, wait, button, debounce, on_sound=on_sound)
        self.holders = _check_holders(holders)
        if counts < 1:
            raise ValueError(f"counts must be at least 1, got {counts!r}")
        self.counts = counts
        self.min_interval = _check_interval("the minimum tap interval", min_interval)
        if not 0 <= debounce < self.min_interval:
            raise ValueError(
                f"debounce must be 0 s or more and below the minimum tap interval, got {debounce!r}"
            )
        self._index = 0
        self._count = 0
        self._last_tap: float | None = None
        self._started = False
        self._paused = False
        self._done = False
        self._attach_button()

    # -- input -------------------------------------------------------------------
    def tap(self) -> None:
        """One counted number: the on-screen button, or a debounced hardware press."""
        with self._lock:
            events = self._sound(self._count_tap(self._clock()))
        self._emit(events)
        self._wake.set()

    def _count_tap(self, now: float) -> list[CountEvent]:
        if self._done or self._paused or self._stopped:
            return []
        holder = self.holders[self._index]
        if self._last_tap is not None and now - self._last_tap < self.min_interval:
            self.beeper.beep(TOO_FAST_TONE, TOO_FAST_BEEP, now)
            return [CountEvent("too-fast", holder, self._count, now, now)]
        self._last_tap, self._started = now, True
        self._count += 1
        events = [CountEvent("count", holder, self._count, now, now)]
        if self._count < self.counts:
            self.beeper.beep(COUNT_TONE, COUNT_BEEP, now)
            return events
        self.beeper.beep(PASS_TONE, PASS_BEEP, now)
        self._count = 0
        self._index += 1
        if self._index < len(self.holders):
            nxt = self.holders[self._index]
            events.append(CountEvent("pass", holder, self.counts, now, now, next_holder=nxt))
        else:
            self._index -= 1
            self._count = self.counts
            self._done = True
            events.append(CountEvent("done", holder, self.counts, now, now))
        return events

    # -- controls ------------------------------------------------------------------
    def start(self) -> None:
        """Run the loop that ends each beep on time (only needed with a buzzer)."""
        if self.beeper.buzzer is not None:
            self._spawn("count-taps")

    def pause(self) -> None:
        with self._lock:
            if self._paused or self._done or self._stopped:
                return
            self._paused = True
            now = self._clock()
            event = CountEvent("paused", self.holders[self._index], self._count, now, now)
            events = self._sound([event])
        self._emit(events)

    def resume(self) -> None:
        with self._lock:
            if not self._paused or self._stopped:
                return
            self._paused = False
            self._last_tap = None  # the first tap after a pause is never "too fast"
            now = self._clock()
            event = CountEvent("resumed", self.holders[self._index], self._count, now, now)
            events = self._sound([event])
        self._emit(events)

    @property
    def done(self) -> bool:
        return self._done

    def status(self) -> CountStatus:
        with self._lock:
            return CountStatus(
                self.holders[self._index], self._count, self._started, self._paused, self._done
            )

    # -- the loop's hooks -------------------------------------------------------------
    def _due(self, now: float) -> list[CountEvent]:
        self.beeper.poll(now)
        return []

    def _next_deadline(self) -> float | None:
        return self.beeper.next_deadline

    def _finished(self) -> bool:
        return self._done and self.beeper.next_deadline is None
