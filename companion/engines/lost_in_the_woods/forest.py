"""The Forest row and the sets that reach it: small pure facts shared by the engine, the
playout policies and the advisor, so they can never disagree about what a set is or which
sets can be placed."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from companion.engines.lost_in_the_woods.cards import SYMBOLS

FOREST_LENGTH = 9
"""The ninth Forest card wins the game."""


def symbol_counts(row: Iterable[str]) -> dict[str, int]:
    """How many Progress cards of each symbol lie in the Fright row."""
    cards = list(row)
    return {s: cards.count(s) for s in SYMBOLS}


def sets_of(counts: Mapping[str, int]) -> list[str]:
    """Symbols with at least 2 cards: each is one set (LW4), in symbol order."""
    return [s for s in SYMBOLS if counts.get(s, 0) >= 2]


def can_follow(symbol: str, forest: list[str]) -> bool:
    """No Forest card may sit next to one with the same symbol; the Mansion takes any."""
    return not forest or forest[-1] != symbol


def placed_count(sets: list[str], forest: list[str]) -> int:
    """How many of ``sets`` reach the Forest row when placed in the best order.

    Two or three different symbols can always all be placed (lead with one that differs
    from the last Forest card); a single set fails only if it matches the last card.
    """
    if len(sets) == 1 and not can_follow(sets[0], forest):
        return 0
    return len(sets)
