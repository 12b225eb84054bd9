"""Which edition of a game's rules a game plays, kept in its setup data as ``"rules"``.

A rules fix that changes what happens at the table (an audit finding, say) would change
how an old saved game or a recorded replay ends; the promise is that those replay as
they were played.  So a fix comes as a new edition: new games are started with the
newest edition in their setup data, and a game whose setup names none plays edition 1,
the rules every game was played with before editions existed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engines.base import InvalidOptions

RULES_KEY = "rules"
FIRST = 1


def edition_in(name: str, setup: Mapping[str, Any], newest: int) -> int:
    """The edition ``setup`` names (``FIRST`` without one); a wrong value is
    InvalidOptions naming the game, the value and the editions this companion knows."""
    edition = setup.get(RULES_KEY, FIRST)
    if not isinstance(edition, int) or isinstance(edition, bool) or edition < FIRST:
        raise InvalidOptions(
            f"{name}: the rules edition must be a whole number from {FIRST}, not {edition!r}"
        )
    if edition > newest:
        raise InvalidOptions(
            f"{name}: this game was started with rules edition {edition}; this companion "
            f"knows editions {FIRST} to {newest}"
        )
    return edition


def without_edition(setup: Mapping[str, Any]) -> dict[str, Any]:
    """The setup data other than the rules edition, for a game's other setup readers."""
    return {key: value for key, value in setup.items() if key != RULES_KEY}
