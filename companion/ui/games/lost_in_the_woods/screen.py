"""The Lost in the Woods table screen.

Top: Mansion, the nine Forest slots and the Bridge, and the clock dial.  Middle left:
the Fright row, deck / discard / torch counts and what just happened.  Middle right: the
odds panel (exact next-draw odds and the advisor's win estimates) and, at the end, a plot
of the chance to win across the game's decisions.  Bottom: the choices of the moment -
Draw / End the Round / Use Torch, an event's or the placement's options, or the card
buttons to tap what was drawn from a real deck.  Everything is redrawn from the state.
"""

from __future__ import annotations

import json
import threading
from typing import Any

from kivy.factory import Factory
from kivy.properties import BooleanProperty, StringProperty

from companion.engines.lost_in_the_woods.actions import DRAW, END_ROUND, USE_TORCH
from companion.engines.lost_in_the_woods.advisor import Advice, advise, draw_odds
from companion.engines.lost_in_the_woods.cards import KINDS, NAMES
from companion.session.journal import Source
from companion.ui.game_screen import GameScreen
from companion.ui.games.lost_in_the_woods.board import (  # noqa: F401  (kv)
    CardSlot,
    ClockDial,
    ForestRow,
    WinPlot,
    card_colour,
    card_label,
)
from companion.ui.games.lost_in_the_woods.odds_text import advice_lines, odds_lines
from companion.ui.screens import load_kv

PROMPTS = {
    "torch": "Torch: light it for a later round (costs 1 time), or discard it?",
    "well": "Wishing Well: give up a set to turn the clock back 1?",
    "lightning": "Lightning: which Progress card is struck?",
    "signpost": "Signpost: send a card to the Forest row for 1 time (ends the round)?",
    "compass": "Compass: count it as a symbol for 1 time?",
    "place": "Place your sets: which goes into the Forest row next?",
}
ACT_BUTTONS = ((DRAW, "Draw"), (END_ROUND, "End the Round"), (USE_TORCH, "Use Torch"))
BEST = (0.55, 0.45, 0.12, 1)
NORMAL = (0.22, 0.36, 0.26, 1)


