"""The owner's settings: house rules per game, serial port, GPIO pins, sound, tempo.

Saved as JSON in the data directory, written atomically and readable only by
the owner.  A damaged or invalid file (bad syntax, NaN, a 5,000-digit number,
brackets nested without end) is moved aside (never deleted) and the defaults are
used, with a message that names the file and the fault.  Top-level keys this
version does not know are kept as they are, for the version that wrote them.

Checking a game's saved house rules needs its engine, and importing every engine is
a large part of a cold start: ``load(..., check_now=False)`` keeps them as saved and
checks each game's on its first use (``options_for``, ``set_option``), and
``take_note`` then says which were reset, for the screen that showed them.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from companion import json_input
from companion.devices.pins import DEFAULT_PINS
from companion.engines import registry
from companion.engines.base import Game, InvalidOptions
from companion.private_files import private_file
from companion.session.journal import move_aside

USABLE_GPIO = range(2, 28)
TEMPO_RANGE = (0.5, 2.0)
SLEEP_MINUTES = (0, 1, 2, 5, 10, 30)
"""The screen-sleep choices, in minutes of no touch (0: the screen never sleeps)."""

GameFor = Callable[[str], Game]
"""A game by its id (KeyError when unknown): the registry's, or the owner's box's."""


class SettingsError(ValueError):
    """A setting value that cannot be used; says which and why."""


@dataclass
class Settings:
    house_rules: dict[str, dict[str, Any]] = field(default_factory=dict)
    serial_port: str = ""  # "" means find the turntable by USB id or udev name
    turntable_analog: bool = False  # read the AS5600 through the MCP3008 instead of the Pico
    pins: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_PINS))
    sound: bool = True
    volume: int = 80  # percent, for every sound (count sounds and cues)
    tempo: float = 1.0  # seconds per count (PP7)
    screen_sleep: int = 0  # minutes without a touch before the backlight goes off; 0 = never
    unknown: dict[str, Any] = field(default_factory=dict)
    """Top-level keys of the file this version does not know, written back unchanged."""

    def __post_init__(self) -> None:
        self._unchecked: set[str] = set()
        """Games whose saved house rules are kept as read, not yet checked."""
        self._notes: dict[str, str] = {}
        self._source: Path | None = None
        """The file the settings were read from, named in a note."""

    def options_for(self, game_id: str, game: Game | None = None) -> dict[str, Any]:
        """The saved house rules of a game, filled with the game's defaults (``game``:
        the game as the owner's box makes it, whose choices may differ from the shipped)."""
        game = game or registry.get(game_id)
        self._check(game)
        saved = self.house_rules.get(game_id, {})
        try:
            return game.resolve_options(saved)
        except InvalidOptions:
            return game.resolve_options(None)

    def set_option(self, game_id: str, key: str, value: Any, game: Game | None = None) -> None:
        game = game or registry.get(game_id)
        self._check(game)
        value = game.option(key).validate(value)
        self.house_rules.setdefault(game_id, {})[key] = value

    def take_note(self, game_id: str) -> str | None:
        """Once: the sentence naming this game's saved house rules that were reset when
        they were first checked (None when every one fitted)."""
        return self._notes.pop(game_id, None)

    def _check(self, game: Game) -> None:
        """Check a game's saved house rules, kept unchecked at load, on their first use."""
        if game.id not in self._unchecked:
            return
        self._unchecked.discard(game.id)
        dropped: list[str] = []
        _keep_fitting(self, game, self.house_rules.pop(game.id, {}), dropped)
        if dropped:
            self._notes[game.id] = reset_sentence(self._source, dropped)

    def set_pin(self, role: str, pin: int) -> None:
        if role not in DEFAULT_PINS:
            raise SettingsError(f"there is no device role {role!r}")
        if pin not in USABLE_GPIO:
            raise SettingsError(f"GPIO{pin} is not a usable pin (2-27)")
        taken = [r for r, p in self.pins.items() if p == pin and r != role]
        if taken:
            raise SettingsError(f"GPIO{pin} is already used by {taken[0]}")
        self.pins[role] = pin

    def set_tempo(self, seconds: float) -> None:
        low, high = TEMPO_RANGE
        if not low <= seconds <= high:
            raise SettingsError(f"the tempo must be {low}-{high} seconds per count")
        self.tempo = round(float(seconds), 2)

    def set_volume(self, percent: int) -> None:
        if isinstance(percent, bool) or not isinstance(percent, int) or not 0 <= percent <= 100:
            raise SettingsError("the volume must be a whole number 0-100 (percent)")
        self.volume = percent

    def set_screen_sleep(self, minutes: int) -> None:
        if minutes not in SLEEP_MINUTES or isinstance(minutes, bool):
            choices = ", ".join(str(m) for m in SLEEP_MINUTES)
            raise SettingsError(f"screen_sleep must be one of {choices} minutes, got {minutes!r}")
        self.screen_sleep = minutes


def next_free_pin(pins: dict[str, int], role: str, direction: int) -> int:
    """The next GPIO in ``direction`` that no other device uses (stepping skips taken pins)."""
    taken = {p for r, p in pins.items() if r != role}
    pin = pins[role] + direction
    while pin in taken and pin in USABLE_GPIO:
        pin += direction
    return pin


