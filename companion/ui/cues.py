"""Announcing the moments of a game: a change of turn, the win or the loss.

Listens to the controller and compares each new view with the last one, so every
game screen gets the same cues without a line of its own.  Sounds are rendered
once into the data directory's sound cache; with no audio device (or sound off)
this is silent, and a cue that cannot be written is skipped, never raised.
"""

from __future__ import annotations

import logging
from pathlib import Path

from companion.devices.cues import cue_file
from companion.ui.controller import GameController
from companion.ui.services import Services

log = logging.getLogger(__name__)


class TableCues:
    def __init__(self, controller: GameController, services: Services) -> None:
        self.controller = controller
        self.services = services
        view = controller.view()
        self._turn = view.turn
        self._ended = view.end is not None
        self.played: list[str] = []
        """The cues played, in order (what a test listens to)."""

    def changed(self) -> None:
        view = self.controller.view()
        if view.end is not None:
            if not self._ended:
                self.play("win" if view.end.winners else "loss")
        elif view.turn is not None and view.turn != self._turn:
            self.play("turn")
        self._ended = view.end is not None
        if view.turn is not None:
            self._turn = view.turn

    def play(self, name: str) -> None:
        self.played.append(name)
        sound = self.services.sound
        if not sound.enabled:
            return
        try:
            path = cue_file(name, Path(self.services.data_dir) / "sounds")
        except OSError:
            log.exception("cannot write the %s cue", name)
            return
        sound.play(path)
