"""Past games: every finished game with its date, players, winners and scores, then
every game set aside before its end, each with its public history one tap away."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.uix.modalview import ModalView

from companion.session.journal import GameRecord
from companion.session.session import ResumeFailed, Session
from companion.ui.screens import load_kv
from companion.ui.screens.history import ending_text, log_rows
from companion.ui.screens.standing import title

load_kv(__file__)


SET_ASIDE = "Set aside before its end."


def how_it_ended(session: Session) -> str:
    """A past game's ending in the end screen's words, or that it was set aside."""
    return SET_ASIDE if session.record.finished is None else ending_text(session)


class PastGames(ModalView):
    def __init__(
        self,
        records: list[GameRecord],
        set_aside: list[GameRecord] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(size_hint=(0.95, 0.9), **kwargs)
        journal = App.get_running_app().services.journal
        rows = self.ids.rows
        if not records:
            rows.add_widget(Factory.Body(text="No game has been played to the end yet."))
        for record in [*records, *(set_aside or ())]:
            row = Factory.SavedGameRow()
            session: Session | None = None
            try:
                session = Session.resume(journal, record.id)
            except ResumeFailed as err:
                summary = f"It cannot be replayed: {err}"
            else:
                summary = how_it_ended(session)
            row.ids.label.text = f"[b]{title(record)}[/b]\n{summary}"
            row.ids.aside.opacity = 0
            row.ids.aside.disabled = True
            row.ids.resume.text = "History"
            row.ids.resume.disabled = session is None
            row.ids.resume.bind(on_release=lambda _b, s=session, r=record: self.history(s, r))
            rows.add_widget(row)

    def history(self, session: Session | None, record: GameRecord) -> None:
        if session is None:
            return
        PastHistory(title(record), session).open()


class PastHistory(ModalView):
    """One past game's public log, by round, under how it ended (or that it was set aside)."""

    def __init__(self, heading: str, session: Session, **kwargs: Any) -> None:
        super().__init__(size_hint=(0.95, 0.9), **kwargs)
        self.ids.heading.text = heading
        self.ids.ending.text = how_it_ended(session)
        log = session.state.view().log
        for row in log_rows(log, session.game.round_word):
            self.ids.rows.add_widget(row)
        if not log:
            self.ids.rows.add_widget(Factory.Body(text="Nothing was recorded."))
