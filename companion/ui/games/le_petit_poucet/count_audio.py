"""What the table hears while the token goes round (step 1).

Metronome mode: the beats are never started one by one.  When a holder's count 1
arrives, that holder's whole round is started as one pre-rendered WAV (ten beats
and the pass chime, each on an exact sample), so the spacing does not depend on
the audio latency or on when Kivy's thread gets to each beat.  A pause stops the
track and renders the rest of the round (``sounds.prepare_resume_track``) so that
"resume" starts it at once; the metronome's next count comes one beat after the
resume, exactly where that track has it.  The on-screen count and the buzzer
still follow the timing thread.

Tap mode: each counted tap plays its own clip (tick, the tenth beat, the chime,
"too fast!"), since the beat is the players'.

Everything goes through the shell's ``SoundPlayer``, which is silent without an
audio device; with sound off in Settings nothing is even rendered.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.devices import sounds, timing
from companion.devices.timing import CountEvent

METRONOME, TAPS = "metronome", "taps"


class CountAudio:
    """Plays the count's sounds for one panel; remembers the track that is playing."""

    def __init__(self, services: Callable[[], Any], message: Callable[[str], None]) -> None:
        self._services = services
        self._message = message
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
        """This tempo's sounds, rendered once (None when silent or they cannot be written)."""
        if self._player() is None:
            return None
        if self._files is None or self._interval != interval:
            self._files = self._render(
                lambda: sounds.prepare_sounds(interval, timing.COUNTS, self._cache_dir())
            )
            self._interval = interval
        return self._files

    def resume_track(self, interval: float, resume_after: int) -> Path | None:
        if self.files(interval) is None:
            return None
        return self._render(
            lambda: sounds.prepare_resume_track(
                interval, resume_after, timing.COUNTS, self._cache_dir()
            )
        )

    def _render(self, make: Callable[[], Any]) -> Any:
        try:
            return make()
        except OSError as err:
            self._broken = True
            self._message(f"No count sounds: cannot write them ({err}).")
            return None

    # -- following the timer ---------------------------------------------------------------
    def follow(self, event: CountEvent, mode: str, interval: float) -> None:
        """Kivy's thread: the sound for one timer event."""
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
        clip = clips.get(event.kind)
        if clip is not None:
            self._player().play(clip)

    def _start(self, track: Path | None) -> None:
        """Start a track.  Whatever played before has ended (a round's track ends with
        its chime, before the hand-over gap is over) or was stopped by the pause."""
        player = self._player()
        if track is not None and player is not None:
            player.play(track)
            self.playing = track

    def stop(self) -> None:
        """Cut the playing track (a pause, an undo, a manual pass, leaving the game)."""
        services = self._services()
        if self.playing is not None and services is not None:
            services.sound.stop(self.playing)
        self.playing = None
