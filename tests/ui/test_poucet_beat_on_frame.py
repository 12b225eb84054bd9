"""The Le Petit Poucet count's numbers, set by Kivy's clock at each beat's grid time.

Nothing waits: the test reads the Kivy event armed for the next count (its timeout
from Kivy's last frame) and runs its callback itself.
"""

from __future__ import annotations

import time

import pytest
from kivy.clock import Clock

from companion.devices.timing import CountEvent, Metronome
from companion.ui.games.le_petit_poucet.count_panel import BeatOnFrame


def started(interval: float = 1.0) -> tuple[Metronome, list[CountEvent], BeatOnFrame]:
    events: list[CountEvent] = []
    metronome = Metronome([0, 1], events.append, interval=interval, wait=lambda _t: None)
    metronome.begin()  # on the real clock, with no thread: nothing beats by itself
    shown: list[CountEvent] = []
    beats = BeatOnFrame(shown.append)
    beats.follow(metronome, CountEvent("started", 0, 0, 0.0, 0.0))
    return metronome, shown, beats


def fire(beats: BeatOnFrame) -> None:
    event = beats._event
    assert event is not None
    event.get_callback()(0.0)


def test_each_number_is_armed_to_its_beats_ideal_time_on_kivys_clock() -> None:
    metronome, shown, beats = started()
    assert beats.pending is not None and beats.pending.count == 1
    fire(beats)
    assert [e.count for e in shown] == [1]
    # count 2 is armed one beat after the grid's origin, timed from Kivy's last frame
    pending = beats.pending
    assert pending is not None and pending.count == 2
    assert pending.due == pytest.approx(metronome.slot_time(1))
    kivy_due = pending.due - time.monotonic() + Clock.time()
    assert beats._event.timeout == pytest.approx(kivy_due - Clock.get_time(), abs=0.005)
    beats.cancel()


def test_the_beat_threads_late_event_neither_repeats_nor_steps_back_a_number() -> None:
    metronome, shown, beats = started()
    fire(beats)
    fire(beats)  # counts 1 and 2 drawn on their frames
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
        fire(beats)
    assert [e.count for e in shown] == list(range(1, 11))
    pending = beats.pending
    assert pending is not None and (pending.holder, pending.count, pending.slot) == (1, 1, 12)
    beats.cancel()


def test_a_pause_cancels_the_armed_number_and_undoes_one_drawn_early() -> None:
    metronome, shown, beats = started()
    fire(beats)  # count 1 (slot 0) beaten at once by the grid
    metronome.poll()
    fire(beats)  # count 2 drawn a moment before its beat...
    metronome.pause()  # ...and the table paused before it sounded
    paused = CountEvent("paused", 0, 1, 0.0, 0.0, slot=1)
    beats.follow(metronome, paused)
    assert beats.pending is None and beats._event is None
    assert shown[-1].count == 1  # the screen shows what the table heard
    metronome.resume()
    beats.follow(metronome, CountEvent("resumed", 0, 1, 0.0, 0.0, slot=1))
    assert beats.pending is not None and beats.pending.count == 2
    beats.cancel()


def test_a_test_clock_arms_nothing_and_the_events_set_the_numbers() -> None:
    metronome, _shown, _beats = started()
    shown: list[CountEvent] = []
    beats = BeatOnFrame(shown.append, armed=False)
    beats.follow(metronome, CountEvent("started", 0, 0, 0.0, 0.0))
    assert beats._event is None
    beats.follow(metronome, CountEvent("count", 0, 1, 0.0, 0.0, slot=0))
    assert [e.count for e in shown] == [1] and beats._event is None
