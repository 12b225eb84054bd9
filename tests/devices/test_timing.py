"""The count timer and its sounds, on gpiozero mock pins with an injected clock.

Nothing here sleeps: ``FakeTime`` is the clock, and its ``wait`` jumps time forward
to the timer's next deadline (running any scripted press, pause or resume due first).
"""

from __future__ import annotations

import gc
import io
import math
import subprocess
import sys
import threading
import time
import wave
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.devices import sounds, timing
from companion.devices.pins import DEFAULT_PINS
from companion.devices.timing import CountEvent, Metronome, TapCounter


class FakeTime:
    """A clock that only moves when the timer waits (or the test says so)."""

    def __init__(self, start: float = 1000.0, late: float = 0.0) -> None:
        self.now = start
        self.late = late
        """How late every wake-up is, like a busy OS."""
        self.script: list[tuple[float, Callable[[], None]]] = []

    def clock(self) -> float:
        return self.now

    def at(self, when: float, action: Callable[[], None]) -> None:
        self.script.append((when, action))
        self.script.sort(key=lambda item: item[0])

    def wait(self, timeout: float | None) -> None:
        target = math.inf if timeout is None else self.now + timeout + self.late
        if self.script and self.script[0][0] <= target:
            when, action = self.script.pop(0)
            self.now = max(self.now, when)
            action()
            return
        if timeout is None:
            raise AssertionError("the timer would wait forever")
        self.now = target

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    mock = MockFactory(pin_class=MockPWMPin)
    yield mock
    mock.reset()


def run_metronome(
    holders: list[int], fake: FakeTime, **kwargs: object
) -> tuple[Metronome, list[CountEvent]]:
    events: list[CountEvent] = []
    metronome = Metronome(holders, events.append, clock=fake.clock, wait=fake.wait, **kwargs)  # type: ignore[arg-type]
    metronome.begin()
    metronome.run()
    return metronome, events


# -- metronome -------------------------------------------------------------------


def test_the_metronome_beats_ten_passes_and_moves_round_the_table() -> None:
    fake = FakeTime()
    start = fake.now
    _, events = run_metronome([2, 0, 1], fake, interval=0.5, handover_beats=2)
    kinds = [(e.kind, e.holder, e.count) for e in events]
    per_holder = lambda h: [("count", h, c) for c in range(1, 11)]  # noqa: E731
    assert kinds == [
        *per_holder(2),
        ("pass", 2, 10),
        *per_holder(0),
        ("pass", 0, 10),
        *per_holder(1),
        ("done", 1, 10),
    ]
    assert [e.next_holder for e in events if e.kind == "pass"] == [0, 1]
    # Slots are 0.5 s apart: holder h counts 1-10 at slots 12h..12h+9, "pass" at 12h+10.
    dues = [round(e.due - start, 9) for e in events]
    expected = [0.5 * (12 * h + k) for h in range(3) for k in range(11)]
    assert dues == expected
    assert all(e.at == e.due for e in events)


@pytest.mark.parametrize("tempo", [0.5, 1.0, 2.0])
def test_the_tempo_sets_the_spacing(tempo: float) -> None:
    fake = FakeTime()
    _, events = run_metronome([0], fake, interval=tempo)
    counts = [e.due for e in events if e.kind == "count"]
    assert np.allclose(np.diff(counts), tempo)


def test_late_wake_ups_never_accumulate() -> None:
    """Every wake-up 4 ms late: each beat is 4 ms late, the 100th no later than the 1st."""
    fake = FakeTime(late=0.004)
    start = fake.now
    _, events = run_metronome(list(range(5)), fake, interval=1.0, handover_beats=1)
    counts = [e for e in events if e.kind == "count"]
    assert len(counts) == 50
    errors = [e.at - e.due for e in counts]
    assert max(errors) <= 0.004 + 1e-9
    assert errors[-1] <= errors[1] + 1e-9
    assert counts[-1].due == pytest.approx(start + 4 * 11 + 9)


