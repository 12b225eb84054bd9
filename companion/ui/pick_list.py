"""Pick one of a few values by touch: the serial port from the ports found, say."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kivy.factory import Factory
from kivy.properties import StringProperty
from kivy.uix.modalview import ModalView

from companion.ui.screens import load_kv

load_kv(__file__)


class PickList(ModalView):
    """``choices`` as big buttons (value, label); a tap hands the value to ``on_pick``."""

    title = StringProperty("")

    def __init__(
        self,
        title: str,
        choices: Sequence[tuple[Any, str]],
        on_pick: Callable[[Any], Any],
        **kwargs: Any,
    ) -> None:
        super().__init__(size_hint=(0.9, 0.85), **kwargs)
        self.title = title
        self._on_pick = on_pick
        for value, label in choices:
            button = Factory.Tap(text=label)
            button.picked = value
            button.bind(on_release=lambda b: self.pick(b.picked))
            self.ids.rows.add_widget(button)

    def pick(self, value: Any) -> None:
        self.dismiss()
        self._on_pick(value)
