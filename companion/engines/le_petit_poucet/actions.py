"""The actions of Le Petit Poucet as small frozen values, and their version-1 keys.

Each action is a NamedTuple whose first field is its kind, so it still equals the
plain tuple the engine used before (``Grab(1) == ("grab", 1)``): saved scenarios,
tests and the journal keep working.  The key (what the journal stores) is the
action's text from before the reshape and must never change.  Some of those texts
name more than the action value holds (the child passing the token, the voter,
the card on top), so writing a key takes that context (``Said``), and reading one
gives it back for the state to check.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple, Self

from companion.engines.le_petit_poucet.box import Box


class _Bare(NamedTuple):
    kind: str


class _Valued(NamedTuple):
    kind: str
    value: int


class _Kinded:
    """The kind comes from the class line: ``class Draw(BareAction, kind="draw")``."""

    __slots__ = ()
    KIND: ClassVar[str] = ""

    def __init_subclass__(cls, kind: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.KIND = kind


class BareAction(_Bare, _Kinded):
    """An action with nothing but its kind."""

    __slots__ = ()

    def __new__(cls) -> Self:
        return super().__new__(cls, cls.KIND)

    def __getnewargs__(self) -> tuple[()]:  # type: ignore[override]
        return ()


class ValuedAction(_Valued, _Kinded):
    """An action naming one number (a seat or a tree); the subclass names what it is."""

    __slots__ = ()

    def __new__(cls, value: int) -> Self:
        return super().__new__(cls, cls.KIND, value)

    def __getnewargs__(self) -> tuple[int]:  # type: ignore[override]
        return (self.value,)


class PlayerAction(ValuedAction):
    """An action naming one seat (0-based)."""

    __slots__ = ()

    @property
    def player(self) -> int:
        return self.value


class TreeAction(ValuedAction):
    """An action naming one tree of the box (its index)."""

    __slots__ = ()

    @property
    def tree(self) -> int:
        return self.value


# The actions, in the order of a turn (the kind is the version-1 tuple's first item).
class First(PlayerAction, kind="first"):
    """Chance: this child is the first player of the first turn."""


class Draw(BareAction, kind="draw"):
    """Step 1: the first player draws a tree token (its identity stays unknown)."""


class Pass(BareAction, kind="pass"):
    """Step 1: the holder passes the token to their left-hand neighbour."""


class PutInBox(BareAction, kind="box"):
    """Step 1: the last holder puts the token in the box."""


class Reveal(TreeAction, kind="reveal"):
    """Chance, step 2: this tree card turns up."""


class Grab(PlayerAction, kind="grab"):
    """Step 2, speed grab: this child took the card on top."""


class Take(BareAction, kind="take"):
    """Step 2, Variant for the Less Quick: the child asked takes the card."""


class Leave(BareAction, kind="leave"):
    """Step 2: nobody grabbed the card, or the child asked leaves it."""


class Vote(PlayerAction, kind="vote"):
    """Step 3: the voter's secret pebble names this card holder."""


class Token(TreeAction, kind="token"):
    """Chance, step 4: the token taken out of the box is this tree."""


Action = First | Draw | Pass | PutInBox | Reveal | Grab | Take | Leave | Vote | Token
KINDS: dict[str, type[Action]] = {
    cls.KIND: cls for cls in (First, Draw, Pass, PutInBox, Reveal, Grab, Take, Leave, Vote, Token)
}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def coerce(value: Any) -> Action | None:
    """``value`` as a typed action when it is one in any spelling (a typed action,
    ``("grab", 1)``, ``["grab", 1]`` from JSON), else None."""
    if isinstance(value, list):
        value = tuple(value)
    if not isinstance(value, tuple) or not value or not isinstance(value[0], str):
        return None
    cls = KINDS.get(value[0])
    if cls is None:
        return None
    args = value[1:]
    if issubclass(cls, BareAction):
        return cls() if not args else None
    if len(args) != 1 or not _whole(args[0]):
        return None
    return cls(args[0])


# -- keys ------------------------------------------------------------------------


def key_player(player: int) -> str:
    """A seat as the version-1 keys write it ("P2"); never shown to a player."""
    return f"P{player + 1}"


@dataclass(frozen=True)
class Said:
    """What a key names besides the action value: who acts (the holder passing the
    token, the child asked, the voter), who receives the token, the card on top."""

    actor: int | None = None
    receiver: int | None = None
    card: str | None = None


