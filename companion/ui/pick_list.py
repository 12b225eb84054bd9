"""Pick by touch instead of typing: one of a few values (the serial port from the ports
found, a player's colour), or a short list of words from a known vocabulary (the die's
faces), each item changed through its own pick-list."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kivy.factory import Factory
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.modalview import ModalView

from companion.ui.players import ink
from companion.ui.screens import load_kv

load_kv(__file__)

MANY = 6
"""More choices than this are laid out three to a row, so all show at 800x480."""
FEW_SWATCHES = 4
"""More colour swatches than this (a game's five pawns) are laid out two to a row."""


class PickList(ModalView):
    """``choices`` as big buttons (value, label); a tap hands the value to ``on_pick``.
    With ``swatches`` (one rgba per choice) each button wears its colour (a player's
    piece)."""

    title = StringProperty("")

    def __init__(
        self,
        title: str,
        choices: Sequence[tuple[Any, str]],
        on_pick: Callable[[Any], Any],
        swatches: Sequence[tuple[float, float, float, float]] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(size_hint=(0.9, 0.85), **kwargs)
        self.title = title
        self._on_pick = on_pick
        paired = swatches is not None and len(choices) > FEW_SWATCHES
        self.ids.rows.cols = 3 if len(choices) > MANY else 2 if paired else 1
        for index, (value, label) in enumerate(choices):
            button = Factory.Tap(text=label)
            if swatches is not None:
                button.background_color = swatches[index]
                button.color = ink(swatches[index])
            button.picked = value
            button.bind(on_release=lambda b: self.pick(b.picked))
            self.ids.rows.add_widget(button)

    def pick(self, value: Any) -> None:
        self.dismiss()
        self._on_pick(value)


class ListEditor(ModalView):
    """A list of words from ``vocabulary`` ((key, name) pairs): tap an item to pick what it
    is, add one or take the last away, then Done hands the keys to ``on_done``.

    ``problem(keys)`` says in a sentence why a list cannot be used ("" when it can): Done
    shows that sentence instead of closing."""

    title = StringProperty("")
    item_word = StringProperty("item")
    """What one item is called ("face")."""
    problem_text = StringProperty("")
    can_add = BooleanProperty(True)
    can_remove = BooleanProperty(True)

    def __init__(
        self,
        title: str,
        items: Sequence[str],
        vocabulary: Sequence[tuple[str, str]],
        on_done: Callable[[list[str]], Any],
        problem: Callable[[list[str]], str],
        limits: tuple[int, int] = (1, 12),
        item_word: str = "item",
        **kwargs: Any,
    ) -> None:
        super().__init__(size_hint=(0.94, 0.9), **kwargs)
        self.title = title
        self.item_word = item_word
        self.items = list(items)
        self.vocabulary = list(vocabulary)
        self._names = dict(vocabulary)
        self._on_done = on_done
        self._problem = problem
        self._fewest, self._most = limits
        self.show()

    def name_of(self, key: str) -> str:
        return self._names.get(key, key)

    def show(self) -> None:
        grid = self.ids.item_grid
        grid.clear_widgets()
        for index, key in enumerate(self.items):
            button = Factory.Tap(text=self.name_of(key), font_size="20sp")
            button.bind(on_release=lambda _b, i=index: self.change(i))
            grid.add_widget(button)
        self.can_add = len(self.items) < self._most
        self.can_remove = len(self.items) > self._fewest

    def change(self, index: int) -> None:
        """Item ``index`` (counted from 1 on screen) through a pick-list of the vocabulary."""

        def picked(key: str) -> None:
            self.items[index] = key
            self.problem_text = ""
            self.show()

        heading = f"{self.title}: {self.item_word} {index + 1} shows"
        PickList(heading, self.vocabulary, picked).open()

    def add(self) -> None:
        if self.can_add:
            self.items.append(self.items[-1] if self.items else self.vocabulary[0][0])
            self.show()

    def remove_last(self) -> None:
        if self.can_remove:
            self.items.pop()
            self.problem_text = ""
            self.show()

    def done(self) -> None:
        self.problem_text = self._problem(self.items)
        if not self.problem_text:
            self.dismiss()
            self._on_done(list(self.items))
