"""History: the public log of the game in progress, grouped by round, with undo of
the last decision.

It shows only what everyone at the table may read (the view's public log): a card
dealt into a hidden hand, the order of a shuffled deck or a vote not yet shown never
appears here.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.uix.screenmanager import Screen

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
        log = controller.view().log
        steps = len(controller.session.steps)
        self.ids.summary.text = (
            f"{controller.session.game.name}: {steps} step{'' if steps == 1 else 's'} so far"
        )
        current_round: int | None = None
        word = controller.session.game.round_word  # "Round", or the rulebook's own word
        if log and log[0].round is None and any(line.round is not None for line in log):
            rows.add_widget(Factory.Heading(text="Setting up"))  # the lines before round 1
        for line in log:
            if line.round is not None and line.round != current_round:
                current_round = line.round
                rows.add_widget(Factory.Heading(text=f"{word} {current_round}"))
            rows.add_widget(Factory.Body(text=line.text))
        if not log:
            rows.add_widget(Factory.Body(text="Nothing has happened yet."))
        self.ids.undo_button.disabled = not controller.session.can_undo()
        self.ids.back_button.disabled = False

    def undo(self) -> None:
        app = App.get_running_app()
        if app.controller is not None:
            app.controller.undo()
        self.update()
