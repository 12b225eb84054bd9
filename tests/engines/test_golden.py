"""Action keys are a promise: the recorded version-1 playouts must keep replaying.

Each golden file holds seeded random games recorded as action keys before the
engines were reshaped (see golden/record.py).  Every key must still name a legal
action at its step, and each game must end where it ended then.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.engines import registry

GOLDEN = Path(__file__).resolve().parent / "golden"
FILES = sorted(GOLDEN.glob("*.jsonl"))


def test_every_registered_game_has_golden_playouts() -> None:
    assert {p.stem for p in FILES} == {g.id for g in registry.all_games()}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_playouts_replay(path: Path) -> None:
    game = registry.get(path.stem)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) >= 100
    for number, line in enumerate(lines, 1):
        record = json.loads(line)
        state = game.new_initial_state(record["players"], record["options"], record["seed"])
        for step, key in enumerate(record["actions"]):
            action = state.string_to_action(key)
            assert state.action_to_string(action) == key, (number, step, key)
            state.apply(action)
        assert state.is_terminal(), f"{path.name} line {number} did not end"
        assert state.returns() == record["returns"], f"{path.name} line {number}"
