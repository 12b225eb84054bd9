"""Pick one of a few values by touch: the serial port from the ports found, say."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kivy.factory import Factory

from companion.ui.screens import load_kv
from companion.ui.titled_dialog import TitledDialog

load_kv(__file__)


class PickList(TitledDialog):
    """``choices`` as big buttons (value, label); a tap hands the value to ``on_pick``.
    A tap beside the list closes it, as Cancel does: nothing is lost."""

    def __init__(
        self,
        title: str,
        choices: Sequence[tuple[Any, str]],
        on_pick: Callable[[Any], Any],
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("auto_dismiss", True)
        super().__init__(title, on_pick, size_hint=(0.9, 0.85), **kwargs)
        for value, label in choices:
            button = Factory.Tap(text=label)
            button.picked = value
            button.bind(on_release=lambda b: self.pick(b.picked))
            self.ids.rows.add_widget(button)

    def pick(self, value: Any) -> None:
        self.act(value)
