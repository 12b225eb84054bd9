"""The base class of every game's screen.

A game screen is attached to a GameController (and the services, for devices and
settings) when a game starts or resumes, and detached when the game is left.  It
redraws in ``refresh`` after every change of state and never applies rules itself:
taps become ``controller.apply(...)``.  Games with table devices open them in
``open_devices`` and must close them in ``close_devices``; the table's RGB LED is
taken before them, so a game device that lights it (the combat bag) uses ``self.light``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.devices.table_light import TableLight
from companion.ui.controller import GameController
from companion.ui.lit_cues import LitCues
from companion.ui.services import Services


class GameScreen(Screen):
    controller = ObjectProperty(None, allownone=True)
    title = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.services: Services | None = None
        self._cues: LitCues | None = None

    def attach(self, controller: GameController, services: Services) -> None:
        self.services = services
        self.controller = controller
        self.title = controller.session.game.name
        self._cues = LitCues(controller, services, services.devices.table_light(_on_clock))
        self.open_devices()
        controller.listen(self.refresh)
        controller.listen(self._cues.changed)
        self.refresh()

    def detach(self) -> None:
        if self.controller is not None:
            self.controller.unlisten(self.refresh)
            if self._cues is not None:
                self.controller.unlisten(self._cues.changed)
        self.close_devices()
        if self._cues is not None:
            self._cues.light.close()  # no game on: the LED goes dark
        self.controller = None

    @property
    def toast_area(self) -> Any:
        """Where a toast stands so it hides no control: the turn banner (``ids.turn``)
        while it shows; None (low over the screen) otherwise.  A screen whose banner is
        elsewhere, or has a better place, names its own."""
        banner = self.ids.get("turn")
        return banner if banner is not None and getattr(banner, "shown", False) else None

    def refresh(self) -> None:
        """Redraw from ``self.controller.state``."""
        raise NotImplementedError

    @property
    def light(self) -> TableLight | None:
        """The table's RGB LED while a game is attached (a dark one where none is wired)."""
        return self._cues.light if self._cues is not None else None

    def open_devices(self) -> None:
        """Create this game's devices on ``self.services.devices`` (none by default)."""

    def close_devices(self) -> None:
        """Release what ``open_devices`` created."""

    def undo(self) -> None:
        """Every game screen's Undo button."""
        if self.controller is not None:
            self.controller.undo()

    def history(self) -> None:
        """Every game screen's History button."""
        App.get_running_app().go("history")

    def player_name(self, index: int) -> str:
        names = self.controller.names if self.controller else []
        return names[index] if 0 <= index < len(names) else f"Player {index + 1}"

    def play_again(self) -> None:
        """The end banner's Play again: same game, players and house rules."""
        App.get_running_app().play_again()


def _on_clock(seconds: float, function: Callable[[], None]) -> None:
    """Run ``function`` on Kivy's main thread after ``seconds`` (the LED's steps)."""
    Clock.schedule_once(lambda _dt: function(), seconds)
