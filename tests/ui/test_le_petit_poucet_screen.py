"""The Le Petit Poucet turn screen, driven by real taps under Xvfb.

One game of three children: the first player is entered by hand, the token goes
round with the on-screen TAP button, the wired (mock) tap button and the "Passed"
button; cards are revealed and grabbed; the votes stay hidden until each voter asks;
the token check moves the pawns; undo takes it back; a second round is beaten by
the metronome on a fake clock.  Screenshots at both screen sizes.
"""

from __future__ import annotations

import threading
import wave
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from kivy.metrics import dp

from companion.devices import sounds
from companion.engines.le_petit_poucet.steps import CHECK, REVEAL, TOUCH, VOTE
from tests.ui.conftest import Driver, table_source


class FakeClock:
    """Time for the count timers; moves only when told (or when a timer waits)."""

    def __init__(self) -> None:
        self.now = 50.0
        self.lock = threading.Lock()

    def __call__(self) -> float:
        with self.lock:
            return self.now

    def advance(self, seconds: float) -> None:
        with self.lock:
            self.now += seconds

    def wait(self, timeout: float | None) -> None:
        assert timeout is not None, "the metronome would wait forever"
        self.advance(timeout)


class SpyPlayer:
    """Stands in for the shell's SoundPlayer and records what the count panel asks of
    it (the shell's table cues, a change of turn say, are left out)."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.calls: list[tuple[str, str]] = []

    def play(self, path: str | Path) -> bool:
        if not Path(path).name.startswith("cue-"):
            self.calls.append(("play", Path(path).name))
        return self.enabled

    def stop(self, path: str | Path) -> None:
        self.calls.append(("stop", Path(path).name))

    def take(self) -> list[tuple[str, str]]:
        calls, self.calls = self.calls, []
        return calls


class HeldWait:
    """The metronome thread's wait: it holds the thread after its first beat, so the
    test steps the schedule itself (``timer.poll()``) on the fake clock."""

    def __init__(self) -> None:
        self.released = threading.Event()

    def __call__(self, timeout: float | None) -> None:
        self.released.wait(30)


def samples_of(path: Path) -> np.ndarray:
    with wave.open(str(path)) as wav:
        return np.frombuffer(wav.readframes(wav.getnframes()), dtype="<i2").astype(float)


def onsets(samples: np.ndarray) -> list[int]:
    """First sample of each sound (sounds are separated by 0.1 s of silence or more)."""
    loud = np.flatnonzero(samples != 0)
    gaps = np.diff(loud) > sounds.SAMPLE_RATE // 10
    return [int(loud[0])] + [int(i) for i in loud[1:][gaps]]


@pytest.fixture
def ui(ui: Driver) -> Iterator[Driver]:
    """The shared driver; afterwards the home screen is redrawn once the game is left.

    (The shell's ``leave_game`` shows home before it forgets the controller, so home
    would still offer "Continue Le Petit Poucet" to the next test.)"""
    yield ui
    ui.app.leave_game()
    ui.app.manager.get_screen("home").on_pre_enter()


def buttons(screen: Any) -> list[Any]:
    """The step panel's buttons on show, in reading order (the app's draw aside)."""
    steps = screen.steps
    found = []
    for box in (steps.ids.reveal, steps.ids.chance.ids.outcomes, steps.ids.choices):
        found += [w for w in box.walk(restrict=True) if hasattr(w, "on_release")]
    return found


def choice(screen: Any, action: Any) -> Any:
    """The step panel's button that plays ``action`` (found by the action's key)."""
    key = screen.controller.state.action_to_string(action)
    found = [w for w in buttons(screen) if getattr(w, "choice_key", None) == key]
    assert found, f"no button for {action!r}"
    return found[0]


def choice_texts(screen: Any) -> list[str]:
    return [w.text for w in buttons(screen)]


def small_buttons(screen: Any) -> list[tuple[str, Any]]:
    buttons = [
        w
        for w in screen.walk(restrict=True)
        if hasattr(w, "on_release") and w.get_root_window() is not None and w.opacity > 0
    ]
    return [(w.text, tuple(w.size)) for w in buttons if min(w.size) < dp(48) - 0.5]


def test_a_turn_on_the_screen(ui: Driver) -> None:
    ui.app.start_game("le-petit-poucet", 3, {})
    ui.pump(5)
    screen = ui.screen()
    assert screen.name == "game:le-petit-poucet"
    controller = ui.app.controller
    names = controller.names

    # Who starts: entered by hand (the die was a child's finger).
    assert screen.steps.heading.startswith("Who is the first player")
    ui.tap(choice(screen, ("first", 1)))
    assert controller.state.first_player == 1
    ui.tap(ui.button("Token drawn"))
    assert controller.state.phase == TOUCH

    # Step 1, first holder: the on-screen TAP button, with a fake clock.
    clock = FakeClock()
    count = screen.count
    count.clock = clock
    ui.tap(count.ids.mode_button)  # metronome -> tap each number (rebuilds with the clock)
    assert count.mode == "taps" and count.big_text == "TAP"
    assert count.holder_text == f"{names[1]} feels the token"
    ui.screenshot("petit-poucet-count")
    ui.screenshot("petit-poucet-count", (1280, 720))
    ui.resize((800, 480))
    for number in range(1, 5):
        ui.tap(count.ids.big_button)
        assert count.count_text == str(number)
        clock.advance(0.6)
    ui.tap(count.ids.big_button)
    clock.advance(0.1)
    ui.tap(count.ids.big_button)  # 0.1 s later: refused
    assert count.too_fast and count.count_text == "5"
    for _ in range(5):
        clock.advance(0.6)
        ui.tap(count.ids.big_button)
    assert controller.state.current_player() == 2  # passed to the left
    assert count.count_text == "pass!"

    # Second holder: the wired button (a mock pin), bouncing on every press.
    hub = ui.app.services.devices
    for _ in range(10):
        clock.advance(0.6)
        for _bounce in range(3):
            hub.press("tap_button")
            clock.advance(0.002)
            hub.release("tap_button")
            clock.advance(0.002)
        ui.pump(2)
    assert controller.state.current_player() == 0

    # Third holder: the table counted without the app.
    ui.tap(count.ids.passed_button)
    assert controller.state.phase == REVEAL

    # Step 2: cards entered as they turn up, grabs recorded.
    ui.screenshot("petit-poucet-reveal")
    ui.tap(choice(screen, ("reveal", 0)))
    ui.tap(choice(screen, ("grab", 2)))
    ui.tap(choice(screen, ("reveal", 1)))
    ui.tap(ui.button("Nobody: next card"))
    ui.tap(choice(screen, ("reveal", 2)))
    ui.tap(choice(screen, ("grab", 0)))
    ui.tap(choice(screen, ("reveal", 3)))
    assert choice_texts(screen) == [names[1], "Nobody: next card"]
    ui.screenshot("petit-poucet-grab")
    ui.tap(choice(screen, ("grab", 1)))
    assert controller.state.phase == VOTE

    # Step 3: nothing to see until the voter asks.
    voter = controller.state.voter()
    assert choice_texts(screen) == [f"I am {names[voter]}: show my choices"]
    ui.screenshot("petit-poucet-vote-hidden")
    ui.tap(ui.button("show my choices"))
    assert len(choice_texts(screen)) == 3
    ui.tap(choice(screen, ("vote", 2)))
    assert choice_texts(screen) == [f"I am {names[controller.state.voter()]}: show my choices"]
    for target in (2, 0):
        ui.tap(ui.button("show my choices"))
        ui.tap(choice(screen, ("vote", target)))
    assert controller.state.phase == CHECK

    # Step 4: the token is the oak: Player 3 found it; the cards taken come first.
    assert f"{names[2]}'s card" in choice_texts(screen)[0]
    assert screen.steps.ids.chance.ids.app_button.disabled  # the token is a real one
    ui.screenshot("petit-poucet-check")
    ui.tap(choice(screen, ("token", 0)))
    state = controller.state
    assert state.positions == [0, 1, 2]  # P3 found and voted for self; P2 voted for P3
    assert f"{names[2]} found it." in screen.status_text
    assert f"Advance: {names[1]} +1, {names[2]} +2." in screen.status_text
    assert "first boot lands on the Ogre's house" in screen.status_text
    assert state.first_player == 2
    assert screen.ids.path.ids.boot0.opacity == 1
    ui.screenshot("petit-poucet-after-turn")
    ui.screenshot("petit-poucet-after-turn", (1280, 720))
    ui.resize((800, 480))
    assert not small_buttons(screen)

    # Undo takes the check back.
    ui.tap(ui.button("Undo"))
    assert controller.state.phase == CHECK and controller.state.positions == [0, 0, 0]
    ui.tap(choice(screen, ("token", 0)))

    # Turn 2: the metronome beats the whole round on the fake clock.
    ui.tap(ui.button("Token drawn"))
    count.wait = clock.wait
    ui.tap(count.ids.mode_button)  # back to the metronome, rebuilt with the fake wait
    assert count.big_text == "Start counting"
    timer = count.timer
    ui.tap(count.ids.big_button)
    assert timer is not None and timer._thread is not None
    timer._thread.join(timeout=10)
    for _ in range(20):
        ui.pump(2)
        if controller.state.phase != TOUCH:
            break
    assert controller.state.phase == REVEAL
    passes = [s.text for s in ui.app.controller.session.steps if "passes" in s.text]
    assert len(passes) == 4  # two per round of three children


def test_the_winner_is_shown(ui: Driver) -> None:
    ui.app.start_game("le-petit-poucet", 2, {})
    ui.pump(5)
    screen = ui.screen()
    controller = ui.app.controller
    controller.apply(("first", 0), table_source(controller))
    for token in (0, 1, 2):  # nobody ever finds: both children are eaten in turn 3
        controller.apply(("draw",), table_source(controller))
        controller.apply(("pass",), table_source(controller))
        controller.apply(("box",), table_source(controller))
        while controller.state.phase == REVEAL:
            controller.apply(("reveal", controller.state.unrevealed()[0]), table_source(controller))
            controller.apply(("leave",), table_source(controller))
        controller.apply(("token", token), table_source(controller))
    ui.pump(3)
    assert controller.state.is_terminal()
    assert screen.steps.ids.end.title == "Nobody wins"
    assert "Ogre ate all the remaining children" in screen.steps.ids.end.reason
    ui.screenshot("petit-poucet-game-over")


@pytest.mark.parametrize("players", [5])
def test_five_children_fit_on_the_path(ui: Driver, players: int) -> None:
    ui.app.start_game("le-petit-poucet", players, {"less_quick": True})
    ui.pump(5)
    screen = ui.screen()
    start = screen.ids.path.cell(0)
    assert len(start.ids.pawns.children) == players
    for pawn in start.ids.pawns.children:
        assert start.collide_point(*pawn.center)
    controller = ui.app.controller
    controller.apply(("first", 0), table_source(controller))
    controller.apply(("draw",), table_source(controller))
    for _ in range(4):
        controller.apply(("pass",), table_source(controller))
    controller.apply(("box",), table_source(controller))
    controller.apply(("reveal", 0), table_source(controller))
    ui.pump(3)
    assert screen.steps.heading == f"{controller.names[1]}, do you take the oak (no hole) card?"
    ui.screenshot("petit-poucet-less-quick", (1280, 720))
    ui.resize((800, 480))
    assert not small_buttons(screen)


def start_touching(ui: Driver, players: int, clock: FakeClock, wait: Any = None) -> Any:
    """A new game at step 1 with P2 holding the token; the count panel on a fake clock."""
    ui.app.start_game("le-petit-poucet", players, {})
    ui.pump(5)
    screen = ui.screen()
    screen.count.clock, screen.count.wait = clock, wait
    ui.app.controller.apply(("first", 1), table_source(ui.app.controller))
    ui.app.controller.apply(("draw",), table_source(ui.app.controller))
    ui.pump(2)
    assert ui.app.controller.state.phase == TOUCH
    return screen.count


def beat(ui: Driver, count: Any, clock: FakeClock, seconds: float) -> None:
    """Let ``seconds`` pass on the fake clock; the metronome emits what is due."""
    clock.advance(seconds)
    count.timer.poll()
    ui.pump(2)


def test_the_metronome_plays_one_sample_exact_track_per_round(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = SpyPlayer()
    monkeypatch.setattr(ui.app.services, "sound", spy)
    monkeypatch.setattr(ui.app.services.settings, "tempo", 0.5)
    clock, held = FakeClock(), HeldWait()
    cache = Path(ui.app.services.data_dir) / "sounds"
    try:
        count = start_touching(ui, 3, clock, held)
        controller = ui.app.controller
        assert count.mode == "metronome" and count.timer.interval == 0.5
        round_track = sounds.prepare_sounds(0.5, cache_dir=cache).round

        # Start: count 1 starts the holder's whole round as one track, nothing per beat.
        ui.tap(count.ids.big_button)
        for _ in range(50):
            if count.count_text == "1":
                break
            ui.pump(1)
        assert count.count_text == "1"
        assert spy.take() == [("play", round_track.name)]
        for number in (2, 3, 4):
            beat(ui, count, clock, 0.5)
            assert count.count_text == str(number)
        assert spy.take() == []

        # Pause: the track stops; the rest of the round is rendered at once.
        clock.advance(0.2)
        ui.tap(count.ids.pause_button)
        assert count.big_text == "Resume" and count.timer.status().paused
        resume = cache / f"resume-4of10x500000us-{sounds.SAMPLE_RATE}.wav"
        assert spy.take() == [("stop", round_track.name)]
        assert resume.is_file()

        # Resume: the resume track plays; count 5 comes one beat later, as in the track.
        clock.advance(30.0)
        ui.tap(count.ids.big_button)
        assert spy.take() == [("play", resume.name)]
        assert count.timer._next_deadline() == pytest.approx(clock() + 0.5)
        beat(ui, count, clock, 0.49)
        assert count.count_text == "4"
        beat(ui, count, clock, 0.01)
        assert count.count_text == "5"
        # The track's beats: counts 5..10 and the chime, one beat apart, from one beat in.
        step = sounds.SAMPLE_RATE // 2
        assert [o - 1 for o in onsets(samples_of(resume))] == [step * k for k in range(1, 8)]

        # The round ends: "pass" moves the token; no clip for it (the chime is in the
        # track); the next holder's count 1 starts the next round's track.
        for _ in range(6):
            beat(ui, count, clock, 0.5)
        assert controller.state.current_player() == 2 and count.count_text == "pass!"
        assert spy.take() == []
        beat(ui, count, clock, 1.0)  # the hand-over gap: two beats
        assert count.count_text == "1"
        assert spy.take() == [("play", round_track.name)]

        # The table passes by hand mid-round: the track is cut.
        beat(ui, count, clock, 0.5)
        ui.tap(count.ids.passed_button)
        assert controller.state.current_player() == 0
        assert spy.take() == [("stop", round_track.name)]
    finally:
        ui.app.leave_game()
        held.released.set()


def test_a_pause_in_the_hand_over_gap_waits_for_count_one(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = SpyPlayer()
    monkeypatch.setattr(ui.app.services, "sound", spy)
    clock = FakeClock()
    count = start_touching(ui, 2, clock)
    tempo = ui.app.services.settings.tempo
    count.timer.begin()  # as "Start counting" does, without the thread
    for _ in range(11):
        count.timer.poll()
        ui.pump(2)
        clock.advance(tempo)
    assert count.count_text == "pass!" and spy.take()[0][0] == "play"
    ui.tap(count.ids.pause_button)
    ui.tap(count.ids.big_button)  # resume at count 0: nothing to play yet
    assert [kind for kind, _ in spy.take()] == ["stop"]
    beat(ui, count, clock, tempo)
    assert count.count_text == "1"
    assert [kind for kind, name in spy.take()] == ["play"]


def test_tap_mode_plays_a_clip_per_tap_and_sound_off_plays_nothing(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = SpyPlayer()
    monkeypatch.setattr(ui.app.services, "sound", spy)
    clock = FakeClock()
    count = start_touching(ui, 2, clock)
    ui.tap(count.ids.mode_button)
    assert count.mode == "taps"
    for _ in range(10):
        clock.advance(1.0)
        ui.tap(count.ids.big_button)
    ui.tap(count.ids.big_button)  # at once: too fast
    played = [name.split("-")[0] for _, name in spy.take()]
    assert played == ["tick"] * 9 + ["tenth", "chime", "too"]

    spy.enabled = False  # Settings: sound off
    for _ in range(10):
        clock.advance(1.0)
        ui.tap(count.ids.big_button)
    assert ui.app.controller.state.phase == REVEAL
    assert spy.take() == []
