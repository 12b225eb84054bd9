"""The turntable's AngleSource over the kit's serial link, real or simulated.

Angles arrive on the link's reader thread and go straight to ``on_sample``
(callers post them to the UI thread).  Each sample is stamped with when the Pico
measured it, on the host's monotonic clock (tick_clock), not with when USB
happened to deliver it.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.devices.turntable.discovery import describe_search, port_finder
from companion.devices.turntable.link import LinkState, TurntableLink
from companion.devices.turntable.protocol import (
    RAW_PER_TURN,
    AngleFrame,
    Frame,
    Heartbeat,
    Hello,
    SensorState,
)
from companion.devices.turntable.source import AngleSample, AngleSource, SourceStatus
from companion.devices.turntable.tick_clock import TickClock

DEGREES_PER_RAW = 360.0 / RAW_PER_TURN


class SerialAngleSource(AngleSource):
    """Samples from the turntable kit; status and advice for the devices screen."""

    name = "turntable"

    def __init__(
        self,
        link: TurntableLink,
        *,
        simulated: bool = False,
        on_stop: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.link = link
        self.simulated = simulated
        self._on_stop = on_stop
        self._ticks = TickClock()
        self.heartbeat: Heartbeat | None = None
        self._last_angle_at: float | None = None
        link.on_frame = self._on_frame

    @classmethod
    def from_settings(cls, serial_port: str = "", rate_hz: int | None = None) -> SerialAngleSource:
        """The real kit: ``serial_port`` from the settings, or "" to find it."""
        link = TurntableLink(
            port_finder(serial_port), looking_for=describe_search(serial_port), rate_hz=rate_hz
        )
        return cls(link)

    def start(self) -> None:
        self.link.start()

    def stop(self) -> None:
        self.link.stop()
        if self._on_stop is not None:
            self._on_stop()

    @property
    def sensor(self) -> SensorState | None:
        """The AS5600's state from the last heartbeat."""
        beat = self.heartbeat
        return beat.sensor if beat is not None else None

    def status(self) -> SourceStatus:
        if self.link.state is not LinkState.CONNECTED:
            return SourceStatus.MISSING
        now = self.link.now()
        last = self._last_angle_at
        if self.link.is_stale(now) or last is None or now - last >= self.link.stale_after:
            return SourceStatus.STALE
        return SourceStatus.SIMULATED if self.simulated else SourceStatus.CONNECTED

    def status_text(self) -> str:
        status = self.status()
        if status is SourceStatus.MISSING:
            return f"missing: {self.link.message}"
        reading = self.reading_words()
        sensor = self.sensor
        if status is SourceStatus.STALE:
            if self.link.is_stale():
                why = "the kit has gone quiet"
            elif sensor is not None and sensor is not SensorState.OK:
                why = sensor.advice
            else:
                why = "no angle for a while"
            return f"stale: {why}; last {reading}"
        text = reading
        if sensor is not None and sensor is not SensorState.OK:
            text += f"; {sensor.advice}"
        stats = self.link.stats()
        troubles = [
            f"{count} {what}"
            for count, what in (
                (stats.crc_errors, "checksum errors"),
                (stats.bad_frames, "damaged frames"),
                (stats.lost_frames, "frames lost"),
                (stats.duplicates, "frames repeated"),
                (stats.reordered, "frames out of order"),
            )
            if count
        ]
        if troubles:
            text += "; " + ", ".join(troubles)
        return text

    def _on_frame(self, frame: Frame, host_time: float) -> None:
        if type(frame) is AngleFrame:
            self._last_angle_at = host_time
            t = self._ticks.to_host(frame.ticks_ms, host_time)  # type: ignore[union-attr]
            self._emit(AngleSample(t, frame.raw * DEGREES_PER_RAW))  # type: ignore[union-attr]
        elif isinstance(frame, Heartbeat):
            self.heartbeat = frame
        elif isinstance(frame, Hello):
            self._ticks.reset()
