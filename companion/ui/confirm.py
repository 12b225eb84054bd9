"""Ask before doing something that cannot simply be undone, saying what will happen.

Setting a game aside, starting a game while another is unfinished or calibrating
in the middle of a game are one tap away from a mistake: each asks first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.properties import StringProperty

from companion.ui.screens import load_kv
from companion.ui.titled_dialog import TitledDialog

load_kv(__file__)


class Confirm(TitledDialog):
    """A question (its title) with a "do it" and a "keep things as they are" button."""

    no_text = StringProperty("Cancel")

    def __init__(
        self,
        question: str,
        yes_text: str,
        on_yes: Callable[[], Any],
        no_text: str = "Cancel",
        **kwargs: Any,
    ) -> None:
        super().__init__(question, on_yes, yes_text, size_hint=(0.85, 0.6), **kwargs)
        self.no_text = no_text

    @property
    def question(self) -> str:
        """What is asked: the dialog's title."""
        return self.title

    def yes(self) -> None:
        self.act()

    def no(self) -> None:
        self.dismiss()
