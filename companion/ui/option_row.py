"""One house rule on screen: what it does, the rulebook sentence, and its control.

Booleans toggle, choices cycle, bounded numbers step with - and +.  The row never
stores the value itself: it reports changes to ``on_change(key, value)`` and shows
what it is given.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.engines.base import InvalidOptions, Option
from companion.ui.screens import load_kv

load_kv(__file__)


def step_of(option: Option) -> float:
    return 1 if isinstance(option.default, int) else 0.1


def next_choice(option: Option, value: Any) -> Any:
    choices = list(option.choices)
    return choices[(choices.index(value) + 1) % len(choices)] if value in choices else choices[0]


def format_value(value: Any) -> str:
    if isinstance(value, bool):
        return "On" if value else "Off"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


class OptionRow(BoxLayout):
    value_text = StringProperty("")
    label_text = StringProperty("")
    option = ObjectProperty(None)

    def __init__(
        self, option: Option, value: Any, on_change: Callable[[str, Any], None], **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.option = option
        self.value = value
        self.on_change = on_change
        decision = f" ({option.decision})" if option.decision else ""
        self.label_text = (
            f"[b]{option.description}[/b]{decision}\n"
            f"[i][size=14sp]Rulebook: \u201c{option.rulebook}\u201d[/size][/i]"
        )
        self._build_controls()

    def _build_controls(self) -> None:
        box = self.ids.controls
        opt = self.option
        if isinstance(opt.default, bool) or opt.choices:
            button = Factory.Tap(text=format_value(self.value))
            button.bind(on_release=lambda *_: self._cycle())
            box.add_widget(button)
            self._display = button
        elif isinstance(opt.default, str):
            # Free text (a list of die faces, say): typed, checked when the game starts.
            field = Factory.OptionText(text=self.value)
            field.bind(
                on_text_validate=lambda w: self._set(w.text),
                focus=lambda w, focused: None if focused else self._set(w.text),
            )
            box.add_widget(field)
            self._display = field
        else:
            minus = Factory.QuietTap(text="-", size_hint_x=None, width=dp(56))
            plus = Factory.QuietTap(text="+", size_hint_x=None, width=dp(56))
            shown = Factory.Label(text=format_value(self.value), font_size="18sp")
            minus.bind(on_release=lambda *_: self._step(-1))
            plus.bind(on_release=lambda *_: self._step(+1))
            for widget in (minus, shown, plus):
                box.add_widget(widget)
            self._display = shown

    def _cycle(self) -> None:
        if isinstance(self.option.default, bool) and not self.option.choices:
            self._set(not self.value)
        else:
            self._set(next_choice(self.option, self.value))

    def _step(self, direction: int) -> None:
        value = self.value + direction * step_of(self.option)
        if isinstance(self.option.default, float):
            value = round(value, 2)
        self._set(value)

    def _set(self, value: Any) -> None:
        if isinstance(value, str) and isinstance(self.option.default, str):
            value = " ".join(value.split())
        try:
            value = self.option.validate(value)
        except InvalidOptions:
            return  # at a bound: the button simply does nothing more
        if value == self.value and isinstance(value, str):
            return
        self.value = value
        self._display.text = format_value(value)
        self.on_change(self.option.key, value)