def test_after_a_resume_the_next_count_comes_one_beat_later() -> None:
    fake = FakeTime()
    start = fake.now
    events: list[CountEvent] = []
    metronome = Metronome([0, 1], events.append, interval=1.0, clock=fake.clock, wait=fake.wait)
    fake.at(start + 4.5, metronome.pause)
    fake.at(start + 30.5, metronome.resume)
    metronome.begin()
    metronome.run()
    kinds = [(e.kind, e.count) for e in events[:8]]
    assert kinds == [
        ("count", 1),
        ("count", 2),
        ("count", 3),
        ("count", 4),
        ("count", 5),
        ("paused", 5),
        ("resumed", 5),
        ("count", 6),
    ]
    count6 = events[7]
    assert count6.due == pytest.approx(start + 30.5 + 1.0)  # one beat after the resume
    counts = [e.due for e in events if e.kind == "count"][5:]
    assert np.allclose(np.diff(counts[:5]), 1.0)  # the grid goes on from there
    assert events[-1].kind == "done"
    assert events[-1].due == pytest.approx(start + 30.5 + 1.0 + 17)  # slot 22 - slot 5


@pytest.mark.parametrize("pause_at", [0.01, 0.3, 0.999])
def test_the_resume_lead_in_does_not_depend_on_when_the_pause_came(pause_at: float) -> None:
    fake = FakeTime()
    start = fake.now
    events: list[CountEvent] = []
    metronome = Metronome([0], events.append, interval=0.5, clock=fake.clock, wait=fake.wait)
    fake.at(start + 1.0 + pause_at * 0.5, metronome.pause)  # after count 3
    fake.at(start + 7.25, metronome.resume)
    metronome.begin()
    metronome.run()
    after = [e for e in events if e.kind == "count" and e.count > 3]
    assert [e.count for e in after] == list(range(4, 11))
    assert [round(e.due - start, 9) for e in after] == [7.75 + 0.5 * k for k in range(7)]


def test_a_resume_in_the_hand_over_gap_starts_the_next_holder_one_beat_later() -> None:
    fake = FakeTime()
    start = fake.now
    events: list[CountEvent] = []
    metronome = Metronome([0, 1], events.append, interval=1.0, clock=fake.clock, wait=fake.wait)
    fake.at(start + 10.5, metronome.pause)  # just after "pass" (slot 10)
    fake.at(start + 20.0, metronome.resume)
    metronome.begin()
    metronome.run()
    paused = next(e for e in events if e.kind == "paused")
    assert (paused.holder, paused.count) == (1, 0)
    first = next(e for e in events if e.kind == "count" and e.holder == 1)
    assert (first.count, first.due) == (1, pytest.approx(start + 21.0))


def test_the_one_button_starts_pauses_and_resumes() -> None:
    fake = FakeTime()
    events: list[CountEvent] = []
    metronome = Metronome([0, 1], events.append, interval=1.0, clock=fake.clock, wait=fake.wait)
    assert not metronome.status().started
    metronome.begin()  # as tap() does, without its thread
    metronome.poll()
    fake.advance(1.0)
    metronome.poll()
    metronome.tap()
    assert metronome.status() == timing.CountStatus(0, 2, True, True, False)
    fake.advance(50.0)
    metronome.poll()
    assert [e.kind for e in events] == ["count", "count", "paused"]
    metronome.tap()
    metronome.poll()
    assert events[-1].kind == "resumed"
    fake.advance(1.0)
    metronome.poll()
    assert (events[-1].kind, events[-1].count) == ("count", 3)


def test_a_wired_button_is_debounced_in_metronome_mode(factory: MockFactory) -> None:
    fake = FakeTime()
    button = timing.make_tap_button(factory)
    events: list[CountEvent] = []
    metronome = Metronome([0], events.append, button=button, clock=fake.clock, wait=fake.wait)
    metronome.begin()
    metronome.poll()
    pin = factory.pin(DEFAULT_PINS["tap_button"])
    for _ in range(3):  # one press that bounces: must pause once, not pause-resume-pause
        pin.drive_low()
        fake.advance(0.001)
        pin.drive_high()
        fake.advance(0.001)
    pin.drive_low()
    assert metronome.status().paused
    assert [e.kind for e in events].count("paused") == 1
    assert [e.kind for e in events].count("resumed") == 0
    metronome.stop()