class WoodsScreen(GameScreen):
    prompt = StringProperty("")
    info = StringProperty("")
    events_text = StringProperty("")
    odds_text = StringProperty("")
    game_over = BooleanProperty(False)

    advice_in_background = True
    """Weigh choices on a worker thread (tests turn this off to get results at once)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._advice: dict[str, Advice] = {}
        self._pending: str | None = None
        self.curve: dict[int, float] = {}
        """Best estimated chance to win at each decision seen, by step number."""

    # -- drawing ---------------------------------------------------------------------
    def refresh(self) -> None:
        if self.controller is None:
            return
        state = self.controller.state
        steps = len(self.controller.session.steps)
        self.curve = {k: v for k, v in self.curve.items() if k <= steps}
        self.ids.forest.show(state.forest)
        self.ids.dial.time = state.time
        self._show_row(state.row)
        torch = "lit (next round)" if state.torch_lit else ("ready" if state.torch_ready else "-")
        self.info = (
            f"Round {state.round}   Deck {state.deck_size}   Discard {state.discard_size}   "
            f"Torch {torch}   Shuffles {state.shuffles}"
        )
        self.events_text = "\n".join(state.messages) or " "
        self.game_over = state.is_terminal()
        if self.game_over:
            self._show_end(state)
        elif state.current_player() == 0:
            self._show_decision(state)
        else:
            self._show_chance(state)

    def _show_row(self, row: list[str]) -> None:
        box = self.ids.fright_row
        box.clear_widgets()
        for kind in row:
            slot = CardSlot(colour=list(card_colour(kind)))
            slot.ids.name.text = card_label(kind)
            box.add_widget(slot)
        for _ in range(max(0, 6 - len(row))):
            box.add_widget(CardSlot())

    def _buttons(self, entries: list[tuple[str, Any, bool]], cols: int) -> None:
        grid = self.ids.choices
        grid.clear_widgets()
        grid.cols = cols
        for text, callback, enabled in entries:
            button = Factory.Tap(text=text, font_size="16sp")
            button.disabled = not enabled
            button.bind(on_release=lambda _b, cb=callback: cb())
            grid.add_widget(button)
        rows = -(-len(entries) // cols)
        grid.height = rows * grid.row_height

    def _show_decision(self, state: Any) -> None:
        legal = state.legal_actions()
        if state.decision is None:
            self.prompt = "Draw a card, or end the round and place your sets?"
            entries = [(text, self._play(a), a in legal) for a, text in ACT_BUTTONS]
        else:
            self.prompt = PROMPTS[state.decision]
            entries = [(a[0].upper() + a[1:], self._play(a), True) for a in legal]
        self._buttons(entries, cols=len(entries))
        self._ask_advice(state)

    def _show_chance(self, state: Any) -> None:
        self.odds_text = "\n".join(odds_lines(draw_odds(state)))
        if state.pool:
            self.prompt = "The app shuffles the Journey deck."
            self._buttons([("Shuffle the deck", self._shuffle, True)], cols=1)
            return
        self.prompt = "Tap the card you drew (or let the app draw one)."
        legal = {a.split(": ", 1)[1] for a in state.legal_actions()}
        entries = [(card_label(k), self._tapped(k), True) for k in KINDS]
        entries.append(("App draws", self._app_draw, True))
        self._buttons(entries, cols=8)
        for button, kind in zip(reversed(self.ids.choices.children), KINDS, strict=False):
            button.background_color = card_colour(kind) if kind in legal else (0.3, 0.3, 0.3, 1)

    def _show_end(self, state: Any) -> None:
        won = state.returns()[0] > 0
        self.prompt = ("You found the Bridge! " if won else "Lost in the woods: ") + state.reason
        self._buttons([], cols=1)
        values = [self.curve[k] for k in sorted(self.curve)] + [1.0 if won else 0.0]
        self.ids.plot.values = values
        self.odds_text = (
            "[b]Chance to win at each decision[/b] (advisor's estimate; the last point is the "
            f"result). {len(values) - 1} decisions weighed."
        )

    # -- advice ------------------------------------------------------------------------
    def _ask_advice(self, state: Any) -> None:
        key = json.dumps(state.to_dict()["state"], sort_keys=True)
        step = len(self.controller.session.steps)
        if key in self._advice:
            self._show_advice(state, self._advice[key], step)
            return
        self.odds_text = "\n".join(odds_lines(draw_odds(state)) + advice_lines(None))
        if self._pending == key:
            return
        self._pending = key
        snapshot = state.clone()
        if not self.advice_in_background:
            self._deliver(key, advise(snapshot, seed=step))
            return
        controller = self.controller

        def work() -> None:
            result = advise(snapshot, seed=step)
            controller.post(self._deliver, key, result)

        threading.Thread(target=work, name="woods-advice", daemon=True).start()

    def _deliver(self, key: str, advice: Advice) -> None:
        self._advice[key] = advice
        if self._pending == key:
            self._pending = None
        if self.controller is not None and not self.controller.state.is_terminal():
            self.refresh()

    def _show_advice(self, state: Any, advice: Advice, step: int) -> None:
        lines = odds_lines(advice.odds) if state.decision is None else []
        self.odds_text = "\n".join(lines + advice_lines(advice))
        self.curve[step] = max(c.win_rate for c in advice.choices)
        texts = {text: action for action, text in ACT_BUTTONS}
        for button in self.ids.choices.children:
            action = texts.get(button.text, button.text[0].lower() + button.text[1:])
            button.background_color = BEST if action == advice.recommended else NORMAL

    # -- taps --------------------------------------------------------------------------
    def _play(self, action: str) -> Any:
        return lambda: self.controller.apply(action, Source.PLAYER)

    def _tapped(self, kind: str) -> Any:
        return lambda: self.controller.apply(f"drawn: {kind}", Source.MANUAL)

    def _app_draw(self) -> None:
        outcome = self.controller.draw()
        if outcome is not None:
            self.controller.message(f"The app drew: {NAMES[outcome.split(': ', 1)[1]]}")

    def _shuffle(self) -> None:
        while self.controller.state.is_chance_node() and self.controller.state.pool:
            if self.controller.draw() is None:
                return


load_kv(__file__)
