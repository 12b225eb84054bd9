"""The base class of every game's screen.

A game screen is attached to a GameController (and the services, for devices and
settings) when a game starts or resumes, and detached when the game is left.  It
redraws in ``refresh`` after every change of state and never applies rules itself:
taps become ``controller.apply(...)``.  Games with table devices open them in
``open_devices`` and must close them in ``close_devices``.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.ui.controller import GameController
from companion.ui.cues import TableCues
from companion.ui.services import Services


class GameScreen(Screen):
    controller = ObjectProperty(None, allownone=True)
    title = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.services: Services | None = None
        self._cues: TableCues | None = None

    def attach(self, controller: GameController, services: Services) -> None:
        self.services = services
        self.controller = controller
        self.title = controller.session.game.name
        self._cues = TableCues(controller, services)
        controller.listen(self.refresh)
        controller.listen(self._cues.changed)
        self.open_devices()
        self.refresh()

    def detach(self) -> None:
        if self.controller is not None:
            self.controller.unlisten(self.refresh)
            if self._cues is not None:
                self.controller.unlisten(self._cues.changed)
        self.close_devices()
        self.controller = None

    def refresh(self) -> None:
        """Redraw from ``self.controller.state``."""
        raise NotImplementedError

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
