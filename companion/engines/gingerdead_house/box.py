"""The box: which cards this copy of the game holds, read from ``box.toml``.

The rulebook lists only a few of its 330 cards (GH1), so the decks are data an owner
can correct.  The file is read through ``datafile`` (one error type, DataFileError,
naming the file, the card and the field) when the game first needs it, never at
import: a broken file makes this one game unavailable, not the app.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

from companion.engines.datafile import DataFileError, TableReader, parse_toml, read_toml
from companion.engines.gingerdead_house.cards import (
    CARD_TYPES,
    DECKS,
    HAND_SIZE,
    LANES,
    MAX_FLIPS,
    SETUP_DEFENSES,
    Card,
    Catalogue,
    Power,
)
from companion.engines.gingerdead_house.effects import effect_problem

BOX_FILE: Traversable = files(__package__ or __name__) / "box.toml"
BOX_NAME = "box.toml"
CARD_FIELDS = (
    "id",
    "name",
    "key",
    "type",
    "power",
    "lane",
    "flips",
    "effect",
    "count",
    "text",
    "assumed",
)
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")

KnownEffect = Callable[[str, str], str | None]
"""``known_effect(effect id, card type)``: why that effect cannot go on that card, or None."""

__all__ = [
    "BOX_FILE",
    "DataFileError",
    "box_from_text",
    "deck_problem",
    "load_box",
    "shipped_box",
    "parse_box",
]


def load_box(
    source: Path | Traversable | None = None,
    known_effect: KnownEffect = effect_problem,
    version: int | None = None,
) -> Catalogue:
    """The catalogue of a box file (the shipped ``box.toml`` when ``source`` is None)
    as it was in ``version`` (None: the newest)."""
    if source is None:
        return parse_box(read_toml(BOX_FILE, BOX_NAME), known_effect, version)
    return parse_box(read_toml(source, str(source)), known_effect, version)


def shipped_box(version: int | None = None) -> Catalogue:
    """The shipped box as it was in ``version`` (None: the newest), read once."""
    return _read_once(str(BOX_FILE), version)


@cache
def _read_once(box_file: str, version: int | None) -> Catalogue:
    """Keyed by the file's path too: a test pointing ``BOX_FILE`` elsewhere reads that."""
    return parse_box(read_toml(BOX_FILE, BOX_NAME), effect_problem, version)


def box_from_text(
    text: str | bytes, name: str = BOX_NAME, known_effect: KnownEffect = effect_problem
) -> Catalogue:
    """The catalogue of box data given as text (tests, an owner's upload)."""
    return parse_box(parse_toml(text, name), known_effect)


def _power(card: TableReader, card_type: str) -> Power:
    if card_type not in ("defense", "monster"):
        if card.has("power"):
            raise card.error(f"{card.where('power')} is not used on a {card_type} card")
        return None
    if not card.has("power"):
        raise card.error(f"{card.where('power')} is required for a {card_type} card")
    raw = card.raw("power")
    if raw == "X":
        return None
    if isinstance(raw, int) and not isinstance(raw, bool) and raw >= 0:
        return raw
    raise card.error(f'{card.where("power")} must be a whole number >= 0 or "X", got {raw!r}')


def _only_on(card: TableReader, key: str, card_type: str, wanted: str) -> None:
    if card_type != wanted and card.has(key):
        raise card.error(f"{card.where(key)} is only used on {wanted} cards, not on a {card_type}")


def _card(card: TableReader, known_effect: KnownEffect) -> Card:
    card_id = card.raw("id", None)
    if not isinstance(card_id, str) or not _ID.match(card_id):
        raise card.error(
            f"{card.where('id')} must be lowercase letters, digits and dashes, got {card_id!r}"
        )
    card.place = f"card {card_id!r}"
    name = card.text("name").strip()
    key = card.text("key").strip() if card.has("key") else ""  # given, it must say something
    card_type = card.choice("type", CARD_TYPES)
    power = _power(card, card_type)
    _only_on(card, "lane", card_type, "monster")
    lane = card.whole("lane", 1, LANES) if card_type == "monster" else None
    _only_on(card, "flips", card_type, "action")
    flips = card.whole("flips", 0, MAX_FLIPS) if card_type == "action" else 0
    effect = card.text("effect", "", empty=True)
    if effect:
        problem = known_effect(effect, card_type)
        if problem:
            raise card.error(f"{card.where('effect')}: {problem}")
    count = card.whole("count", 0, default=1)
    text = card.text("text", "", empty=True)
    assumed = card.texts("assumed", [])
    wrong = [a for a in assumed if a not in CARD_FIELDS]
    if wrong:
        raise card.error(
            f"{card.where('assumed')} must list field names from {', '.join(CARD_FIELDS)}, "
            f"not {', '.join(map(repr, wrong))}"
        )
    card.done()
    return Card(
        card_id, name, card_type, power, lane, flips, effect, count, text, tuple(assumed), key
    )


