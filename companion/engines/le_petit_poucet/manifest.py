"""The game's component data (manifest.toml), loaded with tomllib and validated.

The rulebook does not give the path length or which trees make up each series, so
they are data an owner can correct, not code.  Every fault names the field at fault.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

MAX_FOREST_SPACES = 40
MAX_TREES = 60
MIN_COLOURS = 5


class ManifestError(ValueError):
    """The manifest does not describe a playable set of components."""


@dataclass(frozen=True)
class Tree:
    """One tree: a token in the bag and the card of the same tree in the deck."""

    index: int
    series: str
    series_name: str
    name: str

    @property
    def label(self) -> str:
        return f"{self.name} ({self.series_name})"


@dataclass(frozen=True)
class Series:
    key: str
    name: str
    assumption: bool
    trees: tuple[Tree, ...]


@dataclass(frozen=True)
class Manifest:
    forest_spaces: int
    colours: tuple[str, ...]
    series: tuple[Series, ...]

    @property
    def cottage(self) -> int:
        """The parents' cottage's index on the path (the starting space is 0)."""
        return self.forest_spaces + 1

    @property
    def trees(self) -> tuple[Tree, ...]:
        return tuple(tree for series in self.series for tree in series.trees)

    def series_keys(self) -> tuple[str, ...]:
        return tuple(s.key for s in self.series)

    def active_trees(self, removed: frozenset[str]) -> tuple[int, ...]:
        """Indexes of the trees in play once the ``removed`` series are left in the box."""
        return tuple(t.index for t in self.trees if t.series not in removed)


def _field(table: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in table:
        raise ManifestError(f"{where}: missing '{key}'")
    value = table[key]
    if kind is int and isinstance(value, bool):
        raise ManifestError(f"{where}.{key} must be a whole number, got {value!r}")
    if not isinstance(value, kind):
        raise ManifestError(f"{where}.{key} must be {kind.__name__}, got {value!r}")
    return value


def _names(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise ManifestError(f"{where} must be a list of non-empty names")
    if len(set(value)) != len(value):
        raise ManifestError(f"{where} lists a name twice")
    return tuple(v.strip() for v in value)


def parse_manifest(data: dict[str, Any], source: str = "manifest") -> Manifest:
    """Validate raw TOML data; raise ManifestError naming the faulty field."""
    path = _field(data, "path", dict, source)
    spaces = _field(path, "forest_spaces", int, f"{source} [path]")
    if not 1 <= spaces <= MAX_FOREST_SPACES:
        raise ManifestError(
            f"{source} [path].forest_spaces must be 1-{MAX_FOREST_SPACES}, got {spaces}"
        )
    pawns = _field(data, "pawns", dict, source)
    colours = _names(
        _field(pawns, "colours", list, f"{source} [pawns]"), f"{source} [pawns].colours"
    )
    if len(colours) < MIN_COLOURS:
        raise ManifestError(
            f"{source} [pawns].colours needs {MIN_COLOURS} colours (one per player)"
        )
    raw_series = _field(data, "series", list, source)
    if not raw_series:
        raise ManifestError(f"{source} has no [[series]] of trees")
    series: list[Series] = []
    index = 0
    for number, raw in enumerate(raw_series, start=1):
        where = f"{source} [[series]] #{number}"
        if not isinstance(raw, dict):
            raise ManifestError(f"{where} must be a table")
        key = _field(raw, "key", str, where).strip()
        if not key or "," in key:
            raise ManifestError(f"{where}.key must be a non-empty name without commas")
        name = _field(raw, "name", str, where).strip()
        assumption = _field(raw, "assumption", bool, where)
        tree_names = _names(_field(raw, "trees", list, where), f"{where}.trees")
        if not tree_names:
            raise ManifestError(f"{where}.trees is empty")
        trees = tuple(Tree(index + i, key, name, n) for i, n in enumerate(tree_names))
        index += len(trees)
        series.append(Series(key, name, assumption, trees))
    keys = [s.key for s in series]
    if len(set(keys)) != len(keys):
        raise ManifestError(f"{source}: two [[series]] share a key")
    names = [s.name for s in series]
    if len(set(names)) != len(names):
        raise ManifestError(f"{source}: two [[series]] share a name")
    if index > MAX_TREES:
        raise ManifestError(f"{source} lists {index} trees; at most {MAX_TREES} are supported")
    return Manifest(spaces, colours, tuple(series))


def load_manifest(path: Path | None = None) -> Manifest:
    """The packaged manifest, or an owner's corrected copy at ``path``."""
    if path is None:
        text = resources.files(__package__).joinpath("manifest.toml").read_text("utf-8")
        source = "le-petit-poucet manifest.toml"
    else:
        try:
            text = Path(path).read_text("utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise ManifestError(f"cannot read {path}: {err}") from err
        source = str(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ManifestError(f"{source} is not valid TOML: {err}") from err
    return parse_manifest(data, source)