def reset_sentence(path: Path | None, dropped: list[str]) -> str:
    """What the player reads about saved house rules that no longer fit: each rule by
    the game's and the rule's own names, and the file they were read from."""
    where = f" (saved in {path})" if path is not None else ""
    return (
        f"Some saved house rules no longer fit this version and are back to the game's "
        f"own rules: {'; '.join(dropped)}{where}."
    )


def _keep_fitting(
    settings: Settings, game: Game, options: dict[str, Any], dropped: list[str] | None
) -> None:
    """Set each saved house rule the game accepts; name the others in ``dropped``."""
    for key, value in options.items():
        try:
            settings.set_option(game.id, key, value, game)
        except KeyError:
            if dropped is not None:
                dropped.append(f'{game.name}: "{key}", a rule this version does not have')
        except InvalidOptions as err:
            if dropped is not None:
                dropped.append(f"{game.name}: {err}")  # the sentence names the rule


def validate(
    data: Any,
    dropped: list[str] | None = None,
    game_for: GameFor = registry.get,
    check_now: bool = True,
) -> Settings:
    """Settings from parsed JSON, or SettingsError naming the first bad field.

    A saved house rule the game no longer accepts (after an upgrade) is dropped, not
    fatal: it is named in ``dropped`` and every other setting is kept.  Rules of a game
    this version does not have are kept as they are, for the version that has it.
    ``game_for`` gives each game as the owner's box makes it (its choices may differ).
    With ``check_now`` False no game is asked for: each game's rules are checked on
    their first use (``Settings.options_for``), and ``take_note`` names those dropped."""
    if not isinstance(data, dict):
        raise SettingsError("the file must hold a JSON object")
    settings = Settings()
    known = {f.name for f in fields(Settings)} - {"unknown"}
    settings.unknown = {k: v for k, v in data.items() if k not in known}
    port = data.get("serial_port", "")
    if not isinstance(port, str):
        raise SettingsError("serial_port must be text")
    settings.serial_port = port
    analog = data.get("turntable_analog", False)
    if not isinstance(analog, bool):
        raise SettingsError("turntable_analog must be true or false")
    settings.turntable_analog = analog
    sound = data.get("sound", True)
    if not isinstance(sound, bool):
        raise SettingsError("sound must be true or false")
    settings.sound = sound
    settings.set_volume(data.get("volume", Settings.volume))
    tempo = data.get("tempo", 1.0)
    if not isinstance(tempo, int | float) or isinstance(tempo, bool):
        raise SettingsError("tempo must be a number")
    settings.set_tempo(float(tempo))
    settings.set_screen_sleep(data.get("screen_sleep", 0))
    pins = data.get("pins", {})
    if not isinstance(pins, dict):
        raise SettingsError("pins must be an object of role: GPIO number")
    merged = {**DEFAULT_PINS, **pins}
    for role, pin in merged.items():
        if role not in DEFAULT_PINS:
            raise SettingsError(f"pins.{role}: there is no such device role")
        if not isinstance(pin, int) or isinstance(pin, bool) or pin not in USABLE_GPIO:
            raise SettingsError(f"pins.{role} must be a GPIO number 2-27, got {pin!r}")
    clashes = sorted({p for p in merged.values() if list(merged.values()).count(p) > 1})
    if clashes:
        raise SettingsError(f"pins: GPIO{clashes[0]} is given to two devices")
    settings.pins = merged
    rules = data.get("house_rules", {})
    if not isinstance(rules, dict):
        raise SettingsError("house_rules must be an object of game id: options")
    for game_id, options in rules.items():
        if not isinstance(options, dict):
            raise SettingsError(f"house_rules.{game_id} must be an object")
        if not check_now:
            settings.house_rules[game_id] = dict(options)
            settings._unchecked.add(game_id)
            continue
        try:
            game = game_for(game_id)
        except KeyError:
            settings.house_rules[game_id] = dict(options)
            continue
        _keep_fitting(settings, game, options, dropped)
    return settings


def load(
    path: Path, game_for: GameFor = registry.get, check_now: bool = True
) -> tuple[Settings, str | None]:
    """The saved settings (or defaults), plus a message if the file had to be moved aside
    (or, checking now, if saved house rules were reset; ``validate`` on ``check_now``)."""
    if not path.exists():
        return Settings(), None
    dropped: list[str] = []
    try:
        private_file(path)  # a file an older version left world-readable
        data = json_input.loads(path.read_text(encoding="utf-8"))
        settings = validate(data, dropped, game_for, check_now)
        settings._source = path
        return settings, reset_sentence(path, dropped) if dropped else None
    except (OSError, ValueError) as err:  # JSON syntax, JsonRefused, SettingsError, not UTF-8
        moved = move_aside(path)
        return Settings(), (
            f"The settings file {path} could not be used ({err}). It was moved to {moved}; "
            "the default settings are in use."
        )


def save(settings: Settings, path: Path) -> None:
    """Write atomically: a crash leaves the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = asdict(settings)
    data = {**data.pop("unknown"), **data}
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".settings-", suffix=".json")  # 0600
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=2, sort_keys=True)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
