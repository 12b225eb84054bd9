"""The Le Petit Poucet count's numbers, put in the frame that goes up nearest each beat.

Nothing waits: the test reads the Kivy events armed for the next count (the first a
couple of frames before the beat, timed from Kivy's last frame; then a check in each
frame's "before draw" step) and runs their callbacks itself, on a frame clock it sets.
"""

from __future__ import annotations

import time

import pytest
from kivy.clock import Clock

from companion.devices.timing import CountEvent, Metronome
from companion.ui.games.le_petit_poucet.count_panel import FRAMES_AHEAD, BeatOnFrame, FramePace

FRAME = 1 / 60


class FrameClock:
    """The frames' clock (the timer's own, ``time.monotonic``, moved by the test)."""

    def __init__(self) -> None:
        self.now = time.monotonic()

    def __call__(self) -> float:
        return self.now


def started(interval: float = 1.0) -> tuple[Metronome, list[CountEvent], BeatOnFrame]:
    events: list[CountEvent] = []
    metronome = Metronome([0, 1], events.append, interval=interval, wait=lambda _t: None)
    metronome.begin()  # on the real clock, with no thread: nothing beats by itself
    shown: list[CountEvent] = []
    beats = BeatOnFrame(shown.append, pace=FramePace(FrameClock()))
    beats.follow(metronome, CountEvent("started", 0, 0, 0.0, 0.0))
    return metronome, shown, beats


def fire(beats: BeatOnFrame) -> None:
    event = beats._event
    assert event is not None
    event.get_callback()(0.0)


def frame_at(beats: BeatOnFrame, moment: float) -> None:
    """One frame whose "before draw" step runs at ``moment``: its own events, then the check."""
    clock = beats.pace.clock
    assert isinstance(clock, FrameClock)
    assert beats._event is not None
    if beats._event.timeout != -1:  # the timed event (or the last frame's "ask again")
        fire(beats)
    assert beats._event is not None and beats._event.timeout == -1  # check before drawing
    clock.now = moment
    fire(beats)


def land(beats: BeatOnFrame) -> None:
    """The pending count's frame, checked at its beat."""
    assert beats.pending is not None
    frame_at(beats, beats.pending.due)


def test_the_checks_start_a_couple_of_frames_before_each_beat_on_kivys_clock() -> None:
    metronome, shown, beats = started()
    assert beats.pending is not None and beats.pending.count == 1
    assert beats._event.timeout == -1  # count 1 is due as counting starts: this frame
    land(beats)
    assert [e.count for e in shown] == [1]
    # count 2's checks start two frames before one beat after the grid's origin
    pending = beats.pending
    assert pending is not None and pending.count == 2
    assert pending.due == pytest.approx(metronome.slot_time(1))
    kivy_due = pending.due - FRAMES_AHEAD * beats.pace.period - time.monotonic() + Clock.time()
    assert beats._event.timeout == pytest.approx(kivy_due - Clock.get_time(), abs=0.005)
    beats.cancel()


def test_the_number_goes_up_in_the_frame_nearest_its_beat() -> None:
    metronome, shown, beats = started()
    land(beats)
    due = beats.pending.due if beats.pending is not None else 0.0
    frame_at(beats, due - 1.3 * FRAME)  # the next frame is nearer the beat: wait
    assert [e.count for e in shown] == [1]
    assert beats._event is not None and beats._event.timeout == 0  # ask again next frame
    frame_at(beats, due - 0.3 * FRAME)  # up a third of a frame early: nearer than the next
    assert [e.count for e in shown] == [1, 2]
    beats.cancel()


def test_a_slow_drawing_frame_is_chosen_earlier() -> None:
    metronome, shown, beats = started()
    pace = beats.pace
    clock = pace.clock
    assert isinstance(clock, FrameClock)
    for _ in range(5):  # frames whose pictures go up 10 ms after the check
        clock.now += FRAME
        pace.checked()
        clock.now += 0.010
        pace.flipped()
        clock.now -= 0.010
    assert pace.draw == pytest.approx(0.010) and pace.period == pytest.approx(FRAME)
    land(beats)
    due = beats.pending.due if beats.pending is not None else 0.0
    frame_at(beats, due - 1.2 * FRAME)  # up 0.6 frame early, the next 0.4 late: wait
    assert [e.count for e in shown] == [1]
    frame_at(beats, due - 1.0 * FRAME)  # up 0.4 frame early, the next 0.6 late: this one
    assert [e.count for e in shown] == [1, 2]
    beats.cancel()


def test_a_frame_drawn_long_after_its_check_is_not_taken_for_the_drawing_time() -> None:
    pace = FramePace(FrameClock())
    clock = pace.clock
    assert isinstance(clock, FrameClock)
    pace.checked()
    clock.now += 0.004
    pace.flipped()  # the checked frame's own swap
    clock.now += 0.5  # nothing checked since: a later frame's flip, a beat later
    pace.flipped()
    pace.checked()  # the next beat's first check: no frame-to-frame gap
    assert pace.draw == pytest.approx(0.004) and pace.period == pytest.approx(pace.nominal)


class SwappingWindow:
    """A window whose buffer swap takes ``swap`` seconds of the frames' clock."""

    def __init__(self, clock: FrameClock, swap: float) -> None:
        self.clock, self.swap, self.swaps = clock, swap, 0

    def flip(self) -> None:
        self.clock.now += self.swap
        self.swaps += 1