def _cards(top: TableReader, known_effect: KnownEffect) -> dict[str, Card]:
    if not top.has("card"):
        raise top.error("it needs [[card]] entries")
    cards: dict[str, Card] = {}
    names: dict[str, str] = {}
    for reader in top.tables("card"):
        card = _card(reader, known_effect)
        if card.id in cards:
            raise top.error(f"[card {card.id!r}] id is used by two cards")
        for word in {card.name, card.key_name}:
            folded = word.casefold()
            if folded in names and names[folded] != card.id:
                raise top.error(f"[card {card.id!r}] name {word!r} is also card {names[folded]!r}")
            names[folded] = card.id
        cards[card.id] = card
    return cards


def _deck_sizes(top: TableReader) -> dict[str, int]:
    decks = top.table("decks", optional=True)
    sizes = {}
    for deck in decks.keys():
        if deck not in DECKS:
            raise top.error(f"[decks] has an unknown deck {deck!r} (decks: {', '.join(DECKS)})")
        sizes[deck] = decks.whole(deck, 1)
    return sizes


def _earlier_counts(
    top: TableReader, cards: dict[str, Card], latest: int
) -> dict[int, dict[str, int]]:
    """``[versions.N]``: the card counts that differed in each earlier version N."""
    versions = top.table("versions", optional=True)
    earlier: dict[int, dict[str, int]] = {}
    for name in versions.keys():
        if not name.isdigit() or not 1 <= int(name) < latest:
            raise top.error(
                f"[versions] {name!r} must be an earlier box version, 1 to {latest - 1}"
            )
        table = versions.table(name)
        counts = {}
        for card_id in table.keys():
            if card_id not in cards:
                raise table.error(f"[versions.{name}] names no card of this box: {card_id!r}")
            counts[card_id] = table.whole(card_id, 0)
        table.done()
        earlier[int(name)] = counts
    versions.done()
    return earlier


def _with_counts(cards: dict[str, Card], counts: dict[str, int]) -> dict[str, Card]:
    return {i: replace(c, count=counts[i]) if i in counts else c for i, c in cards.items()}


def deck_problem(catalogue: Catalogue) -> str | None:
    """Why these decks cannot be played (a deck without cards, too few for setup), or None."""
    for deck in DECKS:
        total = sum(catalogue.deck_view(deck).values())
        expected = catalogue.deck_sizes.get(deck)
        if expected is not None and total != expected:
            return (
                f"the {deck} deck should hold {expected} cards but its cards' counts "
                f"add up to {total}"
            )
        if total == 0:
            return f"the {deck} deck has no cards"
    defenses = sum(c.count for c in catalogue.of_type("defense"))
    if defenses < SETUP_DEFENSES:
        return (
            f"the player deck needs at least {SETUP_DEFENSES} defense cards for setup, "
            f"it has {defenses}"
        )
    if sum(catalogue.deck_view("player").values()) < SETUP_DEFENSES + HAND_SIZE:
        return f"the player deck needs at least {SETUP_DEFENSES + HAND_SIZE} cards"
    return None


def parse_box(
    top: TableReader, known_effect: KnownEffect = effect_problem, version: int | None = None
) -> Catalogue:
    """Validate a parsed box file: every card, the deck sizes, enough cards to set up,
    in each of its versions; the catalogue of ``version`` (None: the newest)."""
    cards = _cards(top, known_effect)
    sizes = _deck_sizes(top)
    latest = top.whole("version", 1, default=1)
    earlier = _earlier_counts(top, cards, latest)
    top.done()
    wanted = latest if version is None else version
    if not 1 <= wanted <= latest:
        raise top.error(f"this box has versions 1 to {latest}, not {wanted}")
    chosen = None
    for number in range(1, latest + 1):
        catalogue = Catalogue(_with_counts(cards, earlier.get(number, {})), sizes, number)
        problem = deck_problem(catalogue)
        if problem:
            where = f"version {number}: " if latest > 1 else ""
            raise top.error(f"{where}{problem}")
        if number == wanted:
            chosen = catalogue
    assert chosen is not None
    return chosen
