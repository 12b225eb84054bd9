"""Build Beware of the Wolf positions for rule scenarios (default board).

Default board landmarks: houses red o0, blue o8, yellow o16, green o24; trees at
o2 o4 o6 (and the same offsets in every quarter); arrows o1->i1, i2->o4, i3->o7
(and so on per quarter).  Outer spaces are 11.25 degrees wide, inner 22.5.
"""

from __future__ import annotations

from typing import Any

from companion.engines.beware_of_the_wolf import GAME, WolfState

COLOURS = ["red", "blue", "yellow", "green"]


def position(
    positions: list[str | None],
    wolf: int = 200,
    quarters: list[int] | None = None,
    phase: str = "roll",
    roll: Any = None,
    turn: int = 0,
    options: dict[str, Any] | None = None,
) -> WolfState:
    """A validated position: player i owns house COLOURS[i]."""
    n = len(positions)
    state = GAME.new_initial_state(n, options)
    data = state.to_dict()
    data["state"].update(
        phase=phase,
        wolf=wolf,
        houses=COLOURS[:n],
        positions=positions,
        quarters=quarters or [0b0001 if p is not None else 0 for p in positions],
        roll=roll,
        turn=turn,
    )
    loaded = GAME.state_from_dict(data)
    assert isinstance(loaded, WolfState)
    return loaded


def moves(state: WolfState) -> list[str]:
    return sorted(state.legal_action_strings())
