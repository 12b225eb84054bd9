"""Saving a Die Race position as plain JSON data, and loading it with validation.

Every field goes through the shared ``checks`` reader, so a damaged save names
the field at fault instead of building a position the rules could never reach.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.engines import checks

if TYPE_CHECKING:
    from examples.die_race.state import DieRaceState

FIELDS = ("positions", "turn", "roll", "winner")


def dump(state: DieRaceState) -> dict[str, Any]:
    return {
        "positions": list(state.positions),
        "turn": state.turn,
        "roll": state.roll,
        "winner": state.winner,
    }


def load(state: DieRaceState, data: dict[str, Any]) -> None:
    checks.table(data, "saved state", FIELDS)
    players = state.num_players
    positions = checks.items(data.get("positions"), "positions", players)
    state.positions = [checks.whole(p, f"positions[{i}]", 0) for i, p in enumerate(positions)]
    state.turn = checks.player(data.get("turn"), "turn", players)
    roll = data.get("roll")
    state.roll = None if roll is None else checks.whole(roll, "roll", 1, state.box.faces)
    winner = data.get("winner")
    state.winner = None if winner is None else checks.player(winner, "winner", players)
