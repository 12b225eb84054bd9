"""Game screens: ``companion.ui.games.<package>`` defines ``SCREEN`` for one game.

The package name is the game id with dashes as underscores.  A game without its
own screen is played on the plain table screen, which lists the legal moves.
"""

from __future__ import annotations

import importlib

from companion.ui.game_screen import GameScreen


def screen_for(game_id: str) -> type[GameScreen]:
    module_name = f"{__name__}.{game_id.replace('-', '_')}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        if err.name != module_name:
            raise
        from companion.ui.screens.plain_table import PlainTableScreen

        return PlainTableScreen
    screen: type[GameScreen] = module.SCREEN
    return screen
