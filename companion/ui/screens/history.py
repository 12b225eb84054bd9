"""History: the public log of the game in progress, grouped by round, with undo of
the last decision (a finished game says how it ended and offers no undo).

It shows only what everyone at the table may read (the view's public log): a card
dealt into a hidden hand, the order of a shuffled deck or a vote not yet shown never
appears here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import BooleanProperty
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from companion.engines.view import LogLine
from companion.session.session import Session
from companion.ui.screens import load_kv

load_kv(__file__)


def ending_text(session: Session) -> str:
    """Winners, why, and scores, in the end screen's words (History, Past games)."""
    end = session.state.view().end
    if end is None:
        return "It did not end."
    name = session.state.player_name
    winners = " and ".join(name(i) for i in end.winners) or "Nobody"
    text = f"{winners} won. {end.reason}"
    if end.scores is not None:
        scores = ", ".join(f"{name(i)} {s:g}" for i, s in enumerate(end.scores))
        if len(end.scores) == 1:  # a solo game: "Time left: 2"
            scores = f"{end.scores[0]:g}"
        text += f"\n{end.score_name or 'Scores'}: {scores}"
    return text


def log_rows(log: Sequence[LogLine], round_word: str) -> list[Widget]:
    """The public log as rows: each round's lines under its heading ("Round 2", or the
    rulebook's own word), set-up's lines first under "Setting up"."""
    rows: list[Widget] = []
    if log and log[0].round is None and any(line.round is not None for line in log):
        rows.append(Factory.Heading(text="Setting up"))  # the lines before round 1
    current_round: int | None = None
    for line in log:
        if line.round is not None and line.round != current_round:
            current_round = line.round
            rows.append(Factory.Heading(text=f"{round_word} {current_round}"))
        rows.append(Factory.Body(text=line.text))
    return rows


class HistoryScreen(Screen):
    title = "History"
    can_undo = BooleanProperty(False)
    """Undo shows only where there is a step to take back (never in a finished game)."""

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
            self.can_undo = False
            self.ids.back_button.disabled = True
            return
        view = controller.view()
        session = controller.session
        self.ids.summary.text = f"{session.game.name}: {summary(session, view.end is not None)}"
        for row in log_rows(view.log, session.game.round_word):
            rows.add_widget(row)
        if not view.log:
            rows.add_widget(Factory.Body(text="Nothing has happened yet."))
        self.can_undo = view.end is None and session.can_undo()
        self.ids.back_button.disabled = False

    def undo(self) -> None:
        app = App.get_running_app()
        if app.controller is not None and self.can_undo:
            app.controller.undo()
        self.update()


def summary(session: Session, finished: bool) -> str:
    """A game in progress counts its steps; a finished one says how it ended."""
    if finished:
        return ending_text(session)
    steps = len(session.steps)
    return f"{steps} step{'' if steps == 1 else 's'} so far"
