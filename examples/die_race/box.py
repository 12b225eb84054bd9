"""The box data (box.toml): what the rulebook leaves to the components.

Loaded when the game first needs it, never at import, through the shared
``datafile`` reader, so that a bad file names its place and takes down this
game's tile only.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources

from companion.engines.datafile import TableReader, parse_toml, read_toml

MAX_FACES = 12


@dataclass(frozen=True)
class Box:
    faces: int
    """The die shows 1 to ``faces``."""


def parse_box(raw: bytes | str, name: str) -> Box:
    """A Box from TOML text (``name`` is how messages call the file)."""
    return _read(parse_toml(raw, name))


@functools.cache
def shipped_box() -> Box:
    """The box as shipped (cached: read once, when first needed)."""
    return _read(read_toml(resources.files(__package__) / "box.toml", "die_race/box.toml"))


def _read(top: TableReader) -> Box:
    die = top.table("die")
    box = Box(faces=die.whole("faces", 2, MAX_FACES))
    die.done()
    top.done()
    return box
