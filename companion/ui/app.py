"""The Kivy App: wires services to screens; holds no rules and no persistence.

Screens ask the app to navigate (``go``), to show a message (``notify``) and to
start or resume a game; the game itself lives in a Session behind a
GameController.  Exceptions that escape a callback are logged and shown as a
sentence, and the app keeps running.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kivy.app import App
from kivy.base import ExceptionHandler, ExceptionManager
from kivy.clock import Clock
from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.engines import registry
from companion.engines.base import PIECES_KEY, InvalidOptions
from companion.system import power
from companion.system.backlight import Backlight, find_backlight
from companion.system.screen_sleep import ScreenSleep
from companion.ui.screens.shell import ShellScreens  # noqa: F401  (app.kv's screen manager)
from companion.ui.services import Services

if TYPE_CHECKING:
    from companion.session.journal import GameRecord
    from companion.session.session import Session
    from companion.ui.controller import GameController

log = logging.getLogger(__name__)
HERE = Path(__file__).parent
MESSAGE_SECONDS = 8
MESSAGE_LOG = 50
SLEEP_CHECK_SECONDS = 5
BASE_SIZE = (800, 480)
MAX_TEXT_SCALE = 1.4


class RootLayout(BoxLayout):
    """Top bar, message bar, the screens and the virtual kit panel (app.kv)."""


class PlayerFacingErrors(ExceptionHandler):
    """Turns an escaped exception into a logged traceback and a readable message."""

    def __init__(self, app: CompanionApp) -> None:
        super().__init__()
        self.app = app

    def handle_exception(self, inst: BaseException) -> int:
        if isinstance(inst, KeyboardInterrupt | SystemExit):
            return int(ExceptionManager.RAISE)
        log.error("unexpected error", exc_info=(type(inst), inst, inst.__traceback__))
        self.app.notify(
            f"Something went wrong ({type(inst).__name__}: {inst}). "
            "Nothing was lost; the details are in the log."
        )
        return int(ExceptionManager.PASS)


class CompanionApp(App):
    title = "Forest Table Companion"
    message = StringProperty("")
    message_count = NumericProperty(0)
    screen_title = StringProperty("Forest Table Companion")
    simulated = BooleanProperty(False)
    panel_open = BooleanProperty(False)
    text_scale = NumericProperty(1.0)
    """How much larger the shell's reading text is than on the 7" panel (1 there)."""
    toast_box = ListProperty([])
    """Where the toast stands (x, y, width, height in the window): over the current
    screen's ``toast_area``, a part holding no control; empty: low over the screen."""

    def __init__(self, services: Services, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.services = services
        self.simulated = services.simulated
        self.controller: GameController | None = None
        self.notice: Any = None
        self._clear_event: Any = None
        self.messages: list[tuple[float, str]] = []
        """Every message shown, oldest first (the Messages log), at most MESSAGE_LOG."""
        self._error_handler = PlayerFacingErrors(self)
        self.screen_sleep: ScreenSleep | None = None
        """Where the panel has a backlight: dark after the owner's idle minutes."""
        self._waking: set[Any] = set()
        self._sleep_event: Any = None

    # -- building ------------------------------------------------------------------
    def build(self) -> RootLayout:
        """The shell around Home; every other screen is built when first opened
        (``ShellScreens``), and the widgets a game's view uses with its screen."""
        from companion.ui import (
            deliberate,  # noqa: F401  (registers DeliberateButton for kv)
            virtual_panel,  # noqa: F401  (registers VirtualPanel for kv)
        )

        Builder.load_file(str(HERE / "widgets.kv"))
        Builder.load_file(str(HERE / "virtual_panel.kv"))
        Builder.load_file(str(HERE / "app.kv"))
        root = RootLayout()
        root.bind(size=self._rescale)
        root.ids.manager.build("home")
        ExceptionManager.add_handler(self._error_handler)
        return root

    def _rescale(self, _root: Any, size: Any) -> None:
        self.text_scale = text_scale(*size)
        Clock.schedule_once(self._place_toast)  # once the screen has laid itself out again

    def on_start(self) -> None:
        self.go("home")
        light = find_backlight()
        if light is not None:
            self.start_screen_sleep(light)
        latest = self.services.journal.latest_unfinished()
        if latest is not None:
            from companion.ui.screens.resume import ResumePrompt

            ResumePrompt(latest).open()
        if self.services.problems:
            from companion.ui.screens.notice import Notice

            for problem in self.services.problems:
                log.warning("%s", problem)
            self.notice = Notice("\n\n".join(self.services.problems))
            self.notice.open()

    def on_stop(self) -> None:
        self.stop_screen_sleep()  # the panel is left lit
        self.leave_game()  # the game's devices and threads close with it
        ExceptionManager.remove_handler(self._error_handler)
        self.services.close()

    # -- screen sleep -----------------------------------------------------------------
    def start_screen_sleep(self, light: Backlight, clock: Any = time.monotonic) -> ScreenSleep:
        """Watch for idle time on ``light`` (the first touch after sleep only wakes)."""
        from kivy.core.window import Window

        self.stop_screen_sleep()
        self.screen_sleep = ScreenSleep(light, lambda: self.services.settings.screen_sleep, clock)
        Window.bind(
            on_touch_down=self._sleep_touch_down,
            on_touch_move=self._sleep_touch_move,
            on_touch_up=self._sleep_touch_up,
        )
        self._sleep_event = Clock.schedule_interval(self._check_sleep, SLEEP_CHECK_SECONDS)
        return self.screen_sleep

    def stop_screen_sleep(self) -> None:
        from kivy.core.window import Window

        if self.screen_sleep is None:
            return
        self.screen_sleep.poke()  # wake before letting go
        Window.unbind(
            on_touch_down=self._sleep_touch_down,
            on_touch_move=self._sleep_touch_move,
            on_touch_up=self._sleep_touch_up,
        )
        self._sleep_event.cancel()
        self.screen_sleep = None

    def _check_sleep(self, _dt: float) -> None:
        if self.screen_sleep is not None:
            self.screen_sleep.check()

    def _sleep_touch_down(self, _window: Any, touch: Any) -> bool:
        if self.screen_sleep is not None and self.screen_sleep.touched():
            self._waking.add(touch.uid)
            return True  # the waking touch presses nothing
        return False

    def _sleep_touch_move(self, _window: Any, touch: Any) -> bool:
        return touch.uid in self._waking

    def _sleep_touch_up(self, _window: Any, touch: Any) -> bool:
        if touch.uid not in self._waking:
            return False
        self._waking.discard(touch.uid)
        return True

    def keep_awake(self) -> None:
        """Something happened at the table (a game step, a device event)."""
        if self.screen_sleep is not None:
            self.screen_sleep.poke()

    # -- navigation and messages --------------------------------------------------
    @property
    def manager(self) -> Any:
        return self.root.ids.manager

    def go(self, name: str) -> None:
        manager = self.manager
        if not manager.has_screen(name):
            self.notify(f"There is no '{name}' screen.")
            return
        if manager.current != name:
            self.message = ""  # a message belongs to the screen it was shown on
        manager.current = name
        self.screen_title = getattr(manager.get_screen(name), "title", self.title)

    def notify(self, text: str) -> None:
        """Show ``text`` as a toast for a few seconds; the Messages log keeps it (once when
        it is said again straight after: a refused tap repeated is not a new message)."""
        kept = (
            self.messages[:-1] if self.messages and self.messages[-1][1] == text else self.messages
        )
        self.messages = [*kept[-(MESSAGE_LOG - 1) :], (time.time(), text)]
        self.message_count = len(self.messages)
        self.message = text
        self._place_toast()
        if self._clear_event is not None:
            self._clear_event.cancel()
        self._clear_event = Clock.schedule_once(self._clear_message, MESSAGE_SECONDS)

    def _place_toast(self, *_args: Any) -> None:
        """A screen whose controls fill the toast's usual place names a ``toast_area``
        (a widget holding none) for the toast to stand over instead."""
        area = getattr(self.manager.current_screen, "toast_area", None)
        if area is None or area.get_root_window() is None:
            self.toast_box = []
            return
        x, y = area.to_window(area.x, area.y)
        self.toast_box = [x, y, area.width, area.height]

    def _clear_message(self, _dt: float) -> None:
        self.message = ""

    def show_messages(self) -> None:
        from companion.ui.screens.messages import MessageLog

        MessageLog(self.messages).open()

    # -- games ----------------------------------------------------------------------
    def open_new_game(self, game_id: str) -> None:
        try:
            game = registry.get(game_id)  # its engine is imported when it is first chosen
        except registry.GameUnavailable as err:
            self.notify(str(err))
            self._refresh_home()
            return
        reason = game.unavailable()
        if reason is not None:  # its box file is broken: say so rather than open the setup
            self.notify(f"{game.name} is unavailable: {reason}")
            self._refresh_home()
            return
        self.manager.get_screen("new_game").prepare(game)
        self.go("new_game")

    def _refresh_home(self) -> None:
        """Redraw the home tiles (a game found unavailable when chosen turns grey)."""
        if self.manager.current == "home":
            self.manager.get_screen("home").on_pre_enter()

    def start_game(
        self,
        game_id: str,
        players: int,
        options: dict[str, Any],
        names: list[str] | None = None,
        setup: dict[str, Any] | None = None,
        pieces: list[int] | None = None,
    ) -> None:
        """A new game; ``setup`` (a finished game's, for Play again) or else the owner's box;
        ``pieces``: each player's piece, chosen at New game."""
        from companion.session.session import Session
        from companion.ui.games import setup_for

        try:
            if setup is None:
                setup, problem = setup_for(game_id, self.services)
            else:
                problem = _box_changed(game_id, setup, setup_for(game_id, self.services)[0])
            if pieces is not None:
                setup = {**setup, PIECES_KEY: pieces}
            session = Session.start(
                self.services.journal, game_id, players, options, names=names, setup=setup
            )
        except InvalidOptions as err:
            self.notify(f"The game cannot start: {err}")
            return
        except (KeyError, ValueError) as err:  # the game's own data: a board, a manifest
            log.warning("%s cannot start", game_id, exc_info=True)
            reason = err.args[0] if isinstance(err, KeyError) and err.args else err
            self.notify(f"{_game_name(game_id)} cannot start: {reason}")
            return
        if names:
            self.services.roster.remember(game_id, names, setup.get(PIECES_KEY))
            self.services.save_roster()
        self._show_session(session)
        if problem:
            self.notify(problem)

    def restart(self) -> None:
        """Settings' Restart: close every file, then start again in this process."""
        self.stop()
        power.restart()

    def power_off(self) -> None:
        """Settings' Shut down: every game is already saved; systemd powers off."""
        problem = power.power_off()
        if problem:
            self.notify(problem)
            return
        self.stop()

    def play_again(self) -> None:
        """A finished game's Play again: the same game, players, house rules and box."""
        if self.controller is None:
            return
        record = self.controller.session.record
        self.start_game(
            record.game, record.players, dict(record.options), list(record.names), record.setup
        )

    def resume_game(self, record: GameRecord) -> None:
        from companion.session.session import ResumeFailed, SavedByNewerVersion, Session

        try:
            session = Session.resume(self.services.journal, record.id)
        except SavedByNewerVersion as err:
            self.notify(str(err))  # kept as it is, for the version that wrote it
            return
        except ResumeFailed as err:
            log.warning("resume failed: %s", err)
            self.services.journal.abandon_game(record.id)
            self.notify(f"{err}. That game was set aside; a new one can start.")
            return
        self._show_session(session)

    def abandon_game(self, record: GameRecord) -> None:
        self.services.journal.abandon_game(record.id)

    def _show_session(self, session: Session) -> None:
        from companion.ui.controller import GameController
        from companion.ui.games import screen_for

        self.leave_game()
        self.controller = GameController(session, self.notify, self.keep_awake)
        self.controller.listen(self.keep_awake)
        name = f"game:{session.game.id}"
        screen = screen_for(session.game.id)(name=name)
        self.manager.add_widget(screen)
        screen.attach(self.controller, self.services)
        self.go(name)

    def open_game_row(self) -> int | None:
        """The journal row of the game open now (None when no game is)."""
        return self.controller.session.game_row if self.controller is not None else None

    def show_game(self) -> None:
        if self.controller is None:
            self.notify("No game is being played.")
            return
        self.go(f"game:{self.controller.session.game.id}")

    def leave_game(self) -> None:
        """Close the current game's screen and devices (the journal keeps the game)."""
        if self.controller is None:
            return
        name = f"game:{self.controller.session.game.id}"
        self.controller = None
        if self.manager.has_screen(name):
            screen = self.manager.get_screen(name)
            screen.detach()
            if self.manager.current == name:
                self.go("home")
            self.manager.remove_widget(screen)


def text_scale(width: float, height: float) -> float:
    """1 at 800x480 and below; grows with the window, at most MAX_TEXT_SCALE."""
    grow = min(width / dp(BASE_SIZE[0]), height / dp(BASE_SIZE[1]))
    return round(max(1.0, min(MAX_TEXT_SCALE, grow)), 2)


BOX_KEPT = (
    "This game is played with the same box as the last one. Your box has changed since: "
    "games started from New game use it as it is now."
)


def _box_changed(game_id: str, kept: dict[str, Any], now: dict[str, Any]) -> str | None:
    """What Play again says when the owner's box changed since the finished game began."""
    from companion import owner_box

    return BOX_KEPT if owner_box.box_changed(registry.get(game_id), kept, now) else None


def _game_name(game_id: str) -> str:
    try:
        return registry.get(game_id).name
    except KeyError:
        return f"The game {game_id!r}"
