"""Gingerdead House with real cards: a player's own cards entered as pictures, the
hand's refill as one tap, and the end named for its winner (issue 13.2, issue 12.5)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from kivy.metrics import sp

from companion import owner_box
from companion.engines.gingerdead_house import GAME, NewCard, box_edits, box_toml
from companion.ui.games.gingerdead_house import GingerdeadScreen
from companion.ui.games.gingerdead_house.card_entry import TILE_BEFORE_CARD
from companion.ui.games.gingerdead_house.field_grid import wrapped_lines
from tests.ui.conftest import Driver
from tests.ui.test_gingerdead_house_screen import game_ui, start, tile  # noqa: F401

__all__ = ["game_ui"]


def faces(screen: GingerdeadScreen) -> list[Any]:
    return list(reversed(screen.ids.cards.ids.grid.children))


def face(screen: GingerdeadScreen, name: str) -> Any:
    return next(f for f in faces(screen) if f.faces[0].endswith(f" {name}"))


def all_in_view(ui: Driver, screen: GingerdeadScreen) -> bool:
    """Every card picture lies inside the moves list as it is shown (no scrolling)."""
    view = screen.ids.moves_view
    _, bottom = view.to_window(view.x, view.y)
    for card in faces(screen):
        _, low = card.to_window(card.x, card.y)
        _, high = card.to_window(card.x, card.top)
        if low < bottom - 1 or high > bottom + view.height + 1:
            return False
    return True


def test_a_real_deck_set_up_is_card_pictures_and_one_tap_for_the_hand(game_ui: Driver) -> None:
    """ "Each player searches their deck for three defense cards and places them on
    their field ... then draws a hand of five cards." With real cards the defense
    found is tapped as its picture (power and name, no odds: the player holds it), and
    the five cards drawn are one tap: 3 + 3 + 1 = 7 taps per player."""
    ui = game_ui
    screen = start(ui, {"player_decks": "table"})
    controller = ui.app.controller
    taps = 0
    for player in range(2):
        for lane in (1, 2, 3):
            assert screen.ids.cards.prompt == "Tap the defense you found in your deck:"
            shown = faces(screen)
            assert shown and all("%" not in f.text for f in shown)
            if player == 0 and lane == 1:
                ui.screenshot("gingerdead-house-table-defense")
                ui.screenshot("gingerdead-house-table-defense", (1280, 720))
                ui.resize((800, 480))
            assert all_in_view(ui, screen), "every defense fits the 7-inch panel whole"
            ui.tap(face(screen, "Candy Corn Fence"))
            if player == 0 and lane == 1:  # another field shown: its tab says where to tap
                tabs = screen.ids.field_tabs
                ui.tap(ui.button("Player 2", tabs))
                ui.tap(ui.button("Player 1 (lit tiles)", tabs))
                assert [t.text for t in reversed(tabs.children)] == ["Player 1", "Player 2"]
            ui.tap(tile(screen, lane, 1))
            taps += 2
        assert not faces(screen)
        assert screen.drew_label == f"{screen.player_name(player)} drew 5 cards"
        assert screen.headline == f"{screen.player_name(player)}: draw 5 cards"
        if player == 0:
            ui.screenshot("gingerdead-house-table-hand")
        ui.tap(screen.ids.drew_button)
        taps += 1
        state = controller.state
        assert state.board.cards[player].hand_size == 5
    assert taps == 7 * 2
    log = [line.text for line in controller.view().log]
    assert f"{screen.player_name(0)} draws 5 cards" in log
    assert not any(line.endswith("draws a card") for line in log)
    assert "flip the action card" in screen.headline


def undo(ui: Driver, screen: GingerdeadScreen) -> None:
    ui.tap(ui.button("Undo", screen))


def test_a_tile_tapped_before_the_card_is_explained_and_undo_brings_the_cards_back(
    game_ui: Driver,
) -> None:
    """A player who taps their field before the card they found is told to tap the card
    first; Undo after placing it, and again after finding it, leads back step by step."""
    ui = game_ui
    screen = start(ui, {"player_decks": "table"})
    offered = [f.faces[0] for f in faces(screen)]
    ui.tap(tile(screen, 2, 1))
    assert ui.app.message == TILE_BEFORE_CARD
    assert not ui.app.controller.session.steps, "a wrong tap changes nothing"
    ui.tap(face(screen, "Jawbreaker Wall"))
    assert not faces(screen) and screen.headline.endswith("Jawbreaker Wall on your field")
    ui.tap(tile(screen, 2, 1))
    undo(ui, screen)
    assert "Jawbreaker Wall" in ui.app.message and not faces(screen)  # to be placed again
    undo(ui, screen)
    assert ui.app.message == "Took back: Player 1 reveals Jawbreaker Wall"
    assert [f.faces[0] for f in faces(screen)] == offered
    assert screen.card_prompt == "Tap the defense you found in your deck:"


def test_the_hands_refill_is_one_tap_and_one_undo(game_ui: Driver) -> None:
    """The five cards drawn were one tap ("Player 1 drew 5 cards"), so Undo takes the
    five draws back together: the same button is offered again, not "drew a card"."""
    ui = game_ui
    screen = start(ui, {"player_decks": "table"})
    controller = ui.app.controller
    for lane in (1, 2, 3):
        ui.tap(face(screen, "Candy Corn Fence"))
        ui.tap(tile(screen, lane, 1))
    ui.tap(tile(screen, 4, 1))
    assert ui.app.message == 'Draw your cards, then tap "Player 1 drew 5 cards".'
    steps = len(controller.session.steps)
    ui.tap(screen.ids.drew_button)
    assert len(controller.session.steps) == steps + 5  # each draw journaled on its own
    assert controller.state.board.cards[0].hand_size == 5
    undo(ui, screen)
    assert ui.app.message == "Took back: Player 1 draws 5 cards"
    assert len(controller.session.steps) == steps
    assert controller.state.board.cards[0].hand_size == 0
    assert screen.drew_label == "Player 1 drew 5 cards"
    undo(ui, screen)  # then the last defense placed, as any other step
    assert len(controller.session.steps) == steps - 1


def test_a_resumed_game_shows_the_card_pictures_again(game_ui: Driver) -> None:
    ui = game_ui
    screen = start(ui, {"player_decks": "table"})
    ui.tap(face(screen, "Candy Corn Fence"))
    ui.tap(tile(screen, 1, 1))
    offered = [f.faces[0] for f in faces(screen)]
    record = ui.app.controller.session.record
    ui.app.leave_game()
    ui.app.resume_game(ui.app.services.journal.game(record.id))
    ui.pump(3)
    screen = ui.screen()
    assert screen.card_prompt == "Tap the defense you found in your deck:"
    assert [f.faces[0] for f in faces(screen)] == offered
    ui.tap(face(screen, "Gummy Grunt"))
    ui.tap(tile(screen, 2, 1))
    assert ui.app.controller.state.board.at(0, 2, 1) is not None


@pytest.fixture
def big_box(game_ui: Driver) -> Iterator[Driver]:
    """The owner's box with six more defenses of their own: 17 kinds to pick from."""
    base = game_ui.app.services.data_dir
    box = GAME.box_from_text(GAME.box_text(), "box")
    for n in range(6):
        box, _ = box_edits.with_new_card(
            box, NewCard("defense", f"Marzipan Bastion Number {n + 1}", power=n + 1)
        )
    owner_box.save(base, GAME, box_toml(box))
    yield game_ui
    if game_ui.app.controller is not None:
        game_ui.app.abandon_game(game_ui.app.controller.session.record)
    owner_box.forget(base, GAME)


