"""Piles of cards as counts, and a player's deck in digital or table mode.

A shuffled pile drawn from the top is the same as drawing uniformly from what is
left, so a pile is a multiset (card id -> copies) and each draw is a chance node
whose outcome is the card.  The shuffle itself needs no state of its own.

In table mode the players hold real cards: the app never sees a hand or the deck,
only how many cards each holds.  A card's identity becomes known when it is played,
and the app refuses an identity that cannot still be unseen (design.md).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from companion.engines import checks
from companion.engines.counts import add, odds, take, total

Counts = dict[str, int]

__all__ = ["Counts", "PlayerCards", "add", "check_counts", "odds", "take", "total"]
"""The toolkit's count bookkeeping, re-exported: a pile's odds are ``odds(pile)``, each card
id with the chance it is on top of the shuffled pile."""


def check_counts(value: Any, known: Collection[str], where: str) -> Counts:
    """Saved counts: known card ids with whole counts (a zero count is dropped)."""
    return dict(checks.card_counts(value, where, known))


class PlayerCards:
    """One player's deck, hand and discard pile.

    Digital: ``pile`` and ``hand`` are known counts.  Table: they are None and only
    ``pile_size`` / ``hand_size`` are known.  The discard pile is face up: always known.
    """

    __slots__ = ("pile", "hand", "pile_size", "hand_size", "discard")

    def __init__(self, deck: Counts | None, size: int) -> None:
        self.pile: Counts | None = dict(deck) if deck is not None else None
        self.hand: Counts | None = {} if deck is not None else None
        self.pile_size = size
        self.hand_size = 0
        self.discard: Counts = {}

    @property
    def digital(self) -> bool:
        return self.pile is not None

    def copy(self) -> PlayerCards:
        twin = PlayerCards.__new__(PlayerCards)
        twin.pile = dict(self.pile) if self.pile is not None else None
        twin.hand = dict(self.hand) if self.hand is not None else None
        twin.pile_size = self.pile_size
        twin.hand_size = self.hand_size
        twin.discard = dict(self.discard)
        return twin

    def refill_pile(self) -> bool:
        """An empty pile takes the shuffled discard pile; False when both are empty."""
        if self.pile_size:
            return True
        if not self.discard:
            return False
        if self.pile is not None:
            self.pile = dict(self.discard)
        self.pile_size = total(self.discard)
        self.discard = {}
        return True

    def draw_odds(self) -> list[tuple[str, float]]:
        if self.pile is None:
            return [("", 1.0)]
        return odds(self.pile)

    def draw(self, card_id: str) -> None:
        """Move one card (``""`` in table mode) from the pile to the hand."""
        if self.pile is not None and self.hand is not None:
            take(self.pile, card_id)
            add(self.hand, card_id)
        self.pile_size -= 1
        self.hand_size += 1

    def reveal_from_pile(self, card_id: str) -> None:
        """Take a named card out of the pile (setup's search for defenses)."""
        if self.pile is not None:
            take(self.pile, card_id)
        self.pile_size -= 1

    def holds(self, card_id: str) -> bool:
        """Could this card be in the hand?  (Table mode: unseen is checked elsewhere.)"""
        if self.hand is not None:
            return self.hand.get(card_id, 0) > 0
        return self.hand_size > 0

    def play(self, card_id: str) -> None:
        if self.hand is not None:
            take(self.hand, card_id)
        self.hand_size -= 1

    def dump(self) -> dict[str, Any]:
        return {
            "pile": dict(self.pile) if self.pile is not None else self.pile_size,
            "hand": dict(self.hand) if self.hand is not None else self.hand_size,
            "discard": dict(self.discard),
        }

    @classmethod
    def load(cls, data: Any, known: Collection[str], digital: bool, where: str) -> PlayerCards:
        checks.table(data, where)
        cards = cls.__new__(cls)
        cards.discard = check_counts(data["discard"], known, f"{where} discard")
        if digital:
            cards.pile = check_counts(data["pile"], known, f"{where} pile")
            cards.hand = check_counts(data["hand"], known, f"{where} hand")
            cards.pile_size = total(cards.pile)
            cards.hand_size = total(cards.hand)
        else:
            for key in ("pile", "hand"):
                checks.whole(data[key], f"{where} {key} (a card count in table mode)", 0)
            cards.pile, cards.hand = None, None
            cards.pile_size, cards.hand_size = data["pile"], data["hand"]
        return cards
