"""A player's card play: one card for its effect or its movement (and Picking Flowers)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from companion.engines.little_dead_riding_hood.actions import (
    Act,
    BigHands,
    Flowers,
    FlowersFrom,
    FlowersWith,
    MoveWith,
    OffPath,
    Pass,
    Sitting,
    WolfCard,
)
from companion.engines.little_dead_riding_hood.board import Cell
from companion.engines.little_dead_riding_hood.components import card_effect, card_movement
from companion.engines.little_dead_riding_hood.hidden import card_in, hand_cards
from companion.engines.little_dead_riding_hood.steps.base import Step
from companion.engines.little_dead_riding_hood.steps.movement import Move

if TYPE_CHECKING:
    from companion.engines.little_dead_riding_hood.state import LdrhState


def big_hands_targets(s: LdrhState, player: int) -> list[tuple[int, Cell]]:
    """(target, space) pairs for My...What Big Hands You Have?"""
    result = []
    for q in s.others_from(player):
        others = set(s.other_pawns(q))
        for cell in s.board.back_spaces(s.pawns[q]):
            if s.board.is_start(cell) or cell not in others:
                result.append((q, cell))
    return result


def wolf_targets(s: LdrhState, player: int) -> list[int]:
    """Who Wolf!!! may target: anyone else; with ``wolf_stacking = "once"`` not a
    player who already skips their next turn (LD26)."""
    others = s.others_from(player)
    if s.options["wolf_stacking"] == "stack":
        return others
    return [q for q in others if not s.will_sit_out(q)]


def flower_tiles(s: LdrhState) -> list[Cell]:
    """Unoccupied path pieces (the only ones Picking Flowers may exchange)."""
    pawns = set(s.pawns)
    return [c for c in sorted(s.board.tiles) if s.board.is_path(c) and c not in pawns]


def flower_partners(s: LdrhState, first: Cell) -> list[Cell]:
    mine = s.board.contents(first)
    return [c for c in flower_tiles(s) if s.board.contents(c) != mine]


@dataclass(frozen=True)
class CardTurn(Step):
    kind = "card-turn"
    stages = ("choose",)
    stage: str = "choose"

    def actions(self, s: LdrhState) -> list[Act]:
        result: list[Act] = [Pass()]
        for key in hand_cards(s, self.player):
            result += self._plays(s, key)
        return result

    def _plays(self, s: LdrhState, key: str) -> list[Act]:
        """What playing the card ``key`` may do: move with it, or its effect on a target."""
        player = self.player
        result: list[Act] = [MoveWith(key)]
        effect = card_effect(key)
        if effect == "wolf":
            result += [WolfCard(key, q) for q in wolf_targets(s, player)]
        elif effect == "whos-been-sitting":
            result += [Sitting(key, q) for q in s.others_from(player)]
        elif effect == "big-hands":
            result += [BigHands(key, q, c) for q, c in big_hands_targets(s, player)]
        elif effect == "off-the-path":
            result += [OffPath(key, c) for c in s.board.end_tiles(s.pawns)]
        elif (
            effect == "picking-flowers" and len({s.board.contents(c) for c in flower_tiles(s)}) > 1
        ):
            result.append(Flowers(key))
        return result

    def quick_check(self, s: LdrhState, action: Act) -> bool:
        if isinstance(action, Pass):
            return True
        card = card_in(action)  # every other action here plays a card from the hand
        return card in hand_cards(s, self.player) and action in self._plays(s, card)

    def apply(self, s: LdrhState, action: Act) -> None:
        player = self.player
        if isinstance(action, Pass):
            s.steps.pop()
            return
        card = card_in(action)
        assert card is not None  # every other card-turn action plays a card
        s.spend_card(player, card)
        if isinstance(action, MoveWith):
            s.steps.append(Move(player, card_movement(action.card)))
        elif isinstance(action, WolfCard):
            s.skip_pending[action.player] += 1
        elif isinstance(action, Sitting):
            q = action.player
            s.hands[player], s.hands[q] = s.hands[q], s.hands[player]
        elif isinstance(action, BigHands):
            s.put_back(action.player, action.cell)
        elif isinstance(action, OffPath):
            s.remove_tile(action.cell)
        elif isinstance(action, Flowers):
            s.steps.append(PickingFlowers(player))

    def auto(self, s: LdrhState) -> bool:
        if s.may_play_card(self.player):
            return False
        s.steps.pop()
        return True


@dataclass(frozen=True)
class PickingFlowers(Step):
    """Picking Flowers: pick a path piece (``first``), then the one to exchange it with."""

    kind = "flowers"
    first: Cell | None = None

    def actions(self, s: LdrhState) -> list[Act]:
        if self.first is None:
            return [FlowersFrom(c) for c in flower_tiles(s) if flower_partners(s, c)]
        return [FlowersWith(c) for c in flower_partners(s, self.first)]

    def quick_check(self, s: LdrhState, action: Act) -> bool:
        if self.first is None:
            return (
                isinstance(action, FlowersFrom)
                and action.cell in flower_tiles(s)
                and bool(flower_partners(s, action.cell))
            )
        return isinstance(action, FlowersWith) and action.cell in flower_partners(s, self.first)

    def apply(self, s: LdrhState, action: Act) -> None:
        if isinstance(action, FlowersFrom):
            s.replace_top(replace(self, first=action.cell))
        elif isinstance(action, FlowersWith) and self.first is not None:
            s.board.switch(self.first, action.cell)
            s.steps.pop()
