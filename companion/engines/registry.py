"""Game id -> Game.  Each game package under ``companion.engines`` registers itself
by exposing a module-level ``GAME``; discovery is automatic so adding a game never
edits this file.

One package that fails to import (a bad data file read at import, a bug) takes
down that game only: the others are listed, and ``unavailable()`` says which
package failed and why, for the home screen and ``companion games``."""

from __future__ import annotations

import importlib
import logging
import pkgutil

import companion.engines as package
from companion.engines.base import Game

log = logging.getLogger(__name__)

_games: dict[str, Game] = {}
_unavailable: dict[str, str] = {}
_discovered = False


def register(game: Game) -> Game:
    """Add ``game`` under its id (replacing nothing: ids are unique)."""
    existing = _games.get(game.id)
    if existing is not None and existing is not game:
        raise ValueError(f"two games claim the id {game.id!r}")
    _games[game.id] = game
    return game


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    for info in pkgutil.iter_modules(package.__path__):
        if not info.ispkg:
            continue
        try:
            module = importlib.import_module(f"{package.__name__}.{info.name}")
        except Exception as err:  # noqa: BLE001 - any failure is that game's, not the app's
            log.warning("game package %s is unavailable", info.name, exc_info=True)
            _unavailable[info.name] = f"{type(err).__name__}: {err}"
            continue
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            register(game)
    _discovered = True


def all_games() -> list[Game]:
    """Every registered game, in a stable order (by name)."""
    _discover()
    return sorted(_games.values(), key=lambda g: g.name)


def unavailable() -> dict[str, str]:
    """Game packages that failed to import: package name -> the reason."""
    _discover()
    return dict(_unavailable)


def get(game_id: str) -> Game:
    """The game with this id; KeyError lists the known ids."""
    _discover()
    try:
        return _games[game_id]
    except KeyError:
        known = ", ".join(sorted(_games)) or "none"
        raise KeyError(f"no game {game_id!r} (known: {known})") from None