def test_the_buzzer_beeps_each_count_on_a_pwm_pin(factory: MockFactory) -> None:
    fake = FakeTime()
    buzzer = timing.make_buzzer(factory)
    pin = factory.pin(DEFAULT_PINS["buzzer"])
    heard: list[tuple[str, int, float | None]] = []

    def listen(event: CountEvent) -> None:
        heard.append((event.kind, event.count, pin.frequency))

    metronome = Metronome(
        [0, 1], listen, interval=1.0, buzzer=buzzer, clock=fake.clock, wait=fake.wait
    )
    metronome.begin()
    metronome.run()
    tones = [f for _, _, f in heard]
    assert tones[:9] == [pytest.approx(timing.COUNT_TONE)] * 9
    assert tones[9] == pytest.approx(timing.TENTH_TONE)
    assert tones[10] == pytest.approx(timing.PASS_TONE)
    assert pin.frequency is None  # silent once the round is over
    beeps = [s.state for s in pin.states].count(0.5)
    assert beeps == 22  # 20 counts + pass + done, each turned on after the last ended


def test_stopping_silences_the_buzzer(factory: MockFactory) -> None:
    fake = FakeTime()
    buzzer = timing.make_buzzer(factory)
    metronome = Metronome([0], lambda e: None, buzzer=buzzer, clock=fake.clock, wait=fake.wait)
    metronome.begin()
    metronome.poll()
    assert buzzer.is_active
    metronome.stop()
    assert not buzzer.is_active


def test_a_real_thread_beats_and_stops() -> None:
    """The background thread with a clock far ahead: every beat is due at once."""
    now = [0.0]
    switch_interval = sys.getswitchinterval()
    events: list[CountEvent] = []
    metronome = Metronome([0, 1, 2], events.append, interval=0.5, clock=lambda: now[0])
    metronome.begin()
    now[0] = 1e6
    metronome.start()
    assert metronome._thread is not None
    metronome._thread.join(timeout=5)
    assert not metronome._thread.is_alive()
    assert [e.kind for e in events].count("count") == 30 and events[-1].kind == "done"
    assert isinstance(metronome.realtime, bool)
    assert sys.getswitchinterval() == switch_interval  # restored after the run


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"holders": []}, "at least one holder"),
        ({"holders": [0, 0]}, "appears twice"),
        ({"holders": [0], "interval": 0.0}, "beat interval"),
        ({"holders": [0], "counts": 0}, "counts must be at least 1"),
        ({"holders": [0], "handover_beats": 0}, "handover_beats"),
    ],
)
def test_bad_metronome_settings_say_what_is_wrong(kwargs: dict[str, object], words: str) -> None:
    holders = kwargs.pop("holders")
    with pytest.raises(ValueError, match=words):
        Metronome(holders, lambda e: None, **kwargs)  # type: ignore[arg-type]


# -- tap counter ------------------------------------------------------------------------


def make_counter(
    fake: FakeTime, holders: list[int], **kwargs: object
) -> tuple[TapCounter, list[CountEvent]]:
    events: list[CountEvent] = []
    counter = TapCounter(holders, events.append, clock=fake.clock, wait=fake.wait, **kwargs)  # type: ignore[arg-type]
    return counter, events


def bouncy_press(pin: MockPWMPin, fake: FakeTime, bounces: int = 4, step: float = 0.001) -> None:
    """A real contact: the line chatters a few times before it settles low, then
    chatters again on release before it settles high."""
    for _ in range(bounces):
        pin.drive_low()
        fake.advance(step)
        pin.drive_high()
        fake.advance(step)
    pin.drive_low()
    fake.advance(0.15)
    for _ in range(bounces):
        pin.drive_high()
        fake.advance(step)
        pin.drive_low()
        fake.advance(step)
    pin.drive_high()


def test_bouncing_presses_count_once_each(factory: MockFactory) -> None:
    fake = FakeTime()
    button = timing.make_tap_button(factory)
    counter, events = make_counter(fake, [0, 1], button=button)
    pin = factory.pin(DEFAULT_PINS["tap_button"])
    for _ in range(3):
        bouncy_press(pin, fake)
        fake.advance(0.6)
    assert [(e.kind, e.count) for e in events] == [("count", 1), ("count", 2), ("count", 3)]
    assert counter.status().count == 3
    counter.stop()
    pin.drive_low()  # after stop the button is let go
    assert len(events) == 3


