"""Gingerdead House's box by real taps at 800x480 and 1280x720: on My box the owner
corrects a count and adds a card the list lacks on the touch form (name on the
on-screen keyboard, power, lane, effect from the list), saves (every count then
reads "checked") and the next game plays with it; in table mode a card the list lacks
is added at the moment it is flipped, joins the owner's box and is flipped, and the
game resumes with it; a damaged box file is reported and the shipped box used."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from companion import owner_box
from companion.engines.gingerdead_house import GAME
from companion.session.journal import Source
from companion.session.session import ResumeFailed, Session
from companion.ui.games.gingerdead_house.card_form import CardForm
from tests.ui.conftest import Driver
from tests.ui.owner_input import dialogs as _dialogs
from tests.ui.owner_input import open_damaged_box, open_my_box, start_beside_a_damaged_box
from tests.ui.owner_input import texts as _texts
from tests.ui.owner_input import type_on_keyboard as _type
from tests.ui.test_player_words import MARKUP, WORDS


@pytest.fixture
def box_ui(ui: Driver) -> Iterator[Driver]:
    owner_box.forget(ui.app.services.data_dir, GAME)
    yield ui
    if ui.app.controller is not None:
        ui.app.abandon_game(ui.app.controller.session.record)
    owner_box.forget(ui.app.services.data_dir, GAME)


def _form() -> CardForm:
    return next(w for w in _dialogs() if isinstance(w, CardForm))


def _player_words(root: Any) -> None:
    """Nothing the owner reads speaks the engine's language (ids, rule codes ...)."""
    for widget in root.walk(restrict=True):
        text = MARKUP.sub("", str(getattr(widget, "text", "")))
        for pattern, what in WORDS:
            assert not pattern.search(text), f"{what}: {text!r}"


def _open_my_box(ui: Driver) -> Any:
    return open_my_box(ui, GAME.id)


def _shoot_and_save(ui: Driver, form: CardForm, name: str) -> None:
    """Screenshots of the filled form at both sizes, then its save button: it closes."""
    ui.screenshot(name, (800, 480))
    ui.screenshot(name, (1280, 720))
    ui.resize((800, 480))
    ui.tap(form.ids.add_button)
    ui.settle_dialogs()  # the form fades out
    assert not _dialogs(), form.problem


def _row(screen: Any, card_id: str) -> Any:
    return next(w for w in screen.ids.rows.children if getattr(w, "card_id", None) == card_id)


def test_the_owner_corrects_counts_and_adds_a_card_on_my_box(box_ui: Driver) -> None:
    ui = box_ui
    screen = _open_my_box(ui)
    assert "shipped with the companion" in screen.status
    assert "count checked" not in _texts(screen)
    ui.screenshot("gingerdead-house-my-box", (800, 480))
    ui.screenshot("gingerdead-house-my-box", (1280, 720))
    ui.resize((800, 480))

    ui.tap(ui.button("+", _row(screen, "gummy-grunt")))
    assert screen.editor.box.cards["gummy-grunt"].count == 5
    assert "count checked" in _texts(_row(screen, "gummy-grunt"))
    assert "Each player's deck: 51 cards (the rulebook: 50)" in _texts(screen)

    ui.tap(ui.button("Add a card the list lacks", screen))
    form = _form()
    ui.tap(ui.button("Monster", form))
    ui.tap(ui.button("Tap to type", form))
    _type(ui, "yeti")
    for _ in range(2):
        ui.tap(ui.button("+", form))
    ui.tap(next(b for b in form.walk() if getattr(b, "choice", None) == 4))
    ui.tap(ui.button("No effect", form))
    ui.tap(ui.button("When it enters the game", _dialogs()[0]))
    _player_words(form)
    _player_words(screen)
    _shoot_and_save(ui, form, "gingerdead-house-card-form")
    yeti = screen.editor.box.cards["yeti"]
    assert (yeti.name, yeti.power, yeti.lane, yeti.effect) == ("Yeti", 3, 4, "dragon")

    ui.tap(screen.ids.save_button)
    assert "count assumed" not in _texts(screen)
    assert "This is your box" in screen.status
    ui.screenshot("gingerdead-house-my-box-saved", (800, 480))
    ui.resize((800, 480))
    ui.tap(screen.ids.back_button)
    ui.tap(ui.screen().ids.start_button)
    game = ui.app.controller.session.game
    assert game.catalogue.cards["yeti"].lane == 4
    assert game.catalogue.cards["gummy-grunt"].count == 5
    record = ui.app.services.journal.game(ui.app.controller.session.record.id)
    assert 'name = "Yeti"' in record.setup["box"]


def _to_the_action_flip(ui: Driver) -> Any:
    """A table-mode game up to Player 1's first action flip (set-up entered as keys)."""
    ui.app.start_game("gingerdead-house", 2, {"player_decks": "table"})
    ui.pump()
    controller = ui.app.controller
    assert ui.app.services.journal.game(controller.session.record.id).setup == {"box_version": 2, "rules": 2}
    for _ in range(2):
        for lane in (1, 2, 3):
            controller.apply(
                controller.state.key_to_action("reveal Plain Defense 3"), Source.MANUAL
            )
            controller.choose(f"place Plain Defense 3 at lane {lane} row 1")
        for _ in range(5):
            controller.apply(controller.state.key_to_action("draw a card"), Source.MANUAL)
    ui.pump()
    return ui.screen()