def key(action: Action, box: Box, said: Said) -> str:
    """The action's version-1 key; ``said`` comes from the position (``State``)."""
    top = said.card or "top"
    actor = None if said.actor is None else key_player(said.actor)
    match action:
        case First(player=p):
            return f"{key_player(p)} is the first player"
        case Draw():
            return "draw a tree token from the bag"
        case Pass():
            if actor is None or said.receiver is None:
                return "pass the token on"
            return f"{actor} passes the token to {key_player(said.receiver)}"
        case PutInBox():
            return "put the token in the box"
        case Reveal(tree=t):
            return f"reveal the {box.trees[t].label} card"
        case Grab(player=p):
            return f"{key_player(p)} takes the {top} card"
        case Take():
            return f"{actor or 'the asked player'} takes the {top} card"
        case Leave():
            return f"{actor} leaves the {top} card" if actor else f"nobody takes the {top} card"
        case Vote(player=p):
            return f"{actor + ' ' if actor else ''}votes for {key_player(p)}"
        case Token(tree=t):
            return f"the token is the {box.trees[t].label}"
    raise AssertionError(action)


class Parsed(NamedTuple):
    """A key read back: the action and what else the key names."""

    action: Action
    said: Said


_P = r"P([1-9])"
_Reader = Callable[[re.Match[str], Box, bool], Parsed | None]


def _seat(text: str | None) -> int | None:
    return None if text is None else int(text) - 1


def _tree(box: Box, label: str) -> int | None:
    tree = box.tree_by_label(label)
    return None if tree is None else tree.index


def _card(label: str) -> str | None:
    return None if label == "top" else label


def _taken(m: re.Match[str], box: Box, less_quick: bool) -> Parsed:
    player = _seat(m[1])
    assert player is not None
    if less_quick:
        return Parsed(Take(), Said(actor=player, card=_card(m[2])))
    return Parsed(Grab(player), Said(card=_card(m[2])))


def _of_tree(cls: type[Reveal] | type[Token]) -> _Reader:
    def read(m: re.Match[str], box: Box, _less_quick: bool) -> Parsed | None:
        tree = _tree(box, m[1])
        return None if tree is None else Parsed(cls(tree), Said())

    return read


_GRAMMAR: tuple[tuple[re.Pattern[str], _Reader], ...] = tuple(
    (re.compile(pattern, re.I), reader)
    for pattern, reader in (
        (rf"{_P} is the first player", lambda m, b, q: Parsed(First(int(m[1]) - 1), Said())),
        (r"draw a tree token from the bag", lambda m, b, q: Parsed(Draw(), Said())),
        (
            rf"{_P} passes the token to {_P}",
            lambda m, b, q: Parsed(Pass(), Said(actor=_seat(m[1]), receiver=_seat(m[2]))),
        ),
        (r"pass the token on", lambda m, b, q: Parsed(Pass(), Said())),
        (r"put the token in the box", lambda m, b, q: Parsed(PutInBox(), Said())),
        (r"reveal the (.+) card", _of_tree(Reveal)),
        (rf"{_P} takes the (.+) card", _taken),
        (
            r"the asked player takes the (.+) card",
            lambda m, b, q: Parsed(Take(), Said(card=_card(m[1]))),
        ),
        (
            rf"{_P} leaves the (.+) card",
            lambda m, b, q: Parsed(Leave(), Said(actor=_seat(m[1]), card=_card(m[2]))),
        ),
        (r"nobody takes the (.+) card", lambda m, b, q: Parsed(Leave(), Said(card=_card(m[1])))),
        (
            rf"(?:{_P} )?votes for {_P}",
            lambda m, b, q: Parsed(Vote(int(m[2]) - 1), Said(actor=_seat(m[1]))),
        ),
        (r"the token is the (.+)", _of_tree(Token)),
    )
)


def parse(text: str, box: Box, less_quick: bool) -> Parsed | None:
    """The action a key names (legal now or not), or None if no action reads so.

    Needs no position: only the box (tree labels) and the ``less_quick`` option,
    which decides whether "P2 takes the ... card" is a speed grab or an answer.
    """
    wanted = " ".join(str(text).split())
    for pattern, reader in _GRAMMAR:
        m = pattern.fullmatch(wanted)
        if m is not None:
            return reader(m, box, less_quick)
    return None
