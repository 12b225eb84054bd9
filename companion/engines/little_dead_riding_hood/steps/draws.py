"""Drawing event cards and drawing and placing tiles (chance, then the placer's choice)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from companion.engines import counts
from companion.engines.base import CHANCE
from companion.engines.little_dead_riding_hood.actions import (
    Act,
    BreadCrumbs,
    DrawCard,
    DrawTile,
    Place,
)
from companion.engines.little_dead_riding_hood.components import PATH_KINDS
from companion.engines.little_dead_riding_hood.steps.base import Step

if TYPE_CHECKING:
    from companion.engines.little_dead_riding_hood.state import LdrhState


@dataclass(frozen=True)
class DrawCards(Step):
    """``player`` draws ``count`` event cards (as far as the deck allows)."""

    kind = "draw-cards"
    count: int

    def actor(self, s: LdrhState) -> int:
        return CHANCE

    def outcomes(self, s: LdrhState) -> list[tuple[Act, float]]:
        # with table cards the deck is only face-down (HIDDEN) cards
        return [(DrawCard(k), p) for k, p in counts.odds(s.deck)]

    def quick_check(self, s: LdrhState, action: Act) -> bool:
        return isinstance(action, DrawCard) and s.deck.get(action.drawn, 0) > 0

    def apply(self, s: LdrhState, action: DrawCard) -> None:
        s.replace_top(replace(self, count=self.count - 1))
        counts.take(s.deck, action.drawn)
        s.give_card(self.player, action.drawn)

    def auto(self, s: LdrhState) -> bool:
        s.refill_deck()
        if self.count > 0 and sum(s.deck.values()) > 0:
            return False
        s.steps.pop()
        return True


@dataclass(frozen=True)
class PlaceTile(Step):
    """``player`` draws a tile (``tile`` None) and then places the ``tile`` drawn.

    ``path_only``: the redraw of Trail of Bread Crumbs, which draws "a different path
    piece": tiles are drawn until a path piece comes and obstacles drawn on the way go
    back to the pool, so the chance node lists only the path kinds (LD27).
    """

    kind = "place"
    tile: str | None = None
    path_only: bool = False

    def actor(self, s: LdrhState) -> int:
        return CHANCE if self.tile is None else self.player

    def outcomes(self, s: LdrhState) -> list[tuple[Act, float]]:
        kinds = self._drawable(s)
        total = sum(s.pool[k] for k in kinds)
        return [(DrawTile(k), s.pool[k] / total) for k in kinds]

    def actions(self, s: LdrhState) -> list[Act]:
        assert self.tile is not None
        result: list[Act] = [Place(c) for c in s.board.legal_placements(self.tile)]
        if self.tile in PATH_KINDS:
            result += [BreadCrumbs(k) for k in s.cards_with(self.player, "trail-of-bread-crumbs")]
        return result

    def quick_check(self, s: LdrhState, action: Act) -> bool | None:
        if self.tile is None:
            return isinstance(action, DrawTile) and action.tile in self._drawable(s)
        if isinstance(action, Place):
            return action.cell in s.board.placeable(self.tile)
        return None

    def apply(self, s: LdrhState, action: Act) -> None:
        if isinstance(action, DrawTile):
            counts.take(s.pool, action.tile)
            s.replace_top(replace(self, tile=action.tile))
        elif isinstance(action, BreadCrumbs):
            assert self.tile is not None
            s.replace_top(replace(self, tile=None, path_only=s.bread_crumbs_draw_path()))
            s.spend_card(self.player, action.card)
            counts.add(s.pool, self.tile)
        elif isinstance(action, Place) and self.tile is not None:
            kind = self.tile
            s.board.tiles[action.cell] = kind
            s.steps.pop()
            if kind == "path-wolf" and s.supply_wolves > 0:
                s.supply_wolves -= 1
                s.board.wolves.add(action.cell)
            elif kind == "path-bullet" and s.supply_bullets > 0:
                s.supply_bullets -= 1
                s.board.bullets.add(action.cell)
            elif kind == "path-plain":
                s.steps.append(DrawCards(self.player, 1))

    def auto(self, s: LdrhState) -> bool:
        if self.tile is None and not self._drawable(s):
            s.steps.pop()
            return True
        return False

    def _drawable(self, s: LdrhState) -> list[str]:
        kinds = s.drawable_tiles()
        return [k for k in kinds if k in PATH_KINDS] if self.path_only else kinds
