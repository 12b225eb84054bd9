"""The Gingerdead House screen: each field as a 4 by 5 grid, the hand, moves and the log."""

from __future__ import annotations

from typing import Any

from companion import owner_box
from companion.engines.gingerdead_house import GAME
from companion.ui.games.gingerdead_house.box_editor import GingerdeadBoxEditor
from companion.ui.games.gingerdead_house.screen import GingerdeadScreen
from companion.ui.services import Services

SCREEN = GingerdeadScreen
BOX_EDITOR = GingerdeadBoxEditor
"""The My box screen's rows: each card's count, and cards the list lacks."""


def game_setup(services: Services) -> tuple[dict[str, Any], str | None]:
    """A new game's box: the owner's (My box), else the newest shipped version, with the
    newest rules either way; a damaged owner's file is reported and the shipped box used
    meanwhile."""
    setup, problem = owner_box.setup(services.data_dir, GAME)
    newest = GAME.new_game_setup()
    return ({**setup, "rules": newest["rules"]} if setup else newest), problem


__all__ = ["BOX_EDITOR", "SCREEN", "GingerdeadScreen", "game_setup"]
