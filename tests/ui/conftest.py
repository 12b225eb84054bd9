"""One real Kivy app for all UI tests, driven by simulated touches under Xvfb.

Kivy allows one window per process, so the app is built once per test session
and each test starts from the home screen.  Screenshots go to ``screenshots/``.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="kivy-home-"))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from companion.ui.launch import configure_kivy  # noqa: E402

configure_kivy()

from gpiozero.pins.mock import MockFactory, MockPWMPin  # noqa: E402
from kivy.base import EventLoop  # noqa: E402
from kivy.core.image import Image as CoreImage  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from kivy.graphics import ClearBuffers, ClearColor, Fbo, Scale, Translate  # noqa: E402
from kivy.tests.common import UnitTestTouch  # noqa: E402
from kivy.uix.modalview import ModalView  # noqa: E402
from kivy.uix.scrollview import ScrollView  # noqa: E402

from companion.roster import Roster  # noqa: E402
from companion.ui import deliberate  # noqa: E402
from companion.ui.app import CompanionApp  # noqa: E402
from companion.ui.services import build_services  # noqa: E402

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"
SIZES = [(800, 480), (1280, 720)]
"""The two screens the shell is tried at: the official 7" panel and a 720p monitor."""


def table_source(controller: Any) -> Any:
    """What the table enters at this node: a chance outcome it saw, or a player's decision
    (the session refuses a decision from any source but a player)."""
    from companion.session.journal import Source

    return Source.MANUAL if controller.state.is_chance_node() else Source.PLAYER


def window_image() -> Any:
    """The whole window (the app and any dialog over it) drawn off screen.

    Reading the window's own pixels (``Window.screenshot``) returns black wherever the
    window lies outside Xvfb's screen, so a 1280x720 window on an 800x480 screen came
    out black: every layer is drawn into a frame buffer of the window's size instead."""
    fbo = Fbo(size=Window.size, with_stencilbuffer=True)
    with fbo:
        ClearColor(0, 0, 0, 1)
        ClearBuffers()
        Scale(1, -1, 1)  # the PNG's first row is the window's top
        Translate(0, -Window.height, 0)
    layers = [child.canvas for child in reversed(Window.children)]  # the app first
    places = [Window.canvas.indexof(layer) for layer in layers]
    for layer in layers:
        Window.canvas.remove(layer)
        fbo.add(layer)
    try:
        fbo.draw()
        return CoreImage(fbo.texture)
    finally:
        for layer, place in sorted(zip(layers, places, strict=True), key=lambda lp: lp[1]):
            fbo.remove(layer)
            Window.canvas.insert(place, layer)


