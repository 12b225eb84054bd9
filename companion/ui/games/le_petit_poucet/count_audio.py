"""What the table hears while the token goes round (step 1).

Metronome mode: the beats are never started one by one.  When a holder's count 1
arrives, that holder's whole round is started as one pre-rendered WAV (ten beats
and the pass chime, each on an exact sample), so the spacing does not depend on
the audio latency.  A pause stops the track and renders the rest of the round
(``sounds.prepare_resume_track``) so that "resume" starts it at once; the
metronome's next count comes one beat after the resume, exactly where that track
has it.

Tap mode: each counted tap plays its own clip (tick, the tenth beat, the chime,
"too fast!"), since the beat is the players'.

``heard`` runs on the timing side (the timer's ``on_sound``: its own thread at a
beat, or the thread that paused, resumed or tapped), never a frame later on
Kivy's thread, so the sound starts at the beat however busy the screen is.  The
files are rendered and loaded on Kivy's thread when the timer is built (``files``),
so the beat never waits for numpy or a disk.

Everything goes through the shell's ``SoundPlayer``, which is silent without an
audio device; with sound off in Settings nothing is even rendered.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import astuple
from pathlib import Path
from typing import Any

from companion.devices import sounds, timing
from companion.devices.timing import CountEvent

METRONOME, TAPS = "metronome", "taps"


class CountAudio:
    """Plays the count's sounds for one panel; remembers the track that is playing.

    Called from Kivy's thread and from timer threads, so its state is behind a lock."""

    def __init__(self, services: Callable[[], Any], message: Callable[[str], None]) -> None:
        self._services = services
        self._message = message
        """Tells the players (any thread: the panel posts it to Kivy's)."""
        self._lock = threading.RLock()
        self._files: sounds.SoundFiles | None = None
        self._interval: float | None = None
        self._broken = False
        self.playing: Path | None = None
        """The round or resume track started last (None once stopped)."""

    # -- files -----------------------------------------------------------------------
    def _player(self) -> Any:
        services = self._services()
        if services is None or self._broken or not services.sound.enabled:
            return None
        return services.sound

    def _cache_dir(self) -> Path:
        return Path(self._services().data_dir) / "sounds"

    def files(self, interval: float) -> sounds.SoundFiles | None:
        """This tempo's sounds, rendered and loaded once (None when silent or they cannot
        be written)."""
        player = self._player()
        if player is None:
            return None
        with self._lock:
            if self._files is None or self._interval != interval:
                self._files = self._render(
                    lambda: sounds.prepare_sounds(interval, timing.COUNTS, self._cache_dir())
                )
                self._interval = interval
                if self._files is not None:
                    for path in astuple(self._files):
                        player.preload(path)
            return self._files

    def resume_track(self, interval: float, resume_after: int) -> Path | None:
        """The rest of a round paused after ``resume_after`` counts, rendered and loaded."""
        player = self._player()
        if self.files(interval) is None or player is None:
            return None
        track: Path | None = self._render(
            lambda: sounds.prepare_resume_track(
                interval, resume_after, timing.COUNTS, self._cache_dir()
            )
        )
        if track is not None:
            player.preload(track)
        return track

    def _render(self, make: Callable[[], Any]) -> Any:
        try:
            return make()
        except OSError as err:
            self._broken = True
            self._message(f"No count sounds: cannot write them ({err}).")
            return None

    # -- following the timer ---------------------------------------------------------------
    def heard(self, mode: str, interval: float, event: CountEvent) -> None:
        """The timing side, at the moment of ``event``: start (or stop) its sound."""
        with self._lock:
            if mode == METRONOME:
                self._metronome(event, interval)
            else:
                self._taps(event, interval)

    def _metronome(self, event: CountEvent, interval: float) -> None:
        if event.kind == "paused":
            self.stop()
            if event.count:
                self.resume_track(interval, event.count)  # ready before "resume"
            return
        if event.kind == "count" and event.count == 1:
            files = self.files(interval)
            self._start(files.round if files is not None else None)
        elif event.kind == "resumed" and event.count:
            # (Resumed at count 0, in the hand-over gap: the coming count 1 starts the round.)
            self._start(self.resume_track(interval, event.count))

    def _taps(self, event: CountEvent, interval: float) -> None:
        files = self.files(interval)
        if files is None:
            return
        clips = {
            "count": files.tenth if event.count == timing.COUNTS else files.tick,
            "too-fast": files.too_fast,
            "pass": files.chime,
            "done": files.chime,
        }
        clip, player = clips.get(event.kind), self._player()
        if clip is not None and player is not None:
            player.play(clip)

    def _start(self, track: Path | None) -> None:
        """Start a track.  Whatever played before has ended (a round's track ends with
        its chime, before the hand-over gap is over) or was stopped by the pause."""
        player = self._player()
        if track is not None and player is not None:
            player.play(track)
            self.playing = track

    def stop(self) -> None:
        """Cut the playing track (a pause, an undo, a manual pass, leaving the game)."""
        with self._lock:
            services = self._services()
            if self.playing is not None and services is not None:
                services.sound.stop(self.playing)
            self.playing = None
