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
from kivy.metrics import dp, sp

from companion.devices import sounds
from companion.engines.le_petit_poucet.steps import CHECK, REVEAL, TOUCH, VOTE
from tests.ui.conftest import Driver, table_source
from tests.ui.playing import nobody_finds
from tests.ui.table_checks import too_small


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
        self.threads: list[str] = []
        """The thread each count sound was started on."""
        self.preloaded: set[str] = set()

    def play(self, path: str | Path) -> bool:
        if not Path(path).name.startswith("cue-"):
            self.calls.append(("play", Path(path).name))
            self.threads.append(threading.current_thread().name)
        return self.enabled

    def preload(self, path: str | Path) -> bool:
        self.preloaded.add(Path(path).name)
        return self.enabled

    def forget(self, path: str | Path) -> None:
        self.preloaded.discard(Path(path).name)

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
    """The stage's buttons on show, in reading order (the app's draw aside): the tree
    grid's cards while it shows, else the step panel's buttons."""
    if screen.cards:
        return [w for w in reversed(screen.grid.children) if getattr(w, "available", False)]
    steps = screen.steps
    found = []
    for box in (steps.ids.reveal, steps.ids.chance.ids.outcomes, steps.ids.choices):
        found += [
            w
            for w in box.walk(restrict=True)
            if hasattr(w, "on_release") and not hasattr(w, "holes")  # (the top card's picture)
        ]
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

    # Step 4: the token is the oak: Player 3 found it; the cards taken wear their names.
    oak = screen.grid.card("oak", "no hole")
    assert oak.holder == names[2] and oak.available
    assert screen.ids.app_draw_button.disabled  # the token is a real one
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


