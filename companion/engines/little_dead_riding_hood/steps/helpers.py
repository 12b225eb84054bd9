"""Choosing a helper (and Who In The Land Is Fairest Of All?), then starting its effect."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from companion.engines.little_dead_riding_hood.actions import (
    Act,
    ChooseHelper,
    Fairest,
    FairestBy,
    LetStand,
)
from companion.engines.little_dead_riding_hood.steps.base import Step
from companion.engines.little_dead_riding_hood.steps.draws import DrawCards
from companion.engines.little_dead_riding_hood.steps.gifts import Godmother, Huntsman
from companion.engines.little_dead_riding_hood.steps.prince import Prince
from companion.engines.little_dead_riding_hood.steps.queen import Queen
from companion.engines.little_dead_riding_hood.steps.stepmother import Stepmother

if TYPE_CHECKING:
    from companion.engines.little_dead_riding_hood.state import LdrhState

FAIREST = "fairest-of-all"
EVIL_STEPMOTHER_CARDS = 2
HUNTSMAN_TILES = 3


@dataclass(frozen=True)
class HelperChoice(Step):
    """``player`` chooses a helper; once ``chosen``, the players in ``window`` (in
    turn, LD16) may answer with Who In The Land Is Fairest Of All?"""

    kind = "choose-helper"
    chosen: str | None = None
    window: tuple[int, ...] = ()

    def actor(self, s: LdrhState) -> int:
        return self.player if self.chosen is None else self.window[0]

    def actions(self, s: LdrhState) -> list[Act]:
        if self.chosen is None:
            return [ChooseHelper(h) for h in s.available_helpers(self.player)]
        if s.options["fairest_window"] == "table":  # one question to everyone (LD24)
            answers: list[Act] = [
                FairestBy(key, q) for q in self.window for key in s.cards_with(q, FAIREST)
            ]
            return [*answers, LetStand()]
        fairest = s.cards_with(self.window[0], FAIREST)
        return [*(Fairest(key) for key in fairest), LetStand()]

    def apply(self, s: LdrhState, action: Act) -> None:
        player = self.player
        if isinstance(action, ChooseHelper):
            s.helpers[player] = action.helper
            window = tuple(q for q in s.others_from(player) if s.cards_with(q, FAIREST))
            s.replace_top(replace(self, chosen=action.helper, window=window))
        elif isinstance(action, Fairest | FairestBy):
            by = action.player if isinstance(action, FairestBy) else self.window[0]
            assert self.chosen is not None
            s.replace_top(replace(self, chosen=None, window=()))
            s.spend_card(by, action.card)
            del s.helpers[player]
            s.refused.setdefault(player, []).append(self.chosen)
        elif s.options["fairest_window"] == "table":
            s.replace_top(replace(self, window=()))
        else:
            s.replace_top(replace(self, window=self.window[1:]))

    def auto(self, s: LdrhState) -> bool:
        if self.chosen is None:
            if s.available_helpers(self.player):
                return False
            s.steps.pop()
            return True
        window = self.window
        while window and not s.cards_with(window[0], FAIREST):
            window = window[1:]
        if window:
            if window != self.window:
                s.replace_top(replace(self, window=window))
            return False
        s.steps.pop()
        resolve_helper(s, self.player, self.chosen)
        return True


def resolve_helper(s: LdrhState, player: int, helper: str) -> None:
    """Start a chosen helper's effect (those that are immediate resolve now)."""
    others = tuple(q for q in s.others_from(player) if not s.sitting_out[q])
    if helper == "prince":
        s.steps.append(Prince(player))
    elif helper == "wicked-queen":
        s.steps.append(Queen(player))
    elif helper == "huntsman":
        each = 2 if s.num_players == 5 else 1
        queue = (player,) * HUNTSMAN_TILES + tuple(q for q in others for _ in range(each))
        s.steps.append(Huntsman(player, queue))
    elif helper == "fairy-godmother":
        s.steps.append(Godmother(player, others=others))
    elif helper == "youngest-brother":
        s.plays_left[player] += 1
    elif helper == "evil-stepmother":
        s.steps.append(Stepmother(player))
        s.steps.append(DrawCards(player, EVIL_STEPMOTHER_CARDS))
