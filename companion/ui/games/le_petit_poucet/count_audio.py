"""What the table hears while the token goes round (step 1).

Metronome mode: the beats are never started one by one.  When counting starts, the
whole turn of the token is started as one pre-rendered WAV (every holder's ten
beats and chime and the hand-over gaps, each on an exact sample of the
metronome's grid, ``sounds.turn_track``), and the metronome fixes its grid at the
moment that sound started.  So no beat depends on the audio latency or on when any
thread gets to run: a busy screen, a buffer swap or a garbage collection can delay
the number on screen, never the beat the table hears.  A pause stops the track and
renders the rest of the turn, so that "resume" starts it at once; the metronome's
next beat comes one beat after the resume, exactly where that track has it.

Tap mode: each counted tap plays its own clip (tick, the tenth beat, the chime,
"too fast!"), since the beat is the players'.

``heard`` runs on the timing side (the timer's ``on_sound``: the thread that
started, paused, resumed or tapped, or the timer's own thread), never a frame
later on Kivy's.  Files are rendered and loaded when the timer is built
(``prepare``), so a start never waits for numpy or a disk.

Everything goes through the shell's ``SoundPlayer``, which is silent without an
audio device; with sound off in Settings nothing is even rendered.
"""

from __future__ import annotations

import threading
import time
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
        self._clips: sounds.SoundFiles | None = None
        self._turns: dict[tuple[float, int, int, int], Path] = {}
        """Rendered turn tracks by (tempo, holders, from slot, lead)."""
        self._broken = False
        self.playing: Path | None = None
        """The turn track started last (None once stopped)."""
        self.clock: Callable[[], float] = time.monotonic
        """The count timer's clock: a started track says when it started on it."""

    # -- files -----------------------------------------------------------------------
    def _player(self) -> Any:
        services = self._services()
        if services is None or self._broken or not services.sound.enabled:
            return None
        return services.sound

    def _cache_dir(self) -> Path:
        return Path(self._services().data_dir) / "sounds"

    def prepare(self, mode: str, interval: float, holders: int) -> None:
        """Kivy's thread, as the timer is built: render and load what it will start."""
        self.clips(interval)
        if mode == METRONOME:
            self.turn_track(interval, holders)

    def clips(self, interval: float) -> sounds.SoundFiles | None:
        """The tap-mode clips, rendered and loaded once (None when silent or they
        cannot be written)."""
        player = self._player()
        if player is None:
            return None
        with self._lock:
            if self._clips is None:
                self._clips = self._render(
                    lambda: sounds.prepare_sounds(interval, timing.COUNTS, self._cache_dir())
                )
                for path in astuple(self._clips) if self._clips is not None else ():
                    player.preload(path)
            return self._clips

    def turn_track(
        self, interval: float, holders: int, from_slot: int = 0, lead: int = 0
    ) -> Path | None:
        """The turn's track (or, with ``lead=1``, the rest of it from ``from_slot``),
        rendered and loaded; the other turn tracks are deleted and let go."""
        player = self._player()
        if player is None:
            return None
        key = (interval, holders, from_slot, lead)
        with self._lock:
            if key not in self._turns:
                track = self._render(
                    lambda: sounds.prepare_turn_track(
                        interval,
                        holders,
                        timing.COUNTS,
                        timing.HANDOVER_BEATS,
                        self._cache_dir(),
                        from_slot=from_slot,
                        lead=lead,
                    )
                )
                if track is None:
                    return None
                player.preload(track)
                start = self._turns.get((interval, holders, 0, 0))
                self._turns = {k: p for k, p in self._turns.items() if p in (start, track)}
                self._turns[key] = track
                for gone in sounds.prune_turn_tracks(self._cache_dir(), set(self._turns.values())):
                    player.forget(gone)
            return self._turns[key]

    def _render(self, make: Callable[[], Any]) -> Any:
        try:
            return make()
        except OSError as err:
            self._broken = True
            self._message(f"No count sounds: cannot write them ({err}).")
            return None

    # -- following the timer ---------------------------------------------------------------
    def heard(self, mode: str, interval: float, holders: int, event: CountEvent) -> float | None:
        """The timing side, at the moment of ``event``: start (or stop) its sound.
        Returns when a turn track started (the metronome anchors its grid there)."""
        with self._lock:
            if mode == METRONOME:
                return self._metronome(event, interval, holders)
            self._taps(event, interval)
            return None

    def _metronome(self, event: CountEvent, interval: float, holders: int) -> float | None:
        if event.kind == "started":
            return self._start(self.turn_track(interval, holders))
        if event.kind == "paused":
            self.stop()
            # The rest of the turn, rendered off the tapping thread so Pause answers at
            # once (a Pi takes a good half second); a Resume tapped sooner waits for it.
            threading.Thread(
                target=self.turn_track,
                args=(interval, holders, event.slot, 1),
                name="count-track",
                daemon=True,
            ).start()
        elif event.kind == "resumed":
            return self._start(self.turn_track(interval, holders, event.slot, lead=1))
        return None

    def _taps(self, event: CountEvent, interval: float) -> None:
        clips = self.clips(interval)
        if clips is None:
            return
        chosen = {
            "count": clips.tenth if event.count == timing.COUNTS else clips.tick,
            "too-fast": clips.too_fast,
            "pass": clips.chime,
            "done": clips.chime,
        }
        clip, player = chosen.get(event.kind), self._player()
        if clip is not None and player is not None:
            player.play(clip)

    def _start(self, track: Path | None) -> float | None:
        """Start a track (whatever played before was stopped by the pause); when it began."""
        player = self._player()
        if track is None or player is None or not player.play(track):
            return None
        started = self.clock()
        self.playing = track
        return started

    def stop(self) -> None:
        """Cut the playing track (a pause, an undo, a manual pass, leaving the game)."""
        with self._lock:
            services = self._services()
            if self.playing is not None and services is not None:
                services.sound.stop(self.playing)
            self.playing = None
