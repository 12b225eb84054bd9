"""What every game that offers its box on the My box screen shares in the engine.

``BoxEditRefused`` is how a game's ``box_edits`` says, in a sentence the owner can
read, that a change would leave a box the game cannot play; ``within`` is the
bounds check of a stepper; ``box_from_setup`` reads the ``{"box": text}`` setup
data a saved game keeps, so a resumed game plays with the box it started with.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from companion.engines.base import InvalidOptions
from companion.engines.datafile import DataFileError

SETUP_KEY = "box"
SAVED_SOURCE = "the box saved with this game"
"""How a saved game's box is named when it cannot be read."""

T = TypeVar("T")


class BoxEditRefused(ValueError):
    """An edit that would leave a box the game cannot play; ``str`` says why."""


def within(value: int, low: int, high: int, sentence: str) -> int:
    """``value`` when it lies in ``low..high``; else the edit is refused with ``sentence``."""
    if not low <= value <= high:
        raise BoxEditRefused(sentence)
    return value


def box_from_setup(name: str, setup: Mapping[str, Any], read: Callable[[str, str], T]) -> T | None:
    """The box in a game's setup data (None: the shipped box), read with the game's own
    reader ``read(text, source)``; a refused box or other setup key is InvalidOptions."""
    unknown = sorted(set(setup) - {SETUP_KEY})
    if unknown:
        raise InvalidOptions(f"{name} has no setup {', '.join(unknown)}")
    if SETUP_KEY not in setup:
        return None
    try:
        return read(str(setup[SETUP_KEY]), SAVED_SOURCE)
    except DataFileError as err:
        raise InvalidOptions(str(err)) from err
