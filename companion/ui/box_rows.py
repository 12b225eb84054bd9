"""The rows every game's My box editor is made of: a part's heading with its mark
(assumed or checked), a line of text with buttons, and steppers.

A game's editor (``companion.ui.box_editor_base.BoxEditor``) builds its ``parts()``
from these, so every box screen looks and answers alike.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, TypeAlias

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

STEP_WIDTH = 64
"""A stepper's - and + buttons: wide enough for a thumb."""


def mark(assumed: bool, what: str = "") -> str:
    """A part's mark: assumed (shipped) or checked (the owner's); ``what`` names the
    part the mark speaks of when a row shows several ("count checked")."""
    words = "assumed" if assumed else "checked"
    colour = "#e0b050" if assumed else "#7fd08a"
    return f"[color={colour}]{what + ' ' if what else ''}{words}[/color]"


def marked(title: str, assumed: bool) -> str:
    """A part's heading with its mark."""
    return f"[b]{title}[/b]  ({mark(assumed)})"


def button(
    text: str, action: Callable[[], Any], quiet: bool = True, width: float | None = 150
) -> Any:
    """A button calling ``action()``: ``width`` dp wide, or sharing its row's width (None)."""
    tap = (Factory.QuietTap if quiet else Factory.Tap)(text=text)
    if width is not None:
        tap.size_hint_x, tap.width = None, dp(width)
    tap.bind(on_release=lambda *_: action())
    return tap


Text: TypeAlias = str | Widget
"""A row's words: plain text, or a label the editor keeps up to date (``BoxEditor.words``)."""


def _part(text: Text, **style: Any) -> Widget:
    return text if isinstance(text, Widget) else Factory.BoxPart(text=text, **style)


def row_of(*widgets: Any) -> BoxLayout:
    """``widgets`` side by side, left to right, on one row a finger high."""
    row = BoxLayout(size_hint_y=None, height=dp(56), spacing=dp(6))
    for widget in widgets:
        row.add_widget(widget)
    return row


def line(text: Text, *buttons: Any) -> BoxLayout:
    """One row: ``text`` on the left, ``buttons`` on the right."""
    return row_of(_part(text), *buttons)


def _minus_plus(step: Callable[[int], Any]) -> tuple[Any, Any]:
    """The - and + buttons that call ``step(-1)`` / ``step(+1)``."""
    return (
        button("-", partial(step, -1), width=STEP_WIDTH),
        button("+", partial(step, +1), width=STEP_WIDTH),
    )


def stepper(text: Text, step: Callable[[int], Any]) -> BoxLayout:
    """``text`` (the value in it) with - and + buttons that call ``step(-1)`` / ``step(+1)``."""
    return line(text, *_minus_plus(step))


def steppers(*parts: tuple[Text, Callable[[int], Any]]) -> BoxLayout:
    """Several small steppers side by side on one row: each ``(text, step)``."""
    return row_of(
        *(w for text, step in parts for w in (_part(text, halign="right"), *_minus_plus(step)))
    )
