"""A notice that stays until it is read: damaged files found at start, for example."""

from __future__ import annotations

from typing import Any

from kivy.uix.modalview import ModalView

from companion.ui.screens import load_kv

load_kv(__file__)


class Notice(ModalView):
    def __init__(self, text: str, **kwargs: Any) -> None:
        super().__init__(auto_dismiss=False, size_hint=(0.9, 0.8), **kwargs)
        self.ids.text.text = text
