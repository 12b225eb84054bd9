"""The Lost in the Woods table screen, drawn from the player's view.

Top: Mansion, the nine Forest places and the Bridge as card pictures, and the clock dial.
Then the turn banner (the player's name in their colour, and what to do) with Undo and
History.  While playing: the Fright row's cards, the
table's counts and the public log on the left, the odds panel (exact next-draw odds and
the advisor's estimates) on the right, and below them the choices of the moment, the
card pictures to tap for a real deck (each with how many can still be the next card), or
the app's shuffle for its own deck (the advice shows the clear choice first, then
refines it to +-1 point).  At the end: the plot of the odds of winning at every
decision beside the end banner.  Nothing here reads a rule; the advisor's playouts run on
a worker thread, never on the UI thread.
"""

from __future__ import annotations

import json
import logging
import math
import threading
from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from companion.engines.lost_in_the_woods import (
    Advice,
    WoodsTable,
    advice_stages,
    advise,
    draw_odds,
)
from companion.engines.view import View
from companion.ui.game_screen import GameScreen
from companion.ui.games.lost_in_the_woods.board import ClockDial, ForestRow  # noqa: F401  (kv)
from companion.ui.games.lost_in_the_woods.card import CardButton, CardPicture, card_label
from companion.ui.games.lost_in_the_woods.odds_text import advice_lines, odds_lines
from companion.ui.games.lost_in_the_woods.past import (
    Decision,
    Weight,
    mark,
    past_decisions,
    progress_note,
    weigh,
    weight,
)
from companion.ui.games.lost_in_the_woods.past_weigher import PastWeigher
from companion.ui.games.lost_in_the_woods.plot import Mark, WinPlot  # noqa: F401  (kv)
from companion.ui.screens import load_kv
from companion.ui.view_widgets import (  # noqa: F401  (kv)
    ChanceEntry,
    EndBanner,
    Hideable,
    TurnBanner,
)

log = logging.getLogger(__name__)

BEST = (0.55, 0.45, 0.12, 1)
NORMAL = (0.22, 0.36, 0.26, 1)
ADVISED = "Advised"
"""The line under the advised card among pictured choices (a button turns gold instead)."""
LOG_LINES = 6
"""How many of the latest public log lines the screen shows."""
CARD_COLUMNS = 7
ROW_PLACES = 5
"""Fright row places shown in one line before the cards go two to a column."""
BASE = (800, 424)
"""The game area at 800x480 (below the top bar): ``scale`` is 1 there and grows beyond."""


