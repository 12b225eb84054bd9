"""The turntable as the board screen sees it: samples in on a thread, events out on the main thread.

The source's callback (a background thread) feeds a SettleFeed, which judges each
reading as it arrives and fires a Kivy trigger; at the next frame the main thread
gets calibrated board angles: ``on_angle`` for the live snout, ``on_settled(angle,
after_spin)`` when it rests.  A slow clock event also polls the detector, for
sources that report only changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.app import App
from kivy.clock import Clock, mainthread

from companion.devices.turntable.calibration import TurntableCalibration
from companion.devices.turntable.detector import SettleTuning, SpinDetector
from companion.devices.turntable.kit import open_turntable
from companion.devices.turntable.mcp3008_source import RECOMMENDED_TUNING, MCP3008AngleSource
from companion.devices.turntable.settle_feed import SettleFeed
from companion.devices.turntable.simulated import SimulatedTurntable
from companion.devices.turntable.source import AngleSample, AngleSource, sensor_words

POLL_HZ = 10.0
"""Only for sources that report changes only: others are judged on arrival."""
MOTION_WORDS = {
    SpinDetector.RESTING: "steady",
    SpinDetector.SPINNING: "turning",
    SpinDetector.UNKNOWN: "settling",
}
"""How the settle detector sees the wolf, as the devices screen says it."""


Flicker = Callable[[float], object]
Turner = Callable[[float], object]
"""Sets a simulated wolf's raw angle, as a hand turning it would."""


def make_source(
    simulated: bool,
    pin_factory: Any,
    start_raw_deg: float,
    serial_port: str = "",
    analog: bool = False,
    sim_kit: bool = True,
) -> tuple[AngleSource, SettleTuning, Flicker | None, Turner | None]:
    """The turntable source, its settle tuning, and how to flick a simulated wolf.

    Simulated (``--sim``): the kit's own firmware on a simulated Pico behind a pty,
    read through the real serial link and protocol (``sim_kit=False`` gives the
    bare physics model instead, for tests on a fake clock).  Real: the Pico on USB,
    or the MCP3008 analog path when the owner chose it in Settings.
    """
    if simulated and sim_kit:
        source, kit = open_turntable(True)
        assert kit is not None
        kit.tell_crash_to(tell_player_the_kit_crashed)
        kit.magnet.set_angle(start_raw_deg)
        return source, SettleTuning(), kit.magnet.spin, kit.magnet.set_angle
    if simulated:
        model = SimulatedTurntable(angle=start_raw_deg)
        return model, SettleTuning(), model.flick, None
    if analog:
        return MCP3008AngleSource(pin_factory=pin_factory), RECOMMENDED_TUNING, None, None
    serial, _ = open_turntable(False, serial_port)
    return serial, SettleTuning(), None, None


@mainthread
def tell_player_the_kit_crashed(error: str) -> None:
    """The simulated kit's firmware died: say so, or the wolf would just stop answering."""
    app = App.get_running_app()
    if app is not None:
        app.notify(
            f"The simulated turntable kit crashed ({error}). Tap where the wolf points, "
            "or let the app set it; the log has the details."
        )


class TurntableLink:
    def __init__(
        self,
        source: AngleSource,
        calibration: TurntableCalibration,
        tuning: SettleTuning | None = None,
        on_angle: Callable[[float], None] | None = None,
        on_settled: Callable[[float, bool], None] | None = None,
        flicker: Flicker | None = None,
        turner: Turner | None = None,
    ) -> None:
        self.source = source
        self.flicker = flicker
        self.turner = turner
        self.calibration = calibration
        self.feed = SettleFeed(tuning)
        self.feed.on_angle = self._angle
        self.feed.on_settled = self._settled
        self.on_angle = on_angle
        self.on_settled = on_settled
        self._event: Any = None
        self.last_raw: float | None = None

    @property
    def detector(self) -> SpinDetector:
        return self.feed.detector

    @detector.setter
    def detector(self, detector: SpinDetector) -> None:
        self.feed.detector = detector

    def start(self, run_source: bool = True) -> None:
        """Listen to the source (and start its thread unless ``run_source`` is False)."""
        self.source.on_sample = self.feed.take
        self.source.words = self.reading_words
        self.feed.connect(Clock.create_trigger(self.feed.deliver, 0))
        if run_source:
            self.source.start()
        if self._event is None:
            self._event = Clock.schedule_interval(self.drain, 1.0 / POLL_HZ)

    def stop(self) -> None:
        if self._event is not None:
            self._event.cancel()
            self._event = None
        self.source.stop()
        self.source.on_sample = None
        self.source.words = None
        self.feed.connect(None)

    def flick(self, velocity_dps: float) -> bool:
        """Spin a simulated wolf; False for a real turntable (spin it by hand)."""
        if self.flicker is None:
            return False
        self.flicker(velocity_dps * self.calibration.direction)
        return True

    def turn_by(self, degrees: float) -> bool:
        """Turn a simulated wolf ``degrees`` on from its last reading; False if real."""
        if self.turner is None:
            return False
        self.turner(((self.last_raw or 0.0) + degrees) % 360.0)
        return True

    def reading_words(self, sample: AngleSample) -> str:
        """ "wolf sensor: 123° (steady)": where the snout points on the board (calibrated),
        and whether the wolf rests or turns as the settle detector judges it."""
        motion = MOTION_WORDS.get(self.feed.detector.state, "")
        return sensor_words(self.calibration.to_board(sample.degrees), motion)

    def board_angle(self) -> float | None:
        return None if self.last_raw is None else self.calibration.to_board(self.last_raw)

    def drain(self, _dt: float = 0.0) -> None:
        """Judge held readings and report everything pending now (main thread)."""
        self.feed.poll()
        self.feed.deliver()

    def _angle(self, raw_deg: float) -> None:
        self.last_raw = raw_deg
        if self.on_angle is not None:
            self.on_angle(self.calibration.to_board(raw_deg))

    def _settled(self, raw_deg: float, after_spin: bool) -> None:
        if self.on_settled is not None:
            self.on_settled(self.calibration.to_board(raw_deg), after_spin)