class PlayerClock:
    """The time the tap guard reads (companion.ui.deliberate): it moves only with the
    player, so a test is a player who looks before each tap, or one who double taps,
    whatever the speed of the machine."""

    LOOK = 1.0
    """A deliberate tap comes this long after the last change (past the guard)."""
    DOUBLE = 0.12
    """The gap between a double tap's two touches."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Driver:
    """Pumps frames, taps widgets and saves screenshots of the running app."""

    def __init__(self, app: CompanionApp) -> None:
        self.app = app
        self.clock = PlayerClock()
        deliberate.clock = self.clock

    def pump(self, frames: int = 3) -> None:
        for _ in range(frames):
            EventLoop.idle()
        self.settle()

    def settle(self) -> None:
        """Let a screen transition finish: the screen manager ignores touches during one."""
        for _ in range(500):
            if not self.app.manager.transition.is_active:
                return
            EventLoop.idle()

    def resize(self, size: tuple[int, int]) -> None:
        """Resize the window and wait until the layout has followed."""
        Window.size = size
        for _ in range(50):
            self.pump(1)
            if tuple(Window.size) == size and tuple(self.app.root.size) == size:
                break
        self.pump(3)

    def settle_dialogs(self) -> None:
        """Let a dialog that is opening or closing finish (it takes touches meanwhile)."""
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline:
            closing = [  # fading in or out: it takes touches until it is done
                w for w in Window.children if isinstance(w, ModalView) and w._anim_alpha < 1
            ]
            if not closing:
                return
            EventLoop.idle()

    def scroll_into_view(self, widget: Any) -> None:
        """Scroll every list that holds ``widget`` until its centre shows, as a player
        would before tapping it.  Kivy's damped scroll effect springs back over real
        time, so the spring is stopped instead of waited for (no sleeps)."""
        scroll = widget.parent
        while scroll is not None and not isinstance(scroll, ScrollView):
            if scroll.parent is scroll:  # the window is its own parent
                return
            scroll = scroll.parent
        if scroll is None:
            return
        content = scroll.children[0]
        for _ in range(20):
            x, y = widget.to_window(*widget.center)
            left, bottom = scroll.to_window(scroll.x, scroll.y)
            if left <= x <= left + scroll.width and bottom <= y <= bottom + scroll.height:
                break
            scroll.effect_y.velocity = 0
            scroll.effect_y.overscroll = 0
            span = content.height - scroll.height
            if span > 0:
                _, centre = content.to_widget(*widget.to_window(*widget.center))
                scroll.scroll_y = min(1.0, max(0.0, (centre - scroll.height / 2) / span))
            self.pump(2)
        self.scroll_into_view(scroll)  # a list inside a list

    def tap(self, widget: Any) -> None:
        x, y = self.reach(widget)
        self.clock.advance(PlayerClock.LOOK)
        self.touch_at(x, y)

    def reach(self, widget: Any) -> tuple[float, float]:
        """Where a finger taps ``widget``, in the window, once it shows and is laid out."""
        self.settle_dialogs()
        self.scroll_into_view(widget)
        for _ in range(3):  # a widget made this frame gets its place in the layout first
            EventLoop.idle()
        assert widget.get_root_window() is not None, f"{widget} is not on screen"
        assert not widget.disabled, f"{widget} is disabled"
        x, y = widget.to_window(*widget.center)
        return float(x), float(y)

    def touch_at(self, x: float, y: float) -> None:
        """One touch down and up at window point (x, y), with no pause before it."""
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        self.pump(1)
        touch.touch_up()
        self.pump(2)

    def double_tap(self, widget: Any) -> tuple[float, float]:
        """A deliberate tap on ``widget`` and, a tenth of a second later, a second touch
        at the same point, on whatever the first tap put there; the point, in the
        window."""
        x, y = self.reach(widget)
        self.clock.advance(PlayerClock.LOOK)
        self.touch_at(x, y)
        return self.second_touch(x, y)

    def second_touch(self, x: float, y: float) -> tuple[float, float]:
        for _ in range(6):  # the frames a tenth of a second gives the screen to redraw
            EventLoop.idle()
        self.clock.advance(PlayerClock.DOUBLE)
        self.touch_at(x, y)
        return x, y

    def screen(self) -> Any:
        return self.app.manager.current_screen

    def screenshot(self, name: str, size: tuple[int, int] = (800, 480)) -> Path:
        if tuple(Window.size) != size:
            self.resize(size)
        self.pump(4)
        SCREENSHOTS.mkdir(exist_ok=True)
        path = SCREENSHOTS / f"{name}-{size[0]}x{size[1]}.png"
        window_image().save(str(path), flipped=False)
        return path

    def go_home(self) -> None:
        self.app.go("home")
        self.resize((800, 480))

    def find(self, root: Any, predicate: Any) -> list[Any]:
        return [w for w in root.walk() if predicate(w)]

    def button(self, text: str, root: Any = None) -> Any:
        """The one visible button whose text contains ``text``."""
        root = root or self.app.root
        for _ in range(30):  # screens rebuild their buttons a frame or two after a change
            found = [
                w
                for w in root.walk(restrict=True)
                if hasattr(w, "on_release")
                and text in str(getattr(w, "text", ""))
                and w.get_root_window() is not None
                and w.opacity > 0
            ]
            if found:
                return found[0]
            EventLoop.idle()
        raise AssertionError(f"no button with {text!r}")


@pytest.fixture(scope="session")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Driver]:
    data = tmp_path_factory.mktemp("ui-data")
    services = build_services(data, simulated=True, pin_factory=MockFactory(pin_class=MockPWMPin))
    app = CompanionApp(services)
    app._run_prepare()
    drv = Driver(app)
    drv.pump(5)
    yield drv
    app.stop()
    services.close()


@pytest.fixture
def ui(driver: Driver) -> Iterator[Driver]:
    driver.go_home()
    yield driver
    for dialog in [w for w in Window.children if isinstance(w, ModalView)]:
        dialog.dismiss(animation=False)  # a failed test never leaves a dialog over the next
    driver.settle_dialogs()
    driver.app.leave_game()
    driver.app.message = ""
    driver.app.services.roster = Roster()  # each test starts with no remembered names
    journal = driver.app.services.journal
    for record in journal.unfinished_games(limit=1000):  # and with no unfinished game
        journal.abandon_game(record.id)
    driver.go_home()
