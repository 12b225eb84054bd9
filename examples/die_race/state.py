"""A Die Race position: pawns, whose turn, the roll waiting to be used."""

from __future__ import annotations

from typing import Any

from companion.engines.base import CHANCE, TERMINAL, Game, IllegalAction, State, win_returns
from companion.engines.view import View
from examples.die_race import save, text, view
from examples.die_race.actions import Action, Move, Roll, parse
from examples.die_race.box import Box


class DieRaceState(State):
    def __init__(
        self, game: Game, players: int, options: dict[str, Any], seed: int, box: Box
    ) -> None:
        super().__init__(game, players, options, seed)
        self.box = box
        self.positions = [0] * players
        self.turn = 0
        self.roll: int | None = None
        self.winner: int | None = None

    # -- whose turn and what may be done -----------------------------------------
    def current_player(self) -> int:
        if self.winner is not None:
            return TERMINAL
        return CHANCE if self.roll is None else self.turn

    def legal_actions(self) -> list[Any]:
        if self.winner is not None:
            return []
        if self.roll is None:
            return [Roll(n) for n in range(1, self.box.faces + 1)]
        return [Move(n) for n in sorted({1, self.roll})]

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.current_player() != CHANCE:
            return []
        return [(roll, 1 / self.box.faces) for roll in self.legal_actions()]

    # -- playing -------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(text.not_now(getattr(action, "key", repr(action))))
        if isinstance(action, Roll):
            self.roll = action.number
            self.note(text.rolled(action.number))
            return
        self.note(text.moved(self.player_name(self.turn), action.steps), self.turn)
        self.positions[self.turn] += action.steps
        self.roll = None
        if self.positions[self.turn] >= self.options["target"]:
            self.winner = self.turn
        else:
            self.turn = (self.turn + 1) % self.num_players

    # -- the end ---------------------------------------------------------------------
    def returns(self) -> list[float]:
        return win_returns(() if self.winner is None else (self.winner,), self.num_players)

    def end_reason(self) -> str:
        if self.winner is None:
            return "the game is not over"
        return text.reached(self.player_name(self.winner), self.options["target"])

    # -- keys, views and saves -------------------------------------------------------
    def action_to_string(self, action: Action) -> str:
        return action.key

    def key_to_action(self, key: str) -> Action:
        return parse(key)

    def view(self, viewer: int | None = None) -> View:
        return view.present(self, viewer)

    def describe(self) -> list[str]:
        return [f"Pawn {i + 1} is on square {p}" for i, p in enumerate(self.positions)]

    def _dump(self) -> dict[str, Any]:
        return save.dump(self)

    def _load(self, data: dict[str, Any]) -> None:
        save.load(self, data)