class WoodsScreen(GameScreen):
    prompt = StringProperty("")
    info = StringProperty("")
    events_text = StringProperty("")
    odds_text = StringProperty("")
    game_over = BooleanProperty(False)
    scale = NumericProperty(1.0)
    """How much type and pictures grow past 800x480 (1 there)."""

    advice_in_background = True
    """Weigh choices on a worker thread (tests turn this off to get results at once)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._advice: dict[str, Advice] = {}
        self._pending: str | None = None
        self._labels: dict[str, str] = {}
        self._entry = ChanceEntry()
        self._weighed: dict[int, Weight] = {}
        """Best estimated odds and the advised keys at each decision seen, by step number."""
        self._rough: set[int] = set()
        """Steps whose weight is only a first estimate, still to be refined."""
        self._unweighable: set[int] = set()
        """Steps whose odds could not be worked out (logged): no dot, and no waiting."""
        self._decisions: tuple[int, list[Decision]] | None = None
        self._weigher = PastWeigher(
            self._post, self._past_weighed, self._past_done, self._past_failed
        )
        self._time: int | None = None
        self.bind(size=self._rescale)

    def _rescale(self, *_: Any) -> None:
        self.scale = max(1.0, min(self.width / dp(BASE[0]), self.height / dp(BASE[1])))

    def on_scale(self, *_: Any) -> None:
        self.refresh()

    def detach(self) -> None:
        self._weigher.cancel()
        super().detach()
        self._time = None
        self._decisions = None

    # -- drawing ---------------------------------------------------------------------
    def refresh(self) -> None:
        if self.controller is None:
            return
        view = self.controller.view()
        table = view.table
        assert isinstance(table, WoodsTable)
        steps = len(self.controller.session.steps)
        self._weighed = {k: v for k, v in self._weighed.items() if k <= steps}
        self._rough = {k for k in self._rough if k <= steps}
        self._unweighable = {k for k in self._unweighable if k <= steps}
        self._cue_fright(table, view)
        self.ids.forest.show(list(table.forest))
        self.ids.dial.time = table.time
        self._show_row(table.row)
        self.info = self._info(table)
        self.events_text = "\n".join(line.text for line in view.log[-LOG_LINES:]) or " "
        self.ids.events_scroll.scroll_y = 0  # the latest line in sight
        self.game_over = view.end is not None
        if not self.game_over:
            self._weigher.cancel()  # the end was undone: its plot is not needed now
        self.prompt = "" if self.game_over else view.headline
        self._show_turn()
        self.ids.end.show(view.end, self.controller.player_name, self.controller.game)
        self.ids.entry_slot.clear_widgets()
        if view.end is not None:
            self._clear_choices()
            self._show_end(view)
        elif view.chance is not None and table.shuffling:
            self._clear_choices()
            self._entry.show(view.chance, self._shuffle, self._enter, manual=False)
            self.ids.entry_slot.add_widget(self._entry)
            self.odds_text = "\n".join(odds_lines(self._odds(), table.deck_size))
        elif view.chance is not None:
            self._show_taps(table)
            self.odds_text = "\n".join(odds_lines(self._odds(), table.deck_size))
        else:
            self._show_choices(view)

    def _show_turn(self) -> None:
        """The turn banner: the solo player's name in their colour and the prompt beside
        it; folded away at the end, where the end banner says how it went."""
        banner = self.ids.turn
        if self.game_over:
            banner.hide()
            return
        banner.show(self.controller.player_name(0), 0, self.controller.game, self.prompt)

    def _cue_fright(self, table: WoodsTable, view: View) -> None:
        """The clock moving on (a Fright penalty, a cost) sounds like a catch."""
        if self._time is not None and table.time > self._time and view.end is None:
            if self._cues is not None:
                self._cues.play("wolf_catch")
        self._time = table.time

    @staticmethod
    def _info(table: WoodsTable) -> str:
        torch = "   Torch: lit" if table.torch == "lit" else ""
        return (
            f"Round {table.round}   Deck {table.deck_size}   Discard {table.discard_size}   "
            f"Shuffles {table.shuffles} of {table.max_shuffles}{torch}"
        )

    def _show_row(self, row: tuple[str, ...]) -> None:
        """The Fright row: one line of places, or two or three when it grows long (the
        lines share the row's height, so a card's name stays 15sp)."""
        grid = self.ids.fright_row
        grid.clear_widgets()
        lines = 1 if len(row) <= ROW_PLACES else (2 if len(row) <= 2 * ROW_PLACES else 3)
        grid.cols = max(ROW_PLACES, math.ceil(len(row) / lines))
        for kind in row:
            card = CardPicture(scale=self.scale)
            card.show(kind)
            grid.add_widget(card)
        for _ in range(grid.cols * lines - len(row)):
            grid.add_widget(CardPicture(scale=self.scale))

    def _clear_choices(self) -> None:
        grid = self.ids.choices
        grid.clear_widgets()
        grid.height = 0

    def _grid(self, count: int, cols: int, row_height: float) -> Any:
        grid = self.ids.choices
        grid.clear_widgets()
        grid.cols = max(1, cols)
        grid.row_default_height = row_height
        rows = -(-count // grid.cols) if count else 0
        grid.height = rows * row_height + max(0, rows - 1) * grid.spacing[1]
        return grid

    def _show_choices(self, view: View) -> None:
        """The choices of the moment: one naming a card shows that card's picture."""
        self._labels = {c.key: c.label for c in view.choices}
        pictured = any("card" in c.hint for c in view.choices)
        height = dp(74 if pictured else 52) * self.scale
        grid = self._grid(len(view.choices), len(view.choices), height)
        for choice in view.choices:
            if "card" in choice.hint:
                button = CardButton(scale=self.scale)
                button.show(str(choice.hint["card"]), choice.label)
                button.text = choice.label
            else:
                button = Factory.Tap(text=choice.label, font_size=sp(17) * self.scale)
            button.choice_key = choice.key
            button.bind(on_release=lambda b: self._choose(b.choice_key))
            grid.add_widget(button)
        self._ask_advice(view)

    def _show_taps(self, table: WoodsTable) -> None:
        """A table deck: the player taps the card they drew.  Each card says how many of
        it can still be the next card; impossible ones are greyed but still answer, with
        where all those cards are."""
        cards = table.tap_cards
        rows = -(-len(cards) // CARD_COLUMNS)
        grid = self._grid(len(cards), -(-len(cards) // rows), dp(84) * self.scale)
        for card in cards:
            kind = str(card.hint["card"])
            button = CardButton(scale=self.scale, greyed=card.probability is None)
            button.show(kind, detail=f"{card.hint.get('unseen', 0)} unseen")
            button.text = card_label(kind)
            button.choice_key = card.key
            button.bind(on_release=lambda b: self._enter(b.choice_key))
            grid.add_widget(button)

    # -- the end -----------------------------------------------------------------------
    def _show_end(self, view: View) -> None:
        decisions = self._past()
        self.ids.plot.won = bool(view.end and view.end.winners)
        self._show_plot()
        missing = [
            d
            for d in self._weighable(decisions)
            if d.step not in self._weighed or d.step in self._rough
        ]
        if missing and not self._weigher.running:
            self._weigh_past(missing)

    def _past(self) -> list[Decision]:
        """The game's decisions, replayed once per number of steps (not at every dot)."""
        steps = len(self.controller.session.steps)
        if self._decisions is None or self._decisions[0] != steps:
            self._decisions = (steps, past_decisions(self.controller.session))
        return self._decisions[1]

    def _show_plot(self) -> None:
        """Every decision in its place; the dots known so far; what is still coming."""
        decisions = self._past()
        plot = self.ids.plot
        plot.marks = [self._mark(d) for d in decisions]
        weighable = self._weighable(decisions)
        pending = sum(d.step not in self._weighed for d in weighable)
        rough = sum(d.step in self._rough for d in weighable)
        failed = len(decisions) - len(weighable)
        plot.note = progress_note(len(decisions), pending, rough, failed)

    def _weighable(self, decisions: list[Decision]) -> list[Decision]:
        """The decisions whose odds can be worked out (the others were tried, and logged)."""
        return [d for d in decisions if d.step not in self._unweighable]

    def _mark(self, decision: Decision) -> Mark:
        if decision.step not in self._weighed:
            return Mark(None, None)
        odds, advised = self._weighed[decision.step]
        return mark(odds, advised, decision.key, decision.step in self._rough)

    def _weigh_past(self, missing: list[Decision]) -> None:
        """Weigh the decisions this screen never saw advice for (before a resume, or
        taken before the advice came), off the UI thread: first estimates for the
        unseen ones, then precise odds for all of them, each shown as it comes."""
        if not self.advice_in_background:
            for decision in missing:
                self._past_weighed(decision.step, weigh(decision), False)
            return
        unseen = [d for d in missing if d.step not in self._weighed]
        self._weigher.start(unseen, missing)

    def _post(self, function: Any, *args: Any) -> None:
        """Hand a worker's result to the main thread (dropped once the game is gone)."""
        controller = self.controller
        if controller is not None:
            controller.post(function, *args)

    def _past_weighed(self, step: int, found: Weight, rough: bool) -> None:
        if rough and step in self._weighed:
            return  # a precise or live estimate is already here
        self._weighed[step] = found
        if rough:
            self._rough.add(step)
        else:
            self._rough.discard(step)
        if self.controller is not None and self.game_over:
            self._show_plot()

    def _past_failed(self, step: int) -> None:
        self._unweighable.add(step)
        if self.controller is not None and self.game_over:
            self._show_plot()

    def _past_done(self) -> None:
        if self.controller is not None and self.game_over:
            self._show_plot()

    def _odds(self) -> Any:
        return draw_odds(self.controller.state.clone())

    # -- advice ------------------------------------------------------------------------
    def _ask_advice(self, view: View) -> None:
        snapshot = self.controller.state.clone()
        key = json.dumps(snapshot.to_dict(), sort_keys=True)
        step = len(self.controller.session.steps)
        if key in self._advice:
            self._show_advice(self._advice[key], step, view.table.deck_size)
            return
        drawing = view.table.decision == ""
        lines = odds_lines(draw_odds(snapshot), view.table.deck_size) if drawing else []
        self.odds_text = "\n".join(lines + advice_lines(None, self._labels))
        if self._pending == key:
            return
        self._pending = key
        if not self.advice_in_background:
            self._deliver(key, advise(snapshot, seed=step))
            return
        controller = self.controller

        def work() -> None:
            # The clear choice is shown first; the +-1 point chances refine it after.
            try:
                for result in advice_stages(snapshot, seed=step):
                    controller.post(self._deliver, key, result)
            except Exception:
                log.exception("the advice for step %d could not be worked out", step)
                controller.post(self._advice_failed, key)

        threading.Thread(target=work, name="woods-advice", daemon=True).start()

    def _advice_failed(self, key: str) -> None:
        """The odds stay on screen without advice; the next refresh asks again."""
        if self._pending == key:
            self._pending = None

    def _deliver(self, key: str, advice: Advice) -> None:
        self._advice[key] = advice
        if self._pending == key:
            self._pending = None
        if self.controller is not None and self.controller.view().end is None:
            self.refresh()

    def _show_advice(self, advice: Advice, step: int, deck: int) -> None:
        """``deck``: the Journey deck's cards, as the table line counts them."""
        lines = odds_lines(advice.odds, deck) if advice.odds is not None else []
        self.odds_text = "\n".join(lines + advice_lines(advice, self._labels))
        self._weighed[step] = weight(advice)
        for button in self.ids.choices.children:
            best = getattr(button, "choice_key", None) == advice.recommended
            if isinstance(button, CardButton):
                button.detail = ADVISED if best else ""
            else:
                button.background_color = BEST if best else NORMAL

    # -- taps --------------------------------------------------------------------------
    def _choose(self, key: str) -> None:
        self.controller.choose(key)

    def _enter(self, key: str) -> None:
        self.controller.enter_outcome(key)

    def _shuffle(self) -> None:
        """The app shuffles the whole Journey deck: one draw per card, all journaled in
        one commit before the screen shows the shuffled deck."""
        self.controller.draw_while(lambda state: state.view().table.shuffling)


load_kv(__file__)
