"""The built-in playing policies: simple, documented rules a playout follows.

Every policy shares the same event rules (below) and differs only in when it ends a round.
The simulator (``simulate.py``, compiled in ``kernel.py``) implements exactly the same rules;
``tests/engines/lost_in_the_woods/test_properties.py`` checks the two agree.

Shared event rules:

* Torch drawn: light it if the clock is at 8 or less, else discard it.
* Lit Torch: used just before a draw when the Fright row holds two animals (also in the
  round it was lit: LW6).
* Wishing Well: used (if the clock is above 0) when the row holds two or three sets, or a
  single set that could not be placed; it takes the set matching the last Forest card if
  there is one, else the first set (Acorn, Shamrock, Double Distelfink order).
* Lightning: strikes a symbol with 3+ cards, else a lone card, else a pair matching the
  last Forest card, else the first symbol present.
* Signpost: used when no set could be placed now and the clock is at 10 or less, on the
  first symbol that may follow the last Forest card.
* Compass: counts as the first symbol that adds a placeable set without making three sets,
  if no set could be placed otherwise (clock at 10 or less) or the clock is at 8 or less.
* Placement: the first placeable set in symbol order, repeatedly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from companion.engines.lost_in_the_woods import actions as r
from companion.engines.lost_in_the_woods.cards import ANIMALS, SYMBOLS
from companion.engines.lost_in_the_woods.forest import placed_count, sets_of, symbol_counts
from companion.engines.lost_in_the_woods.fright import penalty_for
from companion.engines.lost_in_the_woods.state import LostInTheWoodsState

LIGHT_TORCH_MAX_TIME = 8
TORCH_USE_ANIMALS = 2
SIGNPOST_MAX_TIME = 10
COMPASS_MAX_TIME = 10
COMPASS_EXTRA_SET_MAX_TIME = 8


@dataclass(frozen=True)
class Policy:
    """When to end a round: with ``stop_sets`` placeable sets, or with at least one once the
    chance that the next draw costs time reaches ``risk_limit`` (above 1: never)."""

    name: str
    description: str
    stop_sets: int
    risk_limit: float


POLICIES = {
    p.name: p
    for p in (
        Policy("first-set", "end the round as soon as one set can be placed", 1, 2.0),
        Policy("two-sets", "end the round once two sets can be placed", 2, 2.0),
        Policy(
            "balanced",
            "end with two sets, or with one set once the next draw could cost time",
            2,
            0.01,
        ),
    )
}
ROLLOUT_POLICY = POLICIES["balanced"]
"""The policy the advisor's playouts follow after the choice being weighed."""


def penalty_risk(composition: Mapping[str, int], row_animals: list[str]) -> float:
    """Probability that the next card (from ``composition``) triggers a Fright penalty."""
    total = sum(composition.values())
    if not total:
        return 0.0
    bad = sum(composition.get(a, 0) for a in ANIMALS if penalty_for(a, row_animals))
    return bad / total


def choose(state: LostInTheWoodsState, policy: Policy) -> str:
    """The policy's action at a decision node of ``state``."""
    counts = symbol_counts(state.row)
    sets = sets_of(counts)
    placed = placed_count(sets, state.forest)
    last = state.forest[-1] if state.forest else None
    decision = state.decision
    if decision is None:
        risk = penalty_risk(state.next_draw_composition(), state.row_animals())
        if placed >= policy.stop_sets or (placed >= 1 and risk >= policy.risk_limit):
            return r.END_ROUND
        if state.torch_ready and len(state.row_animals()) >= TORCH_USE_ANIMALS:
            return r.USE_TORCH
        return r.DRAW
    if decision == "torch":
        return r.LIGHT_TORCH if state.time <= LIGHT_TORCH_MAX_TIME else r.DROP_TORCH
    if decision == "well":
        if state.time > 0 and (len(sets) >= 2 or placed == 0):
            return r.well_action(last if last in sets else sets[0])
        return r.SKIP_WELL
    if decision == "lightning":
        return r.lightning_action(lightning_target(counts, last))
    if decision == "signpost":
        if placed == 0 and state.time <= SIGNPOST_MAX_TIME:
            return r.signpost_action(state.signpost_symbols()[0])
        return r.SKIP_SIGNPOST
    if decision == "compass":
        symbol = _compass_symbol(state, counts)
        return r.SKIP_COMPASS if symbol is None else r.compass_action(symbol)
    return r.place_action(state.placeable_sets()[0])


def lightning_target(counts: dict[str, int], last: str | None) -> str:
    """The symbol Lightning strikes (the simulator's table is built from this rule)."""
    present = [s for s in SYMBOLS if counts[s]]
    for wanted in (
        [s for s in present if counts[s] >= 3],
        [s for s in present if counts[s] == 1],
        [s for s in present if s == last],
    ):
        if wanted:
            return wanted[0]
    return present[0]


def _compass_symbol(state: LostInTheWoodsState, counts: dict[str, int]) -> str | None:
    with_virtual = dict(counts)
    for symbol in state.virtual:
        with_virtual[symbol] += 1
    before = placed_count(sets_of(with_virtual), state.forest)
    if state.time > COMPASS_MAX_TIME or (before > 0 and state.time > COMPASS_EXTRA_SET_MAX_TIME):
        return None
    for symbol in state.compass_symbols():
        after_counts = {**with_virtual, symbol: with_virtual[symbol] + 1}
        after_sets = sets_of(after_counts)
        if len(after_sets) < 3 and placed_count(after_sets, state.forest) > before:
            return symbol
    return None


def play_out(
    state: LostInTheWoodsState,
    policy: Policy,
    sample: Callable[[LostInTheWoodsState], str],
) -> LostInTheWoodsState:
    """Play ``state`` to the end in place: ``policy`` decides, ``sample(state)`` picks chance."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(sample(state))
        else:
            state.apply(choose(state, policy))
    return state
