"""Everything but the count: choosing who starts, the card reveals, the grab or the
less-quick questions, the secret votes, the token check and the end.

The panel only offers what the engine says is legal and hands each tap to the
controller: physical chance (a card turned up, the token from the box) is entered
as MANUAL, the app's own draw goes through ``controller.draw()``, decisions are
PLAYER moves.  Votes are secret: each voter first taps "show my choices", and the
choices hide again as soon as the vote is cast.
"""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.engines.le_petit_poucet.terms import (
    ASK,
    CHECK,
    DRAW,
    GRAB,
    OVER,
    REVEAL,
    START,
    VOTE,
)
from companion.session.journal import Source
from companion.ui.screens import load_kv


class PoucetStepPanel(BoxLayout):
    heading = StringProperty("")
    note = StringProperty("")
    cols = NumericProperty(3)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.screen: Any = None
        self.showing_vote_of: int | None = None

    @property
    def controller(self) -> Any:
        return self.screen.controller

    # -- building the choices -------------------------------------------------------
    def show(self, state: Any, names: list[str]) -> None:
        self.ids.choices.clear_widgets()
        self.ids.top.clear_widgets()
        self.note, self.cols = "", 3
        phase = state.phase
        first = names[state.first_player] if state.first_player is not None else ""
        if phase == START:
            self.heading = "Who is the first player? (one chosen at random)"
            self._draw_button("Let the app choose")
            for p in range(state.num_players):
                self._button(names[p], ("first", p), Source.MANUAL, quiet=True)
        elif phase == DRAW:
            self.heading = f"{first}: draw a tree token from the bag without looking at it."
            self.note = "Keep it under the table; the others get ready to count."
            self._button("Token drawn", ("draw",))
        elif phase == REVEAL:
            self.heading = f"{first}: turn over the next tree card. Which tree is it?"
            self._draw_button("Let the app draw a card")
            self._trees(state, state.unrevealed(), "reveal")
        elif phase == GRAB:
            label = state.tree_label(state.top_card())
            self.heading = f"Who grabbed the {label} card?"
            self.note = "Each child takes one card at most."
            for p in state.card_seekers():
                self._button(names[p], ("grab", p))
            self._button("Nobody: next card", ("leave",), quiet=True)
        elif phase == ASK:
            asked = state.current_player()
            label = state.tree_label(state.top_card())
            self.heading = f"{names[asked]}, do you take the {label} card?"
            self._button("Take it", ("take",))
            self._button("Leave it", ("leave",), quiet=True)
        elif phase == VOTE:
            self._vote(state, names)
        elif phase == CHECK:
            self._check(state, names, first)
        elif phase == OVER:
            outcome = state.outcome()
            winners = [names[w] for w in outcome.winners] if outcome else []
            self.heading = (
                f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''}!"
                if winners
                else "Everyone loses!"
            )
            self.note = f"{state.end_reason()[:1].upper()}{state.end_reason()[1:]}."

    def _vote(self, state: Any, names: list[str]) -> None:
        voter = state.voter()
        if self.showing_vote_of != voter:
            self.showing_vote_of = None
            self.heading = f"{names[voter]}: your secret pebble vote."
            self.note = "Everyone else looks away."
            show = Factory.Tap(text=f"I am {names[voter]}: show my choices")
            show.bind(on_release=lambda *_: self._reveal_vote(voter))
            self.ids.choices.add_widget(show)
            return
        self.heading = f"{names[voter]}, who found the matching tree?"
        self.note = "Only children holding a card can have found it."
        for p in state.card_holders():
            you = " (you)" if p == voter else ""
            self._button(f"{names[p]}{you}", ("vote", p))

    def _reveal_vote(self, voter: int) -> None:
        self.showing_vote_of = voter
        self.screen.refresh()

    def _check(self, state: Any, names: list[str], first: str) -> None:
        self.heading = f"{first}: take the token out of the box. Which tree is it?"
        held = {t: p for p, t in enumerate(state.taken) if t is not None}
        # No "let the app draw" here: the token is a real one the children felt in step 1,
        # so only the table can say which tree it is.
        for tree in state.unseen_tokens():
            if tree in held:
                text = f"{state.tree_label(tree)}: {names[held[tree]]}'s card"
                self._button(text, ("token", tree), Source.MANUAL)
        others = [t for t in state.unseen_tokens() if t not in held]
        self.note = "Cards the children took come first." if held else "Nobody took a card."
        self._trees(state, others, "token")

    def _trees(self, state: Any, trees: list[int], kind: str) -> None:
        for index in trees:
            tree = state.manifest.trees[index]
            self._button(
                f"{tree.name}\n{tree.series_name}", (kind, index), Source.MANUAL, quiet=True
            )
            self.ids.choices.children[0].font_size = "15sp"

    def _draw_button(self, text: str) -> None:
        """The app's own draw, above the choices (the table's entries are below)."""
        button = Factory.Tap(text=text)
        button.bind(on_release=lambda *_: self.controller.draw())
        self.ids.top.add_widget(button)

    def _button(
        self, text: str, action: Any, source: Source = Source.PLAYER, quiet: bool = False
    ) -> None:
        button = (Factory.QuietTap if quiet else Factory.Tap)(text=text)
        button.action = action
        button.bind(on_release=lambda *_: self.controller.apply(action, source))
        self.ids.choices.add_widget(button)


load_kv(__file__)
