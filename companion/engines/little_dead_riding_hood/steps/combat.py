"""Combat with a zombie wolf (LD4-LD7): commit bullets, draw from the bag, maybe redraw."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from companion.engines.base import CHANCE
from companion.engines.little_dead_riding_hood.actions import (
    AcceptWolf,
    Act,
    DrawToken,
    Fight,
    OnceUponATime,
    Retreat,
)
from companion.engines.little_dead_riding_hood.bag import BULLET, BagContents, fill_bag
from companion.engines.little_dead_riding_hood.board import Cell
from companion.engines.little_dead_riding_hood.steps.base import Step

if TYPE_CHECKING:
    from companion.engines.little_dead_riding_hood.state import LdrhState


@dataclass(frozen=True)
class Combat(Step):
    """``player`` fights the wolf on their space; a beaten pawn returns to ``back_to``
    (None: a pre-movement fight, the pawn moves one space nearer the start)."""

    kind = "combat"
    stages = ("commit", "draw", "redo", "retreat")
    back_to: Cell | None = None
    stage: str = "commit"
    bullets: int = 0
    """The fighter's own bullets in the bag."""
    bag: int = 0
    """Bullet tokens in the bag (Cake and Wine adds some from the supply)."""

    @property
    def contents(self) -> BagContents:
        return BagContents(bullets=self.bag)

    def actor(self, s: LdrhState) -> int:
        return CHANCE if self.stage == "draw" else self.player

    def actions(self, s: LdrhState) -> list[Act]:
        player = self.player
        if self.stage == "commit":
            cakes = s.cards_with(player, "cake-and-wine")
            return [
                Fight(k, cake) for k in range(1, s.bullets[player] + 1) for cake in ["", *cakes]
            ]
        if self.stage == "redo":
            redo = s.cards_with(player, "once-upon-a-time")
            return [*(OnceUponATime(k) for k in redo), AcceptWolf()]
        return [Retreat(c) for c in self.retreats(s)]

    def retreats(self, s: LdrhState) -> list[Cell]:
        others = set(s.other_pawns(self.player))
        back = s.board.back_spaces(s.pawns[self.player])
        free = [c for c in back if s.board.is_start(c) or c not in others]
        return free or back

    def outcomes(self, s: LdrhState) -> list[tuple[Act, float]]:
        return [(DrawToken(o), p) for o, p in self.contents.outcomes()]

    def apply(self, s: LdrhState, action: Act) -> None:
        player = self.player
        if isinstance(action, Fight):
            s.bullets[player] -= action.bullets
            bag = fill_bag(action.bullets, bool(action.cake), s.supply_bullets).bullets
            s.replace_top(replace(self, bullets=action.bullets, bag=bag, stage="draw"))
            if action.cake:
                s.spend_card(player, action.cake)
        elif isinstance(action, DrawToken):
            if action.token == BULLET:
                self._won(s)
            elif s.cards_with(player, "once-upon-a-time"):
                s.replace_top(replace(self, stage="redo"))
            else:
                self._lost(s)
        elif isinstance(action, OnceUponATime):
            s.replace_top(replace(self, stage="draw"))
            s.spend_card(player, action.card)
        elif isinstance(action, AcceptWolf):
            self._lost(s)
        elif isinstance(action, Retreat):
            s.steps.pop()
            s.put_back(player, action.cell)

    def _won(self, s: LdrhState) -> None:
        s.supply_bullets += self.bullets
        cell = s.pawns[self.player]
        s.board.wolves.discard(cell)
        s.supply_wolves += 1
        s.steps.pop()
        s.arrive(self.player, cell)

    def _lost(self, s: LdrhState) -> None:
        s.supply_bullets += self.bullets
        if self.back_to is None:
            s.replace_top(replace(self, bullets=0, bag=0, stage="retreat"))
            return
        s.steps.pop()
        s.put_back(self.player, self.back_to)

    def auto(self, s: LdrhState) -> bool:
        if self.stage == "commit" and s.bullets[self.player] == 0:
            s.replace_top(replace(self, stage="retreat"))
            return True
        if self.stage == "retreat" and not self.retreats(s):
            s.steps.pop()
            return True
        return False


def start_fight(s: LdrhState, player: int, cell: Cell) -> None:
    """``player`` enters the wolf's space ``cell``: a fight; a loss returns the pawn."""
    here = s.pawns[player]
    s.pawns[player] = cell
    s.steps.append(Combat(player, back_to=here))
