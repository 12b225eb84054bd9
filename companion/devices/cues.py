"""The table's cues: short, distinct sounds for the moments everyone should notice.

A change of turn, a wolf's catch, a bag result, a monster breaking through, a win
and a loss, each synthesised with numpy like the count sounds (made, never
fetched) and written once as a WAV in the sound cache.  Each cue has its own
shape (pitch, rhythm, timbre) so ears tell them apart without looking.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np

from companion.devices.sounds import SAMPLE_RATE, cached_wav, default_cache_dir, normalise, tone


def _notes(
    pitches: list[float], each: float, rate: int, decay: float, partials: tuple[float, ...]
) -> np.ndarray:
    return normalise(
        np.concatenate([tone(hz, each, rate, decay=decay, partials=partials) for hz in pitches])
    )


def turn(rate: int = SAMPLE_RATE) -> np.ndarray:
    """Your turn: a soft two-note "ding-dong" going down."""
    return _notes([987.8, 784.0], 0.16, rate, 0.07, (1.0, 0.4))


def wolf_catch(rate: int = SAMPLE_RATE) -> np.ndarray:
    """The wolf caught someone: a low falling growl of rough harmonics."""
    return _notes([220.0, 174.6, 146.8], 0.14, rate, 0.1, (1.0, 0.6, 0.45, 0.3))


def bag_result(rate: int = SAMPLE_RATE) -> np.ndarray:
    """A token came out of the bag: one bright wooden knock."""
    return tone(1_400.0, 0.09, rate, decay=0.02, partials=(1.0, 0.0, 0.5))


def breakthrough(rate: int = SAMPLE_RATE) -> np.ndarray:
    """A monster broke through: three hard low hits."""
    hit = tone(110.0, 0.12, rate, decay=0.05, partials=(1.0, 0.7, 0.5, 0.4))
    gap = np.zeros(int(0.05 * rate))
    return normalise(np.concatenate([hit, gap, hit, gap, hit]))


def win(rate: int = SAMPLE_RATE) -> np.ndarray:
    """A win: a rising major fanfare, the last note held."""
    rising = _notes([523.3, 659.3, 784.0], 0.13, rate, 0.12, (1.0, 0.5, 0.25))
    held = tone(1_046.5, 0.5, rate, decay=0.25, partials=(1.0, 0.5, 0.25))
    return normalise(np.concatenate([rising, held]))


def loss(rate: int = SAMPLE_RATE) -> np.ndarray:
    """A loss (nobody wins): a slow sad fall."""
    return _notes([392.0, 370.0, 349.2, 329.6], 0.22, rate, 0.15, (1.0, 0.3))


CUES: dict[str, Callable[[int], np.ndarray]] = {
    "turn": turn,
    "wolf_catch": wolf_catch,
    "bag_result": bag_result,
    "breakthrough": breakthrough,
    "win": win,
    "loss": loss,
}


def cue_file(name: str, cache_dir: Path | None = None, rate: int = SAMPLE_RATE) -> Path:
    """The WAV of cue ``name``, rendered the first time it is asked for."""
    make = CUES[name]
    folder = cache_dir if cache_dir is not None else default_cache_dir()
    return cached_wav(folder / f"cue-{name}-{rate}.wav", lambda: make(rate), rate)
