"""Gingerdead House's rows on the My box screen: how many of each card, and new cards.

The rulebook lists only a few of the 330 cards, so each count is marked assumed
(shipped) or checked (the owner set it, or saved the box), and so is each card's
printed values.  Counts change with - and +; "Correct" opens the card form with that
card to correct its values; "Add a card the list lacks" opens it empty.  Every change goes through
``box_edits``, so the box on screen is always one the game can play; a refused change
is said in a sentence.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout

from companion.engines.gingerdead_house import (
    CARD_TYPES,
    DECKS,
    Card,
    Catalogue,
    NewCard,
    box_edits,
    box_toml,
)
from companion.ui.box_editor_base import BoxEditor
from companion.ui.box_rows import STEP_WIDTH, button, line, mark
from companion.ui.games.gingerdead_house.card_form import CardForm

RULEBOOK_DECK = 50
"""The rulebook: "4 player decks that have 50 cards a piece", an action and a monster
deck of 50 cards each."""
DECK_TITLES = {
    "player": "Each player's deck",
    "action": "The action deck",
    "monster": "The monster deck",
}


def describe(card: Card) -> str:
    """What the card is, in a few words: its type and the numbers the game uses."""
    if card.type == "monster":
        return f"monster, power {card.power_text}, lane {card.lane}"
    if card.type == "defense":
        return f"defense, power {card.power_text}"
    if card.type == "action":
        return f"action, {card.flips} monster{'s' if card.flips != 1 else ''}"
    return card.type


def count_mark(card: Card) -> str:
    return mark("count" in card.assumed, "count")


def values_mark(card: Card) -> str:
    """Which of the printed values the form corrects are still the shipped guesses."""
    assumed = [f for f in box_edits.VALUE_FIELDS[card.type] if f in card.assumed]
    return mark(bool(assumed), ", ".join(assumed) or "values")


class GingerdeadBoxEditor(BoxEditor):
    """The decks' cards, each with its count on a stepper and a Correct button."""

    box: Catalogue
    edits = box_edits
    to_text = box_toml

    def __init__(self, box: Catalogue, changed: Callable[[], None]) -> None:
        super().__init__(box, changed)
        self._made: dict[str, tuple[Card, BoxLayout]] = {}
        """Each card's row and the card it shows: a change rebuilds only its own row
        (the screen lays out all 70-odd rows again after every tap)."""

    # -- rows ----------------------------------------------------------------------
    def parts(self) -> list[Any]:
        rows: list[Any] = [
            Factory.Tap(text="Add a card the list lacks", on_release=lambda *_: self.add_card())
        ]
        for deck in DECKS:
            cards = [c for c in self.box.cards.values() if c.deck == deck]
            total = sum(c.count for c in cards)
            rows.append(
                Factory.Heading(
                    text=f"{DECK_TITLES[deck]}: {total} cards (the rulebook: {RULEBOOK_DECK})"
                )
            )
            rows += [self._row_of(c) for c in cards]
        return rows

    def _row_of(self, card: Card) -> BoxLayout:
        made = self._made.get(card.id)
        if made is None or made[0] != card:
            made = (card, self._card_row(card))
            self._made[card.id] = made
        return made[1]

    def _card_row(self, card: Card) -> BoxLayout:
        row = line(
            f"[b]{card.name}[/b]  {describe(card)}  ({values_mark(card)}; {count_mark(card)})",
            button("Correct", partial(self.correct, card.id), width=104),
            button("-", partial(self._step, card.id, -1), width=STEP_WIDTH),
            Factory.BoxPart(
                text=f"[b]{card.count}[/b]", halign="center", size_hint_x=None, width=dp(48)
            ),
            button("+", partial(self._step, card.id, +1), width=STEP_WIDTH),
        )
        row.card_id = card.id
        return row

    def _step(self, card_id: str, direction: int) -> None:
        count = self.box.cards[card_id].count + direction
        self.apply(lambda: box_edits.with_count(self.box, card_id, count))

    def add_card(self) -> CardForm:
        form = CardForm(
            "A card of your box the list lacks: as printed on it",
            CARD_TYPES,
            self._add,
            add_text="Add it to my box",
        )
        form.open()
        return form

    def correct(self, card_id: str) -> CardForm:
        card = self.box.cards[card_id]
        form = CardForm(
            f"Correct {card.name}: its values as printed on the card",
            (card.type,),
            partial(self._correct, card_id),
            add_text="Save the corrected card",
            start=box_edits.as_new_card(card),
        )
        form.open()
        return form

    def _correct(self, card_id: str, values: NewCard) -> str | None:
        return self.attempt(lambda: box_edits.with_values(self.box, card_id, values))

    def _add(self, new: NewCard) -> str | None:
        return self.attempt(lambda: box_edits.with_new_card(self.box, new)[0])