def test_leaving_for_history_mid_count_pauses_the_metronome(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = SpyPlayer()
    monkeypatch.setattr(ui.app.services, "sound", spy)
    clock, held = FakeClock(), HeldWait()
    try:
        count = start_touching(ui, 3, clock, held)
        ui.tap(count.ids.big_button)  # Start counting
        for _ in range(50):
            if count.count_text == "1":
                break
            ui.pump(1)
        assert [kind for kind, _ in spy.take()] == ["play"]
        ui.tap(ui.button("History"))
        assert ui.screen().name == "history"
        assert count.timer.status().paused  # no beat goes on behind History
        assert "stop" in [kind for kind, _ in spy.take()]
        hub = ui.app.services.devices
        hub.press("tap_button")  # a press on the wired button behind History...
        hub.release("tap_button")
        ui.pump(3)
        assert count.timer.status().paused  # ...resumes nothing
        assert [kind for kind, _ in spy.take()] == []
        ui.app.go("game:le-petit-poucet")
        ui.pump(3)
        assert count.big_text == "Resume"
        clock.advance(1.0)
        stirred: list[int] = []
        monkeypatch.setattr(ui.app.controller, "_on_activity", lambda: stirred.append(1))
        hub.press("tap_button")  # back on the game: the wired button resumes
        hub.release("tap_button")
        ui.pump(3)
        assert not count.timer.status().paused
        assert stirred, "a count driven from the wired button keeps the screen awake"
    finally:
        ui.app.leave_game()
        held.released.set()


def everyone_eaten(ui: Driver, players: int) -> Any:
    """A new game in which nobody finds a tree: every child is eaten in turn 3."""
    ui.app.start_game("le-petit-poucet", players, {})
    ui.pump(5)
    screen = ui.screen()
    nobody_finds(ui.app.controller)
    ui.pump(3)
    return screen


def test_a_child_eaten_is_heard_once(ui: Driver) -> None:
    screen = everyone_eaten(ui, 3)
    assert screen._cues.played.count("wolf_catch") == 1
    screen.refresh()
    assert screen._cues.played.count("wolf_catch") == 1


def test_the_winner_is_shown(ui: Driver) -> None:
    screen = everyone_eaten(ui, 2)
    assert ui.app.controller.state.is_terminal()
    assert screen.steps.ids.end.title == "Nobody wins"
    assert "Ogre ate all the remaining children" in screen.steps.ids.end.reason
    banner = screen.ids.banner  # one ending: no "Game over" banner above the end banner
    assert not banner.shown and banner.height == 0 and banner.opacity == 0
    path = screen.ids.path
    assert path.cell(0).trodden and not path.cell(1).trodden  # the Ogre's trail, in red
    assert all(pawn.faded for pawn in path.cell(-1).ids.pawns.children)  # in his house
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
        assert pawn.width >= dp(28)  # readable from across the table
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


def test_the_metronome_plays_one_sample_exact_track_per_turn(
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
        holders = len(count.timer.holders)  # this turn: the token goes round them all
        turn = sounds.prepare_turn_track(0.5, holders, cache_dir=cache)
        assert turn.name in spy.preloaded  # rendered and loaded before "Start counting"

        # Start: the whole turn starts as one track, on the tap; nothing per beat.
        ui.tap(count.ids.big_button)
        for _ in range(50):
            if count.count_text == "1":
                break
            ui.pump(1)
        assert count.count_text == "1"
        assert spy.take() == [("play", turn.name)]
        assert spy.threads == [threading.current_thread().name]  # the tap's, before the grid
        for number in (2, 3, 4):
            beat(ui, count, clock, 0.5)
            assert count.count_text == str(number)
        assert spy.take() == []

        # Pause: the track stops; the rest of the turn is rendered behind the screen.
        clock.advance(0.2)
        ui.tap(count.ids.big_button)  # the metronome's one button pauses
        assert count.big_text == "Resume" and count.timer.status().paused
        assert spy.take() == [("stop", turn.name)]
        for worker in threading.enumerate():
            if worker.name == "count-track":
                worker.join(30)
        rest = sounds.prepare_turn_track(0.5, holders, cache_dir=cache, from_slot=4, lead=1)
        assert rest.is_file() and rest.name in spy.preloaded

        # Resume: the rest plays; count 5 comes one beat later, as in the track.
        clock.advance(30.0)
        ui.tap(count.ids.big_button)
        assert spy.take() == [("play", rest.name)]
        assert count.timer._next_deadline() == pytest.approx(clock() + 0.5)
        beat(ui, count, clock, 0.49)
        assert count.count_text == "4"
        beat(ui, count, clock, 0.01)
        assert count.count_text == "5"
        # The track's sounds: counts 5..10 and the chime one beat apart from one beat in,
        # then the next holder's count 1 after the hand-over gap.
        step = sounds.SAMPLE_RATE // 2
        expected = [step * k for k in (*range(1, 8), 9)]
        assert [o - 1 for o in onsets(samples_of(rest))][:8] == expected

        # The round ends: "pass" moves the token; the next holder's count 1 is in the
        # same track: nothing new starts, nothing stops.
        for _ in range(6):
            beat(ui, count, clock, 0.5)
        assert controller.state.current_player() == 2 and count.count_text == "pass!"
        beat(ui, count, clock, 1.0)  # the hand-over gap: two beats
        assert count.count_text == "1"
        assert spy.take() == []

        # The table passes by hand mid-round: the track is cut.
        beat(ui, count, clock, 0.5)
        ui.tap(count.ids.passed_button)
        assert controller.state.current_player() == 0
        assert spy.take() == [("stop", rest.name)]
    finally:
        ui.app.leave_game()
        held.released.set()


def started_without_thread(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> tuple[SpyPlayer, FakeClock, Any]:
    """Two children, sounds spied on, the metronome begun as "Start counting" does but
    without its thread (the test polls it on a fake clock)."""
    spy = SpyPlayer()
    monkeypatch.setattr(ui.app.services, "sound", spy)
    clock = FakeClock()
    count = start_touching(ui, 2, clock)
    count.timer.begin()
    return spy, clock, count


def test_a_pause_in_the_hand_over_gap_resumes_with_the_next_count_one(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy, clock, count = started_without_thread(ui, monkeypatch)
    tempo = ui.app.services.settings.tempo
    for _ in range(11):
        count.timer.poll()
        ui.pump(2)
        clock.advance(tempo)
    assert count.count_text == "pass!" and spy.take()[0][0] == "play"
    assert count.ids.pause_button.disabled  # the metronome pauses on its one big button
    ui.tap(count.ids.big_button)  # pause in the gap...
    ui.tap(count.ids.big_button)  # ...and resume: the rest starts from count 1
    calls = spy.take()
    assert [kind for kind, _ in calls] == ["stop", "play"] and "from12+1" in calls[1][1]
    beat(ui, count, clock, tempo)
    assert count.count_text == "1"
    assert spy.take() == []


def test_a_beat_delivered_after_pause_is_not_shown(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    _spy, clock, count = started_without_thread(ui, monkeypatch)
    count.timer.poll()
    ui.pump(2)
    assert count.count_text == "1"
    late: list[Any] = []
    count.timer._on_event = late.append  # the next beat is computed but not yet delivered
    clock.advance(ui.app.services.settings.tempo)
    count.timer.poll()
    ui.tap(count.ids.big_button)  # Pause
    count.on_count_event(late[0], count._generation)  # ...and arrives after Pause
    assert late[0].count == 2 and count.count_text == "1" and count.big_text == "Resume"


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


# -- the tree cards as a grid, sizes, the easier-games toggles, leaving mid-count --------


def to_the_reveal(ui: Driver, players: int = 3, options: dict[str, Any] | None = None) -> Any:
    """A new game at step 2 (the first card to enter), first player P1."""
    ui.app.start_game("le-petit-poucet", players, options or {})
    ui.pump(5)
    controller = ui.app.controller
    controller.apply(("first", 0), table_source(controller))
    controller.apply(("draw",), table_source(controller))
    for _ in range(players - 1):
        controller.apply(("pass",), table_source(controller))
    controller.apply(("box",), table_source(controller))
    ui.pump(3)
    assert controller.state.phase == REVEAL
    return ui.screen()


def cards_of(screen: Any) -> list[Any]:
    from companion.ui.games.le_petit_poucet.tree_cards import PoucetTreeCard

    return [w for w in screen.grid.children if isinstance(w, PoucetTreeCard)]


def all_on_screen(ui: Driver, widgets: list[Any]) -> bool:
    """Every widget wholly inside the window (nothing scrolled away, nothing clipped)."""
    width, height = ui.app.root.size
    for w in widgets:
        x, y = w.to_window(w.x, w.y)
        if x < 0 or y < 0 or x + w.width > width + 0.5 or y + w.height > height + 0.5:
            return False
    return True


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_the_tree_cards_are_a_grid_by_series(ui: Driver, size: tuple[int, int]) -> None:
    ui.resize(size)
    screen = to_the_reveal(ui)
    controller = ui.app.controller
    names = controller.names
    assert screen.cards and screen.grid in screen.ids.stage.children
    cards = cards_of(screen)
    assert len(cards) == 25 and screen.grid.cols == 6  # five series of five, by rows
    assert all_on_screen(ui, cards)  # all 25 at once: no scrolling list any more
    assert min(min(c.size) for c in cards) >= dp(48)
    birch = screen.grid.card("birch", "2 vertical holes")
    assert birch.holes == [[0.5, 0.28], [0.5, 0.72]]  # drawn as the token's holes
    if size == (1280, 720):
        assert screen.scale > 1.3  # the board grows on a larger screen
        assert birch.height > dp(70)
        assert screen.ids.status.font_size > dp(20)  # and the type with it
        assert screen.scale == ui.app.text_scale  # the app's growth, as on every screen
        words = screen.ids.banner.children[0]
        assert words.font_size == pytest.approx(sp(24) * ui.app.text_scale)  # the banner too

    ui.tap(birch)  # the card that turned up, entered by touch
    box = controller.state.box
    assert controller.state.revealed == [box.tree_by_label("birch (2 vertical holes)").index]
    top = screen.steps.ids.reveal.children[0]  # the card on top, as a picture
    assert top.text == "Birch" and top.holes == birch.holes
    ui.tap(ui.button(names[1]))  # Player 2 grabs it
    assert not screen.grid.card("birch", "2 vertical holes").available  # turned up already
    ui.tap(screen.grid.card("birch", "2 vertical holes"))  # greyed out: it says why
    assert len(controller.state.revealed) == 1
    assert ui.app.message == (
        f"The Birch card turned up already this turn ({names[1]} took it): "
        "tap one of the bright cards."
    )
    ui.screenshot(f"petit-poucet-grid-reveal-{size[0]}", size)
    ui.tap(screen.grid.card("oak", "2 horizontal holes"))
    ui.tap(ui.button(names[2]))
    ui.tap(screen.grid.card("apple", "no hole"))
    ui.tap(ui.button(names[0]))
    for _ in range(3):  # the secret votes, all for Player 3
        ui.tap(ui.button("show my choices"))
        ui.tap(choice(screen, ("vote", 2)))
    assert controller.state.phase == CHECK

    # The check: the same grid; each card taken wears its child's name and colour.
    oak = screen.grid.card("oak", "2 horizontal holes")
    assert oak.holder == names[2] and tuple(oak.paper) != tuple(birch.paper)
    assert screen.grid.card("birch", "2 vertical holes").available  # any token can come out
    assert screen.ids.app_draw_button.disabled
    ui.screenshot(f"petit-poucet-grid-check-{size[0]}", size)
    ui.tap(oak)
    assert controller.state.positions == [1, 1, 2]
    ui.resize((800, 480))


def toggle(ui: Driver, new_game: Any, text: str) -> None:
    """Scroll New game's house rules to the toggle reading ``text`` and tap it."""
    button = ui.button(text, new_game.ids.options)
    new_game.ids.options.parent.parent.scroll_to(button, animate=False)
    ui.pump(3)
    ui.tap(button)


def test_the_easier_games_rule_is_a_toggle_per_series(ui: Driver) -> None:
    ui.app.open_new_game("le-petit-poucet")
    ui.pump(3)
    new_game = ui.screen()
    toggle(ui, new_game, "2 vertical holes: in play")
    toggle(ui, new_game, "2 horizontal holes: in play")
    assert new_game.options["removed_series"] == "vertical,horizontal"  # the saved format
    toggle(ui, new_game, "2 vertical holes: left out")
    assert new_game.options["removed_series"] == "horizontal"
    for name in ("No hole", "1 hole", "3 holes"):
        toggle(ui, new_game, f"{name}: in play")
    assert new_game.options["removed_series"] == "none,one,horizontal,three"
    last = ui.button("2 vertical holes: in play", new_game.ids.options)
    assert last.disabled  # one series at least stays in play
    ui.screenshot("petit-poucet-easier-games")
    toggle(ui, new_game, "No hole: left out")
    toggle(ui, new_game, "1 hole: left out")
    assert new_game.options["removed_series"] == "horizontal,three"
    ui.tap(new_game.ids.start_button)
    ui.pump(5)
    controller = ui.app.controller
    controller.apply(("first", 0), table_source(controller))
    controller.apply(("draw",), table_source(controller))
    controller.apply(("pass",), table_source(controller))
    controller.apply(("box",), table_source(controller))
    ui.pump(3)
    screen = ui.screen()
    heads = [
        w.text
        for w in reversed(screen.grid.children)
        if hasattr(w, "text") and not hasattr(w, "holder")
    ]
    assert heads == ["no hole", "1 hole", "2 vertical holes"]
    assert len(cards_of(screen)) == 15


def test_nothing_on_the_screen_is_below_15sp(ui: Driver) -> None:
    ui.resize((800, 480))
    ui.app.start_game("le-petit-poucet", 5, {"less_quick": True})
    ui.pump(5)
    screen = ui.screen()
    controller = ui.app.controller
    seen = []

    def check(what: str) -> None:
        ui.pump(3)
        seen.append((what, too_small(screen, scrolled_to=True)))

    check("who begins")
    controller.apply(("first", 0), table_source(controller))
    check("draw")
    controller.apply(("draw",), table_source(controller))
    check("count")
    for _ in range(4):
        controller.apply(("pass",), table_source(controller))
    controller.apply(("box",), table_source(controller))
    check("reveal grid")
    controller.apply(("reveal", 0), table_source(controller))
    check("less quick question")
    for tree in range(1, 5):
        controller.apply(("take",), table_source(controller))
        controller.apply(("reveal", tree), table_source(controller))
    controller.apply(("take",), table_source(controller))
    check("vote hidden")
    while controller.state.phase == VOTE:
        controller.apply(("vote", 0), table_source(controller))
    check("check grid")
    controller.apply(("token", 0), table_source(controller))
    check("after the turn")
    assert [(what, small) for what, small in seen if small] == []


def test_set_up_is_three_taps_from_home_and_the_app_can_turn_the_cards(ui: Driver) -> None:
    """Home -> the first move ("Token drawn"): the game's tile, "Start the game" and who
    begins (the app draws); at step 2 the side column's "Let the app do it" turns a card."""
    ui.go_home()
    home = ui.screen()
    home.on_pre_enter()
    ui.pump(3)
    taps = 0
    ui.tap(next(t for t in home.ids.tiles.children if t.game_id == "le-petit-poucet"))
    taps += 1
    ui.pump(3)
    ui.tap(ui.screen().ids.start_button)
    taps += 1
    ui.pump(5)
    screen = ui.screen()
    controller = ui.app.controller
    ui.tap(screen.steps.ids.chance.ids.app_button)  # a player chosen at random
    taps += 1
    assert controller.state.first_player is not None
    ui.tap(ui.button("Token drawn"))  # the first move of the game
    assert controller.state.phase == TOUCH
    assert taps == 3
    ui.screenshot("petit-poucet-first-move")
    ui.screenshot("petit-poucet-first-move", (1280, 720))
    controller.apply(("pass",), table_source(controller))
    controller.apply(("pass",), table_source(controller))
    controller.apply(("box",), table_source(controller))
    ui.pump(3)
    assert screen.cards
    ui.tap(screen.ids.app_draw_button)
    assert len(controller.state.revealed) == 1
    top = controller.state.revealed[0]
    series = controller.state.box.trees[top].series_name
    name = controller.state.box.trees[top].name
    assert not screen.cards  # the grab: who took it?
    assert screen.steps.ids.reveal.children[0].text == name.capitalize()
    ui.tap(ui.button("Nobody: next card"))
    assert not screen.grid.card(name, series).available  # turned up: greyed on the grid


def test_the_count_panel_offers_one_pause_and_keeps_its_way_of_counting_mid_count(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The metronome pauses on its one big button (no second "Pause" beside "Resume");
    tapping each number needs the small Pause; neither changes its way mid-count; the
    last child's button says the token goes in the box."""
    monkeypatch.setattr(ui.app.services, "sound", SpyPlayer())
    clock = FakeClock()
    count = start_touching(ui, 2, clock)
    assert count.ids.mode_button.text == "Tap each number instead"
    assert count.ids.pause_button.disabled and count.ids.pause_button.opacity == 0
    assert count.ids.passed_button.text.startswith("Passed to ")
    count.timer.begin()  # the metronome counts
    count._show_status()
    assert count.ids.mode_button.disabled, "no silent restart of a count under way"
    assert count.ids.pause_button.disabled
    count.stop()  # as Undo would: the count is over, its way can change again
    count._show_status()
    ui.tap(count.ids.mode_button)
    assert count.mode == "taps" and count.ids.mode_button.text == "Let the metronome count"
    clock.advance(1.0)
    ui.tap(count.ids.big_button)  # the first number tapped
    assert not count.ids.pause_button.disabled and count.ids.pause_button.opacity == 1
    assert count.ids.mode_button.disabled
    ui.tap(count.ids.pause_button)
    assert count.big_text == "Resume" and count.ids.pause_button.disabled
    ui.tap(count.ids.big_button)
    for _ in range(9):
        clock.advance(1.0)
        ui.tap(count.ids.big_button)
    ui.pump(3)
    assert ui.app.controller.state.current_player() != 1  # passed on: the last child now
    assert count.ids.passed_button.text == "Token in the box"
