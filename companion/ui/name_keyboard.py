"""An on-screen keyboard for a touch-only Pi: players' names and text settings.

Kivy's own virtual keyboard is not allowed in the kiosk's window mode, so text is
typed on big keys here.  For a name the first letter of each word is a capital;
for a setting (the die's faces, say) everything stays as typed, in lower case.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import StringProperty

from companion.roster import MAX_NAME, clean_name
from companion.ui.screens import load_kv
from companion.ui.titled_dialog import TitledDialog

load_kv(__file__)

ROWS = ("1234567890", "QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM-'")
ACCENTS = ("aàáâäã", "eéèêë", "iíìîï", "oóòôöõ", "uúùûü", "cç", "nñ", "yýÿ")
"""Each letter and its accented forms, in the order the Accent key steps through them
(Zoé: type Z, O, E, then Accent once; Jürgen: J, U, then Accent four times)."""


def accented(letter: str) -> str:
    """The next form of ``letter`` on the Accent key (back to the plain one at the end;
    a letter without accents stays as it is), keeping its case."""
    for forms in ACCENTS:
        lower = letter.lower()
        if lower in forms:
            nxt = forms[(forms.index(lower) + 1) % len(forms)]
            return nxt.upper() if letter.isupper() else nxt
    return letter


def typed(text: str, key: str, names: bool = True, limit: int = MAX_NAME) -> str:
    """``text`` after pressing ``key`` (a letter, "space", "delete" or "accent")."""
    if key == "delete":
        return text[:-1]
    if key == "accent":
        return text[:-1] + accented(text[-1]) if text else text
    if len(text) >= limit:
        return text
    if key == "space":
        return text if not text or text.endswith(" ") else text + " "
    starts_word = names and (not text or text.endswith((" ", "-")))
    return text + (key.upper() if starts_word else key.lower())


class NameKeyboard(TitledDialog):
    """Type a name (or, with ``names=False``, a setting's text); Done hands it to
    ``on_done`` (an empty text keeps the old one)."""

    text = StringProperty("")

    def __init__(
        self,
        title: str,
        text: str,
        on_done: Callable[[str], Any],
        names: bool = True,
        limit: int = MAX_NAME,
        **kwargs: Any,
    ) -> None:
        super().__init__(title, on_done, **kwargs)
        self.text = text
        self._original = text
        self._names = names
        self._limit = limit
        scale = App.get_running_app().text_scale  # keys grow on a larger screen
        for row_id, letters in zip(("row0", "row1", "row2", "row3"), ROWS, strict=True):
            row = self.ids[row_id]
            for letter in letters:
                # Set here: the shared Tap rule, loaded after this file, would win in kv.
                key = Factory.KeyTap(text=letter, font_size=sp(22) * scale)
                key.size = (dp(60) * scale, dp(52) * scale)
                key.bind(on_release=lambda b: self.press(b.text))
                row.add_widget(key)

    def press(self, key: str) -> None:
        self.text = typed(self.text, key, self._names, self._limit)

    def done(self) -> None:
        tidy = " ".join(self.text.split())
        name = (clean_name(tidy) if self._names else tidy) or self._original
        self.act(name)

    def cancel(self) -> None:
        self.dismiss()