def test_without_debounce_the_same_bounces_would_count_many_times(factory: MockFactory) -> None:
    """The debounce test can fail: with a zero window every bounce is a tap attempt."""
    fake = FakeTime()
    button = timing.make_tap_button(factory)
    counter, events = make_counter(fake, [0], button=button, debounce=0.0, min_interval=0.01)
    bouncy_press(factory.pin(DEFAULT_PINS["tap_button"]), fake, step=0.02)
    assert sum(e.kind == "count" for e in events) > 1


def test_taps_faster_than_the_minimum_are_refused() -> None:
    fake = FakeTime()
    counter, events = make_counter(fake, [0], min_interval=0.4)
    for gap in (0.0, 0.5, 0.1, 0.2, 0.45):
        fake.advance(gap)
        counter.tap()
    assert [(e.kind, e.count) for e in events] == [
        ("count", 1),
        ("count", 2),
        ("too-fast", 2),
        ("too-fast", 2),
        ("count", 3),
    ]


def test_ten_taps_pass_the_token_and_the_last_holder_is_done() -> None:
    fake = FakeTime()
    counter, events = make_counter(fake, [3, 1])
    for _ in range(25):
        counter.tap()
        fake.advance(0.6)
    kinds = [(e.kind, e.holder) for e in events]
    assert kinds[9:11] == [("count", 3), ("pass", 3)]
    assert events[10].next_holder == 1
    assert kinds[-2:] == [("count", 1), ("done", 1)]
    assert len(events) == 22  # taps after "done" are ignored
    assert counter.done and counter.status().count == 10


def test_pausing_the_tap_counter_ignores_taps() -> None:
    fake = FakeTime()
    counter, events = make_counter(fake, [0], min_interval=0.4)
    counter.tap()
    counter.pause()
    fake.advance(0.6)
    counter.tap()
    assert counter.status().paused and counter.status().count == 1
    counter.resume()
    fake.advance(0.05)
    counter.tap()  # the first tap after resuming is never "too fast"
    assert [e.kind for e in events] == ["count", "paused", "resumed", "count"]
    assert counter.status().count == 2


def test_tap_beeps_end_on_time(factory: MockFactory) -> None:
    fake = FakeTime()
    buzzer = timing.make_buzzer(factory)
    counter, events = make_counter(fake, [0], buzzer=buzzer, min_interval=0.4)
    pin = factory.pin(DEFAULT_PINS["buzzer"])
    counter.tap()
    assert pin.frequency == pytest.approx(timing.COUNT_TONE)
    fake.advance(timing.COUNT_BEEP / 2)
    counter.poll()
    assert pin.frequency is not None
    fake.advance(timing.COUNT_BEEP)
    counter.poll()
    assert pin.frequency is None
    counter.tap()
    assert pin.frequency == pytest.approx(timing.TOO_FAST_TONE)
    fake.advance(1.0)
    counter.poll()
    assert pin.frequency is None


def test_no_hardware_is_touched_at_import() -> None:
    code = "import sys, companion.devices.timing; print('gpiozero' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert out.stdout.strip() == "False"


# -- sounds ------------------------------------------------------------------------------


def dominant_hz(samples: np.ndarray, rate: int = sounds.SAMPLE_RATE) -> float:
    spectrum = np.abs(np.fft.rfft(samples * np.hanning(len(samples))))
    return float(np.fft.rfftfreq(len(samples), 1 / rate)[int(np.argmax(spectrum))])


def test_beats_sit_on_exact_samples_in_the_round_track() -> None:
    interval = 0.5
    track = sounds.round_track(interval)
    offsets = sounds.beat_offsets(interval, 10)
    assert offsets == [k * 22_050 for k in range(11)]
    for k, offset in enumerate(offsets):
        if k:
            assert not np.any(track[offset - 200 : offset]), f"beat {k} starts early"
        assert track[offset] == 0.0  # the attack ramp starts from silence at that sample
        assert np.max(np.abs(track[offset : offset + 400])) > 0.1, f"beat {k} is missing"
    assert np.max(np.abs(track)) <= 1.0


