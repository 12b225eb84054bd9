"""Record golden playouts: seeded random games stored as their action keys.

The golden files freeze the version-1 action keys (the texts the journal stores and
scenario files name).  They were recorded once, before the engines were reshaped,
and are replayed by ``tests/engines/test_golden.py``; never re-record an existing
game's file, or the promise it keeps is gone.  For a new game:
``python -m tests.engines.golden.record GAME_ID``.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from companion.engines import registry
from companion.engines.base import Game, InvalidOptions, sample_chance

HERE = Path(__file__).resolve().parent
PLAYOUTS = 200


def random_options(game: Game, rng: random.Random) -> dict[str, Any]:
    """Every other playout varies the house rules that have a fixed set of values."""
    options: dict[str, Any] = {}
    for opt in game.options:
        if opt.choices:
            options[opt.key] = rng.choice(opt.choices)
        elif isinstance(opt.default, bool):
            options[opt.key] = rng.random() < 0.5
    return options


def record_one(game: Game, index: int) -> dict[str, Any]:
    rng = random.Random(f"{game.id}/{index}")
    players = game.min_players + index % len(game.player_counts)
    options = random_options(game, rng) if index % 2 else {}
    try:
        state = game.new_initial_state(players, options, seed=index)
    except InvalidOptions:
        options = {}
        state = game.new_initial_state(players, options, seed=index)
    actions: list[str] = []
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        actions.append(state.action_to_string(action))
        state.apply(action)
    return {
        "players": players,
        "options": options,
        "seed": index,
        "actions": actions,
        "returns": state.returns(),
    }


def record(game_id: str) -> Path:
    game = registry.get(game_id)
    path = HERE / f"{game_id}.jsonl"
    with path.open("w", encoding="utf-8") as f:
        for index in range(PLAYOUTS):
            f.write(json.dumps(record_one(game, index), separators=(",", ":")) + "\n")
    return path


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(record(name))
