"""The hand as a drawer over the screen: every card whole (name, power and effect) in
a grid, never a sideways scroll; a tap picks a card and closes the drawer, so the
field shows where it can go."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.utils import escape_markup

from companion.engines.view import Item
from companion.ui.screens import load_kv


class HandDrawer(BoxLayout):
    """Shows ``items`` as cards; calls ``on_pick(card_id, name)`` or ``on_close()``."""

    title = StringProperty("")
    cols = NumericProperty(3)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_close: Callable[[], None] = lambda: None

    def show(
        self,
        title: str,
        items: Sequence[Item],
        picked: str,
        on_pick: Callable[[str, str], None],
        on_close: Callable[[], None],
    ) -> None:
        self.title = title
        self._on_close = on_close
        cards = self.ids.cards
        cards.clear_widgets()
        for item in items:
            card_id = item.hint["card"]
            card = Factory.HandCard(text=card_face(item))
            card.card_id = card_id
            card.picked = card_id == picked
            card.bind(on_release=lambda _b, c=card_id, n=item.label: on_pick(c, n))
            card.bind(texture_size=self._even_heights)
            cards.add_widget(card)

    def _even_heights(self, *_args: object) -> None:
        """Every card as tall as the one with the longest text: the rows line up."""
        cards = self.ids.cards.children
        tallest = max((c.texture_size[1] for c in cards), default=0)
        for card in cards:
            card.height = max(dp(96) * self._scale(), tallest + dp(16))

    @staticmethod
    def _scale() -> float:
        return float(App.get_running_app().text_scale)

    def close(self) -> None:
        self._on_close()

    def on_touch_down(self, touch: Any) -> bool:
        """The drawer covers the screen: a tap beside its cards never reaches the field."""
        if not self.collide_point(*touch.pos):
            return False
        super().on_touch_down(touch)
        return True

    def on_touch_up(self, touch: Any) -> bool:
        super().on_touch_up(touch)
        return self.collide_point(*touch.pos)


def card_face(item: Item) -> str:
    """A hand card's face: its name and power in bold, then its printed effect."""
    power = item.hint.get("power", "")
    title = f"[b]{escape_markup(item.label)}[/b]" + (
        f"  [b]power {escape_markup(power)}[/b]" if power else "  [b]trick[/b]"
    )
    effect = item.hint.get("text", "")
    return title + (f"\n{escape_markup(effect)}" if effect else "")


load_kv(__file__)