def onsets(track: np.ndarray, threshold: float = 1e-6) -> list[int]:
    """First sample of each sound in ``track`` (after at least 0.1 s of silence)."""
    loud = np.flatnonzero(np.abs(track) > threshold)
    gaps = np.diff(loud) > sounds.SAMPLE_RATE // 10
    return [int(loud[0])] + [int(i) for i in loud[1:][gaps]]


@pytest.mark.parametrize("after", [1, 4, 9, 10])
def test_a_resume_track_holds_the_rest_of_the_round_on_exact_samples(after: int) -> None:
    interval = 0.75
    track = sounds.round_track(interval, resume_after=after)
    offsets = sounds.beat_offsets(interval, 10, resume_after=after)
    step = int(round(interval * sounds.SAMPLE_RATE))
    assert offsets == [step * (k + 1) for k in range(11 - after)]  # lead-in: one beat
    assert not np.any(track[: offsets[0]])
    # Each sound starts one sample after its offset (the attack ramp starts at 0).
    assert [o - 1 for o in onsets(track)] == offsets
    # The same beats as the whole round's, shifted: counts after+1..10 and the chime.
    whole = sounds.round_track(interval)
    shift = offsets[0] - sounds.beat_offsets(interval, 10)[after]
    assert np.array_equal(track[offsets[0] :], whole[offsets[0] - shift :])


def test_the_whole_round_track_has_every_beat_on_its_sample() -> None:
    interval = 1.1
    track = sounds.round_track(interval)
    offsets = sounds.beat_offsets(interval, 10)
    assert [max(0, o - 1) for o in onsets(track)] == offsets
    assert offsets == [int(round(k * 1.1 * 44_100)) for k in range(11)]


def test_the_tenth_beat_and_the_chime_sound_different() -> None:
    assert dominant_hz(sounds.tick()) == pytest.approx(sounds.TICK_HZ, abs=40)
    assert dominant_hz(sounds.tenth_beat()) == pytest.approx(sounds.TENTH_HZ, abs=15)
    chime = sounds.pass_chime()
    half = len(chime) // 2
    assert dominant_hz(chime[:half]) == pytest.approx(sounds.CHIME_HZ[0], abs=15)
    assert dominant_hz(chime[half:]) == pytest.approx(sounds.CHIME_HZ[1], abs=15)
    assert len(sounds.tenth_beat()) > 3 * len(sounds.tick())


def test_wav_bytes_are_16_bit_mono_and_decode_back() -> None:
    samples = sounds.round_track(0.25, counts=3)
    data = sounds.wav_bytes(samples)
    with wave.open(io.BytesIO(data)) as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, 44_100)
        frames = np.frombuffer(wav.readframes(wav.getnframes()), dtype="<i2")
    assert len(frames) == len(samples)
    assert np.array_equal(frames, sounds.to_pcm16(samples))


def test_sound_files_are_written_once(tmp_path: Path) -> None:
    files = sounds.prepare_sounds(1.0, cache_dir=tmp_path)
    for path in (files.tick, files.tenth, files.chime, files.too_fast):
        assert path.is_file() and path.read_bytes()[:4] == b"RIFF"
    stamp = files.tick.stat().st_mtime_ns
    again = sounds.prepare_sounds(0.5, cache_dir=tmp_path)
    assert again == files and files.tick.stat().st_mtime_ns == stamp
    assert not list(tmp_path.glob("*.tmp"))


def _frames(path: Path) -> np.ndarray:
    with wave.open(str(path)) as wav:
        return np.frombuffer(wav.readframes(wav.getnframes()), dtype="<i2")


def test_a_turn_track_has_every_slot_of_the_metronome_on_its_sample() -> None:
    """The track and the metronome agree: each count and chime of every holder sits at
    its slot's exact sample; hand-over slots are silent."""
    interval, holders = 0.25, 3
    fake = FakeTime()
    _, events = run_metronome(list(range(holders)), fake, interval=interval)
    start = events[0].due
    audible = [e for e in events if e.kind in ("count", "pass", "done")]
    expected = [int(round((e.due - start) / interval)) * round(interval * 44_100) for e in audible]
    track = sounds.turn_track(interval, holders)
    loud = np.flatnonzero(np.abs(track) > 1e-3)
    starts = [int(loud[0])] + [
        int(x) for x, gap in zip(loud[1:], np.diff(loud), strict=True) if gap > 500
    ]
    assert starts == pytest.approx(expected, abs=90)  # within the 2 ms attack ramp
    # Count 10 is the tenth beat, whole and untouched, on its slot's sample.
    tenth = sounds.tenth_beat()
    at = expected[9]
    assert np.allclose(track[at : at + len(tenth)], tenth)


