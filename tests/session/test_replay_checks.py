"""Resuming reads each saved key with the engine's parser and applies it without
building the legal list first: the engines tell one action's legality cheaply (a
tile's cell among the placeable cells, one card's plays).  That check must refuse
exactly what the legal list lacks, or an edited journal could slip a move through.

At each position of a short seeded game of every engine: each legal action's key
reads back as that action and applies, and each action legal a few steps earlier but
not now is refused, both on a copy whose legal list was never built.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.engines import registry
from companion.engines.base import IllegalAction, State, sample_chance

GAMES = registry.all_games()
TABLE_CARDS = [
    ("gingerdead-house", {"player_decks": "table"}),
    ("little-dead-riding-hood", {"event_cards": "table"}),
]
"""Games played with the real cards as well: the engine checks hidden hands differently."""
CASES = [(game.id, {}) for game in GAMES] + TABLE_CARDS
STEPS = 120
LONGER = {"little-dead-riding-hood": 300}
"""Games whose quick checks differ by step kind play on until the rarer kinds came up
(Prince, Queen, Picking Flowers, a fight)."""
REMEMBERED = 40
"""Actions of earlier positions tried again (most are illegal by now)."""


def applies(state: State, action: Any) -> bool:
    try:
        state.apply(action)
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize(
    ("game_id", "options"), CASES, ids=[f"{g} {' '.join(o.values())}".strip() for g, o in CASES]
)
def test_an_action_applies_exactly_when_the_legal_list_has_it(
    game_id: str, options: dict[str, Any]
) -> None:
    game = registry.get(game_id)
    rng = random.Random(7)
    state = game.new_initial_state(min(3, game.max_players), options, seed=7)
    earlier: list[Any] = []
    for _ in range(LONGER.get(game.id, STEPS)):
        if state.is_terminal():
            break
        fresh = state.clone()  # copied before anything about its moves is known
        legal = state.legal_actions()
        for action in legal:
            probe = fresh.clone()
            assert probe.key_to_action(probe.action_to_string(action)) == action
            assert applies(probe, action), f"{action!r} is legal but was refused"
        for action in [a for a in dict.fromkeys(earlier) if a not in legal]:
            assert not applies(fresh.clone(), action), f"{action!r} is not legal but applied"
        earlier = (legal + earlier)[:REMEMBERED]
        state.apply(sample_chance(state, rng) if state.is_chance_node() else rng.choice(legal))
