"""The box's components, from ``box.toml``: board size, supplies, tile pool, event deck.

The rulebook does not count tiles by kind or cards by effect (LD2), so these are
data an owner can correct.  The file is read through ``datafile.py`` when the game
first needs it (never at import); every fault names the file, the place and the
problem, and ``Game.unavailable()`` reports it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from importlib import resources

from companion.engines.datafile import DataFileError, TableReader, parse_toml, read_toml
from companion.engines.little_dead_riding_hood.components import (
    EFFECTS,
    MOVEMENT_VALUES,
    PATH_KINDS,
    TILE_KINDS,
    card_effect,
    card_key,
)

BOX_FILE = "box.toml"


@dataclass(frozen=True)
class Box:
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

    def assumed(self, part: str) -> bool:
        """Whether ``part`` ("board", a tile kind or an effect) is marked assumed."""
        return any(a == part or a.endswith(f"({part})") for a in self.assumptions)

    def lane_column(self, player: int) -> int:
        """The column of ``player``'s lane (lane 0 is the leftmost)."""
        return self.edge_columns + player * (self.gap_columns + 1)


def _assumed(table: TableReader, name: str, assumptions: list[str]) -> None:
    if table.flag("assumption", default=False):
        assumptions.append(name)


def read_box(data: TableReader) -> Box:
    """Validate a parsed box file and build the Box."""
    assumptions: list[str] = []
    board = data.table("board")
    _assumed(board, "board", assumptions)
    supply = data.table("supply")
    tiles: Counter[str] = Counter()
    for i, entry in enumerate(data.tables("tiles")):
        kind = entry.choice("kind", tuple(TILE_KINDS))
        tiles[kind] += entry.whole("count", 0, 200)
        _assumed(entry, f"tiles[{i}] ({kind})", assumptions)
        entry.done()
    if sum(tiles[k] for k in PATH_KINDS) == 0:
        raise data.error("[[tiles]]: the pool needs at least one path piece")
    cards: Counter[str] = Counter()
    for i, entry in enumerate(data.tables("cards")):
        effect = entry.choice("effect", tuple(EFFECTS))
        movements = entry.raw("movements")
        if not isinstance(movements, list) or not movements:
            raise entry.error(f"{entry.where('movements')} must list one movement value per card")
        for j, movement in enumerate(movements):
            if movement not in MOVEMENT_VALUES or isinstance(movement, bool):
                raise entry.error(
                    f"{entry.where('movements')}[{j}] must be 1, 2 or 3, got {movement!r}"
                )
            cards[card_key(effect, movement)] += 1
        _assumed(entry, f"cards[{i}] ({effect})", assumptions)
        entry.done()
    box = Box(
        rows=board.whole("rows", 2, 30),
        gap_columns=board.whole("gap_columns", 0, 3),
        edge_columns=board.whole("edge_columns", 0, 3),
        bullet_chits=supply.whole("bullet_chits", 0, 500),
        starting_bullets=supply.whole("starting_bullets", 0, 20),
        zombie_wolves=supply.whole("zombie_wolves", 0, 200),
        starting_cards=supply.whole("starting_cards", 0, 10),
        tiles=dict(sorted(tiles.items())),
        cards=dict(sorted(cards.items())),
        assumptions=tuple(assumptions),
    )
    for table in (board, supply, data):
        table.done()
    if box.bullet_chits < 5 * box.starting_bullets:
        raise data.error(
            f"[supply] bullet_chits ({box.bullet_chits}) cannot give 5 players "
            f"{box.starting_bullets} bullets each"
        )
    if sum(cards.values()) < 5 * box.starting_cards:
        raise data.error(
            f"[[cards]]: {sum(cards.values())} cards cannot deal 5 players "
            f"{box.starting_cards} cards each"
        )
    return box


def parse_box(text: str | bytes, name: str = BOX_FILE) -> Box:
    """A box from TOML text (``name`` is the file named in messages)."""
    return read_box(parse_toml(text, name))


def box_toml(box: Box) -> str:
    """The box file text of ``box`` (what My box saves): ``parse_box`` reads it back.

    Each tile kind and each effect gets one entry; an effect with no card is left out
    (an entry lists at least one movement value).
    """

    def assumed(part: str) -> str:
        return "true" if box.assumed(part) else "false"

    lines = [
        "# Little Dead Riding Hood: what is in this box (written by the My box screen).",
        "# assumption = false: checked against the real box by its owner.",
        "",
        "[board]",
        f"rows = {box.rows}",
        f"gap_columns = {box.gap_columns}",
        f"edge_columns = {box.edge_columns}",
        f"assumption = {assumed('board')}",
        "",
        "[supply]",
        f"bullet_chits = {box.bullet_chits}",
        f"starting_bullets = {box.starting_bullets}",
        f"zombie_wolves = {box.zombie_wolves}",
        f"starting_cards = {box.starting_cards}",
    ]
    for kind in TILE_KINDS:
        lines += ["", "[[tiles]]", f'kind = "{kind}"', f"count = {box.tiles.get(kind, 0)}"]
        lines.append(f"assumption = {assumed(kind)}")
    present = [e for e in EFFECTS if any(card_effect(k) == e for k in box.cards)]
    for effect in present:
        values = [m for m in MOVEMENT_VALUES for _ in range(box.cards.get(card_key(effect, m), 0))]
        lines += ["", "[[cards]]", f'effect = "{effect}"', f"movements = {values}"]
        lines.append(f"assumption = {assumed(effect)}")
    return "\n".join(lines) + "\n"


def default_box() -> Box:
    """The box shipped with the engine."""
    package = __name__.rsplit(".", 1)[0]
    return read_box(read_toml(resources.files(package).joinpath(BOX_FILE), BOX_FILE))


__all__ = [
    "BOX_FILE",
    "Box",
    "DataFileError",
    "box_toml",
    "default_box",
    "parse_box",
    "read_box",
]
