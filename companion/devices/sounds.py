"""The count timer's sounds, synthesised with numpy and written as 16-bit mono WAV.

Sounds are made, never fetched: a tick for each count, a distinct deeper beat for
the tenth count, a two-note chime for "pass" and a low buzz for "too fast!".
``turn_track`` renders a whole turn of the token (every holder's ten beats and
chime, and the hand-over gaps) into a single WAV, laid on the metronome's slot grid
exact to the sample: the app starts one sound when counting starts, the metronome
anchors its grid at that moment, and no later beat depends on when any thread gets
to run (a busy screen, a buffer swap or a garbage collection holding Python up).
After a pause the metronome's next beat comes exactly one slot after "resume"; the
matching ``turn_track(..., from_slot=s, lead=1)`` holds the rest of the turn, the
first beat one slot into the file, so a resumed turn is sample-exact too.
``round_track`` is the one-holder case.

Writing a WAV needs only numpy and the ``wave`` module; playing it is the UI's job,
so a machine without an audio device still gets every file (and stays silent).
"""

from __future__ import annotations

import io
import os
import tempfile
import wave
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

SAMPLE_RATE = 44_100
TICK_HZ = 2_000.0
TENTH_HZ = 1_000.0
CHIME_HZ = (1_318.5, 1_760.0)  # E6 then A6
TOO_FAST_HZ = 180.0
PEAK = 0.8
"""Loudest sample as a fraction of full scale (headroom against clipping)."""


def _envelope(samples: int, rate: int, attack: float, decay: float) -> np.ndarray:
    """A short linear attack (no click) then an exponential decay with time constant ``decay``."""
    t = np.arange(samples) / rate
    env = np.exp(-t / decay)
    ramp = max(1, int(attack * rate))
    env[:ramp] *= np.linspace(0.0, 1.0, ramp, endpoint=False)
    return env


def tone(
    freq: float,
    seconds: float,
    rate: int = SAMPLE_RATE,
    decay: float = 0.02,
    partials: tuple[float, ...] = (1.0,),
) -> np.ndarray:
    """A decaying tone of ``freq`` Hz (with optional harmonics weighted 1, 1/2, 1/3 ...)."""
    samples = max(1, int(round(seconds * rate)))
    t = np.arange(samples) / rate
    wave_ = np.zeros(samples)
    for number, weight in enumerate(partials, start=1):
        wave_ += weight * np.sin(2 * np.pi * freq * number * t)
    wave_ *= _envelope(samples, rate, attack=0.002, decay=decay)
    return normalise(wave_)


def normalise(samples: np.ndarray, peak: float = PEAK) -> np.ndarray:
    top = float(np.max(np.abs(samples))) if samples.size else 0.0
    return samples if top == 0 else samples * (peak / top)


def tick(rate: int = SAMPLE_RATE) -> np.ndarray:
    """Counts 1-9: a short bright click."""
    return tone(TICK_HZ, 0.03, rate, decay=0.008)


def tenth_beat(rate: int = SAMPLE_RATE) -> np.ndarray:
    """Count 10: deeper, longer and fuller, so ears know the count is over."""
    return tone(TENTH_HZ, 0.15, rate, decay=0.05, partials=(1.0, 0.5, 0.33))


def pass_chime(rate: int = SAMPLE_RATE) -> np.ndarray:
    """ "Pass!": two rising bell notes."""
    notes = [tone(hz, 0.18, rate, decay=0.08, partials=(1.0, 0.3)) for hz in CHIME_HZ]
    return normalise(np.concatenate(notes))


def too_fast_buzz(rate: int = SAMPLE_RATE) -> np.ndarray:
    """ "Too fast!": a low, rough buzz (odd harmonics, like a square wave)."""
    return tone(TOO_FAST_HZ, 0.2, rate, decay=0.15, partials=(1.0, 0.0, 0.33, 0.0, 0.2))


def _slot_sample(slots: int, interval: float, rate: int) -> int:
    """Sample index of a beat ``slots`` beats in: from its number, never by adding up."""
    return int(round(slots * interval * rate))


def beat_offsets(
    interval: float, counts: int, rate: int = SAMPLE_RATE, resume_after: int = 0
) -> list[int]:
    """Sample index of each beat still to come and of the chime (one beat after the last).

    A whole round (``resume_after=0``) has beat 1 at sample 0.  A resumed round holds
    beats ``resume_after + 1 .. counts``, the first one interval in (the metronome
    resumes one beat after the tap).  Each index is computed from its beat number,
    never by adding intervals, so rounding cannot accumulate.
    """
    lead = 1 if resume_after else 0
    return [_slot_sample(lead + k, interval, rate) for k in range(counts - resume_after + 1)]


