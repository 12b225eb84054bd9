"""Everything but the count: choosing who starts, the card reveals, the grab or the
less-quick questions, the secret votes, the token check and the end.

The panel draws the view with the shared widgets: the chance entry (the app's own
draw, or what the table saw: MANUAL), the choice grid (decisions, applied by key)
and the end banner.  Votes are secret (the view says so): each voter first taps
"show my choices", and the choices hide again as soon as the vote is cast.
"""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.engines.le_petit_poucet import PoucetTable
from companion.engines.view import View
from companion.ui.screens import load_kv
from companion.ui.view_widgets import ChanceEntry, ChoiceGrid, EndBanner  # noqa: F401  (kv)

SMALL = "15sp"
"""Tree names are long: their buttons use a smaller font."""


class PoucetStepPanel(BoxLayout):
    heading = StringProperty("")
    note = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.screen: Any = None
        self.showing_vote_of: int | None = None

    @property
    def controller(self) -> Any:
        return self.screen.controller

    def show(self, view: View) -> None:
        table = view.table
        assert isinstance(table, PoucetTable)
        self.ids.reveal.clear_widgets()
        self.heading, self.note = view.headline, table.note
        self._show_end(view, table)
        self.ids.chance.show(
            view.chance,
            self.controller.draw,
            self.controller.enter_outcome,
            app=table.app_may_draw,
        )
        for button in self.ids.chance.ids.outcomes.children:
            button.font_size = SMALL
        if table.secret_choices and self.showing_vote_of != view.turn:
            self._hide_vote(view, table)
            return
        self.ids.choices.show(view.choices, self.controller.choose)

    def _show_end(self, view: View, table: PoucetTable) -> None:
        self.ids.end.show(view.end, lambda i: table.pawns[i].name, self.controller.game)
        if view.end is not None:
            self.heading = self.note = ""

    def _hide_vote(self, view: View, table: PoucetTable) -> None:
        """Nothing of the vote shows until the voter asks for their choices."""
        voter = view.turn
        assert voter is not None
        self.showing_vote_of = None
        name = table.pawns[voter].name
        self.heading = f"{name}: your secret pebble vote."
        self.note = "Everyone else looks away."
        self.ids.choices.show((), self.controller.choose)
        show = Factory.Tap(text=f"I am {name}: show my choices")
        show.bind(on_release=lambda *_: self._reveal_vote(voter))
        self.ids.reveal.add_widget(show)

    def _reveal_vote(self, voter: int) -> None:
        self.showing_vote_of = voter
        self.screen.refresh()


load_kv(__file__)
