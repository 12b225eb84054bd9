"""A tiny test-only game that exercises the whole engine contract.

Die Race: on your turn a d3 is rolled (a chance node); you then move your pawn
forward by the roll or by one.  The first pawn to reach square 5 wins.  An
option ``target`` changes the finishing square.
"""

from __future__ import annotations

from typing import Any

from companion.engines.base import (
    CHANCE,
    TERMINAL,
    Game,
    IllegalAction,
    Option,
    State,
    quoted,
    require,
    win_returns,
)
from companion.engines.view import ChanceEntry, Choice, Ending, View, sentence


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

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> DieRaceState:
        return DieRaceState(self, players, options, seed)


class DieRaceState(State):
    def __init__(self, game: Game, players: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(game, players, options, seed)
        self.positions = [0] * players
        self.turn = 0
        self.roll: int | None = None
        self.winner: int | None = None

    def current_player(self) -> int:
        if self.winner is not None:
            return TERMINAL
        return CHANCE if self.roll is None else self.turn

    def legal_actions(self) -> list[Any]:
        if self.winner is not None:
            return []
        if self.roll is None:
            return [1, 2, 3]
        return sorted({1, self.roll})

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.current_player() != CHANCE:
            return []
        return [(r, 1 / 3) for r in (1, 2, 3)]

    def _apply(self, action: Any) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(f"{action!r} is not a legal move now")
        if self.roll is None:
            self.roll = action
            self.note(f"The die shows {action}.")
            return
        self.note(f"{self.player_name(self.turn)} moves {action}.", self.turn)
        self.positions[self.turn] += action
        self.roll = None
        if self.positions[self.turn] >= self.options["target"]:
            self.winner = self.turn
        else:
            self.turn = (self.turn + 1) % self.num_players

    def returns(self) -> list[float]:
        return win_returns(() if self.winner is None else (self.winner,), self.num_players)

    def end_reason(self) -> str:
        assert self.winner is not None
        return f"{self.player_name(self.winner)} reached square {self.options['target']}"

    def view(self, viewer: int | None = None) -> View:
        player = self.current_player()
        choices: tuple[Choice, ...] = ()
        chance = None
        end = None
        if player == CHANCE:
            headline = f"Roll the die for {self.player_name(self.turn)}"
            chance = ChanceEntry(
                "Roll the die",
                tuple(
                    Choice(self.action_to_string(a), f"It shows {a}", probability=p)
                    for a, p in self.chance_outcomes()
                ),
            )
        elif player == TERMINAL:
            outcome = self.outcome()
            assert outcome is not None
            headline = sentence(outcome.reason)
            end = Ending(outcome.winners, sentence(outcome.reason))
        else:
            headline = f"{self.player_name(player)} rolled {self.roll}: how far?"
            choices = tuple(
                Choice(self.action_to_string(a), f"Move {a}", hint={"square": self.positions[player] + a})
                for a in self.legal_actions()
            )
        return View(headline, player if player >= 0 else None, choices, chance,
                    tuple(self.log), None, end, tuple(self.positions))

    def describe(self) -> list[str]:
        return [f"Pawn {i + 1} is on square {p}" for i, p in enumerate(self.positions)]

    def action_to_string(self, action: Any) -> str:
        return f"roll {action}" if self.roll is None else f"move {action}"

    def key_to_action(self, key: str) -> Any:
        verb, _, number = key.partition(" ")
        if verb not in ("roll", "move") or not number.isdigit():
            raise IllegalAction(f"{quoted(key)} is not a Die Race action (try 'roll 2' or 'move 1')")
        return int(number)

    def _dump(self) -> dict[str, Any]:
        return {
            "positions": list(self.positions),
            "turn": self.turn,
            "roll": self.roll,
            "winner": self.winner,
        }

    def _load(self, data: dict[str, Any]) -> None:
        positions = data["positions"]
        require(
            isinstance(positions, list) and len(positions) == self.num_players,
            "positions must list one square per player",
        )
        require(all(isinstance(p, int) and p >= 0 for p in positions), "positions must be squares")
        require(data["turn"] in range(self.num_players), "turn must be a player index")
        require(data["roll"] in (None, 1, 2, 3), "roll must be empty or 1-3")
        require(data["winner"] in (None, *range(self.num_players)), "winner must be a player")
        self.positions = list(positions)
        self.turn = data["turn"]
        self.roll = data["roll"]
        self.winner = data["winner"]


GAME = DieRaceGame()
