"""Count bookkeeping for cards and tokens: what is left of each kind, and the odds.

Bags, decks and "what can still be unseen" are all counts of kinds; adding,
taking and turning them into draw odds is written once here.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping

from companion.engines.base import IllegalAction


def take(counts: MutableMapping[str, int], kind: str, number: int = 1, what: str = "left") -> None:
    """Remove ``number`` of ``kind``; IllegalAction (nothing changed) if too few remain."""
    have = counts.get(kind, 0)
    if number > have:
        raise IllegalAction(f"only {have} {kind} {what}, not {number}")
    if have == number:
        counts.pop(kind, None)
    else:
        counts[kind] = have - number


def add(counts: MutableMapping[str, int], kind: str, number: int = 1) -> None:
    """Put ``number`` of ``kind`` back."""
    if number:
        counts[kind] = counts.get(kind, 0) + number


def odds(counts: Mapping[str, int]) -> list[tuple[str, float]]:
    """Each kind with a positive count and its chance to be drawn, in key order."""
    total = sum(n for n in counts.values() if n > 0)
    if total <= 0:
        return []
    return [(kind, counts[kind] / total) for kind in sorted(counts) if counts[kind] > 0]


def total(counts: Mapping[str, int]) -> int:
    return sum(counts.values())
