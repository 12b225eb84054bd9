"""The owner's corrections to a Gingerdead House box, one touch at a time.

The rulebook lists only a few of the 330 cards (GH1), so an owner corrects how many
copies of each card their box holds, corrects a card's printed values (power, lane,
monsters flipped, effect) and adds the cards the catalogue lacks (on the
My box screen, or at the moment such a card is flipped in table mode).  Each edit
returns a new ``Catalogue`` or raises ``BoxEditRefused`` with a sentence the owner
can read, so the screen never holds a box the game could not play.  An owner's box
counts its own decks: the shipped deck sizes (50 a deck) are no longer enforced.
A count the owner set, every value they corrected, and every field of a card they
added, is checked, not assumed.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from companion.engines.gingerdead_house.box import deck_problem
from companion.engines.gingerdead_house.cards import (
    CARD_TYPES,
    LANES,
    MAX_FLIPS,
    Card,
    Catalogue,
    Power,
)
from companion.engines.gingerdead_house.effects import EFFECTS, effect_problem

MAX_COUNT = 50
"""The most copies of one card a deck can hold (a deck is 50 cards)."""
MAX_NAME = 28
"""The longest card name the screens show on one button."""
MAX_POWER = 20
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 '\-.!]*$")
_WORDS_OF_KEYS = (" at lane ", " replacing ", " in lane ", ": ")
"""Words action keys are read by: a card name holding them could not be read back."""


class BoxEditRefused(ValueError):
    """An edit that would leave a box the game cannot play; ``str`` says why."""


@dataclass(frozen=True)
class NewCard:
    """A card the owner describes on the touch form (fields not used by its type are
    ignored: power for defenses and monsters, lane for monsters, flips for actions)."""

    type: str
    name: str
    power: Power = None
    lane: int = 1
    flips: int = 1
    effect: str = ""


def _owned(cards: dict[str, Card]) -> Catalogue:
    """The owner's box: these cards, its own counts (no shipped deck sizes), one version."""
    box = Catalogue(cards)
    problem = deck_problem(box)
    if problem:
        raise BoxEditRefused(f"That would leave a box the game cannot play: {problem}.")
    return box


def with_count(catalogue: Catalogue, card_id: str, count: int) -> Catalogue:
    """The box holding ``count`` copies of this card (its count now checked)."""
    if not 0 <= count <= MAX_COUNT:
        raise BoxEditRefused(f"A deck holds 0 to {MAX_COUNT} copies of one card.")
    card = catalogue.cards[card_id]
    owned = dataclasses.replace(
        card, count=count, assumed=tuple(a for a in card.assumed if a != "count")
    )
    return _owned({**catalogue.cards, card_id: owned})


VALUE_FIELDS = {
    "defense": ("power", "effect"),
    "monster": ("power", "lane", "effect"),
    "action": ("flips", "effect"),
    "trick": ("effect",),
}
"""The printed values the card form shows for each type: the fields a correction checks."""


def as_new_card(card: Card) -> NewCard:
    """The card as the touch form shows it, to correct its values."""
    return NewCard(card.type, card.name, card.power, card.lane or 1, card.flips, card.effect)


def with_values(catalogue: Catalogue, card_id: str, values: NewCard) -> Catalogue:
    """The box with this card's printed values corrected (its type kept); the values the
    form shows are then checked, and a changed effect brings its own text.  A corrected
    name is the name on the owner's card: the card keeps its old name in ``key``, which
    action keys (saved games, scenario files, recorded replays) go on reading."""
    card = catalogue.cards[card_id]
    if values.type != card.type:
        raise BoxEditRefused(f"{card.name} stays a {card.type} card: add a new card instead.")
    name = card.name
    if printed_name(values.name) != card.name:
        others = {i: c for i, c in catalogue.cards.items() if i != card_id}
        name = _tidy_name(Catalogue(others), values.name)
    power, lane, flips = _checked_numbers(values)
    if values.effect and effect_problem(values.effect, card.type):
        raise BoxEditRefused(f"That effect is not one a {card.type} card can have.")
    checked_now = set(VALUE_FIELDS[card.type]) | ({"name"} if name != card.name else set())
    text = card.text
    if values.effect != card.effect:
        text = EFFECTS[values.effect].summary if values.effect else ""
        checked_now.add("text")
    corrected = dataclasses.replace(
        card,
        name=name,
        key="" if name == card.key_name else card.key_name,
        power=power,
        lane=lane,
        flips=flips,
        effect=values.effect,
        text=text,
        assumed=tuple(a for a in card.assumed if a not in checked_now),
    )
    return _owned({**catalogue.cards, card_id: corrected})


