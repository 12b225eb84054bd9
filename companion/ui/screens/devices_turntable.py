"""The Devices screen's Test for the wolf sensor: the live angle, steady or turning.

Outside a Beware of the Wolf game nothing reads the turntable, so the Test opens
it the way a game would (the simulated kit with ``--sim``; the Pico on USB or the
MCP3008, as Settings say) and reads it through the game's own link, calibration
and settle detector: what it shows is what a game would see.  While a game holds
the sensor the Test opens nothing (two readers would fight over the port); the
game's reading is already on the row.
"""

from __future__ import annotations

import logging
from typing import Any, TypeVar

from companion.devices.turntable.discovery import describe_search
from companion.devices.turntable.mcp3008_source import MCP3008AngleSource
from companion.devices.turntable.serial_source import SerialAngleSource
from companion.devices.turntable.source import SourceStatus
from companion.devices.turntable.store import TurntableStore
from companion.ui.games.beware_of_the_wolf.turntable_link import TurntableLink, make_source

log = logging.getLogger(__name__)

SIM_START_BOARD_DEG = 45.0
"""Where the simulated wolf starts for a Test: off the houses, as at a game's setup."""
SIM_SPIN_DPS = 540.0
"""The simulated hand's flick, so a Test in ``--sim`` shows turning, then steady."""

Part = TypeVar("Part")

IN_GAME = "The game in progress is reading the wolf sensor: its line here shows the live angle."
COULD_NOT_START = "The wolf sensor test could not start; the log has the details."


def held_by_game(screens: list[Any], name: str, kind: type[Part]) -> Part | None:
    """The part of the kit a game screen holds now (its attribute ``name``), if any: a
    Test then works through the game's own part instead of opening the pins again."""
    for screen in screens:
        part = getattr(screen, name, None)
        if isinstance(part, kind):
            return part
    return None


def game_link(screens: list[Any]) -> TurntableLink | None:
    """The link of a game screen that is reading the turntable now, if any."""
    return held_by_game(screens, "link", TurntableLink)


class WolfSensorTest:
    """One Test of the turntable, from ``start`` until ``stop`` (leaving the screen)."""

    def __init__(self) -> None:
        self.link: TurntableLink | None = None
        self.simulated = False
        self._analog = False
        self._port = ""

    @property
    def running(self) -> bool:
        return self.link is not None

    def start(self, services: Any) -> str:
        """Open the turntable and start reading it; what the player should do now."""
        if self.link is not None:
            return self._spin_or_turn()
        settings = services.settings
        self.simulated = services.devices.simulated
        self._analog, self._port = settings.turntable_analog, settings.serial_port
        store = TurntableStore(services.data_dir / "turntable")
        calibration = store.load_calibration()
        try:
            source, tuning, flicker, turner = make_source(
                self.simulated,
                services.devices.pin_factory,
                calibration.to_raw(SIM_START_BOARD_DEG),
                serial_port=self._port,
                analog=self._analog,
            )
            link = TurntableLink(source, calibration, tuning, flicker=flicker, turner=turner)
            link.start()
        except Exception:  # a sensor that cannot be opened must not break the screen
            log.exception("the wolf sensor test could not start")
            return COULD_NOT_START
        self.link = link
        return self._spin_or_turn()

    def _spin_or_turn(self) -> str:
        link = self.link
        if link is not None and link.flick(SIM_SPIN_DPS):
            return (
                "Watch: the simulated wolf spins, then its line says steady. Test spins it again."
            )
        return "Turn the wolf by hand: its line shows where the snout points, steady or turning."

    def stop(self) -> None:
        """Let go of the sensor (and unplug a simulated kit)."""
        link, self.link = self.link, None
        if link is not None:
            try:
                link.stop()
            except Exception:
                log.exception("stopping the wolf sensor test failed")

    def reading(self) -> tuple[str, str]:
        """The row's state and reading in words while the Test runs."""
        link = self.link
        if link is None:
            return "missing", "not being tested"
        source = link.source
        state = source.status()
        if state is SourceStatus.MISSING:
            return state.value, self._missing(source)
        if source.last_sample is None:
            return state.value, "waiting for the first reading..."
        text = source.status_text()
        return state.value, text.removeprefix(f"{state.value}: ")

    def _missing(self, source: Any) -> str:
        """Which part is missing and where the app looked, in one plain sentence."""
        if isinstance(source, MCP3008AngleSource):
            if source.error:
                log.warning("wolf sensor test: %s", source.error)
            return (
                f"the analog wolf sensor (MCP3008, channel {source.channel}) cannot be read: "
                "check its wiring to the Pi's SPI pins and that SPI is on. Settings, "
                "Turntable, Read through chooses Pico (USB) instead."
            )
        if isinstance(source, SerialAngleSource):
            message = source.link.message
            if message.startswith("looking for") or message.startswith("saying hello"):
                return f"{message}..."
            if self.simulated:
                return f"the simulated kit is not answering ({message})."
            if message.startswith("no turntable kit found") or "No such file" in message:
                return (
                    f"no turntable kit at {describe_search(self._port)}: plug its USB cable "
                    "into this Raspberry Pi, or set its port in Settings, Turntable, Port."
                )
            return f"{message}."
        return "the wolf sensor is not answering."
