"""What the My box tests do as an owner, said once: type a name on the on-screen
keyboard of the topmost dialog, and read every text a screen shows."""

from __future__ import annotations

from typing import Any

from kivy.core.window import Window
from kivy.uix.modalview import ModalView

from tests.ui.conftest import Driver


def top_dialog() -> Any:
    return next(w for w in Window.children if isinstance(w, ModalView))


def type_on_keyboard(ui: Driver, word: str) -> None:
    """Clear what the keyboard holds, tap ``word`` letter by letter, then Done."""
    keyboard = top_dialog()
    while keyboard.text:
        ui.tap(next(w for w in keyboard.walk() if getattr(w, "text", None) == "Delete"))
    for letter in word.upper():
        key = "Space" if letter == " " else letter
        ui.tap(next(w for w in keyboard.walk() if getattr(w, "text", None) == key))
    ui.tap(keyboard.ids.done_button)


def texts(root: Any) -> str:
    return "\n".join(str(getattr(w, "text", "")) for w in root.walk(restrict=True))
