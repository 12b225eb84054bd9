"""History: every step of the game in progress, who did it and where it came from,
with undo of the last decision."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.uix.screenmanager import Screen

from companion.engines.base import CHANCE
from companion.ui.screens import load_kv

load_kv(__file__)


class HistoryScreen(Screen):
    title = "History"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="history", **kwargs)

    def on_pre_enter(self, *_args: Any) -> None:
        self.update()

    def update(self) -> None:
        app = App.get_running_app()
        rows = self.ids.rows
        rows.clear_widgets()
        controller = app.controller
        if controller is None:
            self.ids.summary.text = "No game in progress."
            self.ids.undo_button.disabled = True
            self.ids.back_button.disabled = True
            return
        steps = controller.session.steps
        self.ids.summary.text = f"{controller.session.game.name}: {len(steps)} steps"
        names = controller.names
        state = controller.state
        for number, step in enumerate(steps, start=1):
            who = "chance" if step.player == CHANCE else names[step.player]
            text = state.public_step_text(step.text, len(steps) - number)
            row = Factory.Body(text=f"{number}. [b]{who}[/b]: {text}  [i]({step.source.value})[/i]")
            rows.add_widget(row)
        self.ids.undo_button.disabled = not controller.session.can_undo()
        self.ids.back_button.disabled = False

    def undo(self) -> None:
        app = App.get_running_app()
        if app.controller is not None:
            app.controller.undo()
        self.update()
