"""The Die Race game: its id, player range, house rules and box."""

from __future__ import annotations

from typing import Any

from companion.engines.base import Game, Option
from companion.engines.datafile import DataFileError
from examples.die_race.box import shipped_box
from examples.die_race.state import DieRaceState


class DieRaceGame(Game):
    id = "die-race"
    name = "Die Race (test game)"
    min_players = 1
    max_players = 3
    options = (
        Option(
            key="target",
            default=5,
            description="The square a pawn must reach to win.",
            rulebook="The first pawn to reach the goal wins.",
            minimum=2,
            maximum=20,
        ),
    )
    max_game_length = 2 * 3 * 20

    def unavailable(self) -> str | None:
        try:
            shipped_box()
        except DataFileError as err:
            return str(err)
        return None

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> DieRaceState:
        return DieRaceState(self, players, options, seed, shipped_box())
