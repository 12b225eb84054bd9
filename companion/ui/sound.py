"""Playing short sounds, silently where there is no audio device or sound is off.

Kivy's SoundLoader returns None (or raises) when SDL has no audio output; the
companion must still run, so every failure here is logged once and ignored.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


class SoundPlayer:
    """Loads each sound file once and plays it when sound is on."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self._cache: dict[str, Any] = {}
        self._failed: set[str] = set()

    def play(self, path: str | Path) -> bool:
        """Start playing ``path``; False when silent (sound off, no device, bad file)."""
        if not self.enabled:
            return False
        sound = self._load(str(path))
        if sound is None:
            return False
        try:
            sound.stop()
            sound.play()
        except Exception:
            log.exception("playing %s failed", path)
            return False
        return True

    def stop(self, path: str | Path) -> None:
        """Stop ``path`` if it is playing (a paused count stops its beat track)."""
        sound = self._cache.get(str(path))
        if sound is not None:
            try:
                sound.stop()
            except Exception:
                log.exception("stopping %s failed", path)

    def _load(self, path: str) -> Any:
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
