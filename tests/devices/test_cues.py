"""The table's cues are rendered, short, and distinct from each other."""

from __future__ import annotations

import itertools
import wave
from pathlib import Path

import numpy as np
import pytest

from companion.devices.cues import CUES, cue_file
from companion.devices.sounds import SAMPLE_RATE


def spectrum(samples: np.ndarray) -> np.ndarray:
    """A coarse, loudness-free fingerprint: the energy in 64 frequency bands."""
    power = np.abs(np.fft.rfft(samples, n=SAMPLE_RATE)) ** 2
    bands = np.array([b.sum() for b in np.array_split(power[:8000], 64)])
    return bands / np.linalg.norm(bands)


@pytest.mark.parametrize("name", sorted(CUES))
def test_each_cue_is_short_and_not_clipped(name: str) -> None:
    samples = CUES[name](SAMPLE_RATE)
    seconds = len(samples) / SAMPLE_RATE
    assert 0.05 <= seconds <= 1.5, seconds
    assert 0.5 < float(np.max(np.abs(samples))) <= 0.81


def test_the_cues_are_distinct_from_each_other() -> None:
    prints = {
        name: (len(make(SAMPLE_RATE)), spectrum(make(SAMPLE_RATE))) for name, make in CUES.items()
    }
    for (a, (len_a, fa)), (b, (len_b, fb)) in itertools.combinations(prints.items(), 2):
        similar_sound = float(fa @ fb) > 0.9
        similar_length = abs(len_a - len_b) < 0.05 * SAMPLE_RATE
        assert not (similar_sound and similar_length), f"{a} and {b} sound alike"


def test_a_cue_is_written_once_as_a_playable_wav(tmp_path: Path) -> None:
    path = cue_file("win", tmp_path)
    with wave.open(str(path)) as w:
        assert w.getframerate() == SAMPLE_RATE and w.getnchannels() == 1
        assert w.getnframes() == len(CUES["win"](SAMPLE_RATE))
    stamp = path.stat().st_mtime_ns
    assert cue_file("win", tmp_path) == path and path.stat().st_mtime_ns == stamp
