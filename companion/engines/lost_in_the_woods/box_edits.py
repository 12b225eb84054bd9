"""The owner's corrections to a Lost in the Woods box: how many cards of each kind.

The rulebook gives only the totals (LW1), so the split is the owner's to correct.
Each edit returns a new ``Box`` or raises ``BoxEditRefused`` with a sentence the
owner can read, so the My box screen never holds a deck the game cannot play:
every symbol keeps a set's worth of Progress cards and the Forest row can be laid.
"""

from __future__ import annotations

import dataclasses

from companion.engines.box_edit import BoxEditRefused, within
from companion.engines.lost_in_the_woods.box import (
    MAX_PER_KIND,
    MIN_PER_SYMBOL,
    MIN_PROGRESS,
    SECTIONS,
    Box,
)
from companion.engines.lost_in_the_woods.cards import NAMES, SYMBOLS

TITLES = {"progress": "Progress cards", "fright": "Fright cards", "event": "Event cards"}
"""Each section of the Journey deck as the My box screen heads it."""


def section_of(kind: str) -> str:
    return next(section for section, kinds in SECTIONS.items() if kind in kinds)


def with_count(box: Box, kind: str, count: int) -> Box:
    """The box holding ``count`` cards of ``kind``."""
    name = NAMES[kind]
    within(count, 0, MAX_PER_KIND, f"A box holds 0 to {MAX_PER_KIND} {name} cards.")
    if kind in SYMBOLS and count < MIN_PER_SYMBOL:
        raise BoxEditRefused(
            f"A box needs at least {MIN_PER_SYMBOL} {name} cards, or no set of them could "
            "ever be made."
        )
    counts = {**box.counts, kind: count}
    if sum(counts[s] for s in SYMBOLS) < MIN_PROGRESS:
        raise BoxEditRefused(
            f"The Progress cards total at least {MIN_PROGRESS}: 9 of them lay the Forest row."
        )
    return dataclasses.replace(box, counts=counts)


def section_total(box: Box, section: str) -> int:
    return sum(box.count(kind) for kind in SECTIONS[section])


def checked(box: Box) -> Box:
    """The box as its owner saved it: every section checked, none assumed."""
    return dataclasses.replace(box, checked=frozenset(SECTIONS))
