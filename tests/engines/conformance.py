"""The contract checks every registered game must pass (after OpenSpiel's games_sim_test).

``check_playouts`` runs seeded random playouts, sampling chance outcomes by their
probabilities, and at every step checks: chance probabilities are positive and sum
to 1, the chosen action's text round-trips, ``to_dict``/``state_from_dict``
round-trips, and clones are independent.  On the first ``deep_playouts`` games it
also applies every legal action (each must apply) and probes actions that are not
legal (each must raise IllegalAction and leave the state untouched).  Finally the
same seed and actions must rebuild the same states.
"""

from __future__ import annotations

import json
import math
import random
from typing import Any

from companion.engines.base import CHANCE, TERMINAL, Game, IllegalAction, State, sample_chance
from tests.engines.view_checks import check_view

GARBAGE_ACTIONS: list[Any] = [None, -999, "not an action", ("nonsense", 1), 10**9]


SHALLOW_RELOAD_EVERY = 5
"""A shallow playout rebuilds the state from its saved data at every 5th step (and the last):
the deep playouts rebuild at every step, and loading a save is half a shallow playout's time."""


def check_step(state: State, reload: bool = True) -> dict[str, Any]:
    """Check one position; return its saved data (the caller keeps it as the snapshot).
    ``reload`` also rebuilds the position from that data and compares."""
    player = state.current_player()
    assert player in (CHANCE, TERMINAL) or 0 <= player < state.num_players, player
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        assert outcomes, "a chance node must list outcomes"
        assert all(p > 0 for _, p in outcomes), outcomes
        assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9), outcomes
        assert sorted(map(repr, state.legal_actions())) == sorted(repr(a) for a, _ in outcomes)
    else:
        assert state.chance_outcomes() == []
    if player == TERMINAL:
        assert state.legal_actions() == []
        assert len(state.returns()) == state.num_players
        assert state.outcome() is not None
    else:
        assert state.legal_actions(), "a running game must offer an action"
        assert not state.is_terminal()
    saved = state.to_dict()
    if not reload:
        return saved
    json.dumps(saved)  # plain JSON data
    rebuilt = state.game.state_from_dict(json.loads(json.dumps(saved)))
    assert rebuilt.to_dict() == saved
    assert rebuilt.current_player() == player
    assert rebuilt.legal_actions() == state.legal_actions()
    return saved


def check_action_text(state: State, action: Any) -> None:
    text = state.action_to_string(action)
    assert isinstance(text, str) and text
    assert state.string_to_action(text) == action, (text, action)


def check_every_action(state: State, seen_actions: list[Any]) -> None:
    legal = state.legal_actions()
    texts = [state.action_to_string(a) for a in legal]
    assert len(set(texts)) == len(texts), f"action texts must be unique: {texts}"
    before = state.to_dict()
    for action in legal:
        state.clone().apply(action)
    legal_reprs = {repr(a) for a in legal}
    probes = [a for a in [*GARBAGE_ACTIONS, *seen_actions] if repr(a) not in legal_reprs]
    for action in probes:  # on the state itself: a refusal must change nothing
        try:
            state.apply(action)
        except IllegalAction as err:
            assert str(err), "IllegalAction needs a reason"
        else:
            raise AssertionError(f"{action!r} is not legal but applied")
    if state.to_dict() != before:
        fresh = state.game.state_from_dict
        culprit = next((a for a in probes if _changes(fresh(before), a)), "a probe")
        raise AssertionError(f"a refused {culprit!r} changed the state")


def _changes(state: State, action: Any) -> bool:
    """Whether refusing ``action`` changes ``state`` (to name the culprit)."""
    before = state.to_dict()
    try:
        state.apply(action)
    except IllegalAction:
        pass
    return state.to_dict() != before


def check_clone_independent(state: State, action: Any) -> None:
    before = state.to_dict()
    twin = state.clone()
    twin.apply(action)
    assert state.to_dict() == before, "applying to a clone changed the original"


def playout(
    game: Game, players: int, seed: int, deep: bool, options: dict[str, Any] | None = None
) -> tuple[list[Any], list[dict[str, Any]]]:
    rng = random.Random(seed)
    state = game.new_initial_state(players, options, seed=seed)
    actions: list[Any] = []
    snapshots: list[dict[str, Any]] = []
    seen: list[Any] = []
    for step in range(game.max_game_length):
        reload = deep or step % SHALLOW_RELOAD_EVERY == 0 or state.is_terminal()
        snapshots.append(check_step(state, reload))
        if deep:
            check_view(state)
        if state.is_terminal():
            return actions, snapshots
        if deep:
            check_every_action(state, seen[-30:])
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        check_action_text(state, action)
        if deep:
            check_clone_independent(state, action)
        state.apply(action)
        actions.append(action)
        seen.append(action)
    raise AssertionError(
        f"{game.id} with {players} players (seed {seed}) did not end within "
        f"{game.max_game_length} actions"
    )


def replay(
    game: Game, players: int, seed: int, actions: list[Any], options: dict[str, Any] | None = None
) -> list[dict[str, Any]]:
    state = game.new_initial_state(players, options, seed=seed)
    snapshots = [state.to_dict()]
    for action in actions:
        state.apply(action)
        snapshots.append(state.to_dict())
    return snapshots


def check_playouts(
    game: Game,
    players: int,
    count: int = 200,
    deep_playouts: int = 10,
    options: dict[str, Any] | None = None,
    part: tuple[int, int] = (0, 1),
) -> None:
    """``part`` = (k, n) runs only every n-th seed from k, so one game's playouts can be
    spread over several test workers; all n parts together check exactly ``count`` seeds."""
    first, step = part
    for seed in range(first, count, step):
        actions, snapshots = playout(
            game, players, seed, deep=seed < deep_playouts, options=options
        )
        if seed < deep_playouts:
            assert replay(game, players, seed, actions, options) == snapshots, (
                "the same seed and actions must give the same states"
            )
