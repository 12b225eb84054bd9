"""Announcing the moments of a game: a change of turn, the win or the loss.

Listens to the controller and compares each new view with the last one, so every
game screen gets the same cues without a line of its own.  Sounds are rendered
once into the data directory's sound cache; with no audio device (or sound off)
this is silent, and a cue that cannot be written is skipped, never raised.

Rendering needs numpy, a large part of a cold start, so nothing is imported or
rendered until a game screen is built: then ``CueFiles`` renders every cue on a
background thread, and a cue asked for before its file is ready plays once it is.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path

from kivy.clock import Clock

from companion.ui.controller import GameController
from companion.ui.services import Services

log = logging.getLogger(__name__)

Render = Callable[[str, Path], Path]
"""Writes cue ``name`` into a folder (once) and gives its WAV's path."""


def render_cue(name: str, folder: Path) -> Path:
    """The cue's WAV, synthesised the first time (numpy is imported here, not at start)."""
    from companion.devices.cues import cue_file

    return cue_file(name, folder)


def cue_names() -> list[str]:
    from companion.devices.cues import CUES

    return list(CUES)


class CueFiles:
    """The cue WAVs of one sound folder, rendered off Kivy's thread, each once."""

    def __init__(self, folder: Path, render: Render = render_cue) -> None:
        self.folder = folder
        self._render = render
        self._lock = threading.Lock()
        self._ready: dict[str, Path] = {}
        self._failed: set[str] = set()
        self._waiting: dict[str, list[Callable[[Path], None]]] = {}
        self._thread: threading.Thread | None = None

    def start(self) -> threading.Thread:
        """Render every cue on a background thread (started once; later calls return it)."""
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._render_all, name="cue-sounds", daemon=True
                )
                self._thread.start()
            return self._thread

    def when_ready(self, name: str, then: Callable[[Path], None]) -> None:
        """``then(path)`` now if the cue is rendered, else on the rendering thread once it
        is; never when it could not be written."""
        with self._lock:
            path = self._ready.get(name)
            if path is None and name not in self._failed:
                self._waiting.setdefault(name, []).append(then)
        if path is not None:
            then(path)
        else:
            self.start()

    def _render_all(self) -> None:
        for name in cue_names():
            try:
                path: Path | None = self._render(name, self.folder)
            except OSError:
                log.exception("cannot write the %s cue", name)
                path = None
            with self._lock:
                if path is None:
                    self._failed.add(name)
                else:
                    self._ready[name] = path
                waiting = self._waiting.pop(name, [])
            for then in waiting:
                if path is not None:
                    then(path)


_files: dict[Path, CueFiles] = {}
_files_lock = threading.Lock()


def cue_files(folder: Path) -> CueFiles:
    """The one renderer of ``folder``'s cues in this process (every game screen shares it)."""
    with _files_lock:
        return _files.setdefault(folder, CueFiles(folder))


class TableCues:
    def __init__(self, controller: GameController, services: Services) -> None:
        self.controller = controller
        self.services = services
        view = controller.view()
        self._turn = view.turn
        self._ended = view.end is not None
        self.played: list[str] = []
        """The cues played, in order (what a test listens to)."""
        self.files = cue_files(Path(services.data_dir) / "sounds")
        if services.sound.enabled:
            self.files.start()  # rendered before the first cue is due

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
        if self.services.sound.enabled:
            self.files.when_ready(name, self._sound)

    def _sound(self, path: Path) -> None:
        """Play on Kivy's thread: a cue rendered late arrives on the rendering thread."""
        if threading.current_thread() is threading.main_thread():
            self.services.sound.play(path)
        else:
            Clock.schedule_once(lambda _dt: self.services.sound.play(path))
