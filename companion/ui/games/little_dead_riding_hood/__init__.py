"""The Little Dead Riding Hood round screen (board, players, moves, combat bag)."""

from __future__ import annotations

from typing import Any

from companion import owner_box
from companion.engines.little_dead_riding_hood import GAME
from companion.ui.games.little_dead_riding_hood.box_editor import HoodBoxEditor
from companion.ui.games.little_dead_riding_hood.screen import LittleDeadRidingHoodScreen
from companion.ui.services import Services

SCREEN = LittleDeadRidingHoodScreen
BOX_EDITOR = HoodBoxEditor
"""The My box screen's rows: spare columns, the tile pool, the event deck."""


def game_setup(services: Services) -> tuple[dict[str, Any], str | None]:
    """A new game's setup: the owner's box (My box), if any, and the newest rules; a
    damaged owner's file is reported and the shipped box used meanwhile."""
    setup, problem = owner_box.setup(services.data_dir, GAME)
    return {**setup, **GAME.new_game_setup()}, problem


__all__ = ["BOX_EDITOR", "SCREEN", "LittleDeadRidingHoodScreen", "game_setup"]
