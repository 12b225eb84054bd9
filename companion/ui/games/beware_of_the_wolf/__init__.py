"""The Beware of the Wolf screen (board, turntable, calibration tools)."""

from __future__ import annotations

from typing import Any

from companion.owner_board import board_setup
from companion.ui.games.beware_of_the_wolf.box_editor import WolfBoxEditor
from companion.ui.games.beware_of_the_wolf.screen import WolfScreen
from companion.ui.services import Services

SCREEN = WolfScreen
BOX_EDITOR = WolfBoxEditor
"""The My box screen's rows: the trees and the house colours, on the drawn board."""


def game_setup(services: Services) -> tuple[dict[str, Any], str | None]:
    """New games use the owner's board: the one saved last, on My box or by teaching it
    (``companion.owner_board``, which ``companion odds`` shares).

    Returns the setup and, if a board file cannot be used, a message saying why.
    """
    return board_setup(services.data_dir)
