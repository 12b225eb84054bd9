"""Die Race's actions: small frozen values with a stable key.

Frozen dataclasses, not NamedTuples: a NamedTuple equals any tuple with the same
fields, so ``Move(3) == Roll(3)`` would hold and a move could pass for a roll.

The key is what the journal stores and scenario files name, so it needs no state
and never changes between releases (like python-chess's ``Move.uci()``).  What a
player reads is the label the presenter gives (view.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.engines.base import IllegalAction, quoted


@dataclass(frozen=True)
class Roll:
    """A chance outcome: the die shows ``number``."""

    number: int

    @property
    def key(self) -> str:
        return f"roll {self.number}"


@dataclass(frozen=True)
class Move:
    """A decision: move the pawn ``steps`` squares."""

    steps: int

    @property
    def key(self) -> str:
        return f"move {self.steps}"


Action = Roll | Move

_KINDS: dict[str, type[Roll] | type[Move]] = {"roll": Roll, "move": Move}


def parse(key: str) -> Action:
    """The action a key names (legal now or not); IllegalAction if it names none."""
    verb, _, number = str(key).partition(" ")
    kind = _KINDS.get(verb)
    if kind is None or not number.isdigit():
        raise IllegalAction(
            f"{quoted(str(key))} is not a Die Race action (try 'roll 2' or 'move 1')"
        )
    return kind(int(number))