def checked(catalogue: Catalogue) -> Catalogue:
    """The box as its owner saved it: every card's count checked."""
    cards = {
        i: dataclasses.replace(c, assumed=tuple(a for a in c.assumed if a != "count"))
        for i, c in catalogue.cards.items()
    }
    return _owned(cards)


def effect_choices(card_type: str) -> list[tuple[str, str]]:
    """The effects a card of this type may have: (effect id, what it does), none first."""
    found = [(e.id, e.summary) for e in EFFECTS.values() if e.card_type == card_type]
    return [("", "No effect (a plain card)"), *found]


def printed_name(name: str) -> str:
    """A name as the owner typed it, with single spaces."""
    return " ".join(name.split())


def _tidy_name(catalogue: Catalogue, name: str) -> str:
    tidy = printed_name(name)
    if not tidy:
        raise BoxEditRefused("The card needs its name, as printed on it.")
    if (
        len(tidy) > MAX_NAME
        or not _NAME.match(tidy)
        or any(w in f" {tidy.casefold()} " for w in _WORDS_OF_KEYS)
    ):
        raise BoxEditRefused(
            f"A card name is up to {MAX_NAME} letters, digits, spaces and ' - . !, "
            "without the words \u201cat lane\u201d or \u201creplacing\u201d."
        )
    taken = {w.casefold() for c in catalogue.cards.values() for w in (c.name, c.key_name)}
    if tidy.casefold() in taken:
        raise BoxEditRefused(f"The box already has a card called {tidy}.")
    return tidy


def _new_id(catalogue: Catalogue, name: str) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-") or "card"
    return next(
        candidate
        for n in range(1, len(catalogue.cards) + 2)
        if (candidate := base if n == 1 else f"{base}-{n}") not in catalogue.cards
    )


def _checked_numbers(new: NewCard) -> tuple[Power, int | None, int]:
    """The card's power, lane and flips as its type uses them, each within bounds."""
    power: Power = None
    if new.type in ("defense", "monster"):
        if new.power is not None and not 0 <= new.power <= MAX_POWER:
            raise BoxEditRefused(f"A card's power is X or a number from 0 to {MAX_POWER}.")
        power = new.power
    lane = None
    if new.type == "monster":
        if not 1 <= new.lane <= LANES:
            raise BoxEditRefused(f"A monster's lane is 1 to {LANES}.")
        lane = new.lane
    flips = 0
    if new.type == "action":
        if not 0 <= new.flips <= MAX_FLIPS:
            raise BoxEditRefused(f"An action card flips 0 to {MAX_FLIPS} monsters.")
        flips = new.flips
    return power, lane, flips


def with_new_card(catalogue: Catalogue, new: NewCard, count: int = 1) -> tuple[Catalogue, str]:
    """The box with one more kind of card (``count`` copies), and that card's id."""
    if new.type not in CARD_TYPES:
        raise BoxEditRefused(f"A card is a {', '.join(CARD_TYPES)} card.")
    name = _tidy_name(catalogue, new.name)
    power, lane, flips = _checked_numbers(new)
    if new.effect and effect_problem(new.effect, new.type):
        raise BoxEditRefused(f"That effect is not one a {new.type} card can have.")
    if not 1 <= count <= MAX_COUNT:
        raise BoxEditRefused(f"A deck holds 1 to {MAX_COUNT} copies of a new card.")
    card_id = _new_id(catalogue, name)
    text = EFFECTS[new.effect].summary if new.effect else ""
    card = Card(card_id, name, new.type, power, lane, flips, new.effect, count, text)
    return _owned({**catalogue.cards, card_id: card}), card_id