def turn_track(
    interval: float,
    holders: int,
    counts: int = 10,
    handover_beats: int = 2,
    rate: int = SAMPLE_RATE,
    from_slot: int = 0,
    lead: int = 0,
) -> np.ndarray:
    """The token's whole turn on the metronome's grid (``timing.Metronome``): holder h
    owns slots h*L .. h*L + counts - 1 (ticks, the last the tenth beat), slot
    h*L + counts is the chime, then silent hand-over slots; L = counts + handover_beats.

    Only slots ``from_slot`` onwards are in it, the first ``lead`` slots into the file
    (a turn resumed after a pause: ``lead=1``).  Each sound sits on an exact sample.
    """
    if not interval > 0:
        raise ValueError(f"the beat interval must be positive, got {interval!r}")
    if counts < 1 or holders < 1 or handover_beats < 1:
        raise ValueError(
            f"a turn needs a holder, a count and a hand-over beat, got "
            f"{holders!r} holders, {counts!r} counts, {handover_beats!r} hand-over beats"
        )
    cycle = counts + handover_beats
    last = (holders - 1) * cycle + counts
    if not 0 <= from_slot <= last or lead < 0:
        raise ValueError(f"a turn resumes at slot 0-{last}, got {from_slot!r} (lead {lead!r})")
    kinds = {counts - 1: tenth_beat(rate), counts: pass_chime(rate)}
    plan = [
        (_slot_sample(slot - from_slot + lead, interval, rate), kinds.get(slot % cycle, tick(rate)))
        for slot in range(from_slot, last + 1)
        if slot % cycle <= counts
    ]
    track = np.zeros(plan[-1][0] + len(plan[-1][1]))
    for offset, sound in plan:
        end = min(len(track), offset + len(sound))
        track[offset:end] += sound[: end - offset]
    return np.clip(track, -1.0, 1.0)


def round_track(
    interval: float, counts: int = 10, rate: int = SAMPLE_RATE, resume_after: int = 0
) -> np.ndarray:
    """One holder's round: ``counts`` beats ``interval`` s apart (the last one the tenth
    beat), then the pass chime one interval later, each placed at an exact sample.

    With ``resume_after=k`` (1..counts) only beats k+1..counts and the chime are in it,
    the first one ``interval`` after the start: the round picked up after a pause.
    """
    if counts >= 1 and not 0 <= resume_after <= counts:
        raise ValueError(f"a round resumes after 0-{counts} counts, got {resume_after!r}")
    lead = 1 if resume_after else 0
    return turn_track(interval, 1, counts, 1, rate, from_slot=resume_after, lead=lead)


def to_pcm16(samples: np.ndarray) -> np.ndarray:
    return (np.clip(samples, -1.0, 1.0) * 32767).astype("<i2")


def wav_bytes(samples: np.ndarray, rate: int = SAMPLE_RATE) -> bytes:
    """A complete 16-bit mono WAV file in memory."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(to_pcm16(samples).tobytes())
    return buffer.getvalue()


def write_wav(path: Path, samples: np.ndarray, rate: int = SAMPLE_RATE) -> Path:
    """Write atomically (temp file + rename) so a half-written WAV is never played."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(wav_bytes(samples, rate))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


@dataclass(frozen=True)
class SoundFiles:
    """Paths of the rendered sounds for one tempo."""

    tick: Path
    tenth: Path
    chime: Path
    too_fast: Path


def default_cache_dir() -> Path:
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("companion")) / "sounds"


def cached_wav(path: Path, make: Callable[[], np.ndarray], rate: int) -> Path:
    if not path.is_file():
        write_wav(path, make(), rate)
    return path


def _micros(interval: float) -> int:
    return int(round(interval * 1_000_000))


def prepare_sounds(
    interval: float, counts: int = 10, cache_dir: Path | None = None, rate: int = SAMPLE_RATE
) -> SoundFiles:
    """Render (once) and return the clips (tap mode, and "too fast!"); reuses files
    already made.  ``interval`` and ``counts`` are kept for the callers' symmetry with
    ``prepare_turn_track``; the clips do not depend on them."""
    folder = cache_dir if cache_dir is not None else default_cache_dir()
    makers = {
        "tick": (f"tick-{rate}.wav", lambda: tick(rate)),
        "tenth": (f"tenth-{rate}.wav", lambda: tenth_beat(rate)),
        "chime": (f"chime-{rate}.wav", lambda: pass_chime(rate)),
        "too_fast": (f"too-fast-{rate}.wav", lambda: too_fast_buzz(rate)),
    }
    paths = {key: cached_wav(folder / name, make, rate) for key, (name, make) in makers.items()}
    return SoundFiles(**paths)


TURN_TRACK_PREFIX = "turn-"


def prepare_turn_track(
    interval: float,
    holders: int,
    counts: int = 10,
    handover_beats: int = 2,
    cache_dir: Path | None = None,
    rate: int = SAMPLE_RATE,
    from_slot: int = 0,
    lead: int = 0,
) -> Path:
    """Render (once) a turn's track, or the rest of a turn paused before ``from_slot``.

    The name carries every parameter.  Turn tracks are long (a minute or more of
    audio), so the caller removes the ones it no longer needs (``prune_turn_tracks``).
    """
    folder = cache_dir if cache_dir is not None else default_cache_dir()
    name = (
        f"{TURN_TRACK_PREFIX}{holders}x{counts}+{handover_beats}-from{from_slot}+{lead}-"
        f"{_micros(interval)}us-{rate}.wav"
    )
    return cached_wav(
        folder / name,
        lambda: turn_track(interval, holders, counts, handover_beats, rate, from_slot, lead),
        rate,
    )


def prune_turn_tracks(folder: Path, keep: set[Path]) -> list[Path]:
    """Delete the turn tracks in ``folder`` other than ``keep``; returns those deleted."""
    gone = []
    for path in folder.glob(f"{TURN_TRACK_PREFIX}*.wav"):
        if path not in keep:
            path.unlink(missing_ok=True)
            gone.append(path)
    return gone
