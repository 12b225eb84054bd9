"""The Beware of the Wolf screen (board, turntable, calibration tools)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion import owner_box, paths
from companion.devices.turntable.store import TurntableStore
from companion.engines.beware_of_the_wolf import GAME, BoardError, parse_board_toml
from companion.ui.games.beware_of_the_wolf.box_editor import WolfBoxEditor
from companion.ui.games.beware_of_the_wolf.screen import WolfScreen
from companion.ui.services import Services

SCREEN = WolfScreen
BOX_EDITOR = WolfBoxEditor
"""The My box screen's rows: the trees and the house colours, on the drawn board."""


def game_setup(services: Services) -> tuple[dict[str, Any], str | None]:
    """New games use the owner's board: the one saved last, on My box or by teaching it.

    Returns the setup and, if that board cannot be used, a message saying why (the
    default board is used then).
    """
    taught = TurntableStore(services.data_dir / "turntable").board_path
    mine = paths.owner_box_path(services.data_dir, GAME.id)
    if mine.exists() and (not taught.exists() or _mtime(mine) >= _mtime(taught)):
        return owner_box.setup(services.data_dir, GAME)
    return _taught_board(taught)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _taught_board(path: Path) -> tuple[dict[str, Any], str | None]:
    """The board taught with the turntable, when there is one."""
    if not path.exists():
        return {}, None
    try:
        text = path.read_text(encoding="utf-8")
        parse_board_toml(text, str(path))
    except (OSError, UnicodeDecodeError, BoardError) as err:
        return {}, f"Your taught board could not be used ({err}); playing on the default board."
    return {"board": text}, None