def test_the_drawing_time_runs_to_the_end_of_the_buffer_swap() -> None:
    clock = FrameClock()
    pace = FramePace(clock)
    window = SwappingWindow(clock, 0.006)
    pace.watch(window)
    pace.checked()
    clock.now += 0.003  # the frame's canvas drawn, then the window flips
    window.flip()
    assert window.swaps == 1
    assert pace.draw == pytest.approx(0.009)  # the picture is up when the swap returns
    clock.now += FRAME
    window.flip()  # a frame nobody checked: not timed
    assert pace.draw == pytest.approx(0.009)
    pace.unwatch()
    assert "flip" not in vars(window)  # the window's own flip again
    window.flip()
    assert window.swaps == 3


def test_a_flip_wrapped_before_the_count_watched_is_put_back() -> None:
    clock = FrameClock()
    window = SwappingWindow(clock, 0.004)
    noted: list[float] = []
    own = window.flip

    def noting() -> None:
        own()
        noted.append(clock.now)

    window.flip = noting  # type: ignore[method-assign]
    pace = FramePace(clock)
    pace.watch(window)
    pace.checked()
    window.flip()
    assert noted and pace.draw == pytest.approx(0.004)
    pace.unwatch()
    assert window.flip is noting


def test_a_loaded_machines_slow_frames_are_still_timed() -> None:
    clock = FrameClock()
    pace = FramePace(clock)
    for _ in range(3):  # frames 60 ms apart whose swaps return 45 ms after the check
        pace.checked()
        clock.now += 0.045
        pace.flipped()
        clock.now += 0.015
    assert pace.draw == pytest.approx(0.045) and pace.period == pytest.approx(0.060)


def test_the_beat_threads_late_event_neither_repeats_nor_steps_back_a_number() -> None:
    metronome, shown, beats = started()
    land(beats)
    land(beats)  # counts 1 and 2 drawn on their frames
    late = CountEvent("count", 0, 1, 0.0, 0.0, slot=0)  # the thread's count 1, a frame late
    beats.follow(metronome, late)
    assert [e.count for e in shown] == [1, 2]
    missed = CountEvent("count", 0, 3, 0.0, 0.0, slot=2)  # one the armed event did not draw
    beats.follow(metronome, missed)
    assert [e.count for e in shown] == [1, 2, 3]
    assert beats.pending is not None and beats.pending.count == 4
    beats.cancel()


def test_after_the_tenth_the_next_holders_first_count_is_armed() -> None:
    metronome, shown, beats = started()
    for _ in range(10):
        land(beats)
    assert [e.count for e in shown] == list(range(1, 11))
    pending = beats.pending
    assert pending is not None and (pending.holder, pending.count, pending.slot) == (1, 1, 12)
    beats.cancel()


def test_a_pause_cancels_the_armed_number_and_undoes_one_drawn_early() -> None:
    metronome, shown, beats = started()
    land(beats)  # count 1 (slot 0) beaten at once by the grid
    metronome.poll()
    frame_at(beats, metronome.slot_time(1) - 0.005)  # count 2 drawn a moment before its beat...
    metronome.pause()  # ...and the table paused before it sounded
    paused = CountEvent("paused", 0, 1, 0.0, 0.0, slot=1)
    beats.follow(metronome, paused)
    assert beats.pending is None and beats._event is None
    assert shown[-1].count == 1  # the screen shows what the table heard
    metronome.resume()
    beats.follow(metronome, CountEvent("resumed", 0, 1, 0.0, 0.0, slot=1))
    assert beats.pending is not None and beats.pending.count == 2
    beats.cancel()


def test_a_pause_just_after_a_beat_puts_up_the_number_the_table_heard() -> None:
    """Count 2 sounded, but the Pause tap came in the same frame, before its check:
    the screen must show 2 during the pause, not stay on 1."""
    metronome, shown, beats = started()
    land(beats)  # count 1
    metronome.poll()
    assert beats.pending is not None and beats.pending.count == 2
    beats.arm(metronome)  # the tap re-arms (and so cancels) the check for count 2
    paused = CountEvent("paused", 0, 2, 0.0, 0.0, slot=2)  # 2 was heard; slot 2 beats next
    beats.follow(metronome, paused)
    assert [e.count for e in shown] == [1, 2]
    assert beats.pending is None and beats._event is None
    beats.follow(metronome, CountEvent("count", 0, 2, 0.0, 0.0, slot=1))  # late: ignored
    assert [e.count for e in shown] == [1, 2]


def test_a_pause_between_two_holders_leaves_pass_up() -> None:
    metronome, shown, beats = started()
    land(beats)
    beats.follow(metronome, CountEvent("paused", 1, 0, 0.0, 0.0, slot=11))
    assert [e.count for e in shown] == [1]


def test_a_test_clock_arms_nothing_and_the_events_set_the_numbers() -> None:
    metronome, _shown, _beats = started()
    shown: list[CountEvent] = []
    beats = BeatOnFrame(shown.append, armed=False)
    beats.follow(metronome, CountEvent("started", 0, 0, 0.0, 0.0))
    assert beats._event is None
    beats.follow(metronome, CountEvent("count", 0, 1, 0.0, 0.0, slot=0))
    assert [e.count for e in shown] == [1] and beats._event is None
