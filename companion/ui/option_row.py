"""One house rule on screen: its short name, what it does in one line, its value in
words, and its control; the rulebook sentence and the decision behind "Why?".

Booleans toggle, choices cycle, bounded numbers step with - and + in sensible
steps (a round limit moves in tens), a rule that picks a set of things
(``Option.members``) shows one toggle per thing, and a list of known words
(``Option.words``, the die's faces) is edited item by item from pick-lists; only
free text is typed.  The row never stores the value itself: it
reports changes to ``on_change(key, value)`` and shows what it is given.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.engines.base import InvalidOptions, Option
from companion.ui.info import Info
from companion.ui.name_keyboard import NameKeyboard
from companion.ui.pick_list import ListEditor
from companion.ui.screens import load_kv

load_kv(__file__)


IN_PLAY = (0.22, 0.36, 0.26, 1)
LEFT_OUT = (0.42, 0.22, 0.18, 1)
"""A set-valued rule's toggles: picked (left out, say) or not."""


def next_choice(option: Option, value: Any) -> Any:
    choices = list(option.choices)
    return choices[(choices.index(value) + 1) % len(choices)] if value in choices else choices[0]


def stepped(option: Option, value: Any, direction: int) -> Any:
    """``value`` moved one step, held within the option's bounds."""
    moved = value + direction * option.step_size()
    if option.minimum is not None:
        moved = max(moved, option.minimum)
    if option.maximum is not None:
        moved = min(moved, option.maximum)
    return round(moved, 2) if isinstance(option.default, float) else int(moved)


def why_text(option: Option) -> str:
    """The rulebook sentence a house rule interprets, and that the table may decide
    otherwise; in a family's words (the decision's code, "LD11", stays in the docs)."""
    text = f"[b]{option.name}[/b]\n\nThe rulebook says: \u201c{option.rulebook}\u201d"
    if option.decision:
        text += (
            "\n\nWhere the rulebook leaves this open, the companion decides, and this setting "
            "lets your table decide otherwise."
        )
    return text


class OptionRow(BoxLayout):
    value_text = StringProperty("")
    label_text = StringProperty("")
    option = ObjectProperty(None)
    controls_height = NumericProperty(0)
    """The stacked toggles' height (set-valued rules), so the row grows to hold them."""

    def __init__(
        self, option: Option, value: Any, on_change: Callable[[str, Any], None], **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.option = option
        self.value = value
        self.on_change = on_change
        self._build_controls()
        self._show()

    def _show(self) -> None:
        self.label_text = (
            f"[b]{self.option.name}: {self.option.value_words(self.value)}[/b]\n"
            f"[size=15sp]{self.option.description}[/size]"
        )

    def type_text(self) -> None:
        NameKeyboard(self.option.name, str(self.value), self._set, names=False, limit=60).open()

    def pick_words(self) -> None:
        """A list of known words (the die's faces): each item from a pick-list."""
        ListEditor(
            self.option.name,
            [w.casefold() for w in str(self.value).replace(",", " ").split()],
            self.option.words,
            lambda keys: self._set(" ".join(keys)),
            self.problem_with,
            item_word=getattr(self.option, "item_word", "item"),
        ).open()

    def problem_with(self, keys: list[str]) -> str:
        """Why the words ``keys`` are not a value this rule takes, in a sentence ("" if they are)."""
        try:
            self.option.validate(" ".join(keys))
        except InvalidOptions as err:  # the sentence names the rule in player words
            return f"{err}."
        return ""

    def why(self) -> None:
        Info(why_text(self.option)).open()

    def _build_controls(self) -> None:
        self._number: Any = None
        """The stepper's value label (numbers only)."""
        box = self.ids.controls
        opt = self.option
        self._members: dict[str, Any] = {}
        if opt.members:
            self._build_members(box)
        elif opt.words:
            button = Factory.Tap(text="Change")
            button.bind(on_release=lambda *_: self.pick_words())
            box.add_widget(button)
        elif isinstance(opt.default, bool) or opt.choices:
            button = Factory.Tap(text="Change")
            button.bind(on_release=lambda *_: self._cycle())
            box.add_widget(button)
        elif isinstance(opt.default, str):
            # Free text: typed on the on-screen keyboard, checked when the game starts.
            button = Factory.Tap(text="Type")
            button.bind(on_release=lambda *_: self.type_text())
            box.add_widget(button)
        else:
            minus = Factory.QuietTap(text="-", size_hint_x=None, width=dp(56))
            plus = Factory.QuietTap(text="+", size_hint_x=None, width=dp(56))
            shown = Factory.Label(text=self.option.value_words(self.value), font_size="18sp")
            minus.bind(on_release=lambda *_: self._step(-1))
            plus.bind(on_release=lambda *_: self._step(+1))
            for widget in (minus, shown, plus):
                box.add_widget(widget)
            self._number = shown

    def _build_members(self, box: Any) -> None:
        """One toggle per member, stacked: lit while the member is picked."""
        box.orientation = "vertical"
        box.width = dp(240)
        for key, name in self.option.members:
            button = Factory.QuietTap(text=name, height=dp(48), font_size="16sp")
            button.background_disabled_normal = ""  # keep its colour while it cannot change
            button.bind(on_release=lambda _b, k=key: self._toggle(k))
            box.add_widget(button)
            self._members[key] = button
        self.controls_height = len(self._members) * (dp(48) + box.spacing) + dp(8)
        self._show_members()

    def _show_members(self) -> None:
        picked = set(self.option.picked(self.value))
        for key, button in self._members.items():
            name = dict(self.option.members)[key]
            name = name[:1].upper() + name[1:]
            button.text = f"{name}: {'left out' if key in picked else 'in play'}"
            button.background_color = LEFT_OUT if key in picked else IN_PLAY
            unpicked = self.option.toggled(self.value, key)
            button.disabled = self.option.choices != () and unpicked not in self.option.choices

    def _toggle(self, key: str) -> None:
        self._set(self.option.toggled(self.value, key))

    def _cycle(self) -> None:
        if isinstance(self.option.default, bool) and not self.option.choices:
            self._set(not self.value)
        else:
            self._set(next_choice(self.option, self.value))

    def _step(self, direction: int) -> None:
        self._set(stepped(self.option, self.value, direction))

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
        if self._number is not None:
            self._number.text = self.option.value_words(value)
        if self._members:
            self._show_members()
        self._show()
        self.on_change(self.option.key, value)
