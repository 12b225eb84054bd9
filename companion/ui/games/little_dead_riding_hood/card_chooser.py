"""The table-card chooser: which real card was played (or discarded)?

With table cards the app cannot see a hand, so a card play starts with the
player tapping the card they show: every identity that can still be unseen is
offered, with how many copies of it may still be face down.  If the card can be
used in several ways (its movement, its effect on one player or another), the
chooser then lists those moves; the screen decides what each tap does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import sp
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from companion.engines.little_dead_riding_hood import CardRow
from companion.ui.screens import load_kv

Move = tuple[str, Callable[[], None]]
"""A move's button text and what tapping it does."""


class LdrhCardRow(BoxLayout):
    """One effect: its name and a button per movement value still possible."""

    title = StringProperty("")


class LdrhCardChooser(ModalView):
    """``step``: ``cards`` (which card?) or ``moves`` (what does the card do?)."""

    title = StringProperty("")
    step = StringProperty("cards")
    card = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(auto_dismiss=False, size_hint=(0.96, 0.96), **kwargs)
        self._rows: tuple[CardRow, ...] = ()
        self._moves: dict[str, list[Move]] = {}

    @property
    def is_open(self) -> bool:
        return bool(self._is_open)

    def show(self, title: str, rows: tuple[CardRow, ...], moves: dict[str, list[Move]]) -> None:
        """Offer the cards in ``rows``; ``moves[key]`` are what each card can do."""
        self.title, self._rows, self._moves = title, rows, moves
        self._show_cards()
        if not self.is_open:
            self.open()

    def pick(self, key: str) -> None:
        """The players showed card ``key``: play its one move or list its moves."""
        moves = self._moves.get(key, [])
        if len(moves) == 1:
            self.close()
            moves[0][1]()
            return
        titles = {o.key: o.title for row in self._rows for o in row.options}
        self.step, self.card = "moves", titles.get(key, "")
        box = self.ids.entries
        box.clear_widgets()
        for text, run in moves:
            button = Factory.Tap(text=text, font_size=sp(16) * _scale())
            button.bind(on_release=lambda _b, go=run: self._run(go))
            box.add_widget(button)
        self.ids.scroll.scroll_y = 1

    def back(self) -> None:
        self._show_cards()

    def close(self) -> None:
        if self.is_open:
            self.dismiss(animation=False)

    def _run(self, move: Callable[[], None]) -> None:
        self.close()
        move()

    def _show_cards(self) -> None:
        self.step, self.card = "cards", ""
        box = self.ids.entries
        box.clear_widgets()
        for card_row in self._rows:
            row = LdrhCardRow(title=card_row.title)
            for option in card_row.options:
                copies = "1 unseen" if option.unseen == 1 else f"{option.unseen} unseen"
                label = f"{option.movement} ({copies})"
                button = Factory.Tap(text=label, font_size=sp(15) * _scale())
                button.card_key = option.key
                button.bind(on_release=lambda _b, k=option.key: self.pick(k))
                row.ids.movement_buttons.add_widget(button)
            box.add_widget(row)
        self.ids.scroll.scroll_y = 1


def _scale() -> float:
    """The app's text size (1 at 800x480, larger on a larger screen)."""
    return float(getattr(App.get_running_app(), "text_scale", 1.0))


load_kv(__file__)