def test_every_defense_of_the_owners_box_can_be_found_and_tapped(big_box: Driver) -> None:
    """Each defense kind of the owner's box is offered once, whole (power and name at
    15sp or more), and can be scrolled to and tapped at 800x480; at 1280x720 the pictures
    grow with the text."""
    ui = big_box
    screen = start(ui, {"player_decks": "table"})
    catalogue = ui.app.controller.session.game.catalogue
    defenses = sorted(c.name for c in catalogue.cards.values() if c.type == "defense")
    assert len(defenses) == 17
    shown = faces(screen)
    names = [f.faces[0].split("[/b] ", 1)[1] for f in shown]
    assert names == defenses
    for card in shown:
        assert card.font_size >= sp(15) and card.height >= 2 * card.font_size
        assert card.text in card.faces  # the printed name or its shorter one ...
        lines = wrapped_lines(card.text, card.text_size[0], card.font_size)
        assert lines <= card.max_lines, f"{card.text!r} is cut"  # ... whole, power and all
    ui.screenshot("gingerdead-house-table-many-defenses")
    last = face(screen, "Marzipan Bastion Number 6")
    ui.scroll_into_view(last)
    ui.tap(last)
    assert screen.headline.endswith("Marzipan Bastion Number 6 on your field")
    undo(ui, screen)
    small = faces(screen)[0]
    height, font = small.height, small.font_size
    ui.screenshot("gingerdead-house-table-many-defenses", (1280, 720))
    big = faces(ui.screen())[0]
    assert big.height > height and big.font_size > font
    ui.resize((800, 480))
