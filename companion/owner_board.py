"""Beware of the Wolf's owner's board: the one board new games and ``companion odds`` use.

The owner gives the companion their board in two ways: teaching it with the
turntable (``turntable/my_board.toml``) or correcting it on the My box screen (the
owner's box file).  When both read, the one saved last wins.  A damaged file falls
back to the owner's other board when that one reads, and only then to the board
shipped in the box; the damage is always reported with its place.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion import owner_box, paths
from companion.devices.turntable.store import TurntableStore
from companion.engines.beware_of_the_wolf import GAME, BoardError, parse_board_toml


def board_setup(base: Path) -> tuple[dict[str, Any], str | None]:
    """Setup data for a new game (``{"board": text}``, or ``{}`` for the shipped board)
    and, when a board file could not be used, a message saying why and what is used."""
    taught_path = TurntableStore(base / "turntable").board_path
    mine_path = paths.owner_box_path(base, GAME.id)
    taught, taught_fault = _taught_board(taught_path)
    mine = owner_box.read(base, GAME)
    if taught is not None and mine.text is not None:
        use_taught = _mtime(taught_path) > _mtime(mine_path)
    else:
        use_taught = taught is not None
    text = taught if use_taught else mine.text
    using = (
        "your taught board is used"
        if use_taught
        else "your My box board is used"
        if text is not None
        else "the board shipped in the box is used"
    )
    problems = []
    if taught_fault:
        problems.append(f"Your taught board could not be used ({taught_fault}); {using}.")
    if mine.fault:
        problems.append(
            f"Your box for {GAME.name} could not be used ({mine.fault}); {using} until you "
            "save your box again on its My box screen."
        )
    return ({} if text is None else {"board": text}), " ".join(problems) or None


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _taught_board(path: Path) -> tuple[str | None, str | None]:
    """The text of the board taught with the turntable, or why it cannot be used."""
    if not path.exists():
        return None, None
    try:
        text = path.read_text(encoding="utf-8")
        parse_board_toml(text, str(path))
    except (OSError, UnicodeDecodeError, BoardError) as err:
        return None, str(err)
    return text, None
