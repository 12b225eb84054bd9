"""Gingerdead House with real cards: a player's own cards entered as pictures, the
hand's refill as one tap, and the end named for its winner (issue 13.2, issue 12.5)."""

from __future__ import annotations

from typing import Any

from companion.ui.games.gingerdead_house import GingerdeadScreen
from tests.ui.conftest import Driver
from tests.ui.test_gingerdead_house_screen import game_ui, start, tile  # noqa: F401

__all__ = ["game_ui"]


def faces(screen: GingerdeadScreen) -> list[Any]:
    return list(reversed(screen.ids.cards.children))


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
            assert screen.ids.chance.what == "Tap the defense you found in your deck:"
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
