"""Step 1 on screen: who holds the token and the huge count to ten.

The panel owns one count timer at a time (``companion.devices.timing``), built for
the holders still to come this turn: a Metronome that beats by itself, or a
TapCounter fed by the on-screen button and the wired tap button.  Timer events
arrive on device threads; they are posted to Kivy's thread, where "pass" and
"done" apply the view's one choice of step 1 (pass the token on, or put it in the
box) by its key through the controller.  If the game moves without the timer
(undo, the manual "Passed" button), the timer is rebuilt for the new holder.

What the table hears is ``CountAudio``'s job (one pre-rendered track for the whole
turn in metronome mode, a clip per tap in tap mode), started by the timer itself on the
timing side (``on_sound``), never through Kivy's Clock.  What it sees is set on
Kivy's thread just before a frame is drawn: near each count's ideal time on the
metronome's grid, each frame checks whether its picture goes up nearest the beat
(``BeatOnFrame``) and sets the number then, instead of a frame after the beat
thread's wake-up; the thread's own events, posted to run before the next frame,
are the fallback and carry "pass", "done" and the rest.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from functools import partial
from statistics import median
from typing import Any

from kivy.base import EventLoop
from kivy.clock import Clock
from kivy.config import Config
from kivy.graphics.opengl import glFinish
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.devices import timing
from companion.devices.timing import CountEvent, Metronome, TapCounter
from companion.engines.le_petit_poucet import PoucetTable, TouchRound
from companion.engines.view import View
from companion.ui.games.le_petit_poucet.count_audio import METRONOME, TAPS, CountAudio
from companion.ui.screens import load_kv


class PoucetCountPanel(BoxLayout):
    count_text = StringProperty("0")
    holder_text = StringProperty("")
    hint_text = StringProperty("")
    big_text = StringProperty("Start counting")
    mode = StringProperty(METRONOME)
    too_fast = BooleanProperty(False)
    pause_shown = BooleanProperty(False)
    """The small Pause: only where the big button counts taps (the metronome's pauses)."""
    counting = BooleanProperty(False)
    """A holder's count is under way: the way of counting cannot change mid-count."""
    passed_text = StringProperty("Passed")
    """The token's move without the timer, in the view's words ("Passed to Lou")."""
    scale = NumericProperty(1)
    """Larger type and buttons on a larger screen (the screen's ``scale``)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.screen: Any = None
        self.button: Any = None
        self.buzzer: Any = None
        self.clock: Any = None
        self.wait: Any = None
        """Injected by tests (a fake clock and wait); None means real time."""
        self.timer: Metronome | TapCounter | None = None
        self._expected: tuple[int, int] | None = None
        self._generation = 0
        """Counts timers built, so a stopped timer's late events are ignored."""
        self.audio = CountAudio(self._services, self._message)
        self.beats = BeatOnFrame(partial(self._show_beat, 0), armed=False)

    # -- wiring ----------------------------------------------------------------------
    def connect(self, screen: Any, button: Any = None, buzzer: Any = None) -> None:
        self.screen, self.button, self.buzzer = screen, button, buzzer

    @property
    def controller(self) -> Any:
        return self.screen.controller if self.screen is not None else None

    def _services(self) -> Any:
        return self.screen.services if self.screen is not None else None

    def _message(self, text: str) -> None:
        """Tell the players (from any thread: the sounds may fail on the timing side)."""
        controller = self.controller
        if controller is not None:
            controller.post(controller.message, text)

    def _tempo(self) -> float:
        services = self._services()
        return services.settings.tempo if services is not None else timing.DEFAULT_INTERVAL

    # -- following the game ----------------------------------------------------------
    def sync(self, view: View) -> None:
        """Called on every refresh: keep one timer matching the view's holder."""
        touch = _touch(view)
        if touch is None:
            self.stop()
            return
        if self.timer is None or self._expected != (touch.turn, touch.passed):
            self._build(touch)
        self.holder_text = f"{touch.holder_name} feels the token"
        self.passed_text = view.choices[0].label if view.choices else "Passed"
        assert isinstance(view.table, PoucetTable)
        self.hint_text = view.table.note
        self._show_status()

    def _build(self, touch: TouchRound) -> None:
        self.stop()
        self._generation += 1
        sink = partial(self._from_device, self._generation)
        order = list(touch.holders)
        common: dict[str, Any] = {
            "button": self.button,
            "buzzer": self.buzzer,
            "clock": self.clock,
            "wait": self.wait,
            "on_sound": partial(self.audio.heard, self.mode, self._tempo(), len(order)),
        }
        self.audio.prepare(self.mode, self._tempo(), len(order))  # before "Start counting"
        self.audio.clock = self.clock or time.monotonic
        if self.mode == METRONOME:
            self.timer = Metronome(order, sink, interval=self._tempo(), **common)
            # an injected (test) clock is not Kivy's: its numbers come from the events
            self.beats = BeatOnFrame(  # the frames' measured pace carries over between turns
                partial(self._show_beat, self._generation), self.clock is None, self.beats.pace
            )
        else:
            self.timer = TapCounter(order, sink, min_interval=0.5 * self._tempo(), **common)
            self.timer.start()
        self._expected = (touch.turn, touch.passed)
        self.count_text = "0"
        self.too_fast = False

    def stop(self) -> None:
        """Drop the timer; an unfinished turn's track stops with it (a finished one
        lets its chime ring out)."""
        self.beats.cancel()
        if self.timer is not None:
            self.timer.stop(join=False)  # first: no sound can start after this
            if not self.timer.done:
                self.audio.stop()
        self.timer = None
        self._expected = None

    def _show_beat(self, generation: int, event: CountEvent) -> None:
        """A metronome count (or the count a pause left) on screen."""
        if generation == self._generation and self.timer is not None:
            self.count_text = str(event.count)

    def _show_status(self) -> None:
        timer = self.timer
        if timer is None:
            self.pause_shown = self.counting = False
            return
        status = timer.status()
        self.counting = status.started and not status.done
        self.pause_shown = self.mode == TAPS and self.counting and not status.paused
        if self.mode == TAPS:
            self.big_text = "Resume" if status.paused else "TAP"
        elif not status.started:
            self.big_text = "Start counting"
        else:
            self.big_text = "Resume" if status.paused else "Pause"

    # -- taps on the screen ---------------------------------------------------------------
    def big_button(self) -> None:
        """Metronome: start / pause / resume.  Taps: count one (or resume)."""
        if self.timer is None:
            return
        if self.mode == TAPS and self.timer.status().paused:
            self.timer.resume()
        else:
            self.timer.tap()
        if isinstance(self.timer, Metronome):
            self.beats.arm(self.timer)  # started or resumed: the next number is due soon
        self._show_status()

    def pause(self) -> None:
        if self.timer is not None:
            self.timer.pause()
            self.beats.cancel()
            self._show_status()

    def toggle_mode(self) -> None:
        self.mode = TAPS if self.mode == METRONOME else METRONOME
        if self.controller is not None:
            self.stop()
            self.sync(self.controller.view())

    def passed(self) -> None:
        """The table passed the token without the timer."""
        view = self.controller.view()
        if _touch(view) is not None:
            self.controller.choose(view.choices[0].key)

    # -- timer events ---------------------------------------------------------------------
    def _from_device(self, generation: int, event: CountEvent) -> None:
        """Any thread: hand the event to Kivy's thread."""
        controller = self.controller
        if controller is not None:  # drawn in the first frame after the event
            controller.post(self.on_count_event, event, generation, before_drawing=True)

    def on_count_event(self, event: CountEvent, generation: int | None = None) -> None:
        """Kivy's thread: show the count, pass the token (the sound has started)."""
        controller = self.controller
        if controller is None or self.timer is None:
            return
        if generation is not None and generation != self._generation:
            return  # from a timer already replaced (undo, mode switch, manual pass)
        if isinstance(self.timer, Metronome):
            self.beats.follow(self.timer, event)
        elif event.kind == "count":
            if self.timer.status().paused:
                return  # a tap counted just before Pause, delivered just after it
            self.count_text = str(event.count)  # in this frame, before the view is built
        elif event.kind == "paused" and event.count:
            self.count_text = str(event.count)  # what the table heard before the Pause
        view = controller.view()
        touch = _touch(view)
        if touch is None or view.turn != event.holder:
            return  # an event from a timer the game has moved past
        self.too_fast = event.kind == "too-fast"
        if event.kind in ("pass", "done"):
            self.count_text = "pass!" if event.kind == "pass" else "box!"
            if (event.kind == "done") == touch.last:
                # The timer moves on by itself: expect the next holder, do not rebuild.
                self._expected = (touch.turn, touch.passed + 1)
                controller.choose(view.choices[0].key)
        self._show_status()


FRAMES_AHEAD = 2
"""From this many frames before a beat, each frame asks, just before it is drawn,
whether its picture is the one that goes up nearest the beat."""


ONE_FRAME_AT_MOST = 0.1
"""A frame-to-frame gap or a drawing time longer than this is not one frame's (checks
a beat apart, or a swap of a later frame): it is left out of ``FramePace``.  Loose
enough for a loaded machine's slow frames (50 ms swaps under Xvfb at load 8)."""


def _nominal_frame() -> float:
    """One frame at Kivy's ``maxfps`` (60 per second when it is unlimited)."""
    fps = Config.getint("graphics", "maxfps")
    return 1.0 / fps if fps > 0 else 1.0 / 60


class FramePace:
    """How Kivy's frames run, as the count watches them near each beat.

    ``period`` is the time from one frame to the next (between the count's checks in
    consecutive frames); ``draw`` the time from a check, just before its frame is
    drawn, to the moment that frame's picture is up: its buffer swap has returned and
    the GPU has finished it.  Kivy has no event after the swap (``on_flip`` comes
    before it, when a software renderer or the X server has not yet put the picture
    up: timed there, ``draw`` was 5 ms short of the swap under Xvfb and every number
    landed late), so while the count watches, the window's ``flip`` is wrapped.  Both
    are medians of the last frames seen, so one slow frame does not move the next
    beat.  Only checked frames wait for the GPU (``glFinish`` after their swap, where
    a software renderer has nothing left to do), a few around each beat.  Kivy's
    thread only; ``clock`` is ``time.monotonic`` unless a test injects one.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic, keep: int = 31) -> None:
        self.clock = clock
        self.nominal = _nominal_frame()
        self._periods: deque[float] = deque(maxlen=keep)
        self._draws: deque[float] = deque(maxlen=keep)
        self._checked: float | None = None
        """When the last check ran."""
        self._drawing: float | None = None
        """The check whose frame is being drawn (until its swap returns)."""
        self._window: Any = None
        self._swap: Callable[[], object] | None = None
        """The window's own ``flip`` (or whatever wrapped it before us)."""
        self._had_own_flip = False

    @property
    def period(self) -> float:
        return median(self._periods) if self._periods else self.nominal

    @property
    def draw(self) -> float:
        return median(self._draws) if self._draws else 0.0

    def checked(self) -> float:
        """A check just before a frame is drawn: now, noted for the period and draw."""
        now = self.clock()
        if self._checked is not None and 0 < now - self._checked < ONE_FRAME_AT_MOST:
            self._periods.append(now - self._checked)
        self._checked = self._drawing = now
        return now

    def flipped(self) -> None:
        """The window's buffer swap returned: a checked frame's picture is up once the
        GPU has drawn it."""
        if self._drawing is None:
            return
        glFinish()
        took = self.clock() - self._drawing
        self._drawing = None
        if took < ONE_FRAME_AT_MOST:  # its own frame's, not a later one's (no redraw)
            self._draws.append(took)

    def nearest(self, now: float, due: float) -> bool:
        """Whether the frame about to be drawn goes up nearer ``due`` than the next one
        (or after it): its picture is up ``draw`` from now, the next one ``period`` later."""
        return now + self.draw >= due - self.period / 2

    def watch(self, window: Any = None) -> None:
        """Time the window's swaps (once; no window, no draw times)."""
        window = window if window is not None else EventLoop.window
        if self._window is not None or window is None:
            return
        self._window = window
        self._had_own_flip = "flip" in vars(window)
        self._swap = window.flip
        window.flip = self._timed_flip

    def _timed_flip(self) -> None:
        assert self._swap is not None
        self._swap()
        self.flipped()

    def unwatch(self) -> None:
        """Stop timing the swaps; the window's ``flip`` is put back unless something
        wrapped it after us (then ours stays, as a plain pass-through, and is reused)."""
        self._checked = self._drawing = None
        window = self._window
        if window is None or vars(window).get("flip") != self._timed_flip:
            return
        if self._had_own_flip:
            window.flip = self._swap
        else:
            del window.flip
        self._window = self._swap = None


class BeatOnFrame:
    """Each metronome count's number, put in the frame whose picture goes up nearest
    the count's ideal time.

    The beat thread wakes on time, but a number it posts waits for the next frame: a
    beat that lands just after a frame began is drawn a whole frame later, and Kivy's
    clock runs a timed event in the first frame that *begins* near its time, however
    long that frame then takes to draw.  So a Kivy event armed a couple of frames
    before each count's grid time (``Metronome.upcoming_count``: absolute times, so
    nothing accumulates) starts a check in each frame, in Kivy's "before draw" step
    (timeout -1, after the frame's own work): if this frame's picture, up ``draw``
    from now, is nearer the beat than the next frame's, the number is set now.  The
    number is then at most half a frame early or late (plus a frame's jitter).  Each
    number arms the next; the timer's own events (``follow``) arm the first after a
    start or resume, cancel on a pause, and set a count the checks did not (say,
    ``armed=False`` for a test's clock).  Kivy's thread only.
    """

    def __init__(
        self,
        show: Callable[[CountEvent], None],
        armed: bool = True,
        pace: FramePace | None = None,
    ) -> None:
        self.show = show
        """Sets ``event.count`` on screen."""
        self.armed = armed
        self.pace = pace or FramePace()
        self.shown_slot = -1
        """The grid slot of the number on screen."""
        self.pending: CountEvent | None = None
        """The count an event is armed for."""
        self._event: Any = None

    def follow(self, timer: Metronome, event: CountEvent) -> None:
        """The timer's ``event``, on Kivy's thread."""
        if event.kind in ("started", "resumed"):
            self.arm(timer)
        elif event.kind == "paused":
            # The number up is the one the table last heard: a number drawn a moment
            # before its beat goes back, and one whose beat came just before the Pause
            # (its check cancelled by the tap) goes up.
            self.cancel()
            self.shown_slot = event.slot - 1
            if event.count:  # 0: between two holders, "pass!" stays up
                self.show(event)
        elif event.kind == "count" and event.slot > self.shown_slot:
            if not timer.status().paused:  # a beat computed just before Pause, delivered after
                self._put(timer, event)

    def arm(self, timer: Metronome, after_slot: int = -1) -> None:
        """Arm Kivy's clock a few frames before the next count (none while paused or done)."""
        self._disarm()
        upcoming = timer.upcoming_count(max(after_slot, self.shown_slot))
        if upcoming is None or not self.armed:
            return
        self.pending = upcoming
        watch_from = upcoming.due - self.pace.draw - FRAMES_AHEAD * self.pace.period
        if watch_from <= time.monotonic():  # due now (count 1 at a start): check this frame
            self._next_frame(timer, upcoming)
            return
        self._event = Clock.schedule_once(
            lambda _dt: self._next_frame(timer, upcoming), self._kivy_timeout(watch_from)
        )

    def check(self, timer: Metronome, event: CountEvent) -> None:
        """Just before a frame is drawn: set ``event``'s number if this frame goes up
        nearest its beat, else ask again in the next frame."""
        if self.pace.nearest(self.pace.checked(), event.due):
            self._put(timer, event)
        else:
            self._event = Clock.schedule_once(lambda _dt: self._next_frame(timer, event), 0)

    def cancel(self) -> None:
        self._disarm()
        self.pace.unwatch()

    def _next_frame(self, timer: Metronome, event: CountEvent) -> None:
        """Check in this frame's "before draw" step (from its own events, or from a
        start, resume or late count posted to that step).  A check that found it too
        early comes back through here one frame later: re-armed from "before draw",
        Kivy would run it again in the same step."""
        self.pace.watch()
        self._event = Clock.schedule_once(lambda _dt: self.check(timer, event), -1)

    @staticmethod
    def _kivy_timeout(at: float) -> float:
        """Kivy times an event from its last frame's tick, on its own clock."""
        return max(0.0, at - time.monotonic() + Clock.time() - Clock.get_time())

    def _disarm(self) -> None:
        if self._event is not None:
            self._event.cancel()
        self._event = self.pending = None

    def _put(self, timer: Metronome, event: CountEvent) -> None:
        self.shown_slot = event.slot
        self.show(event)
        self.arm(timer, event.slot)


def _touch(view: View) -> TouchRound | None:
    """Step 1's round in progress, if the token is going round now."""
    table = view.table
    return table.touch if isinstance(table, PoucetTable) else None


load_kv(__file__)
