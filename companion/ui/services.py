"""Everything the app needs, built once by the entry point and handed to the App.

Keeping the wiring here (not in ``App.build``) means tests can build the same
services around a temporary data directory and a mock pin factory.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion import paths
from companion import roster as roster_mod
from companion import settings as settings_mod
from companion.devices.pins import running_on_pi
from companion.roster import Roster
from companion.session.journal import Journal
from companion.settings import Settings
from companion.ui.sound import SoundPlayer

if TYPE_CHECKING:
    from companion.devices.hub import DeviceHub


@dataclass
class Services:
    data_dir: Path
    journal: Journal
    settings: Settings
    simulated: bool
    """Simulated devices (``--sim``, or off a Pi): the virtual kit stands in for the table's."""
    problems: list[str] = field(default_factory=list)
    """Messages to show the player at start (a damaged journal or settings file)."""
    sound: SoundPlayer = field(default_factory=SoundPlayer)
    roster: Roster = field(default_factory=Roster)
    """The names players gave, for the next New game."""
    pins: dict[str, int] = field(default_factory=dict)
    """The pin map as it was at start: a pin changed in Settings is used after a restart."""
    pin_factory: Any = None
    """A gpiozero pin factory to use instead of the one the hub would choose (tests)."""
    _devices: DeviceHub | None = field(default=None, init=False, repr=False)

    @property
    def devices(self) -> DeviceHub:
        """The device hub, opened when first needed (the Devices screen, the virtual kit,
        a game): gpiozero and the turntable code take no part in showing the home screen."""
        if self._devices is None:
            self._devices = open_devices(self)
        return self._devices

    def save_settings(self) -> None:
        settings_mod.save(self.settings, paths.settings_path(self.data_dir))
        self.sound.enabled = self.settings.sound
        self.sound.volume = self.settings.volume / 100

    def save_roster(self) -> None:
        roster_mod.save(self.roster, paths.roster_path(self.data_dir))

    def close(self) -> None:
        if self._devices is not None:
            self._devices.close()
        self.journal.close()


def open_devices(services: Services) -> DeviceHub:
    """The hub on the start's pin map, with the turntable's idle status."""
    from companion.devices.hub import DeviceHub
    from companion.devices.turntable.kit import idle_status

    sim, settings = services.simulated, services.settings
    devices = DeviceHub(sim, services.pins, services.pin_factory)
    devices.set_idle(
        "turntable",
        lambda: idle_status(sim, settings.serial_port, settings.turntable_analog),
    )
    return devices


def build_services(
    data_dir: str | Path | None = None, simulated: bool | None = None, pin_factory: Any = None
) -> Services:
    """Open the journal and settings (recovering damaged files); the devices open later."""
    base = paths.data_dir(data_dir)
    problems: list[str] = []
    journal, corrupt = Journal.open_or_recover(paths.journal_path(base))
    if corrupt is not None:
        problems.append(str(corrupt))
    settings, settings_problem = settings_mod.load(  # house rules: checked on first use,
        paths.settings_path(base),
        check_now=False,  # against the owner's box; no engine now
    )
    if settings_problem:
        problems.append(settings_problem)
    roster, roster_problem = roster_mod.load(paths.roster_path(base))
    if roster_problem:
        problems.append(roster_problem)
    return Services(
        base,
        journal,
        settings,
        (not running_on_pi()) if simulated is None else simulated,
        problems,
        SoundPlayer(settings.sound, settings.volume / 100),
        roster,
        dict(settings.pins),
        pin_factory,
    )
