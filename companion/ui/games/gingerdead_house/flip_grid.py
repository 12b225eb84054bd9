"""The real decks' flips entered as a grid: plain monsters by power (rows) and lane
(columns), plain action cards by the monsters they flip, and the named cards below.

A card the deck can no longer give is not offered; each button carries the flip's key
(``choice_key``) and is reported to the screen with it.  A card the box's list lacks
is added from here ("Not in the list? Add this card", ``card_at_flip``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.engines.view import Choice
from companion.ui.games.gingerdead_house import card_at_flip

LANE_COUNT = 4
POWER_ORDER = ("X", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12")


def is_flip_entry(outcomes: Sequence[Choice]) -> bool:
    """Whether these chance outcomes are monster or action flips (the grid's job)."""
    return bool(outcomes) and all("deck" in o.hint for o in outcomes)


def _power_rank(power: str) -> int:
    return POWER_ORDER.index(power) if power in POWER_ORDER else len(POWER_ORDER)


class FlipGrid(BoxLayout):
    """Shows the flips; calls ``on_table(key)`` when one is tapped."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(orientation="vertical", size_hint_y=None, spacing=dp(4), **kwargs)
        self.grid = GridLayout(size_hint_y=None, spacing=dp(3))
        self.grid.bind(minimum_height=self.grid.setter("height"))
        self.named = GridLayout(cols=2, size_hint_y=None, spacing=dp(3))
        self.named.bind(minimum_height=self.named.setter("height"))
        self.missing = GridLayout(cols=1, size_hint_y=None)
        """The "Not in the list?" button, on a row of its own under the cards."""
        self.missing.bind(minimum_height=self.missing.setter("height"))
        self.add_widget(self.grid)
        self.add_widget(self.named)
        self.add_widget(self.missing)
        self.bind(minimum_height=self.setter("height"))

    def show(self, outcomes: Sequence[Choice], on_table: Callable[[str], object]) -> None:
        self.grid.clear_widgets()
        self.named.clear_widgets()
        self.missing.clear_widgets()
        if not is_flip_entry(outcomes):
            self.opacity, self.spacing = 0, 0
            for part in (self, self.grid, self.named, self.missing):  # no gap in the moves
                part.height = 0
            return
        self.opacity, self.spacing = 1, dp(4)
        plain = [o for o in outcomes if not o.hint["named"]]
        if outcomes[0].hint["deck"] == "monster":
            self._monster_rows(plain, on_table)
        else:
            self._action_row(plain, on_table)
        for o in outcomes:
            if o.hint["named"]:
                self.named.add_widget(_button(o.label, o.key, on_table))
        deck = outcomes[0].hint["deck"]
        missing = Factory.Tap(text="Not in the list? Add this card")
        missing.bind(on_release=lambda _b: card_at_flip.open_form(deck))
        self.missing.add_widget(missing)

    def _blank(self, text: str = "") -> None:
        self.grid.add_widget(
            Factory.Label(text=text, size_hint_y=None, height=dp(48), font_size="15sp")
        )

    def _monster_rows(self, plain: Sequence[Choice], on_table: Callable[[str], object]) -> None:
        self.grid.cols = LANE_COUNT + 1
        self._blank("power")
        for lane in range(1, LANE_COUNT + 1):
            self._blank(f"lane {lane}")
        cells = {(o.hint["power"], o.hint["lane"]): o for o in plain}
        for power in sorted({o.hint["power"] for o in plain}, key=_power_rank):
            self._blank(power)
            for lane in range(1, LANE_COUNT + 1):
                found = cells.get((power, lane))
                if found is None:
                    self._blank()
                else:
                    self.grid.add_widget(_button(power, found.key, on_table))

    def _action_row(self, plain: Sequence[Choice], on_table: Callable[[str], object]) -> None:
        self.grid.cols = 3
        for o in sorted(plain, key=lambda o: o.hint["flips"]):
            flips = o.hint["flips"]
            label = f"{flips} monster{'s' if flips != 1 else ''}"
            self.grid.add_widget(_button(label, o.key, on_table))


def _button(text: str, key: str, on_table: Callable[[str], object]) -> object:
    button = Factory.QuietTap(text=text)
    button.choice_key = key
    button.bind(on_release=lambda b: on_table(b.choice_key))
    return button
