"""Fright cards: which animal completes a pair or the third kind, and what it costs.

Kept apart from the engine's moves so the engine, the playout policies and the advisor can
never disagree about a Fright penalty.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.engines.lost_in_the_woods.cards import ANIMALS


def animals_in(row: Iterable[str]) -> list[str]:
    """The Fright cards' animals in the row (at most one of each outside a penalty)."""
    return [card for card in row if card in ANIMALS]


def penalty_for(animal: str, row_animals: list[str]) -> int:
    """Time lost if ``animal`` is drawn in round gameplay: 1 for a pair, 2 for the third kind."""
    if animal in row_animals:
        return 1
    if len(set(row_animals) | {animal}) == len(ANIMALS):
        return 2
    return 0
