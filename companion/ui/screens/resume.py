"""The start-up question (carry on with the unfinished game, or start fresh) and the
list of every unfinished game.  Each says where its game stood, and setting a game
aside asks first."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.uix.modalview import ModalView

from companion.session.journal import GameRecord
from companion.ui.confirm import Confirm
from companion.ui.screens import load_kv
from companion.ui.screens.standing import standing, title

load_kv(__file__)


def describe(record: GameRecord) -> str:
    """The game's title and where it stood, for a prompt or a row."""
    app = App.get_running_app()
    return f"[b]{title(record)}[/b]\n{standing(app.services.journal, record)}"


def confirm_aside(record: GameRecord, then: Any) -> None:
    """Ask, then set ``record`` aside and call ``then()``."""

    def aside() -> None:
        App.get_running_app().abandon_game(record)
        then()

    Confirm(
        f"Set aside {title(record)}?\n\nIt will no longer be offered for resuming. "
        "Nothing is deleted: its history stays in Past games.",
        "Set it aside",
        aside,
        "Keep it",
    ).open()


class ResumePrompt(ModalView):
    def __init__(self, record: GameRecord, **kwargs: Any) -> None:
        super().__init__(auto_dismiss=False, size_hint=(0.9, 0.8), **kwargs)
        self.record = record
        self.ids.question.text = f"Carry on with your unfinished game?\n\n{describe(record)}"
        others = [
            r
            for r in App.get_running_app().services.journal.unfinished_games()
            if r.id != record.id
        ]
        for other in others:
            row = Factory.SavedGameRow()
            row.ids.label.text = describe(other)  # where each stood, not just its name
            row.ids.resume.bind(on_release=lambda _b, r=other: self.resume_other(r))
            row.ids.aside.opacity = 0
            row.ids.aside.disabled = True
            self.ids.others.add_widget(row)
        self.ids.others_heading.text = "Other unfinished games:" if others else ""

    def resume(self) -> None:
        self.dismiss()
        App.get_running_app().resume_game(self.record)

    def resume_other(self, record: GameRecord) -> None:
        self.dismiss()
        App.get_running_app().resume_game(record)

    def start_fresh(self) -> None:
        confirm_aside(self.record, self.dismiss)


class SavedGames(ModalView):
    """Every unfinished game, newest first: resume one, or set it aside."""

    def __init__(self, records: list[GameRecord], **kwargs: Any) -> None:
        super().__init__(size_hint=(0.95, 0.9), **kwargs)
        rows = self.ids.rows
        for record in records:
            row = Factory.SavedGameRow()
            row.ids.label.text = describe(record)
            row.ids.resume.bind(on_release=lambda _b, r=record: self.resume(r))
            row.ids.aside.bind(on_release=lambda _b, r=record, w=row: self.set_aside(r, w))
            rows.add_widget(row)

    def resume(self, record: GameRecord) -> None:
        self.dismiss()
        App.get_running_app().resume_game(record)

    def set_aside(self, record: GameRecord, row: Any) -> None:
        def gone() -> None:
            self.ids.rows.remove_widget(row)
            if not self.ids.rows.children:
                self.dismiss()

        confirm_aside(record, gone)
