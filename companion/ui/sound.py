"""Playing short sounds, silently where there is no audio device or sound is off.

Kivy's SoundLoader returns None (or raises) when SDL has no audio output; the
companion must still run, so every failure here is logged once and ignored.

``play`` may be called from the count timer's thread (the beat starts its sound
there, not a frame later on Kivy's): Kivy's SDL2 sound starts through SDL_mixer,
which locks the audio device itself, and Kivy's Clock schedules thread-safely.  A
lock keeps two threads from loading the same file twice; ``preload`` lets Kivy's
thread load a sound before the timer needs it, so the beat never waits on a disk.
Every sound plays at the owner's ``volume`` (0-1, from Settings).
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


class SoundPlayer:
    """Loads each sound file once and plays it, at ``volume``, when sound is on."""

    def __init__(self, enabled: bool = True, volume: float = 1.0) -> None:
        self.enabled = enabled
        self.volume = volume
        """0 (silent) to 1 (full); applied to every sound as it starts."""
        self._cache: dict[str, Any] = {}
        self._failed: set[str] = set()
        self._lock = threading.RLock()

    def play(self, path: str | Path) -> bool:
        """Start playing ``path``; False when silent (sound off, no device, bad file)."""
        if not self.enabled:
            return False
        sound = self._load(str(path))
        if sound is None:
            return False
        try:
            sound.stop()
            sound.volume = min(1.0, max(0.0, float(self.volume)))
            sound.play()
        except Exception:
            log.exception("playing %s failed", path)
            return False
        return True

    def preload(self, path: str | Path) -> bool:
        """Load ``path`` now (Kivy's thread), so a later ``play`` starts at once."""
        return self.enabled and self._load(str(path)) is not None

    def forget(self, path: str | Path) -> None:
        """Stop and unload ``path`` (a long track no longer needed gives back its memory)."""
        with self._lock:
            sound = self._cache.pop(str(path), None)
            self._failed.discard(str(path))
        if sound is not None:
            try:
                sound.unload()
            except Exception:
                log.exception("unloading %s failed", path)

    def stop(self, path: str | Path) -> None:
        """Stop ``path`` if it is playing (a paused count stops its beat track)."""
        sound = self._cache.get(str(path))
        if sound is not None:
            try:
                sound.stop()
            except Exception:
                log.exception("stopping %s failed", path)

    def _load(self, path: str) -> Any:
        with self._lock:
            if path in self._cache:
                return self._cache[path]
            if path in self._failed:
                return None
            sound = None
            if Path(path).is_file():
                try:
                    from kivy.core.audio import SoundLoader

                    sound = SoundLoader.load(path)
                except Exception:
                    log.exception("no audio for %s", path)
            if sound is None or not sound.length:
                self._failed.add(path)
                log.warning("sound %s cannot be played here; continuing silently", path)
                return None
            self._cache[path] = sound
            return sound
