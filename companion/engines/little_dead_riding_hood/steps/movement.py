"""Moving a pawn with a card's movement value: orthogonal steps, fights on the way."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from companion.engines.little_dead_riding_hood.actions import Act, StepTo, Stop
from companion.engines.little_dead_riding_hood.board import Cell
from companion.engines.little_dead_riding_hood.steps.base import Step
from companion.engines.little_dead_riding_hood.steps.combat import start_fight

if TYPE_CHECKING:
    from companion.engines.little_dead_riding_hood.state import LdrhState


def can_finish(s: LdrhState, player: int, cell: Cell, steps: int) -> bool:
    """Whether a pawn on ``cell`` could still end, within ``steps``, on a space of its own."""
    others = set(s.other_pawns(player))
    return any(
        s.board.is_start(c) or c not in others
        for c in s.board.within(cell, steps, through_wolves=False)
    )


def legal_steps(s: LdrhState, player: int, left: int) -> list[Cell]:
    """Orthogonal steps for a moving pawn: through pawns, never ending on one."""
    if left <= 0:
        return []
    others = set(s.other_pawns(player))
    result = []
    for cell in s.board.space_neighbours(s.pawns[player]):
        if cell in s.board.wolves and s.bullets[player] == 0:
            continue
        if (
            cell in others
            and not s.board.is_start(cell)
            and not can_finish(s, player, cell, left - 1)
        ):
            continue
        result.append(cell)
    return result


@dataclass(frozen=True)
class Move(Step):
    """``player`` moves with ``left`` spaces of movement left."""

    kind = "move"
    left: int

    def actions(self, s: LdrhState) -> list[Act]:
        player = self.player
        steps: list[Act] = [StepTo(c) for c in legal_steps(s, player, self.left)]
        here = s.pawns[player]
        free = s.board.is_start(here) or here not in s.other_pawns(player)
        return [*steps, Stop()] if free or not steps else steps

    def apply(self, s: LdrhState, action: Act) -> None:
        if isinstance(action, Stop):
            s.steps.pop()
            return
        assert isinstance(action, StepTo)
        s.replace_top(replace(self, left=self.left - 1))
        if action.cell in s.board.wolves:
            start_fight(s, self.player, action.cell)
        else:
            s.arrive(self.player, action.cell)

    def auto(self, s: LdrhState) -> bool:
        if self.left > 0:
            return False
        s.steps.pop()
        return True
