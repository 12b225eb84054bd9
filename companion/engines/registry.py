"""Game id -> Game.  Each game package under ``companion.engines`` registers itself
by exposing a module-level ``GAME``; discovery is automatic so adding a game never
edits this file.

The home screen lists the games without importing a single engine (they and numpy
are most of a cold start): each package's ``listing.toml`` gives the game's id, name
and player counts, and ``listings()`` reads only those.  A game's package is imported
when the game is chosen or resumed (``get``).  A package without a readable listing
is imported to be listed, so a new game shows up either way.

One package that fails to import (a bad data file read at import, a bug) takes
down that game only: the others are listed, and ``unavailable()`` says which
package failed and why, for the home screen and ``companion games``."""

from __future__ import annotations

import importlib
import logging
import pkgutil
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import companion.engines as package
from companion.engines.base import Game, players_text

log = logging.getLogger(__name__)

LISTING_FILE = "listing.toml"
"""In a game package: ``id``, ``name``, ``min_players``, ``max_players``, as its Game says."""


@dataclass(frozen=True)
class Listing:
    """What the home screen shows of a game before its engine is imported."""

    id: str
    name: str
    min_players: int
    max_players: int
    package: str
    """The package's name under ``companion.engines`` ("" for a game registered from elsewhere)."""

    @property
    def players_text(self) -> str:
        return players_text(self.min_players, self.max_players)


class GameUnavailable(KeyError):
    """The listed game's package could not be imported; ``str`` says which and why."""

    def __init__(self, name: str, reason: str) -> None:
        super().__init__(name)
        self.name = name
        self.reason = reason

    def __str__(self) -> str:
        return f"{self.name} is unavailable: {self.reason}"


_games: dict[str, Game] = {}
_unavailable: dict[str, str] = {}
_discovered = False
_read: dict[Path, Listing | None] = {}
"""Listing files already read (None: missing or unreadable), by path."""


def register(game: Game) -> Game:
    """Add ``game`` under its id (replacing nothing: ids are unique)."""
    existing = _games.get(game.id)
    if existing is not None and existing is not game:
        raise ValueError(f"two games claim the id {game.id!r}")
    _games[game.id] = game
    return game


def _packages() -> Iterator[tuple[str, Path | None]]:
    """(package name, its folder if known) of every game package, without importing any."""
    for info in pkgutil.iter_modules(package.__path__):
        if info.ispkg:
            folder = getattr(info.module_finder, "path", None)
            yield info.name, Path(folder) / info.name if folder else None


def _load(name: str) -> Game | None:
    """Import one game package and register its ``GAME``; None if it fails (and why is kept)."""
    try:
        module = importlib.import_module(f"{package.__name__}.{name}")
    except Exception as err:  # noqa: BLE001 - any failure is that game's, not the app's
        log.warning("game package %s is unavailable", name, exc_info=True)
        _unavailable[name] = f"{type(err).__name__}: {err}"
        return None
    _unavailable.pop(name, None)
    game = getattr(module, "GAME", None)
    return register(game) if isinstance(game, Game) else None


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    for name, _ in _packages():
        _load(name)
    _discovered = True


def _listing_in(name: str, folder: Path | None) -> Listing | None:
    """The package's listing file, or None when it has none that reads as one."""
    if folder is None:
        return None
    path = folder / LISTING_FILE
    if path not in _read:
        _read[path] = _parse_listing(name, path)
    return _read[path]


def _parse_listing(name: str, path: Path) -> Listing | None:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        log.warning("%s cannot be read: the game is imported to list it", path, exc_info=True)
        return None
    fields = {"id": str, "name": str, "min_players": int, "max_players": int}
    if any(type(data.get(key)) is not kind for key, kind in fields.items()):
        log.warning("%s lacks one of %s: the game is imported to list it", path, ", ".join(fields))
        return None
    return Listing(data["id"], data["name"], data["min_players"], data["max_players"], name)


def listing_of(game: Game, name: str = "") -> Listing:
    """A loaded game's own listing."""
    return Listing(game.id, game.name, game.min_players, game.max_players, name)


def listings() -> list[Listing]:
    """Every game that can be offered, by name, importing only packages without a listing
    (and leaving out any whose import failed: ``unavailable()`` has those)."""
    found: dict[str, Listing] = {}
    for name, folder in _packages():
        if name in _unavailable:
            continue
        listing = _listing_in(name, folder)
        if listing is None:
            game = _load(name)
            if game is None:
                continue
            listing = listing_of(game, name)
        found.setdefault(listing.id, listing)
    for game in _games.values():  # registered from elsewhere (a test's example game)
        found.setdefault(game.id, listing_of(game))
    return sorted(found.values(), key=lambda entry: entry.name)


def name_of(game_id: str) -> str:
    """The game's name as players read it, from its listing (no engine is imported);
    the id itself for a game this version does not have."""
    game = _games.get(game_id)
    if game is not None:
        return game.name
    for entry in listings():
        if entry.id == game_id:
            return entry.name
    return game_id


def all_games() -> list[Game]:
    """Every registered game, in a stable order (by name); imports every game package."""
    _discover()
    return sorted(_games.values(), key=lambda g: g.name)


def unavailable() -> dict[str, str]:
    """Game packages that failed to import so far (``all_games`` tries every one):
    package name -> the reason."""
    return dict(_unavailable)


def loaded(game_id: str) -> Game | None:
    """The game if its package is imported already (nothing is imported here)."""
    return _games.get(game_id)


def get(game_id: str) -> Game:
    """The game with this id, importing its package if need be; GameUnavailable when
    that import fails, KeyError (listing the known ids) for an id no package has."""
    game = _games.get(game_id)
    if game is not None:
        return game
    for name, folder in _packages():
        listing = _listing_in(name, folder)
        if listing is not None and listing.id == game_id:
            if _load(name) is None and name in _unavailable:
                raise GameUnavailable(listing.name, _unavailable[name])
            break
    if game_id not in _games:
        _discover()
    try:
        return _games[game_id]
    except KeyError:
        known = ", ".join(sorted(_games)) or "none"
        raise KeyError(f"no game {game_id!r} (known: {known})") from None
