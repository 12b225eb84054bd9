"""The Beware of the Wolf screen (board, turntable, calibration tools)."""

from __future__ import annotations

from typing import Any

from companion.devices.turntable.store import TurntableStore
from companion.engines.beware_of_the_wolf import BoardError, parse_board_toml
from companion.ui.games.beware_of_the_wolf.screen import WolfScreen
from companion.ui.services import Services

SCREEN = WolfScreen


def game_setup(services: Services) -> tuple[dict[str, Any], str | None]:
    """New games use the board the owner taught the app, when there is one.

    Returns the setup and, if the taught board cannot be used, a message saying why
    (the default board is used then).
    """
    path = TurntableStore(services.data_dir / "turntable").board_path
    if not path.exists():
        return {}, None
    try:
        text = path.read_text(encoding="utf-8")
        parse_board_toml(text, str(path))
    except (OSError, UnicodeDecodeError, BoardError) as err:
        return {}, f"Your taught board could not be used ({err}); playing on the default board."
    return {"board": text}, None
