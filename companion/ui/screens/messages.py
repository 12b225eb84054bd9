"""The Messages log: every message the app showed, newest first, one tap away, so a
toast that faded before anyone read it is never lost."""

from __future__ import annotations

import time
from typing import Any

from kivy.factory import Factory
from kivy.uix.modalview import ModalView

from companion.ui.screens import load_kv

load_kv(__file__)


class MessageLog(ModalView):
    def __init__(self, messages: list[tuple[float, str]], **kwargs: Any) -> None:
        super().__init__(size_hint=(0.92, 0.85), **kwargs)
        rows = self.ids.rows
        for shown, text in reversed(messages):
            stamp = time.strftime("%H:%M", time.localtime(shown))
            rows.add_widget(Factory.Body(text=f"[b]{stamp}[/b]  {text}"))
