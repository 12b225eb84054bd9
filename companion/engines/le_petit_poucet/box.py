"""What is in the box (box.toml): the path's length, the pawns' colours, the tree series.

The rulebook does not give the path length or which trees make up each series, so
they are data an owner can correct, not code.  The file is read through the shared
``datafile`` reader (every fault names the file, the table and key, and the
problem) and only when the game first needs it, never at import.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from companion.engines.datafile import DataFileError, TableReader, parse_toml, read_toml

MAX_FOREST_SPACES = 40
MAX_TREES = 60
COLOURS = 5
"""One pawn colour per seat: the box has 5 Child pawns."""
PACKAGED = "le-petit-poucet box.toml"
PAWN_HEX = {
    "red": "#db3833",
    "blue": "#3875eb",
    "green": "#42b84d",
    "yellow": "#f2d633",
    "purple": "#9e52d1",
}
"""How the screens draw the pawn colours a box file may name; any other is grey."""
UNKNOWN_HEX = "#999999"


@dataclass(frozen=True)
class Tree:
    """One tree: a token in the bag and the card of the same tree in the deck."""

    index: int
    series: str
    series_name: str
    name: str

    @property
    def label(self) -> str:
        """ "oak (1 hole)": unique in a box, and part of the version-1 action keys."""
        return f"{self.name} ({self.series_name})"


@dataclass(frozen=True)
class Series:
    key: str
    name: str
    assumption: bool
    trees: tuple[Tree, ...]


@dataclass(frozen=True)
class Box:
    forest_spaces: int
    colours: tuple[str, ...]
    series: tuple[Series, ...]
    path_assumption: bool = True
    pawns_assumption: bool = True
    """Whether the path length and the pawn colours are assumed (shipped) or checked
    against a real box by its owner."""

    @property
    def cottage(self) -> int:
        """The parents' cottage's index on the path (the starting space is 0)."""
        return self.forest_spaces + 1

    @property
    def trees(self) -> tuple[Tree, ...]:
        return tuple(tree for series in self.series for tree in series.trees)

    def piece_colours(self) -> tuple[tuple[str, str], ...]:
        """The pawns in seat order as (name, "#rrggbb"), for ``Game.piece_colours``."""
        return tuple(
            (c.capitalize(), PAWN_HEX.get(c.casefold(), UNKNOWN_HEX)) for c in self.colours
        )

    def series_keys(self) -> tuple[str, ...]:
        return tuple(s.key for s in self.series)

    def active_trees(self, removed: frozenset[str]) -> tuple[int, ...]:
        """Indexes of the trees in play once the ``removed`` series are left in the box."""
        return tuple(t.index for t in self.trees if t.series not in removed)

    def tree_by_label(self, label: str) -> Tree | None:
        """The tree whose label ("oak (1 hole)") is ``label``, ignoring case."""
        wanted = label.casefold()
        return next((t for t in self.trees if t.label.casefold() == wanted), None)


def read_box(reader: TableReader) -> Box:
    """Validate a parsed box file; raise DataFileError naming the faulty place."""
    path = reader.table("path")
    spaces = path.whole("forest_spaces", 1, MAX_FOREST_SPACES)
    path_assumption = path.flag("assumption", default=True)
    path.done()
    pawns = reader.table("pawns")
    colours = tuple(c.strip() for c in pawns.texts("colours"))
    if len(colours) < COLOURS:
        raise reader.error(f"[pawns] colours needs {COLOURS} colours (one per player)")
    pawns_assumption = pawns.flag("assumption", default=True)
    pawns.done()
    series: list[Series] = []
    index = 0
    for table in reader.tables("series"):
        key = table.text("key").strip()
        if "," in key:
            raise table.error(f"{table.where('key')} must be a name without commas")
        name = table.text("name").strip()
        assumption = table.flag("assumption")
        names = table.texts("trees")
        if not names:
            raise table.error(f"{table.where('trees')} is empty")
        trees = tuple(Tree(index + i, key, name, n.strip()) for i, n in enumerate(names))
        index += len(trees)
        table.done()
        series.append(Series(key, name, assumption, trees))
    if not series:
        raise reader.error("has no [[series]] of trees")
    for what, values in (("key", [s.key for s in series]), ("name", [s.name for s in series])):
        if len(set(values)) != len(values):
            raise reader.error(f"two [[series]] share a {what}")
    if index > MAX_TREES:
        raise reader.error(f"lists {index} trees; at most {MAX_TREES} are supported")
    reader.done()
    return Box(spaces, colours, tuple(series), path_assumption, pawns_assumption)


def parse_box(data: Mapping[str, Any], source: str = "box.toml") -> Box:
    """A box from already-parsed TOML data (tests, an owner's tool)."""
    return read_box(TableReader(data, source, ""))


def box_from_text(text: str, source: str = "box.toml") -> Box:
    """A box from the text of a box file (an owner's copy, the copy a saved game keeps)."""
    return read_box(parse_toml(text, source))


def box_toml(box: Box) -> str:
    """The box file text of ``box``: ``box_from_text(box_toml(box)) == box``.

    Strings are written as JSON strings, which are valid TOML basic strings.
    """

    def flag(value: bool) -> str:
        return "true" if value else "false"

    def texts(values: tuple[str, ...]) -> str:
        return "[" + ", ".join(json.dumps(v) for v in values) + "]"

    lines = [
        "# Le Petit Poucet: what is in this box (written by the companion's My box screen).",
        "# assumption = false: checked against the real box by its owner.",
        "",
        "[path]",
        f"forest_spaces = {box.forest_spaces}",
        f"assumption = {flag(box.path_assumption)}",
        "",
        "[pawns]",
        f"colours = {texts(box.colours)}",
        f"assumption = {flag(box.pawns_assumption)}",
    ]
    for series in box.series:
        lines += [
            "",
            "[[series]]",
            f"key = {json.dumps(series.key)}",
            f"name = {json.dumps(series.name)}",
            f"assumption = {flag(series.assumption)}",
            f"trees = {texts(tuple(t.name for t in series.trees))}",
        ]
    return "\n".join(lines) + "\n"


def load_box(path: Path | None = None) -> Box:
    """An owner's corrected copy at ``path``; without one, the packaged box (read once)."""
    if path is None:
        return packaged_box()
    return read_box(read_toml(Path(path)))


@cache
def packaged_box() -> Box:
    """The box.toml shipped with the game, read on first use."""
    return read_box(read_toml(resources.files(__package__).joinpath("box.toml"), PACKAGED))


__all__ = [
    "Box",
    "DataFileError",
    "Series",
    "Tree",
    "box_from_text",
    "box_toml",
    "load_box",
    "packaged_box",
    "parse_box",
]
