"""A card the box's list lacks, added at the moment it is flipped from a real deck.

The owner describes the card on the touch form; it joins the owner's box (My box,
used by new games) and this game's box.  The game's setup data in the journal is
corrected to its box with the new card, the session is rebuilt from the journal
(every step so far replays: the card was in the real deck all along, unflipped),
and the card is then flipped as the table saw it.  A resumed game reads the
corrected setup, so it plays on with the card too.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from kivy.app import App

from companion import owner_box
from companion.engines.datafile import DataFileError
from companion.engines.gingerdead_house import (
    DECK_OF_TYPE,
    GAME,
    BoxEditRefused,
    NewCard,
    box_edits,
    box_toml,
)
from companion.session.session import ResumeFailed, Session
from companion.ui.games.gingerdead_house.card_form import CardForm

DECK_WORDS = {"monster": "monster deck", "action": "action deck", "player": "deck"}


def open_form(deck: str) -> CardForm:
    """The form for a card just flipped from ``deck`` (its type follows from the deck)."""
    types = [t for t, d in DECK_OF_TYPE.items() if d == deck]
    form = CardForm(
        f"The card you flipped from the {DECK_WORDS[deck]}: as printed on it",
        types,
        add_flipped,
        add_text="Add it and flip it",
    )
    form.open()
    return form


def add_flipped(new: NewCard) -> str | None:
    """Add ``new`` to this game and the owner's box, then flip it; or why it cannot be."""
    app: Any = App.get_running_app()
    controller = app.controller
    session = controller.session
    try:
        box, card_id = box_edits.with_new_card(session.game.catalogue, new)
    except BoxEditRefused as err:
        return str(err)
    journal, row = session.journal, session.record.id
    try:
        journal.change_setup(row, {owner_box.SETUP_KEY: box_toml(box)})
        controller.session = Session.resume(journal, row)
    except (ResumeFailed, sqlite3.Error) as err:  # the game goes on with the box it had
        journal.change_setup(row, session.record.setup)
        return f"The card could not be added to this game ({err}); try again or tap Cancel."
    note = _keep_in_owners_box(app.services.data_dir, new)
    view = controller.view()
    outcomes = view.chance.outcomes if view.chance is not None else ()
    flip = next((o.key for o in outcomes if o.hint.get("card") == card_id), None)
    if flip is None or not controller.enter_outcome(flip):
        controller.changed()  # the rebuilt game is shown even if the flip was refused
    app.notify(note)
    return None


def _keep_in_owners_box(data_dir: Any, new: NewCard) -> str:
    """The card joins the owner's box; the sentence to tell the owner."""
    owned = owner_box.read(data_dir, GAME)  # type: ignore[arg-type]
    name = box_edits.printed_name(new.name)
    if owned.problem:
        return (
            f"{name} is in this game. Your box file could not be read, so it was not "
            f"changed: {owned.problem}"
        )
    box = GAME.box_from_text(owned.text if owned.text is not None else GAME.box_text(), "box")
    if any(c.name.casefold() == name.casefold() for c in box.cards.values()):
        return f"{name} is in this game; your box already has it."
    try:
        grown, _ = box_edits.with_new_card(box, new)
        owner_box.save(data_dir, GAME, box_toml(grown))  # type: ignore[arg-type]
    except (BoxEditRefused, DataFileError, OSError) as err:
        return f"{name} is in this game, but your box could not be saved: {err}"
    return f"{name} is in this game and in your box (My box): new games have it too."
