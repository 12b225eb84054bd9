"""The Die Race presenter: what the shared screen shows, in player words.

Everything here is public (Die Race hides nothing), so ``secrets()`` stays empty
and ``private`` is never set.  A game with hidden cards words them here only for
their owner.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.engines.base import CHANCE, TERMINAL
from companion.engines.view import ChanceEntry, Choice, Ending, View, sentence

if TYPE_CHECKING:
    from examples.die_race.state import DieRaceState


@dataclass(frozen=True)
class RaceTable:
    """The public picture: each pawn's square and the goal."""

    positions: tuple[int, ...]
    target: int


def present(state: DieRaceState, viewer: int | None = None) -> View:
    player = state.current_player()
    table = RaceTable(tuple(state.positions), state.options["target"])
    log = tuple(state.log)
    if player == CHANCE:
        outcomes = tuple(
            Choice(roll.key, f"It shows {roll.number}", hint={"die": roll.number}, probability=p)
            for roll, p in state.chance_outcomes()
        )
        headline = f"Roll the die for {state.player_name(state.turn)}"
        return View(
            headline, None, (), ChanceEntry("Roll the die", outcomes), log, None, None, table
        )
    if player == TERMINAL:
        outcome = state.outcome()
        assert outcome is not None
        end = Ending(outcome.winners, sentence(outcome.reason))
        return View(end.reason, None, (), None, log, None, end, table)
    here = state.positions[player]
    choices = tuple(
        Choice(move.key, f"Move {move.steps}", hint={"square": here + move.steps})
        for move in state.legal_actions()
    )
    headline = f"{state.player_name(player)} rolled {state.roll}: how far?"
    return View(headline, player, choices, None, log, None, None, table)
