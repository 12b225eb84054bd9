"""The named components of Little Dead Riding Hood: tile kinds, helpers, card effects.

These names come from the rulebook and are fixed; how many of each exist is data
(``box.toml``).  Card keys join an effect and its movement value, because two
cards with the same effect but different movement values are different choices.
"""

from __future__ import annotations

TILE_KINDS: dict[str, str] = {
    "path-wolf": "path (wolf icon)",
    "path-bullet": "path (bullet icon)",
    "path-plain": "path (no icon)",
    "obstacle": "obstacle",
}
PATH_KINDS = ("path-wolf", "path-bullet", "path-plain")

HELPERS: dict[str, str] = {
    "prince": "Prince",
    "wicked-queen": "Wicked Queen",
    "huntsman": "Huntsman",
    "fairy-godmother": "Fairy Godmother",
    "youngest-brother": "The Youngest Brother",
    "evil-stepmother": "Evil Stepmother",
}

EFFECTS: dict[str, str] = {
    "cake-and-wine": "Cake and Wine",
    "trail-of-bread-crumbs": "Trail of Bread Crumbs",
    "whos-been-sitting": "Who's Been Sitting On My Chair?",
    "fairest-of-all": "Who In The Land Is Fairest Of All?",
    "big-hands": "My...What Big Hands You Have?",
    "off-the-path": "Off The Path",
    "wolf": "Wolf!!!",
    "once-upon-a-time": "Once Upon A Time",
    "picking-flowers": "Picking Flowers",
}

MOVEMENT_VALUES = (1, 2, 3)

PAWNS: tuple[tuple[str, str], ...] = (
    ("Red", "#db2924"),
    ("Blue", "#336be6"),
    ("Black", "#1a1a1a"),
    ("Green", "#2ea842"),
    ("Yellow", "#f2d129"),
)
"""Little Red, Blue, Black, Green and Yellow Riding Hood: the pawns in seat order, with
the colour the screen draws them in."""
RIDING_HOODS = tuple(name for name, _ in PAWNS)

HIDDEN = "?"
"""A face-down table card (table-card mode): in a hand or the deck, identity unknown."""


def card_key(effect: str, movement: int) -> str:
    """The key of an event card, e.g. ``"wolf:2"``."""
    return f"{effect}:{movement}"


def card_effect(key: str) -> str:
    return key.split(":", 1)[0]


def card_movement(key: str) -> int:
    return int(key.split(":", 1)[1])


def card_title(key: str) -> str:
    """A card as players name it, e.g. ``Wolf!!! (2)``."""
    if key == HIDDEN:
        return "a card"
    return f"{EFFECTS[card_effect(key)]} ({card_movement(key)})"


CARD_KEYS = frozenset(card_key(e, m) for e in EFFECTS for m in MOVEMENT_VALUES)


def is_card_key(value: object) -> bool:
    return isinstance(value, str) and value in CARD_KEYS
