"""The card a player found or drew from a real deck, entered by tapping its picture.

Each candidate is drawn as a field tile would show the card (power and printed name,
a shorter name where it does not fit), in a grid that fits the 7" panel whole: the player holds the card, so no odds are shown.
Each face carries the draw's key (``choice_key``) and is reported to the screen with it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.gridlayout import GridLayout
from kivy.utils import escape_markup

from companion.engines.view import Choice
from companion.ui.games.gingerdead_house.field_grid import FieldTile  # noqa: F401  (kv)

COLUMNS = 4


def is_card_entry(outcomes: Sequence[Choice]) -> bool:
    """Whether these chance outcomes are a player's own cards (found or drawn)."""
    return bool(outcomes) and all(
        o.hint.get("move") in ("reveal", "draw") and o.hint.get("card") for o in outcomes
    )


def unknown_draws(outcomes: Sequence[Choice]) -> int:
    """How many cards a real deck's draw may enter at once: the app cannot know which
    card a player drew, so the draws that fill the hand are one tap (0: not such a draw)."""
    if len(outcomes) != 1 or outcomes[0].hint.get("move") != "draw" or outcomes[0].hint["card"]:
        return 0
    return max(1, int(outcomes[0].hint.get("to_go", 1)))


def drew_words(who: str, count: int) -> str:
    """The one button for a hand's refill from a real deck."""
    return f"{who} drew a card" if count == 1 else f"{who} drew {count} cards"


def card_faces(outcome: Choice) -> list[str]:
    """Power first (or "trick"), then the printed name, as a field tile shows a card;
    and the same with the shorter name, for a tile too small for the printed one."""
    power = outcome.hint.get("power", "")
    head = f"[b]{escape_markup(power) if power else 'trick'}[/b] "
    short = outcome.hint.get("short", outcome.label)
    return [head + escape_markup(outcome.label), head + escape_markup(short)]


class CardEntry(GridLayout):
    """Shows the cards to enter; calls ``on_table(key)`` when one is tapped."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(cols=COLUMNS, size_hint_y=None, spacing=dp(4), **kwargs)
        self.bind(minimum_height=self.setter("height"))

    def show(self, outcomes: Sequence[Choice], on_table: Callable[[str], object]) -> None:
        self.clear_widgets()
        shown = is_card_entry(outcomes)
        self.opacity = 1 if shown else 0
        if not shown:
            self.height = 0  # an empty grid keeps its last height otherwise
            return
        scale = float(App.get_running_app().text_scale)
        for outcome in sorted(outcomes, key=lambda o: (o.hint.get("type", ""), o.label)):
            face = Factory.FieldTile(size_hint_y=None, height=dp(52) * scale)
            face.kind = "defense" if outcome.hint.get("type") == "defense" else "guest"
            face.faces = card_faces(outcome)
            face.choice_key = outcome.key
            face.bind(on_release=lambda b: on_table(b.choice_key))
            self.add_widget(face)
