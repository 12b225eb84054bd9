"""Load and validate ``manifest.toml``: board size, supplies, tile pool and event deck.

The rulebook does not count tiles by kind or cards by effect (LD2), so these are
data an owner can correct.  Every fault is reported with its place in the file.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass
from importlib import resources
from typing import Any

from companion.engines.little_dead_riding_hood.components import (
    EFFECTS,
    MOVEMENT_VALUES,
    PATH_KINDS,
    TILE_KINDS,
    card_key,
)


class ManifestError(ValueError):
    """A manifest that does not describe a playable box; says what is wrong and where."""


@dataclass(frozen=True)
class Manifest:
    rows: int
    gap_columns: int
    edge_columns: int
    bullet_chits: int
    starting_bullets: int
    zombie_wolves: int
    starting_cards: int
    tiles: dict[str, int]
    """Tile kind -> how many are in the pool."""
    cards: dict[str, int]
    """Card key -> how many are in the event deck."""
    assumptions: tuple[str, ...]
    """Where each value marked ``assumption = true`` lives, for the docs and settings."""

    def columns(self, players: int) -> int:
        """Grid width for ``players`` lanes (LD1)."""
        return 2 * self.edge_columns + players + (players - 1) * self.gap_columns

    def lane_column(self, player: int) -> int:
        """The column of ``player``'s lane (lane 0 is the leftmost)."""
        return self.edge_columns + player * (self.gap_columns + 1)


def _int(table: dict[str, Any], key: str, where: str, minimum: int, maximum: int) -> int:
    if key not in table:
        raise ManifestError(f"{where}: missing {key!r}")
    value = table[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise ManifestError(f"{where}.{key} must be a whole number, got {value!r}")
    if not minimum <= value <= maximum:
        raise ManifestError(f"{where}.{key} must be between {minimum} and {maximum}, got {value}")
    return value


def _table(data: dict[str, Any], key: str) -> dict[str, Any]:
    table = data.get(key)
    if not isinstance(table, dict):
        raise ManifestError(f"the manifest needs a [{key}] table")
    return table


def _list(data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    entries = data.get(key)
    if not isinstance(entries, list) or not entries:
        raise ManifestError(f"the manifest needs at least one [[{key}]] entry")
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise ManifestError(f"{key}[{i}] must be a table")
    return entries


def parse_manifest(data: dict[str, Any]) -> Manifest:
    """Validate parsed TOML data and build a Manifest."""
    assumptions: list[str] = []
    board = _table(data, "board")
    if board.get("assumption") is True:
        assumptions.append("board")
    supply = _table(data, "supply")
    tiles: Counter[str] = Counter()
    for i, entry in enumerate(_list(data, "tiles")):
        where = f"tiles[{i}]"
        kind = entry.get("kind")
        if kind not in TILE_KINDS:
            known = ", ".join(TILE_KINDS)
            raise ManifestError(f"{where}.kind must be one of {known}; got {kind!r}")
        tiles[kind] += _int(entry, "count", where, 0, 200)
        if entry.get("assumption") is True:
            assumptions.append(f"{where} ({kind})")
    if sum(tiles[k] for k in PATH_KINDS) == 0:
        raise ManifestError("tiles: the pool needs at least one path piece")
    cards: Counter[str] = Counter()
    for i, entry in enumerate(_list(data, "cards")):
        where = f"cards[{i}]"
        effect = entry.get("effect")
        if effect not in EFFECTS:
            known = ", ".join(EFFECTS)
            raise ManifestError(f"{where}.effect must be one of {known}; got {effect!r}")
        movements = entry.get("movements")
        if not isinstance(movements, list) or not movements:
            raise ManifestError(f"{where}.movements must list one movement value per card")
        for j, movement in enumerate(movements):
            if movement not in MOVEMENT_VALUES or isinstance(movement, bool):
                raise ManifestError(f"{where}.movements[{j}] must be 1, 2 or 3, got {movement!r}")
            cards[card_key(effect, movement)] += 1
        if entry.get("assumption") is True:
            assumptions.append(f"{where} ({effect})")
    manifest = Manifest(
        rows=_int(board, "rows", "board", 2, 30),
        gap_columns=_int(board, "gap_columns", "board", 0, 3),
        edge_columns=_int(board, "edge_columns", "board", 0, 3),
        bullet_chits=_int(supply, "bullet_chits", "supply", 0, 500),
        starting_bullets=_int(supply, "starting_bullets", "supply", 0, 20),
        zombie_wolves=_int(supply, "zombie_wolves", "supply", 0, 200),
        starting_cards=_int(supply, "starting_cards", "supply", 0, 10),
        tiles=dict(sorted(tiles.items())),
        cards=dict(sorted(cards.items())),
        assumptions=tuple(assumptions),
    )
    if manifest.bullet_chits < 5 * manifest.starting_bullets:
        raise ManifestError(
            f"supply.bullet_chits ({manifest.bullet_chits}) cannot give 5 players "
            f"{manifest.starting_bullets} bullets each"
        )
    if sum(cards.values()) < 5 * manifest.starting_cards:
        raise ManifestError(
            f"cards: {sum(cards.values())} cards cannot deal 5 players "
            f"{manifest.starting_cards} cards each"
        )
    return manifest


def load_manifest_text(text: str, source: str = "manifest.toml") -> Manifest:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ManifestError(f"{source} is not valid TOML: {err}") from err
    try:
        return parse_manifest(data)
    except ManifestError as err:
        raise ManifestError(f"{source}: {err}") from err


def default_manifest() -> Manifest:
    """The manifest shipped with the engine."""
    package = __name__.rsplit(".", 1)[0]
    text = resources.files(package).joinpath("manifest.toml").read_text(encoding="utf-8")
    return load_manifest_text(text)
