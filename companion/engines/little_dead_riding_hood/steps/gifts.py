"""The Huntsman's tiles and the Fairy Godmother's gifts."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from companion.engines.little_dead_riding_hood.actions import Act, Gift, GodmotherGift
from companion.engines.little_dead_riding_hood.steps.base import Step
from companion.engines.little_dead_riding_hood.steps.draws import DrawCards, PlaceTile

if TYPE_CHECKING:
    from companion.engines.little_dead_riding_hood.state import LdrhState

GIFTS = ("card", "bullet", "tile")


@dataclass(frozen=True)
class Huntsman(Step):
    """The tiles still to place, one placer per tile, in order."""

    kind = "huntsman"
    queue: tuple[int, ...] = ()

    def auto(self, s: LdrhState) -> bool:
        if self.queue:
            s.replace_top(replace(self, queue=self.queue[1:]))
            s.steps.append(PlaceTile(self.queue[0]))
        else:
            s.steps.pop()
        return True


def gift_possible(s: LdrhState, gift: str) -> bool:
    if gift == "card":
        return s.can_draw_card()
    if gift == "bullet":
        return s.supply_bullets > 0
    return bool(s.drawable_tiles())


def give_gift(s: LdrhState, player: int, gift: str) -> None:
    if gift == "card":
        s.steps.append(DrawCards(player, 1))
    elif gift == "bullet":
        s.supply_bullets -= 1
        s.bullets[player] += 1
    elif gift == "tile":
        s.steps.append(PlaceTile(player))


@dataclass(frozen=True)
class Godmother(Step):
    """The chooser takes gifts (``done``), then each of ``others`` may take one."""

    kind = "godmother"
    stages = ("chooser", "others")
    stage: str = "chooser"
    done: tuple[str, ...] = ()
    others: tuple[int, ...] = ()

    def actor(self, s: LdrhState) -> int:
        return self.player if self.stage == "chooser" else self.others[0]

    def actions(self, s: LdrhState) -> list[Act]:
        if self.stage == "chooser":
            gifts = [g for g in GIFTS if g not in self.done and gift_possible(s, g)]
            return [*(GodmotherGift(g) for g in gifts), GodmotherGift("done")]
        return [*(Gift(g) for g in GIFTS if gift_possible(s, g)), Gift("none")]

    def apply(self, s: LdrhState, action: Act) -> None:
        if isinstance(action, GodmotherGift):
            if action.gift == "done":
                s.replace_top(replace(self, stage="others"))
                return
            s.replace_top(replace(self, done=(*self.done, action.gift)))
            give_gift(s, self.player, action.gift)
        elif isinstance(action, Gift):
            s.replace_top(replace(self, others=self.others[1:]))
            give_gift(s, self.others[0], action.offer)

    def auto(self, s: LdrhState) -> bool:
        if self.stage == "chooser":
            if any(g not in self.done and gift_possible(s, g) for g in GIFTS):
                return False
            s.replace_top(replace(self, stage="others"))
            return True
        if self.others and any(gift_possible(s, g) for g in GIFTS):
            return False
        s.steps.pop()
        return True
