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
from kivy.metrics import dp, sp
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.engines.le_petit_poucet import PoucetTable
from companion.engines.view import Choice, View
from companion.ui.games.le_petit_poucet.tree_cards import card_picture
from companion.ui.players import ink
from companion.ui.screens import load_kv
from companion.ui.view_widgets import ChanceEntry, ChoiceGrid, EndBanner, player_colour  # noqa: F401  (kv)


class PoucetStepPanel(BoxLayout):
    heading = StringProperty("")
    note = StringProperty("")
    scale = NumericProperty(1)
    """Larger type and buttons on a larger screen (the screen's ``scale``)."""

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
        outcomes = view.chance.outcomes if view.chance is not None else ()
        self._dress(self.ids.chance.ids.outcomes, outcomes)
        if table.top_card is not None:
            picture = card_picture(table, table.top_card, self.scale)
            if picture is not None:
                self.ids.reveal.add_widget(picture)
        if table.secret_choices and self.showing_vote_of != view.turn:
            self._hide_vote(view, table)
            return
        self.ids.choices.show(view.choices, self.controller.choose)
        for grid in self.ids.choices.children:
            self._dress(grid, view.choices)

    def _dress(self, box: Any, choices: tuple[Choice, ...]) -> None:
        """A child's button in that child's pawn colour; every button grows with the screen."""
        hints = {c.key: c.hint for c in choices}
        if hasattr(box, "row_default_height"):
            box.row_default_height = dp(56) * self.scale
        for button in box.children:
            button.font_size = sp(18) * self.scale
            button.height = dp(56) * self.scale
            player = hints.get(str(getattr(button, "choice_key", "")), {}).get("player")
            if isinstance(player, int):
                button.background_color = player_colour(player, self.controller.game)
                button.color = ink(button.background_color)

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
        show = Factory.Tap(text=f"I am {name}: show my choices", font_size=sp(18) * self.scale)
        show.height = dp(56) * self.scale
        show.bind(on_release=lambda *_: self._reveal_vote(voter))
        self.ids.reveal.add_widget(show)

    def _reveal_vote(self, voter: int) -> None:
        self.showing_vote_of = voter
        self.screen.refresh()


load_kv(__file__)
