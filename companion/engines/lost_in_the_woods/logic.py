"""Small pure rule facts shared by the engine, the playout policies and the advisor.

Kept in one place so the engine and the policies can never disagree about what a set is,
which sets can be placed, or which animal completes a Fright penalty.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from companion.engines.lost_in_the_woods.cards import ANIMALS, SYMBOLS

CLOCK_END = 12
"""The clock reaching this increment loses the game (LW11)."""
FOREST_LENGTH = 9
"""The ninth Forest card wins the game."""


def symbol_counts(row: Iterable[str]) -> dict[str, int]:
    """How many Progress cards of each symbol lie in the Fright row."""
    cards = list(row)
    return {s: cards.count(s) for s in SYMBOLS}


def animals_in(row: Iterable[str]) -> list[str]:
    """The Fright cards' animals in the row (at most one of each outside a penalty)."""
    return [card for card in row if card in ANIMALS]


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


def penalty_for(animal: str, row_animals: list[str]) -> int:
    """Time lost if ``animal`` is drawn in round gameplay: 1 for a pair, 2 for the third kind."""
    if animal in row_animals:
        return 1
    if len(set(row_animals) | {animal}) == len(ANIMALS):
        return 2
    return 0
