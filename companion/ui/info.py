"""A note to read and close: the rulebook sentence behind a house rule, say."""

from __future__ import annotations

from typing import Any

from kivy.properties import StringProperty
from kivy.uix.modalview import ModalView

from companion.ui.screens import load_kv

load_kv(__file__)


class Info(ModalView):
    text = StringProperty("")

    def __init__(self, text: str, **kwargs: Any) -> None:
        super().__init__(size_hint=(0.88, 0.75), **kwargs)
        self.text = text
