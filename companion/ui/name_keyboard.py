"""An on-screen keyboard for typing a player's name on a touch-only Pi.

Kivy's own virtual keyboard is not allowed in the kiosk's window mode, so names
are typed on big keys here.  The first letter of each word is a capital.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.factory import Factory
from kivy.properties import StringProperty
from kivy.uix.modalview import ModalView

from companion.roster import MAX_NAME, clean_name
from companion.ui.screens import load_kv

load_kv(__file__)

ROWS = ("QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM-'")


def typed(text: str, key: str) -> str:
    """``text`` after pressing ``key`` (a letter, "space" or "delete")."""
    if key == "delete":
        return text[:-1]
    if len(text) >= MAX_NAME:
        return text
    if key == "space":
        return text if not text or text.endswith(" ") else text + " "
    starts_word = not text or text.endswith((" ", "-"))
    return text + (key.upper() if starts_word else key.lower())


class NameKeyboard(ModalView):
    """Type a name; Done hands it to ``on_done`` (an empty name keeps the old one)."""

    text = StringProperty("")
    title = StringProperty("")

    def __init__(self, title: str, text: str, on_done: Callable[[str], Any], **kwargs: Any) -> None:
        super().__init__(size_hint=(0.96, 0.92), auto_dismiss=False, **kwargs)
        self.title = title
        self.text = text
        self._on_done = on_done
        self._original = text
        for row_id, letters in zip(("row1", "row2", "row3"), ROWS, strict=True):
            row = self.ids[row_id]
            for letter in letters:
                key = Factory.KeyTap(text=letter)
                key.bind(on_release=lambda b: self.press(b.text))
                row.add_widget(key)

    def press(self, key: str) -> None:
        self.text = typed(self.text, key)

    def done(self) -> None:
        name = clean_name(self.text) or self._original
        self.dismiss()
        self._on_done(name)

    def cancel(self) -> None:
        self.dismiss()
