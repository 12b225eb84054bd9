"""The card a player found in a real deck, entered by tapping its picture.

Each candidate is drawn as a field tile would show the card (power and printed name,
the shorter name where it does not fit), under the question it answers ("Tap the
defense you found in your deck:"): the player holds the card, so no odds are shown.
Every card the game's box can still give is offered; a long list scrolls with the
moves.  Each face carries the draw's key (``choice_key``) and is reported with it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.engines.view import Choice
from companion.ui.games.gingerdead_house.field_grid import (
    SIDE_MARGIN,
    FieldTile,
    face_text,
    wrapped_lines,
)
from companion.ui.screens import load_kv

COLUMNS = 4
FACE_HEIGHT = 52
"""A face's height in dp at the 7" panel: two lines of 15sp text, as a field tile."""
TILE_BEFORE_CARD = (
    "First tap your card's picture, on the right: the tiles where it may go then light up."
)
"""A field tile tapped while the card pictures wait: what to tap first."""


def is_card_entry(outcomes: Sequence[Choice]) -> bool:
    """Whether these chance outcomes are a player's own cards (found or drawn)."""
    return bool(outcomes) and all(
        o.hint.get("move") in ("reveal", "draw") and o.hint.get("card") for o in outcomes
    )


def prompt(outcomes: Sequence[Choice]) -> str:
    """The question over the pictures: a defense found at set-up, or a card drawn."""
    if outcomes[0].hint.get("move") == "reveal":
        return "Tap the defense you found in your deck:"
    return "Tap the card you drew:"


def card_faces(outcome: Choice) -> list[str]:
    """The face with the printed name and the one with the shorter name, power first
    (a trick has none: it says "trick")."""
    power = outcome.hint.get("power", "") or "trick"
    short = outcome.hint.get("short", outcome.label)
    return [face_text(power, outcome.label), face_text(power, short)]


def ordered(outcomes: Sequence[Choice]) -> list[Choice]:
    """Defenses before tricks, each kind by name: as the box lists them."""
    return sorted(outcomes, key=lambda o: (o.hint.get("type", ""), o.label))


class CardFace(FieldTile):
    """One card to tap: a field tile's picture, taller where even the shorter name needs
    more lines than a tile holds (an owner's own card with a long name), so the power
    and the name are never cut."""

    least_height = NumericProperty(dp(FACE_HEIGHT))
    height: float  # Kivy's own property, typed for the checker (no value: not replaced)

    def fit(self) -> None:
        if not self.faces[1]:  # not yet given its card
            return
        tall = face_height(self.faces[1], self.width, self.font_size, self.least_height)
        if abs(self.height - tall) > 0.5:
            self.height = tall  # (the new size fits the text again)
            return
        super().fit()


def face_height(face: str, width: float, font_size: float, least: float) -> float:
    """How tall a face must be to hold ``face`` whole at this width (``least`` at least)."""
    lines = wrapped_lines(face, max(1, width - SIDE_MARGIN), font_size)
    return max(least, lines * font_size * 1.2 + dp(4) + 1)


class CardEntry(BoxLayout):
    """The question and the cards; calls ``on_table(key)`` when one is tapped."""

    prompt = StringProperty("")
    shown = BooleanProperty(False)

    def show(
        self, outcomes: Sequence[Choice], on_table: Callable[[str], object], scale: float = 1
    ) -> None:
        """Offer ``outcomes`` as pictures (nothing shown when they are not card entries);
        ``scale``: the app's text scale, which the faces grow with (1 at the 7" panel)."""
        grid = self.ids.grid
        grid.clear_widgets()
        self.shown = is_card_entry(outcomes)
        self.prompt = prompt(outcomes) if self.shown else ""
        if not self.shown:
            return
        grid.cols = COLUMNS
        for outcome in ordered(outcomes):
            least = dp(FACE_HEIGHT) * scale
            face = CardFace(size_hint_y=None, height=least, least_height=least)
            face.kind = "defense" if outcome.hint.get("type") == "defense" else "guest"
            face.faces = card_faces(outcome)
            face.choice_key = outcome.key
            face.bind(on_release=lambda b: on_table(b.choice_key))
            grid.add_widget(face)


load_kv(__file__)
