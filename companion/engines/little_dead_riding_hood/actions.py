"""The actions of Little Dead Riding Hood: small frozen values with a stable key.

Each action is a tuple whose first value is its verb, laid out exactly as the
engine's tuples always were (``("place", 0, 1)``, ``("fight", 2, "cake-and-wine:1")``),
so an action still equals the plain tuple and saved scenarios keep working.  Each
class names its fields once, in tuple order, and one text template; the template
gives the action's key (today's action text, the version-1 key the journal and
scenario files store) and parses it back, so neither needs the game state.

A NamedTuple cannot put a fixed verb before its fields, so the classes are tuple
subclasses that build the verb in and refuse attribute changes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from companion.engines.little_dead_riding_hood.board import START_ROW, Cell, cell_text
from companion.engines.little_dead_riding_hood.components import (
    CARD_KEYS,
    HELPERS,
    HIDDEN,
    TILE_KINDS,
    card_title,
)

GIFT_TEXT = {"card": "take a card", "bullet": "take a bullet", "tile": "place a tile"}


# -- how each kind of field reads in a key --------------------------------------------------
@dataclass(frozen=True)
class Field:
    """How one field is written in a key and read back from it."""

    pattern: str
    show: Callable[[Any], str]
    read: Callable[[str], Any]
    width: int = 1
    """How many tuple slots the field takes (a space takes two: row and column)."""


def _named(names: dict[Any, str]) -> Field:
    """A field whose values each have one fixed text."""
    back = {text.casefold(): value for value, text in names.items()}
    texts = sorted(names.values(), key=len, reverse=True)
    return Field(
        "|".join(re.escape(t) for t in texts), lambda v: names[v], lambda t: back[t.casefold()]
    )


def _read_cell(text: str) -> Cell:
    numbers = [int(n) for n in re.findall(r"\d+", text)]
    if text.casefold().startswith("start"):
        return (START_ROW, numbers[0] - 1)
    return (numbers[0] - 1, numbers[1] - 1)


def _show_bullets(count: int) -> str:
    return f"{count} bullet{'' if count == 1 else 's'}"


CARDS = {key: card_title(key) for key in sorted(CARD_KEYS)}
_CARD = _named(CARDS)

FIELDS: dict[str, Field] = {
    "cell": Field(r"row \d+ col \d+|start col \d+", cell_text, _read_cell, width=2),
    "card": _CARD,
    "drawn": _named({**CARDS, HIDDEN: card_title(HIDDEN)}),
    "player": Field(r"player \d+", lambda q: f"player {q + 1}", lambda t: int(t.split()[1]) - 1),
    "helper": _named({h: n if n.startswith("The ") else f"the {n}" for h, n in HELPERS.items()}),
    "tile": _named({k: f"{'an' if n[0] in 'aeiou' else 'a'} {n}" for k, n in TILE_KINDS.items()}),
    "token": _named({"bullet": "a bullet", "wolf": "the wolf"}),
    "gift": _named({**GIFT_TEXT, "done": "done"}),
    "offer": _named({**GIFT_TEXT, "none": "take nothing"}),
    "target": Field(
        r"nobody discards|player \d+ discards at random",
        lambda q: "nobody discards" if q < 0 else f"player {q + 1} discards at random",
        lambda t: -1 if t.casefold().startswith("nobody") else int(t.split()[1]) - 1,
    ),
    "bullets": Field(r"\d+ bullets?", _show_bullets, lambda t: int(t.split()[0])),
    "cake": Field(
        rf"(?: and (?:{_CARD.pattern}))?",
        lambda k: f" and {card_title(k)}" if k else "",
        lambda t: _CARD.read(t[5:]) if t else "",
    ),
}
"""Field name -> how it reads; an action class's annotations name its fields."""


