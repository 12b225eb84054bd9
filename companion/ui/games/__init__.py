"""Game screens: ``companion.ui.games.<package>`` defines ``SCREEN`` for one game.

The package name is the game id with dashes as underscores.  A game without its
own screen is played on the plain table screen, which lists the legal moves.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from companion import owner_box
from companion.engines import registry
from companion.ui.game_screen import GameScreen
from companion.ui.services import Services


def _module(game_id: str) -> ModuleType | None:
    module_name = f"{__name__}.{game_id.replace('-', '_')}"
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        if err.name != module_name:
            raise
        return None


def setup_for(game_id: str, services: Services) -> tuple[dict[str, Any], str | None]:
    """Setup data for a new game (``game_setup(services)`` in the game's screen package;
    without one, the owner's box from the My box screen, for a game that offers it)."""
    module = _module(game_id)
    hook = getattr(module, "game_setup", None)
    if hook is not None:
        result: tuple[dict[str, Any], str | None] = hook(services)
        return result
    return owner_box.setup(services.data_dir, registry.get(game_id))


def screen_for(game_id: str) -> type[GameScreen]:
    module = _module(game_id)
    if module is None:
        from companion.ui.screens.plain_table import PlainTableScreen

        return PlainTableScreen
    screen: type[GameScreen] = module.SCREEN
    return screen


def box_editor_for(game_id: str) -> Any:
    """The game's rows for the My box screen (``BOX_EDITOR`` in its screen package):
    built from ``(box, changed)``, it gives ``rows()``, ``box`` and ``saved_text()``."""
    module = _module(game_id)
    editor = getattr(module, "BOX_EDITOR", None)
    if editor is None:
        raise KeyError(f"{game_id} has no My box screen")
    return editor
