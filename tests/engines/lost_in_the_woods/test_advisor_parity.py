"""The advisor's playouts (compiled, ``kernel.py``) against the engine's own, position by
position; ``test_advisor_kernel.py`` holds the numpy steps to the same outcomes lane by lane.

The simulator rewrites the rules for speed (a discard pile worked out rather than kept,
round resets deferred, placements and Compass choices from tables), so each position below
sends a rule through a different path: a lit Torch, a Compass at the end of the round, a
Headless Horseman with a deck segment under the top one, an empty deck rebuilt from the
discard pile, the shuffle limit, Fright penalties close to the twelfth hour, the other
events, sets that would fill the Forest row past nine cards, and round setup.  Each
position is near the end of a game, so the engine's plain playouts (``policy.play_out``
through the State API) stay cheap.

Tolerance: the engine side has 400 games (standard error up to 2.5 points), the simulator
20,000 (0.35); 4.5 standard errors of the difference fails a bias of ~11 points at a
50% chance and far less near 0 or 1, while a fixed seed passes.
"""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import pytest

from companion.engines.base import sample_chance
from companion.engines.lost_in_the_woods import LostInTheWoodsState
from companion.engines.lost_in_the_woods.advisor import policy as pol
from companion.engines.lost_in_the_woods.advisor.simulate import win_counts
from tests.engines.lost_in_the_woods.scenario import position

ENGINE_GAMES = 400
SIM_GAMES = 20_000
FOREST6 = ["acorn", "shamrock", "distelfink", "acorn", "shamrock", "distelfink"]
FOREST7 = [*FOREST6, "acorn"]

POSITIONS: dict[str, dict[str, Any]] = {
    "lit torch used before a draw with two animals": {
        "forest": FOREST7,
        "row": ["shamrock", "wolf", "owl"],
        "deck": [{"wolf": 2, "owl": 1, "bat": 2, "shamrock": 2, "distelfink": 1}],
        "torch_ready": 1,
        "time": 7,
    },
    "torch drawn and lit, compass in the row at the end": {
        "forest": FOREST6,
        "row": ["acorn", "compass", "shamrock", "shamrock"],
        "deck": [{"torch": 1, "acorn": 1, "distelfink": 2, "owl": 1, "bat": 1}],
        "time": 8,
    },
    "horseman over a lower deck segment": {
        "forest": FOREST7,
        "row": ["distelfink", "bat"],
        "deck": [
            {"horseman": 1, "acorn": 1, "wolf": 1, "distelfink": 1},
            {"shamrock": 2, "distelfink": 2, "owl": 1, "scarecrow": 1},
        ],
        "time": 6,
    },
    "empty deck rebuilt from the discard pile": {
        "forest": FOREST7,
        "row": ["shamrock", "wolf"],
        "deck": [],
        "time": 8,
        "shuffles": 1,
    },
    "the shuffle limit reached": {
        "forest": FOREST7,
        "row": ["shamrock", "distelfink"],
        "deck": [{"shamrock": 1, "distelfink": 1, "horseman": 1, "owl": 1, "wolf": 1}],
        "time": 6,
        "shuffles": 2,
        "options": {"max_shuffles": 2},
    },
    "fright penalties near the twelfth hour": {
        "forest": FOREST7,
        "row": ["distelfink", "wolf", "owl"],
        "deck": [{"wolf": 2, "owl": 2, "bat": 3, "shamrock": 2, "gravestone": 1}],
        "time": 8,
    },
    "well, lightning, signpost and gravestone": {
        "forest": FOREST6,
        "row": ["shamrock", "shamrock", "acorn", "wolf"],
        "deck": [{"well": 2, "lightning": 1, "signpost": 1, "gravestone": 1, "acorn": 2, "owl": 1}],
        "time": 9,
    },
    "sets that fill the Forest row past its ninth card": {
        "forest": FOREST7,
        "row": ["acorn", "shamrock", "distelfink", "wolf"],
        "deck": [{"acorn": 2, "shamrock": 1, "distelfink": 2, "wolf": 1, "owl": 2, "compass": 1}],
        "time": 9,
    },
    "round setup at a draw": {
        "forest": FOREST7,
        "row": ["owl"],
        "deck": [{"owl": 1, "bat": 2, "compass": 1, "shamrock": 2, "acorn": 1, "scarecrow": 1}],
        "time": 9,
        "stage": "setup",
        "want_draw": True,
    },
}


def _engine_rate(state: LostInTheWoodsState, games: int, seed: int) -> float:
    rng = random.Random(seed)
    wins = 0
    for _ in range(games):
        game = state.clone()
        assert isinstance(game, LostInTheWoodsState)
        pol.play_out(game, pol.ROLLOUT_POLICY, lambda s: sample_chance(s, rng))
        wins += int(game.returns()[0])
    return wins / games


@pytest.mark.parametrize("name", list(POSITIONS))
def test_the_simulator_wins_as_often_as_the_engine(name: str) -> None:
    state = position(**POSITIONS[name])
    engine = _engine_rate(state, ENGINE_GAMES, seed=len(name))
    wins = int(win_counts([state], SIM_GAMES, pol.ROLLOUT_POLICY, np.random.default_rng(3))[0])
    sim = wins / SIM_GAMES
    p = min(max((engine + sim) / 2, 0.02), 0.98)
    sigma = math.sqrt(p * (1 - p) * (1 / ENGINE_GAMES + 1 / SIM_GAMES))
    assert abs(engine - sim) <= 4.5 * sigma, (name, engine, sim)
