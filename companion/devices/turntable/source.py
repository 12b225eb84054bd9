"""The AngleSource interface every turntable reader implements.

A source delivers timestamped angles of the wolf's snout (degrees, 0-360, the
raw sensor frame; calibration maps it to the board) to a callback on a background
thread.  Callers never touch engine state or widgets from that callback: they
post the sample to the UI thread.
"""

from __future__ import annotations

import abc
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum


@dataclass(frozen=True)
class AngleSample:
    """One reading: ``t`` in seconds on the host's monotonic clock, ``degrees`` in [0, 360)."""

    t: float
    degrees: float


class SourceStatus(Enum):
    CONNECTED = "connected"
    SIMULATED = "simulated"
    STALE = "stale"  # connected once, but no reading lately
    MISSING = "missing"


class AngleSource(abc.ABC):
    """Start/stop a stream of AngleSamples to ``on_sample``."""

    name: str = "turntable"

    def __init__(self) -> None:
        self.on_sample: Callable[[AngleSample], None] | None = None
        self.last_sample: AngleSample | None = None
        self.words: Callable[[AngleSample], str] | None = None
        """Says a reading in the players' words (where the wolf points on the board, steady
        or turning); set by whoever calibrates and judges the readings, e.g. the game."""

    @abc.abstractmethod
    def start(self) -> None:
        """Begin delivering samples (idempotent)."""

    @abc.abstractmethod
    def stop(self) -> None:
        """Stop delivering samples and release the device; joins any thread."""

    @abc.abstractmethod
    def status(self) -> SourceStatus:
        """Connected, simulated, stale or missing, for the devices screen."""

    def status_text(self) -> str:
        """A one-line description for the devices screen (override for detail)."""
        return self.reading_words()

    def reading_words(self) -> str:
        """The latest reading as players read it: "wolf sensor: 123° (steady)"."""
        last = self.last_sample
        if last is None:
            return "wolf sensor: no reading yet"
        words = self.words
        return words(last) if words is not None else sensor_words(last.degrees)

    def _emit(self, sample: AngleSample) -> None:
        self.last_sample = sample
        callback = self.on_sample
        if callback is not None:
            callback(sample)


def sensor_words(degrees: float, motion: str = "") -> str:
    """ "wolf sensor: 123°", with "(steady)" or "(turning)" when ``motion`` is given."""
    words = f"wolf sensor: {round(degrees) % 360}°"
    return f"{words} ({motion})" if motion else words