# -- the action values --------------------------------------------------------------------
class Act(tuple[Any, ...]):
    """An action: ``(verb, *slots)``; ``key`` is its stable text."""

    verb: ClassVar[str]
    template: ClassVar[str]
    fields: ClassVar[tuple[str, ...]] = ()
    pattern: ClassVar[re.Pattern[str]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.fields = tuple(cls.__dict__.get("__annotations__", {}))
        at = 1
        for name in cls.fields:
            setattr(cls, name, _slot_property(at, FIELDS[name].width))
            at += FIELDS[name].width
        regex = re.escape(cls.template)
        for name in cls.fields:
            regex = regex.replace(
                re.escape("{" + name + "}"), f"(?P<{name}>{FIELDS[name].pattern})"
            )
        cls.pattern = re.compile(regex, re.IGNORECASE)

    def __new__(cls, *values: Any) -> Act:
        if len(values) != len(cls.fields):
            raise TypeError(f"{cls.__name__} takes {len(cls.fields)} values, got {len(values)}")
        slots: list[Any] = [cls.verb]
        for name, value in zip(cls.fields, values, strict=True):
            slots += list(value) if FIELDS[name].width == 2 else [value]
        return super().__new__(cls, slots)

    def __getnewargs__(self) -> tuple[Any, ...]:  # type: ignore[override]
        return tuple(getattr(self, name) for name in self.fields)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    @property
    def key(self) -> str:
        """The action's stable text (what the journal stores); needs no state."""
        values = {name: FIELDS[name].show(getattr(self, name)) for name in self.fields}
        return self.template.format(**values)

    @classmethod
    def parse(cls, text: str) -> Act | None:
        """The action of this class whose key is ``text`` (any case), or None."""
        match = cls.pattern.fullmatch(text)
        if match is None:
            return None
        return cls(*(FIELDS[name].read(match.group(name)) for name in cls.fields))


def _slot_property(at: int, width: int) -> property:
    if width == 2:
        return property(lambda self: (self[at], self[at + 1]))
    return property(lambda self: self[at])


# drawing (chance outcomes)
class DrawCard(Act):
    """An event card comes off the deck (``?``: face down, table cards)."""

    verb, template = "card", "draw {drawn}"
    drawn: str


class DrawTile(Act):
    verb, template = "tile", "draw {tile}"
    tile: str


class DrawToken(Act):
    """A token comes out of the combat bag."""

    verb, template = "bag", "draw {token} from the bag"
    token: str


class LoseCard(Act):
    """The Evil Stepmother's random discard."""

    verb, template = "lose-card", "discard {card} at random"
    card: str


# helpers
class ChooseHelper(Act):
    verb, template = "helper", "choose {helper}"
    helper: str


class Fairest(Act):
    """Who In The Land Is Fairest Of All?, asked of one player."""

    verb, template = "fairest", "play {card}: choose another helper"
    card: str


class FairestBy(Act):
    """Who In The Land Is Fairest Of All?, played by anyone at the table (LD24)."""

    verb, template = "fairest", "{player} plays {card}: choose another helper"
    card: str
    player: int


class LetStand(Act):
    verb, template = "let-stand", "let the helper stand"


class PrinceStep(Act):
    verb, template = "prince-step", "Prince: move to {cell}"
    cell: Cell


class SwitchFrom(Act):
    verb, template = "switch-from", "Prince: switch the tile at {cell}"
    cell: Cell


class SwitchWith(Act):
    verb, template = "switch-with", "Prince: with the tile at {cell}"
    cell: Cell


class PrinceDone(Act):
    verb, template = "prince-done", "Prince: done"


class QueenTake(Act):
    verb, template = "queen-take", "Wicked Queen: take the wolf at {cell}"
    cell: Cell


class QueenPut(Act):
    verb, template = "queen-put", "Wicked Queen: put the wolf at {cell}"
    cell: Cell


class QueenDone(Act):
    verb, template = "queen-done", "Wicked Queen: done"


class GodmotherGift(Act):
    """The Fairy Godmother's chooser takes a gift (or is done)."""

    verb, template = "godmother", "Fairy Godmother: {gift}"
    gift: str


class Gift(Act):
    """Another player's one Fairy Godmother gift (or none)."""

    verb, template = "gift", "{offer}"
    offer: str


class Stepmother(Act):
    """Who discards at random (-1: nobody)."""

    verb, template = "stepmother", "Evil Stepmother: {target}"
    target: int


# tiles
class Place(Act):
    verb, template = "place", "place the tile at {cell}"
    cell: Cell


class BreadCrumbs(Act):
    verb, template = "bread-crumbs", "play {card}: draw another path piece"
    card: str


# a card turn
class Pass(Act):
    verb, template = "pass", "play no card"


class MoveWith(Act):
    verb, template = "move", "move with {card}"
    card: str


class WolfCard(Act):
    verb, template = "wolf", "play {card}: {player} skips their next turn"
    card: str
    player: int


class Sitting(Act):
    verb, template = "sitting", "play {card}: trade hands with {player}"
    card: str
    player: int


class BigHands(Act):
    verb, template = "big-hands", "play {card}: {player} back to {cell}"
    card: str
    player: int
    cell: Cell


class OffPath(Act):
    verb, template = "off-path", "play {card}: remove the tile at {cell}"
    card: str
    cell: Cell


class Flowers(Act):
    verb, template = "flowers", "play {card}"
    card: str


class FlowersFrom(Act):
    verb, template = "flowers-from", "Picking Flowers: the path piece at {cell}"
    cell: Cell


class FlowersWith(Act):
    verb, template = "flowers-with", "Picking Flowers: exchange it with the path piece at {cell}"
    cell: Cell


# movement and combat
class StepTo(Act):
    verb, template = "step", "step to {cell}"
    cell: Cell


class Stop(Act):
    verb, template = "stop", "stop moving"


class Fight(Act):
    """Commit bullets to the bag ('' or the Cake and Wine card played with them)."""

    verb, template = "fight", "fight with {bullets}{cake}"
    bullets: int
    cake: str


class OnceUponATime(Act):
    verb, template = "once-upon-a-time", "play {card}: draw again"
    card: str


class AcceptWolf(Act):
    verb, template = "accept-wolf", "accept the wolf"


class Retreat(Act):
    verb, template = "retreat", "move back to {cell}"
    cell: Cell


def _subclasses(cls: type[Act]) -> Iterator[type[Act]]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


ACTION_TYPES: tuple[type[Act], ...] = tuple(_subclasses(Act))
_BY_SHAPE = {(t.verb, 1 + sum(FIELDS[f].width for f in t.fields)): t for t in ACTION_TYPES}

CELL_ACTIONS = (
    Place,
    StepTo,
    PrinceStep,
    SwitchFrom,
    SwitchWith,
    QueenTake,
    QueenPut,
    FlowersFrom,
    FlowersWith,
    Retreat,
)
"""Actions a tap on their board space plays (card plays that name a space are not)."""


def typed(action: Any) -> Act | None:
    """``action`` as its action class (a plain tuple is converted), or None."""
    if isinstance(action, Act):
        return action
    if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
        return None
    kind = _BY_SHAPE.get((action[0], len(action)))
    if kind is None:
        return None
    value = tuple.__new__(kind, action)
    try:
        check = kind(*value.__getnewargs__())
        _ = check.key  # every field must have its text
    except (KeyError, TypeError, ValueError, IndexError):
        return None
    return check


def key_of(action: Any) -> str:
    """An action's key; something that is no action of this game shows as its repr."""
    act = typed(action)
    return repr(action) if act is None else act.key


def _first_word(text: str) -> str:
    return text.split(" ", 1)[0].casefold()


_OPEN_TYPES = tuple(t for t in ACTION_TYPES if "{" in _first_word(t.template))
"""Kinds whose key starts with a value ("{player} plays ..."): any key may be one."""
_TYPES_BY_WORD = {
    word: tuple(t for t in ACTION_TYPES if t in _OPEN_TYPES or _first_word(t.template) == word)
    for word in {_first_word(t.template) for t in ACTION_TYPES}
}
"""The kinds a key may be, by its first word (in ``ACTION_TYPES`` order): a key is
tried against a few patterns, not all of them."""


def parse_key(text: str) -> Act | None:
    """The action a key names (legal now or not), or None; needs no state."""
    wanted = " ".join(str(text).split())
    for kind in _TYPES_BY_WORD.get(_first_word(wanted), _OPEN_TYPES):
        act = kind.parse(wanted)
        if act is not None:
            return act
    return None