def test_a_resumed_turn_holds_the_rest_one_slot_in(tmp_path: Path) -> None:
    whole = sounds.turn_track(1.0, 2, rate=8_000)
    rest = sounds.turn_track(1.0, 2, rate=8_000, from_slot=7, lead=1)
    assert np.array_equal(rest[8_000:], whole[7 * 8_000 :][: len(rest) - 8_000])
    assert not rest[:8_000].any()  # the lead-in slot is silent
    path = sounds.prepare_turn_track(1.0, 2, cache_dir=tmp_path, rate=8_000, from_slot=7, lead=1)
    assert np.array_equal(_frames(path), sounds.to_pcm16(rest))
    stamp = path.stat().st_mtime_ns
    again = sounds.prepare_turn_track(1.0, 2, cache_dir=tmp_path, rate=8_000, from_slot=7, lead=1)
    assert again == path and path.stat().st_mtime_ns == stamp
    start = sounds.prepare_turn_track(1.0, 2, cache_dir=tmp_path, rate=8_000)
    assert start != path
    assert sounds.prune_turn_tracks(tmp_path, {start}) == [path]
    assert start.is_file() and not path.exists()


def test_bad_round_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="interval must be positive"):
        sounds.round_track(0.0)
    with pytest.raises(ValueError, match="a count"):
        sounds.round_track(1.0, counts=0)
    with pytest.raises(ValueError, match="resumes after 0-10 counts"):
        sounds.round_track(1.0, resume_after=11)
    with pytest.raises(ValueError, match="resumes at slot 0-22"):
        sounds.turn_track(1.0, 2, from_slot=23)


# -- the sound, started on the timing side ------------------------------------------------


class Heard:
    """The timer's ``on_sound``: what was heard, when (the timer's clock) and on which
    thread, and how many UI events had been delivered by then."""

    def __init__(self, clock: Callable[[], float], delivered: list[CountEvent]) -> None:
        self.clock = clock
        self.delivered = delivered
        self.log: list[tuple[CountEvent, float, str, int]] = []

    def __call__(self, event: CountEvent) -> None:
        self.log.append((event, self.clock(), threading.current_thread().name, len(self.delivered)))

    def counts(self) -> list[tuple[CountEvent, float, str, int]]:
        return [entry for entry in self.log if entry[0].kind == "count"]


def test_each_beat_sounds_on_the_timing_side_at_its_due_time_before_the_ui_hears_of_it() -> None:
    fake = FakeTime()
    events: list[CountEvent] = []
    heard = Heard(fake.clock, events)
    metronome = Metronome(
        [0, 1], events.append, interval=1.0, clock=fake.clock, wait=fake.wait, on_sound=heard
    )
    metronome.begin()
    metronome.run()
    counts = heard.counts()
    assert len(counts) == 20
    for index, (event, at, _thread, delivered) in enumerate(counts):
        assert at == event.due  # sounded when due on the fake clock, not a frame later
        assert events.index(event) == delivered  # before the UI was told of this beat
        assert event.due == pytest.approx(metronome.slot_time(index + (2 if index >= 10 else 0)))
    assert [e.kind for e, *_ in heard.log] == ["started"] + [e.kind for e in events]
    assert heard.log[0][1] == counts[0][0].due  # the grid begins where the sound began


def test_the_beat_thread_itself_starts_the_sound() -> None:
    now = [0.0]
    events: list[CountEvent] = []
    heard = Heard(lambda: now[0], events)
    metronome = Metronome([0], events.append, interval=0.5, clock=lambda: now[0], on_sound=heard)
    metronome.begin()
    now[0] = 1e6
    metronome.start()
    assert metronome._thread is not None
    metronome._thread.join(timeout=5)
    assert {thread for _e, _at, thread, _n in heard.counts()} == {"count-metronome"}


