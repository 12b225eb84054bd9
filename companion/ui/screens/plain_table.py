"""The plain table screen: any registered game, played through its legal moves.

It shows whose turn it is, the engine's own description of the position, and a
button per legal move.  At a chance node the app can draw, or the players enter
what the real die or card showed.
"""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import StringProperty

from companion.engines.base import CHANCE, TERMINAL
from companion.session.journal import Source
from companion.ui.game_screen import GameScreen
from companion.ui.screens import load_kv

load_kv(__file__)


class PlainTableScreen(GameScreen):
    headline = StringProperty("")
    details = StringProperty("")

    def refresh(self) -> None:
        if self.controller is None:
            return
        state = self.controller.state
        player = state.current_player()
        if player == TERMINAL:
            outcome = state.outcome()
            winners = ", ".join(self.player_name(i) for i in outcome.winners) if outcome else ""
            self.headline = f"Game over: {outcome.reason if outcome else ''}"
            if winners:
                self.headline += f" - winner: {winners}"
        elif player == CHANCE:
            self.headline = "Chance: let the app draw, or tap what the table showed"
        else:
            self.headline = f"{self.player_name(player)} to play"
        self.details = "\n".join(state.describe())
        self._fill_moves(state, player)

    def _fill_moves(self, state: Any, player: int) -> None:
        grid = self.ids.moves
        grid.clear_widgets()
        if player == CHANCE:
            draw = Factory.Tap(text="Let the app draw")
            draw.bind(on_release=lambda *_: self.controller.draw())
            grid.add_widget(draw)
            for action, probability in state.chance_outcomes():
                text = f"{state.action_to_string(action)}  ({probability:.0%})"
                button = Factory.QuietTap(text=text)
                button.bind(on_release=lambda _b, a=action: self.controller.apply(a, Source.MANUAL))
                grid.add_widget(button)
            return
        for action in state.legal_actions():
            button = Factory.Tap(text=state.action_to_string(action))
            button.bind(on_release=lambda _b, a=action: self.controller.apply(a))
            grid.add_widget(button)
