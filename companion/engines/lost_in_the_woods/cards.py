"""The Journey deck's card kinds and their names (``box.py`` says how many a box holds).

Cards of the same kind are identical for the rules, so the engine tracks kinds and counts.
The index order of ``KINDS`` is shared with the advisor's simulator.
"""

from __future__ import annotations

SYMBOLS = ("acorn", "shamrock", "distelfink")
"""The three good luck symbols of the Progress cards."""
ANIMALS = ("wolf", "owl", "bat")
"""The three forest animals of the Fright cards."""
EVENTS = (
    "well",
    "torch",
    "compass",
    "lightning",
    "gravestone",
    "signpost",
    "scarecrow",
    "horseman",
)
KINDS = SYMBOLS + ANIMALS + EVENTS
INDEX = {kind: i for i, kind in enumerate(KINDS)}

NAMES = {
    "acorn": "Acorn",
    "shamrock": "Shamrock",
    "distelfink": "Double Distelfink",
    "wolf": "Wolf",
    "owl": "Owl",
    "bat": "Bat",
    "well": "Wishing Well",
    "torch": "Torch",
    "compass": "Compass",
    "lightning": "Lightning",
    "gravestone": "Gravestone",
    "signpost": "Signpost",
    "scarecrow": "Scarecrow",
    "horseman": "Headless Horseman",
}


def is_progress(kind: str) -> bool:
    return kind in SYMBOLS


def is_fright(kind: str) -> bool:
    return kind in ANIMALS


def plural(kind: str, count: int) -> str:
    """'1 Wolf', '2 Wolves', '3 Wishing Wells' - for messages a player reads."""
    name = NAMES[kind]
    if count == 1:
        return f"1 {name}"
    if name.endswith("f"):
        return f"{count} {name[:-1]}ves"
    if name.endswith("man"):
        return f"{count} {name[:-3]}men"
    if name.endswith(("ch", "ss")):
        return f"{count} {name}es"
    return f"{count} {name}s"


def a_card(kind: str) -> str:
    """'a Wolf', 'an Acorn', 'an Owl': a card's name with its article."""
    name = NAMES[kind]
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"
