"""The Evil Stepmother: draw two cards, then maybe make another player discard at random."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from companion.engines import counts
from companion.engines.base import CHANCE
from companion.engines.little_dead_riding_hood.actions import Act, LoseCard
from companion.engines.little_dead_riding_hood.actions import Stepmother as Pick
from companion.engines.little_dead_riding_hood.hidden import is_table, reveal, unseen
from companion.engines.little_dead_riding_hood.steps.base import Step

if TYPE_CHECKING:
    from companion.engines.little_dead_riding_hood.state import LdrhState


@dataclass(frozen=True)
class Stepmother(Step):
    """``target``: who discards at random (set at the ``discard`` stage only)."""

    kind = "stepmother"
    stages = ("target", "discard")
    stage: str = "target"
    target: int | None = None

    def actor(self, s: LdrhState) -> int:
        return CHANCE if self.stage == "discard" else self.player

    def targets(self, s: LdrhState) -> list[int]:
        return [q for q in s.others_from(self.player) if s.hands[q]]

    def actions(self, s: LdrhState) -> list[Act]:
        return [*(Pick(q) for q in self.targets(s)), Pick(-1)]

    def outcomes(self, s: LdrhState) -> list[tuple[Act, float]]:
        if is_table(s):
            # a face-down card: as far as the app knows, any unseen card, by its copies
            return [(LoseCard(k), p) for k, p in counts.odds(unseen(s))]
        assert self.target is not None
        hand = s.hands[self.target]
        return [(LoseCard(k), hand.count(k) / len(hand)) for k in sorted(set(hand))]

    def apply(self, s: LdrhState, action: Act) -> None:
        if isinstance(action, LoseCard) and self.target is not None:
            s.steps.pop()
            reveal(s, self.target, action.card)
        elif isinstance(action, Pick) and action.target >= 0:
            s.replace_top(replace(self, stage="discard", target=action.target))
        else:
            s.steps.pop()

    def auto(self, s: LdrhState) -> bool:
        if self.stage == "target" and not self.targets(s):
            s.steps.pop()
            return True
        return False
