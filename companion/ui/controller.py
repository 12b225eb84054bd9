"""The bridge between a game screen and its Session.

Widgets call the controller; the controller applies to the session, turns every
refusal into a readable message, and tells the screen to redraw.  Device threads
never call in directly: they use ``post``, which hands the event to Kivy's main
thread first.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Any

from kivy.clock import Clock

from companion.engines.base import Game, IllegalAction
from companion.engines.view import View
from companion.session.journal import Source
from companion.session.session import Session, UndoRefused

log = logging.getLogger(__name__)


class GameController:
    """Applies actions for a screen and reports what happened."""

    def __init__(
        self,
        session: Session,
        notify: Callable[[str], None],
        on_activity: Callable[[], None] | None = None,
    ) -> None:
        self.session = session
        self._notify = notify
        self._listeners: list[Callable[[], None]] = []
        self._on_activity = on_activity
        """Told of every device event ``post`` delivers (it keeps the screen awake)."""

    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def names(self) -> list[str]:
        return self.session.record.names

    def view(self, viewer: int | None = None) -> View:
        """The player's view of the live position (``viewer``: whose secrets to show)."""
        return self.session.state.view(viewer)

    def player_name(self, index: int) -> str:
        return self.session.state.player_name(index)

    def listen(self, callback: Callable[[], None]) -> None:
        """``callback`` runs (on the main thread) after every change of state."""
        self._listeners.append(callback)

    def unlisten(self, callback: Callable[[], None]) -> None:
        if callback in self._listeners:
            self._listeners.remove(callback)

    def changed(self) -> None:
        for callback in list(self._listeners):
            callback()

    def message(self, text: str) -> None:
        self._notify(text)

    # -- actions -------------------------------------------------------------------
    def apply(self, action: Any, source: Source = Source.PLAYER) -> bool:
        """Apply ``action``; on refusal show the engine's reason and return False."""
        try:
            self.session.apply(action, source)
        except IllegalAction as err:
            self.message(str(err))
            return False
        self.changed()
        return True

    def choose(self, key: str, source: Source = Source.PLAYER) -> bool:
        """Apply the choice (or the table's chance outcome) with this key."""
        try:
            action = self.session.state.key_to_action(key)
        except IllegalAction as err:
            self.message(str(err))
            return False
        return self.apply(action, source)

    def enter_outcome(self, key: str) -> bool:
        """Apply what the real die, card or wolf showed, as the players entered it."""
        return self.choose(key, Source.MANUAL)

    def enter_outcomes(self, key: str, count: int) -> int:
        """The same outcome entered ``count`` times at once (a hand refilled from a real
        deck): one journal commit, one redraw.  Returns how many were entered."""
        try:
            entered = self.session.enter_repeated(key, count, Source.MANUAL)
        except IllegalAction as err:
            self.message(str(err))
            return 0
        self.changed()
        return entered

    def draw(self) -> Any | None:
        """Let the app decide a chance node (journaled before it is returned)."""
        try:
            outcome = self.session.draw()
        except IllegalAction as err:
            self.message(str(err))
            return None
        self.changed()
        return outcome

    def draw_while(self, keep_going: Callable[[Any], bool]) -> list[Any]:
        """App draws one after another while ``keep_going(position)`` holds (a deck
        shuffled card by card): one journal commit, then one redraw of the screen."""
        try:
            outcomes = self.session.draw_while(keep_going)
        except IllegalAction as err:
            self.message(str(err))
            return []
        if outcomes:
            self.changed()
        return outcomes

    def draw_rng(self) -> random.Random:
        """The session's RNG for an app draw now: give it to a device that draws (the bag)."""
        return self.session.draw_rng()

    def commit_draw(self, outcome: Any) -> bool:
        """Journal a chance outcome the app's own device drew (the combat bag's RNG).

        Only chance outcomes are accepted; the step is an app draw, so undo will
        never take it back.  The caller reveals the result only after True.
        """
        state = self.session.state
        if not state.is_chance_node() or outcome not in state.legal_actions():
            self.message("The game is not waiting for that draw.")
            return False
        return self.apply(outcome, Source.APP_DRAW)

    def undo(self, steps: int = 1) -> bool:
        """Take back the last ``steps`` steps (several when one tap made them all)."""
        before = list(self.session.state.log)
        taken = 0
        try:
            while taken < steps:
                self.session.undo()
                taken += 1
        except UndoRefused as err:
            self.message(str(err))
            if taken:  # the steps already taken back are shown
                self.changed()
            return False
        gone = before[len(self.session.state.log) :]
        self.message(f"Took back: {gone[0].text}" if gone else "Took back the last step.")
        self.changed()
        return True

    def post(self, function: Callable[..., Any], *args: Any, before_drawing: bool = False) -> None:
        """Run ``function(*args)`` on Kivy's main thread (safe from device threads); the
        table is active, so the screen stays awake.  ``before_drawing``: in the next
        frame's drawing step (a Clock timeout of -1, at ``tick_draw``), so a beat that
        arrives while a frame is being built is drawn in that frame, not the next."""
        timeout = -1 if before_drawing else 0
        Clock.schedule_once(lambda _dt: self._deliver(function, args), timeout)

    def _deliver(self, function: Callable[..., Any], args: tuple[Any, ...]) -> None:
        if self._on_activity is not None:
            self._on_activity()
        function(*args)
