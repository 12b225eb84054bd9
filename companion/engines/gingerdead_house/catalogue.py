"""The card catalogue: every card kind, its numbers and its effect id, loaded from TOML.

The rulebook lists only a few of its 330 cards (GH1), so the decks are data an owner
can correct.  Loading validates every field and names the card and the field at fault,
so a typo in the file gives a sentence, not a traceback.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

LANES = 4
ROWS = 5
HAND_SIZE = 5
SETUP_DEFENSES = 3
MAX_FLIPS = 5

CARD_TYPES = ("defense", "trick", "action", "monster")
DECK_OF_TYPE = {"defense": "player", "trick": "player", "action": "action", "monster": "monster"}
DECKS = ("player", "action", "monster")
CARD_FIELDS = ("id", "name", "type", "power", "lane", "flips", "effect", "count", "text", "assumed")
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")

Power = int | None
"""A card's power: a whole number, or None for "X" (lower than any number)."""


class CatalogueError(ValueError):
    """A catalogue that cannot be played with; the message names the card and the field."""


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


def _card_error(where: str, field_name: str, message: str) -> CatalogueError:
    return CatalogueError(f"{where}: field {field_name!r} {message}")


def _parse_card(index: int, raw: Any, known_effect: Callable[[str, str], str | None]) -> Card:
    where = f"card #{index + 1}"
    if not isinstance(raw, dict):
        raise CatalogueError(f"{where} must be a table of fields, got {type(raw).__name__}")
    card_id = raw.get("id")
    if not isinstance(card_id, str) or not _ID.match(card_id):
        raise _card_error(
            where, "id", f"must be lowercase letters, digits and dashes, got {card_id!r}"
        )
    where = f"card {card_id!r}"
    unknown = sorted(set(raw) - set(CARD_FIELDS))
    if unknown:
        raise CatalogueError(f"{where}: unknown field(s) {', '.join(map(repr, unknown))}")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _card_error(where, "name", f"must be a non-empty text, got {name!r}")
    card_type = raw.get("type")
    if card_type not in CARD_TYPES:
        raise _card_error(
            where, "type", f"must be one of {', '.join(CARD_TYPES)}, got {card_type!r}"
        )
    power: Power = None
    if card_type in ("defense", "monster"):
        if "power" not in raw:
            raise _card_error(where, "power", f"is required for a {card_type} card")
        raw_power = raw["power"]
        if raw_power == "X":
            power = None
        elif isinstance(raw_power, int) and not isinstance(raw_power, bool) and raw_power >= 0:
            power = raw_power
        else:
            raise _card_error(
                where, "power", f'must be a whole number >= 0 or "X", got {raw_power!r}'
            )
    elif "power" in raw:
        raise _card_error(where, "power", f"is not used on a {card_type} card")
    lane: int | None = None
    if card_type == "monster":
        lane = raw.get("lane")
        if not isinstance(lane, int) or isinstance(lane, bool) or not 1 <= lane <= LANES:
            raise _card_error(where, "lane", f"must be a lane 1-{LANES}, got {lane!r}")
    elif "lane" in raw:
        raise _card_error(where, "lane", f"is only used on monster cards, not on a {card_type}")
    flips = 0
    if card_type == "action":
        raw_flips = raw.get("flips")
        if (
            not isinstance(raw_flips, int)
            or isinstance(raw_flips, bool)
            or not 0 <= raw_flips <= MAX_FLIPS
        ):
            raise _card_error(where, "flips", f"must be a number 0-{MAX_FLIPS}, got {raw_flips!r}")
        flips = raw_flips
    elif "flips" in raw:
        raise _card_error(where, "flips", f"is only used on action cards, not on a {card_type}")
    effect = raw.get("effect", "")
    if not isinstance(effect, str):
        raise _card_error(where, "effect", f"must be an effect id text, got {effect!r}")
    if effect:
        problem = known_effect(effect, card_type)
        if problem:
            raise _card_error(where, "effect", problem)
    count = raw.get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise _card_error(where, "count", f"must be a whole number >= 0, got {count!r}")
    text = raw.get("text", "")
    if not isinstance(text, str):
        raise _card_error(where, "text", f"must be text, got {text!r}")
    assumed = raw.get("assumed", [])
    if not isinstance(assumed, list) or any(a not in CARD_FIELDS for a in assumed):
        raise _card_error(where, "assumed", f"must list field names from {', '.join(CARD_FIELDS)}")
    return Card(
        card_id, name.strip(), card_type, power, lane, flips, effect, count, text, tuple(assumed)
    )


def parse_catalogue(data: Any, known_effect: Callable[[str, str], str | None]) -> Catalogue:
    """Validate parsed TOML data; ``known_effect(id, type)`` returns a problem or None."""
    if not isinstance(data, dict):
        raise CatalogueError("the catalogue must be a TOML document")
    unknown = sorted(set(data) - {"decks", "card"})
    if unknown:
        raise CatalogueError(f"catalogue: unknown section(s) {', '.join(map(repr, unknown))}")
    raw_cards = data.get("card")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise CatalogueError("catalogue: it needs [[card]] entries")
    cards: dict[str, Card] = {}
    names: dict[str, str] = {}
    for index, raw in enumerate(raw_cards):
        card = _parse_card(index, raw, known_effect)
        if card.id in cards:
            raise _card_error(f"card {card.id!r}", "id", "is used by two cards")
        folded = card.name.casefold()
        if folded in names:
            raise _card_error(
                f"card {card.id!r}", "name", f"{card.name!r} is also card {names[folded]!r}"
            )
        cards[card.id] = card
        names[folded] = card.id
    sizes = data.get("decks", {})
    if not isinstance(sizes, dict):
        raise CatalogueError("catalogue: [decks] must be a table of deck sizes")
    for deck, size in sizes.items():
        if deck not in DECKS:
            raise CatalogueError(f"[decks]: unknown deck {deck!r} (decks: {', '.join(DECKS)})")
        if not isinstance(size, int) or isinstance(size, bool) or size < 1:
            raise CatalogueError(f"[decks]: {deck} must be a whole number of cards, got {size!r}")
    catalogue = Catalogue(cards, dict(sizes))
    for deck in DECKS:
        total = sum(catalogue.deck(deck).values())
        expected = sizes.get(deck)
        if expected is not None and total != expected:
            raise CatalogueError(
                f"[decks]: the {deck} deck should hold {expected} cards but its cards' counts "
                f"add up to {total}"
            )
        if total == 0:
            raise CatalogueError(f"catalogue: the {deck} deck has no cards")
    defenses = sum(c.count for c in catalogue.of_type("defense"))
    if defenses < SETUP_DEFENSES:
        raise CatalogueError(
            f"catalogue: the player deck needs at least {SETUP_DEFENSES} defense cards for "
            f"setup, it has {defenses}"
        )
    if sum(catalogue.deck("player").values()) < SETUP_DEFENSES + HAND_SIZE:
        raise CatalogueError(
            f"catalogue: the player deck needs at least {SETUP_DEFENSES + HAND_SIZE} cards"
        )
    return catalogue


def load_catalogue_text(
    text: str, known_effect: Callable[[str, str], str | None], source: str = "catalogue"
) -> Catalogue:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise CatalogueError(f"{source} is not valid TOML: {err}") from err
    return parse_catalogue(data, known_effect)


def load_catalogue_file(path: Path, known_effect: Callable[[str, str], str | None]) -> Catalogue:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise CatalogueError(f"cannot read the catalogue {path}: {err}") from err
    return load_catalogue_text(text, known_effect, source=str(path))
