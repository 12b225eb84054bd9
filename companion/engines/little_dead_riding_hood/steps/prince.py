"""The Prince: move one space and switch two tiles, in either order."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from companion.engines.little_dead_riding_hood.actions import (
    Act,
    PrinceDone,
    PrinceStep,
    SwitchFrom,
    SwitchWith,
)
from companion.engines.little_dead_riding_hood.board import Cell
from companion.engines.little_dead_riding_hood.steps.base import Step
from companion.engines.little_dead_riding_hood.steps.combat import start_fight

if TYPE_CHECKING:
    from companion.engines.little_dead_riding_hood.state import LdrhState


def prince_steps(s: LdrhState, player: int) -> list[Cell]:
    """Spaces one step away where a pawn may end (a wolf's space needs a bullet)."""
    others = set(s.other_pawns(player))
    return [
        cell
        for cell in s.board.space_neighbours(s.pawns[player])
        if (s.board.is_start(cell) or cell not in others)
        and (cell not in s.board.wolves or s.bullets[player] > 0)
    ]


def switch_partners(s: LdrhState, first: Cell) -> list[Cell]:
    """Tiles the Prince may switch with ``first`` (LD3 and the first row still hold)."""
    board, pawns = s.board, set(s.pawns)
    if first in pawns or first not in board.tiles:
        return []
    counts = board.obstacle_counts()
    mine = board.contents(first)
    result = []
    for cell in sorted(board.tiles):
        if cell == first or cell in pawns:
            continue
        first_path, cell_path = board.is_path(first), board.is_path(cell)
        if first_path and cell_path:
            ok = board.contents(cell) != mine
        elif first_path != cell_path:
            path, obstacle = (first, cell) if first_path else (cell, first)
            ok = board.path_obstacle_switch_ok(path, obstacle, counts)
        else:
            ok = False
        if ok:
            result.append(cell)
    return result


def switchable_tiles(s: LdrhState) -> list[Cell]:
    """Tiles the Prince could switch with at least one other tile."""
    board, pawns = s.board, set(s.pawns)
    free = [c for c in sorted(board.tiles) if c not in pawns]
    paths = [c for c in free if board.is_path(c)]
    obstacles = [c for c in free if not board.is_path(c)]
    counts = board.obstacle_counts()
    varied = len({board.contents(c) for c in paths}) > 1
    partnered: set[Cell] = set()
    for path in paths:
        for obstacle in obstacles:
            if (path not in partnered or obstacle not in partnered) and (
                board.path_obstacle_switch_ok(path, obstacle, counts)
            ):
                partnered.update((path, obstacle))
    return [c for c in free if c in partnered or (varied and board.is_path(c))]


@dataclass(frozen=True)
class Prince(Step):
    """``first``: the tile picked to switch, waiting for its partner."""

    kind = "prince"
    moved: bool = False
    switched: bool = False
    first: Cell | None = None

    def actions(self, s: LdrhState) -> list[Act]:
        if self.first is not None:
            return [SwitchWith(c) for c in switch_partners(s, self.first)]
        result: list[Act] = []
        if not self.moved:
            result += [PrinceStep(c) for c in prince_steps(s, self.player)]
        if not self.switched:
            result += [SwitchFrom(c) for c in switchable_tiles(s)]
        return [*result, PrinceDone()]

    def quick_check(self, s: LdrhState, action: Act) -> bool:
        if self.first is not None:
            return isinstance(action, SwitchWith) and action.cell in switch_partners(s, self.first)
        if isinstance(action, PrinceStep):
            return not self.moved and action.cell in prince_steps(s, self.player)
        if isinstance(action, SwitchFrom):  # a tile with a partner: one of switchable_tiles
            return not self.switched and bool(switch_partners(s, action.cell))
        return isinstance(action, PrinceDone)

    def apply(self, s: LdrhState, action: Act) -> None:
        player = self.player
        if isinstance(action, PrinceStep):
            s.replace_top(replace(self, moved=True))
            if action.cell in s.board.wolves:
                start_fight(s, player, action.cell)
            else:
                s.arrive(player, action.cell)
        elif isinstance(action, SwitchFrom):
            s.replace_top(replace(self, first=action.cell))
        elif isinstance(action, SwitchWith) and self.first is not None:
            s.board.switch(self.first, action.cell)
            s.replace_top(replace(self, first=None, switched=True))
        else:
            s.steps.pop()

    def auto(self, s: LdrhState) -> bool:
        if self.moved and self.switched:
            s.steps.pop()
            return True
        return False
