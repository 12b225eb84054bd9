"""The actions of Beware of the Wolf as small frozen values, each with its stable key.

Every action is a tuple, so it still equals the plain tuple the engine used before
(``("roll", 3) == Roll(3)``) and old saves, scenarios and tests keep working.  Its
``key`` is the version-1 action text the journal stores: it needs no state and
never changes between releases.  ``parse_key`` reads a key back without the state.

One key names a move only by where it ends ("move to o5"): the route is named
("move to o20 via o16 o17 o18 o19") only when another way of the same throw ends
on the same space.  Such a key parses to ``MoveTo`` and the state finds the route.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, NamedTuple

from companion.engines.base import IllegalAction
from companion.engines.beware_of_the_wolf.board import HOUSE_STEP
from companion.engines.beware_of_the_wolf.die import WOLF_FACE


class _WolfAt(NamedTuple):
    kind: str
    degrees: int


class WolfAt(_WolfAt):
    """The wolf comes to rest pointing at ``degrees`` (setting it up, or a spin)."""

    __slots__ = ()

    def __new__(cls, degrees: int) -> WolfAt:
        return super().__new__(cls, "wolf", degrees)

    def __getnewargs__(self) -> tuple[Any, ...]:  # type: ignore[override]
        return (self.degrees,)

    @property
    def key(self) -> str:
        return f"wolf points at {self.degrees} deg"


class _ChooseHouse(NamedTuple):
    kind: str
    colour: str


class ChooseHouse(_ChooseHouse):
    """A player takes the house of this colour."""

    __slots__ = ()

    def __new__(cls, colour: str) -> ChooseHouse:
        return super().__new__(cls, "house", colour)

    def __getnewargs__(self) -> tuple[Any, ...]:  # type: ignore[override]
        return (self.colour,)

    @property
    def key(self) -> str:
        return f"choose the {self.colour} house"


class _Roll(NamedTuple):
    kind: str
    face: int | str


class Roll(_Roll):
    """The die shows ``face`` (a number or the wolf's head)."""

    __slots__ = ()

    def __new__(cls, face: int | str) -> Roll:
        return super().__new__(cls, "roll", face)

    def __getnewargs__(self) -> tuple[Any, ...]:  # type: ignore[override]
        return (self.face,)

    @property
    def key(self) -> str:
        return "roll the wolf's head" if self.face == WOLF_FACE else f"roll {self.face}"


class _Word(NamedTuple):
    kind: str


class Word(_Word):
    """An action with no detail: spin the wolf, leave it, forfeit the throw."""

    __slots__ = ()

    @property
    def key(self) -> str:
        return WORD_KEYS[self.kind]


SPIN = Word("spin")
LEAVE = Word("leave")
FORFEIT = Word("forfeit")
WORD_KEYS = {"spin": "spin the wolf", "leave": "leave the wolf", "forfeit": "forfeit the throw"}


class Move(tuple):  # type: ignore[type-arg]
    """``("move", *path)``: the pawn steps onto each space of ``path`` in turn.

    ``route`` (not part of equality) says whether the key names the spaces
    passed: the state sets it when another way of the same throw ends there too.
    """

    route: bool

    def __new__(cls, path: Iterable[str], route: bool = False) -> Move:
        self = super().__new__(cls, ("move", *path))
        self.__dict__["route"] = route
        return self

    def __getnewargs__(self) -> tuple[Any, ...]:
        return (self.path, self.route)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Move is frozen")

    @property
    def path(self) -> tuple[str, ...]:
        return tuple(self[1:])

    @property
    def end(self) -> str:
        return str(self[-1])

    @property
    def key(self) -> str:
        text = f"move {_target(self.end)}"
        if self.route:
            text += f" via {' '.join(self.path[:-1]) or 'nowhere'}"
        return text

    def __repr__(self) -> str:
        return f"Move({self.path!r})"


class _MoveTo(NamedTuple):
    kind: str
    end: str


class MoveTo(_MoveTo):
    """A move named only by where it ends; the state resolves it to its one route."""

    __slots__ = ()

    def __new__(cls, end: str) -> MoveTo:
        return super().__new__(cls, "move-to", end)

    def __getnewargs__(self) -> tuple[Any, ...]:  # type: ignore[override]
        return (self.end,)

    @property
    def key(self) -> str:
        return f"move {_target(self.end)}"


WolfAction = WolfAt | ChooseHouse | Roll | Word | Move | MoveTo


def _target(end: str) -> str:
    return "into the house" if end == HOUSE_STEP else f"to {end}"


_WOLF = re.compile(r"wolf points at (\d{1,3}) deg")
_HOUSE = re.compile(r"choose the (.+) house")
_ROLL = re.compile(r"roll (\d{1,2})")
_MOVE = re.compile(r"move (?:into the (house)|to (\S+))(?: via (.+))?")


def parse_key(key: str) -> WolfAction:
    """The action a key names, legal now or not; IllegalAction if it names none."""
    text = " ".join(str(key).split())
    lowered = text.casefold()
    for action in (SPIN, LEAVE, FORFEIT):
        if lowered == action.key:
            return action
    if lowered == "roll the wolf's head":
        return Roll(WOLF_FACE)
    if m := _WOLF.fullmatch(lowered):
        return WolfAt(int(m[1]))
    if m := _ROLL.fullmatch(lowered):
        return Roll(int(m[1]))
    if m := _HOUSE.fullmatch(text):
        return ChooseHouse(m[1])
    if m := _MOVE.fullmatch(text):
        end = HOUSE_STEP if m[1] else m[2]
        if m[3] is None:
            return MoveTo(end)
        passed = () if m[3] == "nowhere" else tuple(m[3].split())
        return Move((*passed, end), route=True)
    raise IllegalAction(f"{key!r} is not an action of this game")


def as_action(action: Any) -> WolfAction:
    """A typed action from a plain tuple or list (an old save, a test, JSON)."""
    if isinstance(action, WolfAt | ChooseHouse | Roll | Word | Move | MoveTo):
        return action
    if isinstance(action, list):
        action = tuple(action)
    if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
        raise IllegalAction(f"{action!r} is not an action of this game")
    kind, rest = action[0], action[1:]
    if kind == "wolf" and len(rest) == 1 and _is_int(rest[0]):
        return WolfAt(rest[0])
    if kind == "house" and len(rest) == 1 and isinstance(rest[0], str):
        return ChooseHouse(rest[0])
    if kind == "roll" and len(rest) == 1 and (_is_int(rest[0]) or rest[0] == WOLF_FACE):
        return Roll(rest[0])
    if kind in WORD_KEYS and not rest:
        return Word(kind)
    if kind == "move" and rest and all(isinstance(s, str) for s in rest):
        return Move(rest)
    if kind == "move-to" and len(rest) == 1 and isinstance(rest[0], str):
        return MoveTo(rest[0])
    raise IllegalAction(f"{action!r} is not an action of this game")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