def test_a_beat_due_after_pause_is_never_heard_until_resume() -> None:
    fake = FakeTime()
    events: list[CountEvent] = []
    heard = Heard(fake.clock, events)
    metronome = Metronome(
        [0], events.append, interval=1.0, clock=fake.clock, wait=fake.wait, on_sound=heard
    )
    start = fake.now
    fake.at(start + 3.5, metronome.pause)
    fake.at(start + 60.0, metronome.resume)
    metronome.begin()
    metronome.run()
    kinds = [(e.kind, e.count) for e, *_ in heard.log]
    paused = kinds.index(("paused", 4))
    assert kinds[paused + 1] == ("resumed", 4)  # nothing sounded in the 56.5 s between
    assert [at for e, at, *_ in heard.log if e.kind == "count"][4] == start + 61.0


def test_a_stopped_timer_starts_no_sound() -> None:
    fake = FakeTime()
    heard = Heard(fake.clock, [])
    metronome = Metronome([0], lambda e: None, clock=fake.clock, wait=fake.wait, on_sound=heard)
    metronome.begin()
    metronome.poll()
    metronome.stop()
    fake.advance(5.0)
    metronome.poll()
    metronome.pause()
    metronome.resume()
    assert [(e.kind, e.count) for e, *_ in heard.log] == [("started", 0), ("count", 1)]


def test_the_sound_never_drifts_over_many_beats_with_late_wake_ups() -> None:
    fake = FakeTime(late=0.004)
    events: list[CountEvent] = []
    heard = Heard(fake.clock, events)
    metronome = Metronome(
        list(range(8)),
        events.append,
        interval=1.0,
        handover_beats=1,
        clock=fake.clock,
        wait=fake.wait,
        on_sound=heard,
    )
    start = fake.now
    metronome.begin()
    metronome.run()
    counts = heard.counts()
    assert len(counts) == 80
    errors = [at - event.due for event, at, *_ in counts]
    assert max(errors) <= 0.004 + 1e-9  # each beat as late as one wake-up, never more
    last_event = counts[-1][0]
    assert last_event.due == pytest.approx(start + 7 * 11 + 9)  # slot 86, by its number


def test_a_failing_sound_does_not_stop_the_count() -> None:
    fake = FakeTime()

    def broken(event: CountEvent) -> None:
        raise RuntimeError("no mixer")

    _, events = run_metronome([0], fake, on_sound=broken)
    assert [e.kind for e in events].count("count") == 10 and events[-1].kind == "done"


def test_full_collections_are_held_off_while_the_beat_thread_runs() -> None:
    now = [0.0]
    seen: list[tuple[int, int]] = []
    before = (gc.get_threshold(), gc.get_freeze_count())

    def look(event: CountEvent) -> None:
        if event.kind == "count":  # on the beat thread ("started" comes from begin's caller)
            seen.append((gc.get_threshold()[2], gc.get_freeze_count()))

    metronome = Metronome([0], lambda e: None, interval=0.5, clock=lambda: now[0], on_sound=look)
    metronome.begin()
    now[0] = 1e6
    metronome.start()
    assert metronome._thread is not None
    metronome._thread.join(timeout=5)
    assert seen and all(threshold == timing.QUIET_GC_THRESHOLD for threshold, _ in seen)
    assert all(frozen > 0 for _, frozen in seen)  # what existed at the start is out of sight
    assert (gc.get_threshold(), gc.get_freeze_count()) == before  # all restored afterwards


def test_a_paused_count_lets_full_collections_run_and_holds_them_off_again_on_resume() -> None:
    """A pause can last an hour (the table went for dinner): the thread waiting for
    Resume must not keep the collector held off all that time."""
    before = (gc.get_threshold(), gc.get_freeze_count())
    now = [0.0]
    metronome = Metronome([0], lambda e: None, interval=0.5, clock=lambda: now[0])
    metronome.begin()
    metronome.start()
    assert metronome._thread is not None
    deadline = time.monotonic() + 5
    while gc.get_threshold()[2] != timing.QUIET_GC_THRESHOLD and time.monotonic() < deadline:
        time.sleep(0.01)
    assert gc.get_threshold()[2] == timing.QUIET_GC_THRESHOLD  # counting: held off
    metronome.pause()
    deadline = time.monotonic() + 5
    while gc.get_threshold() != before[0] and time.monotonic() < deadline:
        time.sleep(0.01)
    assert (gc.get_threshold(), gc.get_freeze_count()) == before  # paused: collections run
    metronome.resume()
    deadline = time.monotonic() + 5
    while gc.get_threshold()[2] != timing.QUIET_GC_THRESHOLD and time.monotonic() < deadline:
        time.sleep(0.01)
    assert gc.get_threshold()[2] == timing.QUIET_GC_THRESHOLD  # counting again: held off
    metronome.stop()
    assert (gc.get_threshold(), gc.get_freeze_count()) == before


