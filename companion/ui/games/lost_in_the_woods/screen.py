"""The Lost in the Woods table screen, drawn from the player's view.

Top: Mansion, the nine Forest slots and the Bridge, and the clock dial.  Middle left:
the Fright row, deck / discard / torch counts and the public log.  Middle right: the odds
panel (exact next-draw odds and the advisor's win estimates) and, at the end, a plot of
the chance to win across the game's decisions.  Bottom: the headline and the choices of
the moment (by key), the cards to tap for a table deck, the app's shuffle for a digital
deck, or the end banner.  Nothing here reads the engine's state or decides a rule.
"""

from __future__ import annotations

import json
import threading
from typing import Any

from kivy.factory import Factory
from kivy.properties import BooleanProperty, StringProperty

from companion.engines.lost_in_the_woods import Advice, WoodsTable, advise, draw_odds
from companion.engines.view import View
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
from companion.ui.view_widgets import ChanceEntry, EndBanner  # noqa: F401  (EndBanner: kv)

BEST = (0.55, 0.45, 0.12, 1)
NORMAL = (0.22, 0.36, 0.26, 1)
IMPOSSIBLE = (0.3, 0.3, 0.3, 1)
LOG_LINES = 6
"""How many of the latest public log lines the screen shows."""
CARD_COLUMNS = 7


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
        self._labels: dict[str, str] = {}
        self._entry = ChanceEntry()
        self.curve: dict[int, float] = {}
        """Best estimated chance to win at each decision seen, by step number."""

    # -- drawing ---------------------------------------------------------------------
    def refresh(self) -> None:
        if self.controller is None:
            return
        view = self.controller.view()
        table = view.table
        assert isinstance(table, WoodsTable)
        steps = len(self.controller.session.steps)
        self.curve = {k: v for k, v in self.curve.items() if k <= steps}
        self.ids.forest.show(list(table.forest))
        self.ids.dial.time = table.time
        self._show_row(table.row)
        torch = {"lit": "lit (next round)", "ready": "ready"}.get(table.torch, "-")
        self.info = (
            f"Round {table.round}   Deck {table.deck_size}   Discard {table.discard_size}   "
            f"Torch {torch}   Shuffles {table.shuffles}"
        )
        self.events_text = "\n".join(line.text for line in view.log[-LOG_LINES:]) or " "
        self.prompt = view.headline
        self.game_over = view.end is not None
        self.ids.end.show(view.end, self.controller.player_name, self.controller.game)
        self.ids.entry_slot.clear_widgets()
        if view.end is not None:
            self._show_end(view)
        elif view.chance is not None and table.shuffling:
            self._buttons([], cols=1)
            self._entry.show(view.chance, self._shuffle, self._enter, manual=False)
            self.ids.entry_slot.add_widget(self._entry)
            self.odds_text = "\n".join(odds_lines(self._odds()))
        elif view.chance is not None:
            self._show_taps(table)
            self.odds_text = "\n".join(odds_lines(self._odds()))
        else:
            self._show_choices(view)

    def _show_row(self, row: tuple[str, ...]) -> None:
        box = self.ids.fright_row
        box.clear_widgets()
        for kind in row:
            slot = CardSlot(colour=list(card_colour(kind)))
            slot.ids.name.text = card_label(kind)
            box.add_widget(slot)
        for _ in range(max(0, 6 - len(row))):
            box.add_widget(CardSlot())

    def _buttons(self, entries: list[tuple[str, str, Any]], cols: int) -> list[Any]:
        """One button per (key, text, callback), in a grid of ``cols`` columns."""
        grid = self.ids.choices
        grid.clear_widgets()
        grid.cols = max(1, cols)
        buttons = []
        for key, text, callback in entries:
            button = Factory.Tap(text=text, font_size="16sp")
            button.choice_key = key
            button.bind(on_release=lambda b, cb=callback: cb(b.choice_key))
            grid.add_widget(button)
            buttons.append(button)
        rows = -(-len(entries) // grid.cols) if entries else 0
        grid.height = rows * grid.row_height
        return buttons

    def _show_choices(self, view: View) -> None:
        self._labels = {c.key: c.label for c in view.choices}
        entries = [(c.key, c.label, self._choose) for c in view.choices]
        self._buttons(entries, cols=len(entries))
        self._ask_advice(view)

    def _show_taps(self, table: WoodsTable) -> None:
        """A table deck: the player taps the card they drew (impossible ones are greyed but
        still answer, with where all those cards are)."""
        entries = [(c.key, card_label(c.hint["card"]), self._enter) for c in table.tap_cards]
        buttons = self._buttons(entries, cols=CARD_COLUMNS)
        for button, card in zip(buttons, table.tap_cards, strict=True):
            possible = card.probability is not None
            button.background_color = card_colour(card.hint["card"]) if possible else IMPOSSIBLE

    def _show_end(self, view: View) -> None:
        self._buttons([], cols=1)
        won = bool(view.end and view.end.winners)
        values = [self.curve[k] for k in sorted(self.curve)] + [1.0 if won else 0.0]
        self.ids.plot.values = values
        self.odds_text = (
            "[b]Chance to win at each decision[/b] (advisor's estimate; the last point is the "
            f"result). {len(values) - 1} decisions weighed."
        )

    def _odds(self) -> Any:
        return draw_odds(self.controller.state.clone())

    # -- advice ------------------------------------------------------------------------
    def _ask_advice(self, view: View) -> None:
        snapshot = self.controller.state.clone()
        key = json.dumps(snapshot.to_dict(), sort_keys=True)
        step = len(self.controller.session.steps)
        if key in self._advice:
            self._show_advice(view, self._advice[key], step)
            return
        drawing = view.table.decision == ""
        lines = odds_lines(draw_odds(snapshot)) if drawing else []
        self.odds_text = "\n".join(lines + advice_lines(None, self._labels))
        if self._pending == key:
            return
        self._pending = key
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
        if self.controller is not None and self.controller.view().end is None:
            self.refresh()

    def _show_advice(self, view: View, advice: Advice, step: int) -> None:
        lines = odds_lines(advice.odds) if advice.odds is not None else []
        self.odds_text = "\n".join(lines + advice_lines(advice, self._labels))
        self.curve[step] = max(c.win_rate for c in advice.choices)
        for button in self.ids.choices.children:
            best = getattr(button, "choice_key", None) == advice.recommended
            button.background_color = BEST if best else NORMAL

    # -- taps --------------------------------------------------------------------------
    def _choose(self, key: str) -> None:
        self.controller.choose(key)

    def _enter(self, key: str) -> None:
        self.controller.enter_outcome(key)

    def _shuffle(self) -> None:
        """The app shuffles the whole Journey deck: one draw per card, all journaled."""
        while self.controller.view().table.shuffling:
            if self.controller.draw() is None:
                return


load_kv(__file__)
