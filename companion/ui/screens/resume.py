"""The start-up question: carry on with the unfinished game, or start fresh."""

from __future__ import annotations

import time
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.uix.modalview import ModalView

from companion.engines import registry
from companion.session.journal import GameRecord
from companion.ui.screens import load_kv

load_kv(__file__)


def describe(record: GameRecord) -> str:
    try:
        name = registry.get(record.game).name
    except KeyError:
        name = record.game
    started = time.strftime("%a %d %b, %H:%M", time.localtime(record.started))
    return f"{name} with {record.players} player{'s' if record.players != 1 else ''}, started {started}"


class ResumePrompt(ModalView):
    def __init__(self, record: GameRecord, **kwargs: Any) -> None:
        super().__init__(auto_dismiss=False, size_hint=(0.8, 0.6), **kwargs)
        self.record = record
        self.ids.question.text = f"Carry on with your unfinished game?\n\n{describe(record)}"

    def resume(self) -> None:
        self.dismiss()
        App.get_running_app().resume_game(self.record)

    def start_fresh(self) -> None:
        self.dismiss()
        App.get_running_app().abandon_game(self.record)


class SavedGames(ModalView):
    """Every unfinished game, newest first: resume one, or set it aside."""

    def __init__(self, records: list[GameRecord], **kwargs: Any) -> None:
        super().__init__(size_hint=(0.9, 0.85), **kwargs)
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
        App.get_running_app().abandon_game(record)
        self.ids.rows.remove_widget(row)
        if not self.ids.rows.children:
            self.dismiss()
