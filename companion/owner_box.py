"""The owner's own box: a game's box file, corrected on the My box screen and kept in
the data directory (``paths.owner_box_path``), used by every new game.

A game offers its box for editing by having ``box_from_text`` (its own box reader,
which refuses unknown keys and names the file, place and problem of any fault),
``box_text`` (its box as file text) and a ``with_setup`` that takes ``{"box": text}``
(or its own ``box_setup_key``).
New games get the owner's box text as setup data, which the journal keeps with the
game, so a resumed game plays with the box it started with whatever the owner
changes later.  A damaged owner's file is reported (with its place) and the game's
shipped box is used until the owner saves a good one.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from companion import paths
from companion.engines.base import Game, InvalidOptions
from companion.engines.box_edit import SETUP_KEY
from companion.engines.datafile import DataFileError
from companion.private_files import write_private_text


@runtime_checkable
class BoxGame(Protocol):
    """A game whose box the owner can correct from the touchscreen."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    def box_from_text(self, text: str, source: str) -> Any: ...

    def box_text(self) -> str: ...

    def with_setup(self, setup: Any) -> Any: ...


@dataclass(frozen=True)
class OwnerBox:
    """What the data directory holds for one game: the owner's box text (None: the
    shipped box is used) and, when the file could not be used, why."""

    text: str | None
    problem: str | None = None
    fault: str | None = None
    """The damage alone (file, place, problem), for a game that words its own fallback."""


def offers_box(game: Game) -> bool:
    return isinstance(game, BoxGame)


def setup_key(game: Game) -> str:
    """Where a game's setup data holds its box: ``box`` unless the game keeps its box
    under a name of its own (``box_setup_key``: Beware of the Wolf's is its board)."""
    key: str = getattr(game, "box_setup_key", SETUP_KEY)
    return key


def box_changed(game: Game, kept: dict[str, Any], now: dict[str, Any]) -> bool:
    """Whether two setups of ``game`` hold different boxes.

    Only the box part (``setup_key``) is compared: a setup also holds what is not the
    owner's box (a shipped box's version, say), and a difference there must not make
    Play again say the owner's box has changed.  A game without a box never changes.
    """
    key = setup_key(game)
    return kept.get(key) != now.get(key)


def read(base: Path, game: BoxGame) -> OwnerBox:
    """The owner's box of ``game``, validated by the game's own reader."""
    path = paths.owner_box_path(base, game.id)
    if not path.exists():
        return OwnerBox(None)
    try:
        text = path.read_text(encoding="utf-8")
        game.box_from_text(text, str(path))
    except UnicodeDecodeError as err:
        return _damaged(game, f"{path}: is not UTF-8 text (byte {err.start})")
    except OSError as err:
        return _damaged(game, f"{path}: cannot be read ({err.strerror or err})")
    except DataFileError as err:
        return _damaged(game, str(err))
    return OwnerBox(text)


def _damaged(game: BoxGame, fault: str) -> OwnerBox:
    return OwnerBox(
        None,
        f"Your box for {game.name} could not be used ({fault}). The box shipped with the "
        "game is used until you save your box again on its My box screen.",
        fault,
    )


def save(base: Path, game: BoxGame, text: str) -> Path:
    """Keep ``text`` as the owner's box, after the game's reader accepted it
    (DataFileError otherwise, and the old file stays)."""
    path = paths.owner_box_path(base, game.id)
    game.box_from_text(text, str(path))
    return write_private_text(path, text)


def forget(base: Path, game: BoxGame) -> None:
    """Back to the shipped box: the owner's file is removed."""
    paths.owner_box_path(base, game.id).unlink(missing_ok=True)


def setup(base: Path, game: Game) -> tuple[dict[str, Any], str | None]:
    """Setup data for a new game: the owner's box text, if any, and a problem to show."""
    if not isinstance(game, BoxGame):
        return {}, None
    owned = read(base, game)
    return ({} if owned.text is None else {setup_key(game): owned.text}), owned.problem


def game_with_box(base: Path, game: Game) -> Game:
    """``game`` with the owner's box (for New game's options); the game itself when the
    owner has none or it cannot be used."""
    data, _ = setup(base, game)
    return game.with_setup(data) if data else game


def options_that_fit(game: Game, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with any value the owner's box no longer allows (a series they
    removed, say) back at its default."""
    fitted: dict[str, Any] = {}
    for option in game.options:
        try:
            fitted[option.key] = option.validate(options.get(option.key, option.default))
        except InvalidOptions:
            fitted[option.key] = option.default
    return fitted
