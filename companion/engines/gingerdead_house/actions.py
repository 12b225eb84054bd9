"""Gingerdead House's actions: small frozen values, one class per kind of move.

Each kind is its own class, so a reveal never equals a draw of the same card.  The
action's key (what the journal stores) is its version-1 text, written by
``text.action_text``: "place Gummy Grunt at lane 2 row 3", "flip Dragon".  Those
texts name cards by their printed names (from the box) and four kinds also name
what stands on the board ("... replacing Wall 6", "raise Zombie ...", an ability's
or a trick's target), so a key is read back with the box and, for those, the
position (``text.parse_key``).  The texts cannot change: saved games replay them.
"""

from __future__ import annotations

from dataclasses import dataclass

Target = tuple[int, ...]
"""The numbers after a trick's or an ability's card: fields, lanes, rows."""


@dataclass(frozen=True, slots=True)
class Reveal:
    """Setup: a defense found while searching the player's deck (chance)."""

    card: str


@dataclass(frozen=True, slots=True)
class Draw:
    """A card drawn into the hand (chance); ``card`` is "" with table decks."""

    card: str


@dataclass(frozen=True, slots=True)
class Flip:
    """The top action card or monster card turned over (chance)."""

    card: str


@dataclass(frozen=True, slots=True)
class Setup:
    """Setup: a revealed defense placed on an empty tile of the player's field."""

    card: str
    lane: int
    row: int


@dataclass(frozen=True, slots=True)
class Place:
    """A defense from the hand placed on a tile of ``field`` (maybe replacing one)."""

    card: str
    field: int
    lane: int
    row: int


@dataclass(frozen=True, slots=True)
class Rise:
    """A resurrection monster raised in row 5 of ``lane`` of ``field`` (GH6)."""

    field: int
    lane: int


@dataclass(frozen=True, slots=True)
class Put:
    """The stolen defense put on an empty tile of the thief's field (GH15)."""

    lane: int
    row: int


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick card played at ``target`` (its meaning depends on the card's effect)."""

    card: str
    target: Target


@dataclass(frozen=True, slots=True)
class Ability:
    """The once-per-turn ability of the defense at lane/row used on ``target``."""

    lane: int
    row: int
    target: Target


@dataclass(frozen=True, slots=True)
class Pass:
    """The trick window: this opponent plays no more tricks."""


@dataclass(frozen=True, slots=True)
class End:
    """The active player ends the player step: their monsters move."""


Action = Reveal | Draw | Flip | Setup | Place | Rise | Put | Trick | Ability | Pass | End
ACTION_TYPES = (Reveal, Draw, Flip, Setup, Place, Rise, Put, Trick, Ability, Pass, End)
CHANCE_TYPES = (Reveal, Draw, Flip)

PASS = Pass()
END = End()
