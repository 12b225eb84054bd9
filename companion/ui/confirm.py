"""Ask before doing something that cannot simply be undone, saying what will happen.

Setting a game aside, starting a game while another is unfinished or calibrating
in the middle of a game are one tap away from a mistake: each asks first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.properties import StringProperty
from kivy.uix.modalview import ModalView

from companion.ui.screens import load_kv

load_kv(__file__)


class Confirm(ModalView):
    """A question with a "do it" and a "keep things as they are" button."""

    question = StringProperty("")
    yes_text = StringProperty("Yes")
    no_text = StringProperty("Cancel")

    def __init__(
        self,
        question: str,
        yes_text: str,
        on_yes: Callable[[], Any],
        no_text: str = "Cancel",
        **kwargs: Any,
    ) -> None:
        super().__init__(size_hint=(0.85, 0.6), auto_dismiss=False, **kwargs)
        self.question = question
        self.yes_text = yes_text
        self.no_text = no_text
        self._on_yes = on_yes

    def yes(self) -> None:
        self.dismiss()
        self._on_yes()

    def no(self) -> None:
        self.dismiss()
