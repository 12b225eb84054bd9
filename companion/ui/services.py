"""Everything the app needs, built once by the entry point and handed to the App.

Keeping the wiring here (not in ``App.build``) means tests can build the same
services around a temporary data directory and a mock pin factory.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion import paths
from companion import roster as roster_mod
from companion import settings as settings_mod
from companion.devices.hub import DeviceHub
from companion.devices.pins import running_on_pi
from companion.devices.turntable.kit import idle_status
from companion.roster import Roster
from companion.session.journal import Journal
from companion.settings import Settings
from companion.ui.sound import SoundPlayer


@dataclass
class Services:
    data_dir: Path
    journal: Journal
    settings: Settings
    devices: DeviceHub
    problems: list[str] = field(default_factory=list)
    """Messages to show the player at start (a damaged journal or settings file)."""
    sound: SoundPlayer = field(default_factory=SoundPlayer)
    roster: Roster = field(default_factory=Roster)
    """The names players gave, for the next New game."""

    @property
    def simulated(self) -> bool:
        return self.devices.simulated

    def save_settings(self) -> None:
        settings_mod.save(self.settings, paths.settings_path(self.data_dir))
        self.sound.enabled = self.settings.sound
        self.sound.volume = self.settings.volume / 100

    def save_roster(self) -> None:
        roster_mod.save(self.roster, paths.roster_path(self.data_dir))

    def close(self) -> None:
        self.devices.close()
        self.journal.close()


def build_services(
    data_dir: str | Path | None = None, simulated: bool | None = None, pin_factory: Any = None
) -> Services:
    """Open the journal and settings (recovering damaged files) and the devices."""
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
    sim = (not running_on_pi()) if simulated is None else simulated
    devices = DeviceHub(sim, settings.pins, pin_factory)
    devices.set_idle(
        "turntable",
        lambda: idle_status(sim, settings.serial_port, settings.turntable_analog),
    )
    return Services(
        base,
        journal,
        settings,
        devices,
        problems,
        SoundPlayer(settings.sound, settings.volume / 100),
        roster,
    )