def test_a_card_the_list_lacks_is_added_when_it_is_flipped(
    box_ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    ui = box_ui
    screen = _to_the_action_flip(ui)
    assert "flip the action card" in screen.headline
    missing = ui.button("Not in the list? Add this card", screen.ids.flips)
    ui.resize((1280, 720))
    ui.scroll_into_view(missing)
    ui.screenshot("gingerdead-house-flip-add", (1280, 720))
    ui.resize((800, 480))
    missing = ui.button("Not in the list? Add this card", screen.ids.flips)  # grid remade
    ui.scroll_into_view(missing)
    ui.screenshot("gingerdead-house-flip-add", (800, 480))
    ui.tap(missing)
    form = _form()
    assert "Type" not in _texts(form)  # a card from the action deck is an action card
    _player_words(form)
    ui.tap(ui.button("Tap to type", form))
    _type(ui, "hail")
    ui.tap(next(b for b in form.walk() if getattr(b, "choice", None) == 3))

    def broken(*_: Any) -> Session:
        raise ResumeFailed("the disk is full")

    with monkeypatch.context() as patch:  # the game cannot be rebuilt: it goes on as it was
        patch.setattr(Session, "resume", broken)
        ui.tap(form.ids.add_button)
    assert "could not be added to this game (the disk is full)" in form.problem
    record = ui.app.services.journal.game(ui.app.controller.session.record.id)
    assert record.setup == {"box_version": 2, "rules": 2}
    ui.tap(form.ids.add_button)
    controller = ui.app.controller
    state = controller.state
    assert state.board.catalogue.cards[state.action_card].name == "Hail"
    assert state.flips_left == 3 and "Player 1 flips Hail: 3 monsters" in screen.log_text
    assert "in this game and in your box" in ui.app.message

    ui.tap(ui.button("Not in the list? Add this card", screen.ids.flips))
    form = _form()
    ui.tap(ui.button("Tap to type", form))
    _type(ui, "hail")
    ui.tap(form.ids.add_button)
    assert "already has a card called Hail" in form.problem  # the form stays open
    ui.screenshot("gingerdead-house-card-form-refused", (800, 480))
    ui.resize((800, 480))
    ui.tap(ui.button("Hail", form))
    _type(ui, "imp")
    ui.tap(next(b for b in form.walk() if getattr(b, "choice", None) == 4))
    ui.tap(form.ids.add_button)
    state = ui.app.controller.state
    assert state.board.name(state.board.at(0, 4, 5)) == "Imp"

    owned = owner_box.read(ui.app.services.data_dir, GAME)
    names = {c.name for c in GAME.box_from_text(owned.text or "", "x").cards.values()}
    assert {"Hail", "Imp"} <= names
    row = ui.app.controller.session.record.id
    resumed = Session.resume(ui.app.services.journal, row)
    assert resumed.state.to_dict() == ui.app.controller.state.to_dict()


def test_a_damaged_box_file_is_reported_and_the_shipped_box_used(box_ui: Driver) -> None:
    ui = box_ui
    damaged = '[[card]]\nid = "x"\nname = "X"\ntype = "ghost"\n'
    screen = open_damaged_box(
        ui, GAME.id, damaged, "[card 'x'] type", "gingerdead-house-my-box-damaged"
    )
    assert start_beside_a_damaged_box(ui, screen).game.catalogue.version == 2


def test_the_owner_corrects_a_cards_power_and_the_next_game_plays_it(box_ui: Driver) -> None:
    ui = box_ui
    screen = _open_my_box(ui)
    row = _row(screen, "defense-3")
    assert "power assumed" in _texts(row)
    correct = ui.button("Correct", row)
    ui.scroll_into_view(correct)
    ui.tap(correct)
    form = _form()
    assert "Tap to type" not in _texts(form) and "Type" not in _texts(form)  # name, type kept
    for _ in range(2):
        ui.tap(ui.button("+", form))
    _player_words(form)
    _shoot_and_save(ui, form, "gingerdead-house-card-correct")
    picket = screen.editor.box.cards["defense-3"]
    assert (picket.name, picket.power) == ("Peppermint Picket", 5)
    row = _row(screen, "defense-3")
    assert "defense, power 5" in _texts(row) and "values checked" in _texts(row)
    _player_words(screen)
    ui.scroll_into_view(row)
    ui.screenshot("gingerdead-house-my-box-corrected", (800, 480))
    ui.screenshot("gingerdead-house-my-box-corrected", (1280, 720))
    ui.resize((800, 480))

    ui.tap(screen.ids.save_button)
    ui.tap(screen.ids.back_button)
    ui.tap(ui.screen().ids.start_button)
    game = ui.app.controller.session.game
    assert game.catalogue.cards["defense-3"].power == 5
    record = ui.app.services.journal.game(ui.app.controller.session.record.id)
    saved = GAME.box_from_text(record.setup["box"], "the saved game")
    assert saved.cards["defense-3"].power == 5  # a resumed game keeps this box


def test_the_owner_types_the_name_on_their_card_and_the_key_stays(box_ui: Driver) -> None:
    """The shipped name of a card nobody has checked is a guess: the owner types the name
    printed on their card; the game shows it, and saved games read the old key."""
    ui = box_ui
    screen = _open_my_box(ui)
    row = _row(screen, "defense-3")
    correct = ui.button("Correct", row)
    ui.scroll_into_view(correct)
    ui.tap(correct)
    form = _form()
    ui.tap(ui.button("Peppermint Picket", form))
    _type(ui, "Mint")
    assert form.card.name.casefold() == "mint"
    assert ui.button(form.card.name, form)  # the name button shows what was typed
    ui.tap(form.ids.add_button)
    ui.settle_dialogs()
    assert not _dialogs(), form.problem
    fence = screen.editor.box.cards["defense-3"]
    assert (fence.name.casefold(), fence.key) == ("mint", "Plain Defense 3")
    assert fence.name in _texts(_row(screen, "defense-3"))
    _player_words(screen)
