"""The cards: kinds, powers, the fixed sizes of a field and a hand, and how powers compare.

What a card *is* lives here; which cards a box holds is data (``box.toml``, loaded by
``box.py``), because the rulebook lists only a few of its 330 cards (GH1).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

LANES = 4
ROWS = 5
HAND_SIZE = 5
SETUP_DEFENSES = 3
MAX_FLIPS = 5

CARD_TYPES = ("defense", "trick", "action", "monster")
DECK_OF_TYPE = {"defense": "player", "trick": "player", "action": "action", "monster": "monster"}
DECKS = ("player", "action", "monster")

Power = int | None
"""A card's power: a whole number, or None for "X" (lower than any number)."""


@dataclass(frozen=True)
class Card:
    """One kind of card (the deck holds ``count`` copies)."""

    id: str
    name: str
    type: str
    power: Power = None
    lane: int | None = None
    flips: int = 0
    effect: str = ""
    count: int = 1
    text: str = ""
    assumed: tuple[str, ...] = ()
    key: str = ""
    """The name action keys use, when it is not ``name``: a renamed card keeps its old
    key, so saved games, scenario files and recorded replays still read."""

    @property
    def key_name(self) -> str:
        return self.key or self.name

    @property
    def deck(self) -> str:
        return DECK_OF_TYPE[self.type]

    @property
    def power_text(self) -> str:
        return "X" if self.power is None else str(self.power)


@dataclass(frozen=True)
class Catalogue:
    """All card kinds by id, plus each deck's contents (card id -> copies)."""

    cards: Mapping[str, Card]
    deck_sizes: Mapping[str, int] = field(default_factory=dict)
    version: int = 1
    """The box version these decks are (a box file's ``version``; its cards' counts as
    they were then)."""

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]

    def deck(self, deck: str) -> dict[str, int]:
        """A fresh copy of the deck's contents (card id -> copies)."""
        return dict(self._decks[deck])

    def deck_view(self, deck: str) -> Mapping[str, int]:
        """The deck's contents, shared and read-only (no copy)."""
        return self._decks[deck]

    @cached_property
    def _decks(self) -> dict[str, dict[str, int]]:
        return {
            deck: {c.id: c.count for c in self.cards.values() if c.deck == deck and c.count}
            for deck in DECKS
        }

    @cached_property
    def by_name(self) -> dict[str, str]:
        """Card id by the name its action keys use (unique), for reading action keys."""
        return {c.key_name: c.id for c in self.cards.values()}

    @cached_property
    def _renamed(self) -> tuple[re.Pattern[str] | None, dict[str, str]]:
        names = {c.key: c.name for c in self.cards.values() if c.key and c.key != c.name}
        if not names:
            return None, names
        ordered = sorted(names, key=len, reverse=True)  # "Monster 1" never eats "Monster 12"
        return re.compile("|".join(re.escape(k) for k in ordered)), names

    def shown(self, text: str) -> str:
        """A key's words as players read them: each key name replaced by the card's name."""
        pattern, names = self._renamed
        return text if pattern is None else pattern.sub(lambda m: names[m.group(0)], text)

    def of_type(self, card_type: str) -> list[Card]:
        return [c for c in self.cards.values() if c.type == card_type]


def power_less(a: Power, b: Power) -> bool:
    """``a < b`` where None (X) is lower than any number and equal to X (FAQ)."""
    if a is None:
        return b is not None
    if b is None:
        return False
    return a < b


def damage_needed(power: Power) -> int:
    """The ability damage that destroys a card: its power, or 1 for X (GH5)."""
    return 1 if power is None else max(power, 1)