def test_real_time_priority_is_asked_only_when_wanted() -> None:
    now = [1e6]
    metronome = Metronome([0], lambda e: None, clock=lambda: now[0], realtime=False)
    metronome.start()
    assert metronome._thread is not None
    metronome._thread.join(timeout=5)
    assert metronome.realtime is False
    assert timing.scheduling_policy().split()[0] in {"SCHED_OTHER", "SCHED_FIFO", "SCHED_RR"}


def test_a_counted_tap_sounds_on_the_tapping_thread_at_once() -> None:
    fake = FakeTime()
    events: list[CountEvent] = []
    heard = Heard(fake.clock, events)
    counter = TapCounter([0], events.append, clock=fake.clock, wait=fake.wait, on_sound=heard)
    counter.tap()
    fake.advance(0.1)
    counter.tap()
    assert [(e.kind, at) for e, at, *_ in heard.log] == [
        ("count", fake.now - 0.1),
        ("too-fast", fake.now),
    ]
    assert {thread for *_, thread, _n in heard.log} == {threading.current_thread().name}


def test_the_grid_is_anchored_where_the_turn_track_says_it_started() -> None:
    """A start that took 7 ms (the sound began 7 ms after the tap): every beat follows
    the sound, not the tap; a resume likewise."""
    fake = FakeTime()
    tap = fake.now

    def sound(event: CountEvent) -> float | None:
        if event.kind in ("started", "resumed"):
            fake.advance(0.007)
            return fake.now
        return None

    events: list[CountEvent] = []
    metronome = Metronome(
        [0], events.append, interval=1.0, clock=fake.clock, wait=fake.wait, on_sound=sound
    )
    fake.at(tap + 3.5, metronome.pause)
    fake.at(tap + 10.0, metronome.resume)
    metronome.begin()
    metronome.run()
    dues = [e.due for e in events if e.kind == "count"]
    assert dues[:4] == pytest.approx([tap + 0.007 + k for k in range(4)])
    assert dues[4] == pytest.approx(tap + 10.007 + 1.0)  # one beat after the resumed sound


def test_the_upcoming_count_is_the_next_beat_on_the_grid_never_a_pass_or_a_pause() -> None:
    """The screen arms its clock to ``upcoming_count``: each count at its grid time, the
    hand-over skipped, nothing while paused, nothing after the last holder's ten."""
    fake = FakeTime()
    metronome = Metronome([3, 5], lambda _e: None, interval=1.0, clock=fake.clock, wait=fake.wait)
    assert metronome.upcoming_count() is None  # not started
    metronome.begin()
    origin = fake.now
    first = metronome.upcoming_count()
    assert first is not None
    assert (first.kind, first.holder, first.count, first.slot) == ("count", 3, 1, 0)
    assert first.due == origin
    tenth = metronome.upcoming_count(after_slot=8)
    assert tenth is not None and (tenth.count, tenth.due) == (10, origin + 9.0)
    nxt = metronome.upcoming_count(after_slot=9)  # slot 10 passes, slot 11 is silent
    assert nxt is not None and (nxt.holder, nxt.count, nxt.slot) == (5, 1, 12)
    assert nxt.due == origin + 12.0
    assert metronome.upcoming_count(after_slot=21) is None  # the last holder's ten is slot 21
    fake.advance(2.5)
    metronome.poll()  # counts 1-3 beaten
    assert metronome.upcoming_count().slot == 3  # type: ignore[union-attr]
    metronome.pause()
    assert metronome.upcoming_count() is None
    fake.advance(10.0)
    metronome.resume()
    resumed = metronome.upcoming_count()
    assert resumed is not None and resumed.count == 4 and resumed.due == fake.now + 1.0
