"""The game's past decisions, rebuilt from the session's steps.

After a resume the screen has seen only the decisions since then; the end's plot needs
every one.  Replaying the journaled steps from the game's start through the engine
contract (``new_initial_state``, ``string_to_action``, ``apply``) gives each decision's
position again, so the advisor can weigh it as it did live (same seed and position, at
a plot's precision).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.engines.base import CHANCE
from companion.engines.lost_in_the_woods import Advice, advise
from companion.ui.games.lost_in_the_woods.plot import Mark

Weight = tuple[float, frozenset[str]]
"""A weighed decision: the best estimated odds of winning, and the advised keys."""


@dataclass(frozen=True)
class Decision:
    """A decision the player made: before step ``step``, in ``state``, they chose ``key``."""

    step: int
    state: Any
    key: str


def past_decisions(session: Any) -> list[Decision]:
    """Every player decision of ``session`` so far, by replaying its steps (main thread:
    it reads the live session's step list)."""
    record = session.record
    state = session.game.new_initial_state(record.players, record.options, record.seed)
    found = []
    for i, step in enumerate(session.steps):
        if step.player != CHANCE:
            found.append(Decision(i, state.clone(), step.text))
        state.apply(state.string_to_action(step.text))
    return found


PAST_PRECISION = 0.02
"""Half-width of the 95% interval for a past decision: 4 times fewer playouts than live
advice, so a long resumed game is weighed in seconds; a plot needs no more."""
ROUGH_PLAYOUTS = 64
"""Playouts per choice for a first estimate: about half the work of a precise one (most
of a decision's cost is setting up its choices), so the whole plot shows early."""


def weigh(decision: Decision, rough: bool = False) -> Weight:
    """The best estimated odds at a decision and the advised keys (any thread: it works
    on its own copy of the position); ``rough``: a first estimate, refined later."""
    if rough:
        return weight(advise(decision.state, ROUGH_PLAYOUTS, seed=decision.step))
    return weight(advise(decision.state, seed=decision.step, precision=PAST_PRECISION))


def weight(advice: Advice) -> Weight:
    """The best estimated odds and the advised keys: the recommended one, and any other
    exactly as good (once the game is decided every choice is worth the same)."""
    best = max(c.win_rate for c in advice.choices)
    tied = {str(c.action) for c in advice.choices if c.win_rate == best}
    return best, frozenset(tied | {str(advice.recommended)})


def mark(
    odds: float, advised: frozenset[str] | None, chosen: str | None, rough: bool = False
) -> Mark:
    """A decision's plot mark (``advised`` unknown when either side is missing)."""
    if advised is None or chosen is None:
        return Mark(odds, None, rough)
    return Mark(odds, chosen in advised, rough)


def progress_note(total: int, pending: int, rough: int, failed: int = 0) -> str:
    """What the plot is still working out, in plain words ("" once every dot is final)."""
    if pending:
        return f"Working out the odds: {pending} of {total} decisions to go..."
    if rough:
        return f"Pale dots are first guesses; checking {rough} of {total}..."
    if failed:
        return f"The odds of {failed} of {total} decisions could not be worked out."
    return ""
