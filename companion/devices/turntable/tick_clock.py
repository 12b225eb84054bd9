"""Timestamps for the kit's samples on the host's clock.

USB delivers frames in bursts, so the time a frame is read says little about when
the angle was measured.  The Pico stamps every frame with its ``ticks_ms``; this
maps those stamps onto the host's monotonic clock.  The offset between the two
clocks is the smallest (host time - device time) seen so far - the frame that
travelled fastest - allowed to creep up slowly so that a Pico crystal running a
little slow (tens of ppm) never makes samples look older and older.
"""

from __future__ import annotations

TICKS_MODULUS = 1 << 30
RESTART_JUMP_MS = 1000


class TickClock:
    def __init__(self, drift_allowance: float = 2e-4) -> None:
        self.drift_allowance = drift_allowance
        self.reset()

    def reset(self) -> None:
        """Forget everything (a new connection or a restarted kit)."""
        self._offset: float | None = None
        self._last_host: float | None = None
        self._last_ticks: int | None = None
        self._device_ms = 0
        self._last_out = float("-inf")

    def to_host(self, ticks_ms: int, host_now: float) -> float:
        """When, on the host's clock, the Pico made a frame stamped ``ticks_ms``."""
        if self._last_ticks is None:
            self._device_ms = ticks_ms
            self._last_ticks = ticks_ms
        else:
            step = (ticks_ms - self._last_ticks) % TICKS_MODULUS
            if step < TICKS_MODULUS // 2:
                self._device_ms += step
                self._last_ticks = ticks_ms
            elif TICKS_MODULUS - step > RESTART_JUMP_MS:  # the Pico restarted: start again
                self.reset()
                return self.to_host(ticks_ms, host_now)
            # else a frame older than the last one: keep the order
        device_s = self._device_ms / 1000.0
        candidate = host_now - device_s
        if self._offset is None or self._last_host is None:
            self._offset = candidate
        else:
            allowed = self._offset + (host_now - self._last_host) * self.drift_allowance
            self._offset = min(allowed, candidate)
        self._last_host = host_now
        # A better offset can pull the estimate back a little: never before the last one.
        self._last_out = max(device_s + self._offset, self._last_out)
        return self._last_out
