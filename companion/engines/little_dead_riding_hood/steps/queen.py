"""The Wicked Queen: move up to two zombie wolves onto other path pieces."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from companion.engines.little_dead_riding_hood.actions import Act, QueenDone, QueenPut, QueenTake
from companion.engines.little_dead_riding_hood.board import Cell
from companion.engines.little_dead_riding_hood.steps.base import Step

if TYPE_CHECKING:
    from companion.engines.little_dead_riding_hood.state import LdrhState

QUEEN_WOLVES = 2
"""How many wolves the Wicked Queen may move."""


def free_paths(s: LdrhState) -> list[Cell]:
    """Path pieces without a wolf (one wolf per tile)."""
    return [c for c in sorted(s.board.tiles) if s.board.is_path(c) and c not in s.board.wolves]


@dataclass(frozen=True)
class Queen(Step):
    """``moved`` wolves so far; ``source``: the wolf picked up, waiting for its new tile."""

    kind = "queen"
    moved: int = 0
    source: Cell | None = None

    def actions(self, s: LdrhState) -> list[Act]:
        if self.source is not None:
            return [QueenPut(c) for c in free_paths(s)]
        return [*(QueenTake(c) for c in sorted(s.board.wolves)), QueenDone()]

    def apply(self, s: LdrhState, action: Act) -> None:
        if isinstance(action, QueenTake):
            s.replace_top(replace(self, source=action.cell))
        elif isinstance(action, QueenPut) and self.source is not None:
            s.board.wolves.discard(self.source)
            s.board.wolves.add(action.cell)
            s.replace_top(replace(self, source=None, moved=self.moved + 1))
        else:
            s.steps.pop()

    def auto(self, s: LdrhState) -> bool:
        if self.source is None and (
            self.moved >= QUEEN_WOLVES or not s.board.wolves or not free_paths(s)
        ):
            s.steps.pop()
            return True
        return False
