"""The owner's corrections to a Little Dead Riding Hood box, one touch at a time.

The rulebook fixes the supply (47 bullet chits, 25 Zombie Wolves, 3 bullets and 3
cards each) and the 10 rows, but not how many tiles of each kind the pool holds, how
many event cards of each effect there are, or their movement values (LD1, LD2).
Each edit returns a new ``Box`` or raises ``BoxEditRefused`` with a sentence the
owner can read, so the My box screen never holds a box the game cannot play.
"""

from __future__ import annotations

import dataclasses

from companion.engines.box_edit import BoxEditRefused, within
from companion.engines.little_dead_riding_hood.box import Box
from companion.engines.little_dead_riding_hood.components import (
    EFFECTS,
    PATH_KINDS,
    TILE_KINDS,
    card_key,
)

MAX_TILES = 200
"""The most tiles of one kind a box file may hold (the reader's bound)."""
MAX_COPIES = 20
"""The most cards of one effect and movement value: far above any real deck."""
MAX_SPARE_COLUMNS = 3
"""Spare columns between lanes and beside the outer lanes (the reader's bound)."""
PLAYERS = 5
"""A box must deal the largest table its starting cards."""


def with_tiles(box: Box, kind: str, count: int) -> Box:
    """The pool holding ``count`` tiles of ``kind``."""
    name = TILE_KINDS[kind]
    within(count, 0, MAX_TILES, f"A box holds 0 to {MAX_TILES} {name} tiles.")
    tiles = {**box.tiles, kind: count}
    if sum(tiles.get(k, 0) for k in PATH_KINDS) == 0:
        raise BoxEditRefused("The pool needs at least one path piece, or no lane could grow.")
    return dataclasses.replace(box, tiles=tiles)


def with_cards(box: Box, effect: str, movement: int, count: int) -> Box:
    """The event deck holding ``count`` cards of ``effect`` with movement value ``movement``."""
    key = card_key(effect, movement)
    within(
        count,
        0,
        MAX_COPIES,
        f"A box holds 0 to {MAX_COPIES} {EFFECTS[effect]} cards that move {movement}.",
    )
    cards = {k: n for k, n in {**box.cards, key: count}.items() if n}
    needed = PLAYERS * box.starting_cards
    if sum(cards.values()) < needed:
        raise BoxEditRefused(
            f"The event deck needs at least {needed} cards to deal {PLAYERS} players "
            f"{box.starting_cards} each."
        )
    return dataclasses.replace(box, cards=dict(sorted(cards.items())))


SPARE_COLUMNS = {
    "gap_columns": f"Lanes have 0 to {MAX_SPARE_COLUMNS} spare columns between them.",
    "edge_columns": f"The board has 0 to {MAX_SPARE_COLUMNS} spare columns beside the outer lanes.",
}
"""The board's spare columns (LD1): between two neighbouring lanes, outside the outer
lanes; each with the sentence that refuses a count out of bounds."""


def with_spare_columns(box: Box, where: str, columns: int) -> Box:
    """``columns`` spare columns ``where`` (a key of ``SPARE_COLUMNS``)."""
    within(columns, 0, MAX_SPARE_COLUMNS, SPARE_COLUMNS[where])
    if where == "gap_columns":
        return dataclasses.replace(box, gap_columns=columns)
    return dataclasses.replace(box, edge_columns=columns)


def copies(box: Box, effect: str, movement: int) -> int:
    return box.cards.get(card_key(effect, movement), 0)


def checked(box: Box) -> Box:
    """The box as its owner saved it: every part checked, none assumed."""
    return dataclasses.replace(box, assumptions=())
