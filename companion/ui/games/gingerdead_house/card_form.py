"""A touch form for a Gingerdead House card the box's list lacks.

The owner reads the real card and sets what the game needs of it: its type, its
printed name (typed on the on-screen keyboard), its power (a number or X), its lane
indicator, the monsters it flips, and its effect from the effect list (or none).
Only the fields the card's type uses are shown.  To correct a card already in the
box, the form opens with that card (``start``), its type and name kept.  ``on_add``
gets the ``NewCard``
and answers a sentence saying why it cannot be added (the form stays open to fix
it), or None when it was added (the form closes).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from kivy.factory import Factory
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.engines.gingerdead_house import NewCard, box_edits
from companion.ui.box_rows import STEP_WIDTH, button, row_of
from companion.ui.name_keyboard import NameKeyboard
from companion.ui.pick_list import PickList
from companion.ui.screens import load_kv
from companion.ui.titled_dialog import TitledDialog

load_kv(__file__)

POWERS: tuple[int | None, ...] = (None, *range(1, box_edits.MAX_POWER + 1))
"""X, then 1 to the highest power: the power stepper's values in order.  The rulebook
prints X and numbers (2 to 10 on the cards it names), never 0: X is the power below
every number (GH4)."""
LANES = (1, 2, 3, 4)
FLIPS = tuple(range(6))
PICKED = (0.22, 0.36, 0.26, 1)
UNPICKED = (0.28, 0.28, 0.30, 1)


def title_case(name: str) -> str:
    """A card name as printed: each word begins with a capital."""
    return " ".join(w[:1].upper() + w[1:] for w in name.split())


def power_text(power: int | None) -> str:
    return "X" if power is None else str(power)


class CardForm(TitledDialog):
    """The form; ``types`` are the card types offered (one, when a deck was flipped)."""

    problem = StringProperty("")

    def __init__(
        self,
        title: str,
        types: Sequence[str],
        on_add: Callable[[NewCard], str | None],
        add_text: str = "Add this card",
        start: NewCard | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(title, on_add, add_text, **kwargs)
        self.types = tuple(types)
        self.card = start or NewCard(self.types[0], "", power=1, lane=1, flips=1)
        self._show()

    # -- rows ------------------------------------------------------------------------
    def _show(self) -> None:
        rows = self.ids.rows
        rows.clear_widgets()
        card = self.card
        if len(self.types) > 1:
            rows.add_widget(self._choices("Type", self.types, card.type, self.set_type))
        rows.add_widget(
            self._line("Name", button(card.name or "Tap to type", self.ask_name, width=None))
        )
        if card.type in ("defense", "monster"):
            rows.add_widget(
                self._line(
                    "Power",
                    button("-", lambda: self.step_power(-1), width=STEP_WIDTH),
                    Factory.BoxPart(text=f"[b]{power_text(card.power)}[/b]", halign="center"),
                    button("+", lambda: self.step_power(+1), width=STEP_WIDTH),
                    button("X", lambda: self.set_power(None), width=STEP_WIDTH),
                )
            )
        if card.type == "monster":
            rows.add_widget(self._choices("Lane", LANES, card.lane, self.set_lane))
        if card.type == "action":
            rows.add_widget(self._choices("Monsters flipped", FLIPS, card.flips, self.set_flips))
        summary = dict(box_edits.effect_choices(card.type))[card.effect]
        rows.add_widget(self._line("Effect", button(summary, self.pick_effect, width=None)))

    def _line(self, label: str, *widgets: Any) -> BoxLayout:
        return row_of(Factory.FormLabel(text=label), *widgets)

    def _choices(
        self, label: str, values: Sequence[Any], chosen: Any, pick: Callable[[Any], None]
    ) -> BoxLayout:
        buttons = []
        for value in values:
            tap = button(str(value).capitalize(), partial(pick, value), width=None)
            tap.background_color = PICKED if value == chosen else UNPICKED
            tap.choice = value
            buttons.append(tap)
        return self._line(label, *buttons)

    # -- changes -----------------------------------------------------------------------
    def _set(self, **changes: Any) -> None:
        self.card = replace(self.card, **changes)
        self.problem = ""
        self._show()

    def set_type(self, card_type: str) -> None:
        self._set(type=card_type, effect="")

    def set_power(self, power: int | None) -> None:
        self._set(power=power)

    def step_power(self, direction: int) -> None:
        power = self.card.power
        if power not in POWERS:  # a 0 from an older box: one step up is 1, down is X
            power = 1 if direction > 0 else None
            direction = 0
        index = POWERS.index(power) + direction
        self._set(power=POWERS[max(0, min(index, len(POWERS) - 1))])

    def set_lane(self, lane: int) -> None:
        self._set(lane=lane)

    def set_flips(self, flips: int) -> None:
        self._set(flips=flips)

    def set_name(self, name: str) -> None:
        self._set(name=title_case(name))

    def set_effect(self, effect: str) -> None:
        self._set(effect=effect)

    def ask_name(self) -> None:
        NameKeyboard(
            "The card's name, as printed on it",
            self.card.name.lower(),
            self.set_name,
            names=False,
            limit=box_edits.MAX_NAME,
        ).open()

    def pick_effect(self) -> None:
        PickList(
            "The card's effect", box_edits.effect_choices(self.card.type), self.set_effect
        ).open()

    def add(self) -> None:
        problem = self._on_act(self.card)  # the form stays open to fix what it says
        if problem:
            self.problem = problem
            return
        self.dismiss()
