"""The rows every game's My box editor is made of: a part's heading with its mark
(assumed or checked), a line of text with buttons, a stepper, and the one place a
refused edit is said to the owner.

A game's editor (``BOX_EDITOR`` in its screen package) subclasses ``BoxEditor`` and
builds its ``rows()`` from these, so every box screen looks and answers alike.
"""

from __future__ import annotations

import abc
from collections.abc import Callable
from functools import partial
from typing import Any, TypeAlias

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

STEP_WIDTH = 64
"""A stepper's - and + buttons: wide enough for a thumb."""


def mark(assumed: bool) -> str:
    """A part's mark: assumed (shipped) or checked (the owner's)."""
    return "[color=#e0b050]assumed[/color]" if assumed else "[color=#7fd08a]checked[/color]"


def marked(title: str, assumed: bool) -> str:
    """A part's heading with its mark."""
    return f"[b]{title}[/b]  ({mark(assumed)})"


def button(text: str, action: Callable[[], Any], quiet: bool = True, width: float = 150) -> Any:
    tap = (Factory.QuietTap if quiet else Factory.Tap)(text=text, size_hint_x=None, width=dp(width))
    tap.bind(on_release=lambda *_: action())
    return tap


Text: TypeAlias = str | Widget
"""A row's words: plain text, or a label the editor keeps up to date (``BoxEditor.words``)."""


def _part(text: Text, **style: Any) -> Widget:
    return text if isinstance(text, Widget) else Factory.BoxPart(text=text, **style)


def line(text: Text, *buttons: Any) -> BoxLayout:
    """One row: ``text`` on the left, ``buttons`` on the right."""
    row = BoxLayout(size_hint_y=None, height=dp(56), spacing=dp(6))
    row.add_widget(_part(text))
    for tap in buttons:
        row.add_widget(tap)
    return row


def stepper(text: Text, step: Callable[[int], Any]) -> BoxLayout:
    """``text`` (the value in it) with - and + buttons that call ``step(-1)`` / ``step(+1)``."""
    return line(
        text,
        button("-", partial(step, -1), width=STEP_WIDTH),
        button("+", partial(step, +1), width=STEP_WIDTH),
    )


def steppers(*parts: tuple[Text, Callable[[int], Any]]) -> BoxLayout:
    """Several small steppers side by side on one row: each ``(text, step)``."""
    row = BoxLayout(size_hint_y=None, height=dp(56), spacing=dp(6))
    for text, step in parts:
        row.add_widget(_part(text, halign="right"))
        row.add_widget(button("-", partial(step, -1), width=STEP_WIDTH))
        row.add_widget(button("+", partial(step, +1), width=STEP_WIDTH))
    return row


class BoxEditor(abc.ABC):
    """Holds the box being corrected; ``apply`` keeps an edit or says why it was refused.

    An editor whose rows never change shape (``keeps_shape``: counts on steppers) builds
    its changing words with ``words``; an edit then rewrites those labels in place
    instead of rebuilding every row (a whole deck of steppers is slow to rebuild on a Pi).
    """

    refused: type[Exception] = ValueError
    """The game's ``BoxEditRefused``: an edit's sentence for the owner."""
    keeps_shape = False

    def __init__(self, box: Any, changed: Callable[[], None]) -> None:
        self.box = box
        self._changed = changed
        self._live: list[tuple[Any, Callable[[], str]]] = []

    def apply(self, edit: Callable[[], Any]) -> None:
        try:
            self.box = edit()
        except self.refused as err:
            App.get_running_app().notify(str(err))
            return
        if self.keeps_shape:
            for label, make in self._live:
                label.text = make()
            return
        self._changed()

    def words(self, make: Callable[[], str], factory: str = "BoxPart", **style: Any) -> Any:
        """A label showing ``make()``, rewritten after every edit."""
        label = getattr(Factory, factory)(text=make(), **style)
        self._live.append((label, make))
        return label

    def rows(self) -> list[Any]:
        """The widgets of the box's parts, top to bottom."""
        self._live = []
        return self.parts()

    @abc.abstractmethod
    def parts(self) -> list[Any]:
        """The rows of this game's box (``rows`` shows them)."""

    @abc.abstractmethod
    def saved_text(self) -> str:
        """The box file text to keep: everything on screen, now checked by its owner."""
