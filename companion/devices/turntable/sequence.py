"""What a frame's sequence number says: next in line, lost frames, late, or a repeat.

The kit numbers every frame modulo 65,536.  Reading the difference from the
expected number as a forward jump only (as a first version did) turns a
repeated frame into "65,535 lost" and a frame that overtook another into a huge
loss.  Here a number behind the expected one is a duplicate when that very
frame was seen recently (it is dropped), or a late frame (it is delivered, and
if it had been counted lost, the loss is taken back).  A number far behind any
recent frame means the stream started over: it resynchronises without a loss.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from companion.devices.turntable.protocol import SEQ_MODULUS

WINDOW = 512
"""How many recent frames are remembered (about five seconds at 100 Hz)."""


@dataclass(frozen=True)
class Seen:
    duplicate: bool = False  # the same frame again: drop it
    late: bool = False  # an earlier number than expected: it was overtaken
    lost: int = 0  # frames skipped by a forward jump
    found: int = 0  # frames counted lost that have arrived after all


class SequenceTracker:
    """Follows one connection's sequence numbers; ``reset`` at a (re)connection or restart."""

    def __init__(self) -> None:
        self.expected: int | None = None
        self._recent: OrderedDict[int, Any] = OrderedDict()
        self._missing: set[int] = set()

    def reset(self, first: Any | None = None) -> None:
        """Start over, optionally from ``first`` (a frame with a ``seq``)."""
        self.expected = None
        self._recent.clear()
        self._missing.clear()
        if first is not None:
            self.observe(first)

    def next_in_line(self, frame: Any) -> None:
        """Remember ``frame``, the one expected next (the caller checked): no gap, no repeat."""
        self.expected = (frame.seq + 1) % SEQ_MODULUS
        self._remember(frame)

    def is_duplicate(self, frame: Any) -> bool:
        return self._recent.get(frame.seq) == frame

    def observe(self, frame: Any) -> Seen:
        """Classify ``frame`` and remember it."""
        seq = frame.seq
        if self.is_duplicate(frame):
            return Seen(duplicate=True)
        expected = self.expected
        self._remember(frame)
        if expected is None:
            self.expected = (seq + 1) % SEQ_MODULUS
            return Seen()
        ahead = (seq - expected) % SEQ_MODULUS
        if ahead == 0:
            self.expected = (seq + 1) % SEQ_MODULUS
            return Seen()
        if ahead < SEQ_MODULUS // 2:
            self.expected = (seq + 1) % SEQ_MODULUS
            if ahead <= WINDOW:
                self._missing.update((expected + i) % SEQ_MODULUS for i in range(ahead))
            return Seen(lost=ahead)
        behind = SEQ_MODULUS - ahead
        if seq in self._missing:
            self._missing.discard(seq)
            return Seen(late=True, found=1)
        if behind > WINDOW:  # not a frame we could have missed: the numbering started over
            self._missing.clear()
            self.expected = (seq + 1) % SEQ_MODULUS
        return Seen(late=True)

    def _remember(self, frame: Any) -> None:
        recent = self._recent
        seq = frame.seq
        if seq in recent:
            recent.move_to_end(seq)
        recent[seq] = frame
        if len(recent) > WINDOW:
            old, _ = recent.popitem(last=False)
            if self._missing:
                self._missing.discard(old)
