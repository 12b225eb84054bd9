"""The Gingerdead House screen, driven by real taps: setup, flips, placing, abilities, the log."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from kivy.core.window import Window
from kivy.metrics import sp
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.session.journal import Source
from companion.ui.games.gingerdead_house import GingerdeadScreen
from companion.ui.view_widgets import player_colour
from tests.ui.conftest import Driver


@pytest.fixture
def game_ui(ui: Driver) -> Iterator[Driver]:
    """The ui driver; the unfinished game is set aside afterwards (the home screen's
    Continue button must not see it in later tests)."""
    yield ui
    if ui.app.controller is not None:
        ui.app.abandon_game(ui.app.controller.session.record)


def tile(screen: GingerdeadScreen, lane: int, row: int) -> Any:
    return next(t for t in screen.ids.grid.children if (t.lane, t.row) == (lane, row))


def lit(screen: GingerdeadScreen) -> set[tuple[int, int]]:
    return {(t.lane, t.row) for t in screen.ids.grid.children if t.target}


def hand_button(ui: Driver, screen: GingerdeadScreen, text: str) -> Any:
    return ui.button(text, screen.ids.hand)


def move(ui: Driver, text: str) -> None:
    """Tap the move button with this text, scrolling the move list to it first."""
    screen = ui.screen()
    button = ui.button(text, screen.ids.moves)
    view = screen.ids.moves.parent

    def in_view() -> bool:
        _, y = button.to_window(*button.center)
        _, bottom = view.to_window(view.x, view.y)
        return bool(bottom <= y <= bottom + view.height)

    ui.scroll_into_view(button)  # stops the scroll spring too, as scroll_to does not
    assert in_view(), f"{text!r} cannot be scrolled into view"
    ui.tap(button)


def flip(ui: Driver, key: str) -> Any:
    """Tap the flip grid's button for this flip key (the card the table turned over)."""
    screen = ui.screen()
    grid = screen.ids.flips
    button = next(b for b in grid.walk(restrict=True) if getattr(b, "choice_key", None) == key)
    ui.tap(button)
    return button


def shown_labels(root: Widget) -> Iterator[Label]:
    """Every label (buttons included) a player can see under ``root``."""
    for widget in root.walk(restrict=True):
        if isinstance(widget, Label) and widget.text and widget.opacity > 0 and widget.width > 0:
            yield widget


def to_players_step(ui: Driver) -> GingerdeadScreen:
    """A digital game up to Player 1's first step, the hand shown by a tap."""
    ui.app.start_game("gingerdead-house", 2, {})
    ui.pump()
    screen = ui.screen()
    setup_player(ui, screen, "Gummy Grunt", (1, 2, 3))
    setup_player(ui, screen, "Plain Defense 6", (2, 3, 4))
    flip(ui, "flip Plain Action 2")
    flip(ui, "flip Plain Monster 4 (lane 1)")
    ui.tap(ui.button("Dragon", screen.ids.flips))
    ui.tap(screen.ids.hand_button)
    return screen


def enter(ui: Driver, key: str) -> bool:
    """Apply a chance outcome by its key as the table's manual entry."""
    controller = ui.app.controller
    return bool(controller.apply(controller.state.key_to_action(key), Source.MANUAL))


def setup_player(ui: Driver, screen: GingerdeadScreen, card: str, lanes: tuple[int, ...]) -> None:
    """Reveal `card` three times (entered as if found in the real deck) and place it."""
    for placed, lane in enumerate(lanes):
        assert enter(ui, f"reveal {card}")
        ui.pump()
        assert "place your defense" in screen.headline
        assert len(lit(screen)) == 20 - placed  # any empty tile of the field
        ui.tap(tile(screen, lane, 1))
    for _ in range(5):
        move(ui, "Let the app do it")


def test_setup_flips_placing_and_the_log(game_ui: Driver) -> None:
    ui = game_ui
    ui.app.start_game("gingerdead-house", 2, {})
    ui.pump()
    screen = ui.screen()
    assert isinstance(screen, GingerdeadScreen) and screen.name == "game:gingerdead-house"
    assert "search the deck for a defense" in screen.headline
    # a digital deck: the app searches it, nobody may pick its cards
    assert ui.button("Let the app do it", screen.ids.chance)
    assert screen.ids.chance.what == "Player 1 searches their deck for a defense"
    assert not screen.ids.chance.ids.outcomes.children

    setup_player(ui, screen, "Gummy Grunt", (1, 2, 3))
    state = ui.app.controller.state
    assert [state.board.name(state.board.at(0, lane, 1)) for lane in (1, 2, 3)] == [
        "Gummy Grunt"
    ] * 3
    setup_player(ui, screen, "Plain Defense 6", (2, 3, 4))

    # the action card flipped at the table, entered by tapping what was seen
    assert "flip the action card" in screen.headline
    # plain action cards by the monsters they flip, the named ones by name
    assert ui.button("Godfather Death", screen.ids.flips)
    assert flip(ui, "flip Plain Action 2").text == "2 monsters"
    assert ui.app.controller.session.steps[-1].source is Source.MANUAL
    assert "flip a monster (2 to go)" in screen.headline
    ui.screenshot("gingerdead-house-flip-grid")
    ui.screenshot("gingerdead-house-flip-grid", (1280, 720))
    # plain monsters by power and lane: the 4 in lane 1's column is the Burnt Biscuit Brute
    assert flip(ui, "flip Plain Monster 4 (lane 1)").text == "4"
    ui.tap(ui.button("Dragon", screen.ids.flips))
    assert "Dragon enters in lane 2" in screen.log_text
    assert "Dragon destroys Gummy Grunt in lane 2" in screen.log_text
    assert tile(screen, 2, 5).card == "Dragon" and tile(screen, 2, 5).kind == "monster"
    assert tile(screen, 2, 1).kind == "empty"

    # player 1's step: the hand stays hidden until shown
    assert "Player 1: play defenses" in screen.headline
    assert screen.status == "Round 1 - action: Witching Hour - hands: Player 1 5, Player 2 5"
    assert screen.hand_secret and not screen.ids.hand.children
    ui.tap(screen.ids.hand_button)
    hand = ui.app.controller.state.board.cards[0].hand
    assert len(screen.ids.hand.children) == len(hand)
    ui.screenshot("gingerdead-house-hand")
    ui.screenshot("gingerdead-house-hand", (1280, 720))

    # a wrong tap is refused with a message and changes nothing
    before = ui.app.controller.state.to_dict()
    ui.tap(tile(screen, 4, 4))
    assert "Pick a card" in ui.app.message
    assert ui.app.controller.state.to_dict() == before

    move(ui, "End the player step")
    assert "Dragon moves to row 4 in lane 2" in screen.log_text
    assert "Player 2: flip the action card" in screen.headline
    assert screen.shown_field == 1
    ui.tap(ui.button("Player 1", screen.ids.field_tabs))
    assert tile(screen, 2, 4).card == "Dragon"
    ui.screenshot("gingerdead-house-field")
    ui.screenshot("gingerdead-house-field", (1280, 720))


def test_placing_a_defense_from_the_hand_by_tapping_a_lit_tile(game_ui: Driver) -> None:
    ui = game_ui
    ui.app.start_game("gingerdead-house", 2, {"player_decks": "table"})
    ui.pump()
    screen = ui.screen()
    controller = ui.app.controller
    for _ in range(2):  # both players
        for lane in (1, 2, 3):
            enter(ui, "reveal Plain Defense 2")
            ui.pump()
            ui.tap(tile(screen, lane, 1))
        # a table deck: the players draw real cards, the app cannot deal them
        app = screen.ids.chance.ids.app_button
        assert app.disabled and app.opacity == 0
        assert [w.text for w in screen.ids.chance.ids.outcomes.children] == ["A card · 100%"]
        for _ in range(5):
            move(ui, "A card")
    flip(ui, "flip Plain Action 1")
    flip(ui, "flip Plain Monster 5 (lane 3)")
    assert "Player 1: play defenses" in screen.headline
    assert not screen.hand_secret  # table mode: the list is every card that can be in hand
    ui.tap(hand_button(ui, screen, "Gumdrop Gatling Gun"))
    assert (3, 4) in lit(screen) and (3, 5) not in lit(screen)  # not on the monster
    ui.tap(tile(screen, 3, 3))
    state = controller.state
    assert state.board.name(state.board.at(0, 3, 3)) == "Gumdrop Gatling Gun"
    assert "Player 1 places Gumdrop Gatling Gun at lane 3 row 3" in screen.log_text
    # the Gatling Gun's ability: tap it, then choose the volley
    ui.tap(tile(screen, 3, 3))
    assert tile(screen, 3, 3).selected
    move(ui, "hit Cauldron Creeper at row 5")
    assert controller.state.board.at(0, 3, 5) is None
    ui.tap(ui.button("Undo"))
    assert controller.state.board.at(0, 3, 5) is not None


def test_the_end_banner_shows_the_winners_and_why(game_ui: Driver) -> None:
    ui = game_ui
    ui.app.start_game("gingerdead-house", 2, {"round_limit": 5, "mode": "monster-hunter"})
    ui.pump()
    screen = ui.screen()
    controller = ui.app.controller
    rng = random.Random(3)
    for _ in range(2000):
        view = controller.view()
        if view.end is not None:
            break
        if view.chance is not None:
            controller.draw()
        else:
            assert controller.choose(rng.choice(view.choices).key)
    end = controller.view().end
    assert end is not None and end.scores is not None
    ui.pump()
    banner = screen.ids.end_banner
    assert banner.title.endswith("win!") or banner.title.endswith("wins!")
    assert banner.reason == end.reason and "Monster Hunter points" in banner.scores
    assert not screen.ids.choices.children and not screen.ids.chance.shown
    ui.screenshot("gingerdead-house-end")


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_the_hand_fits_without_a_sideways_scroll_and_shows_power_and_effect(
    game_ui: Driver, size: tuple[int, int]
) -> None:
    ui = game_ui
    ui.resize(size)
    screen = to_players_step(ui)
    ui.pump()
    hand = ui.app.controller.state.board.cards[0].hand
    cards = list(screen.ids.hand.children)
    assert len(cards) == len(hand) >= 3
    assert not screen.ids.hand_view.do_scroll_x
    for card in cards:  # every card, the third too, wholly inside the window's width
        left, _ = card.to_window(card.x, card.y)
        assert 0 <= left and left + card.width <= Window.width
    catalogue = ui.app.controller.state.board.catalogue.cards
    for card_id in hand:
        printed = catalogue[card_id]
        face = next(c.text for c in cards if printed.name in c.text)
        if printed.type == "defense":
            assert f"power {printed.power_text}" in face
        if printed.text:
            assert printed.text.split()[0] in face
    # the third card is tappable where it is drawn: a tap picks it and lights its tiles
    third = next(c for c in reversed(cards[:-2]) if "power" in c.text)
    ui.tap(third)
    assert screen.selection.card and lit(screen)
    ui.screenshot("gingerdead-house-hand-cards", size)


def test_nothing_on_the_screen_is_below_15sp_at_800x480(game_ui: Driver) -> None:
    ui = game_ui
    ui.resize((800, 480))
    screen = to_players_step(ui)
    ui.pump()
    small = [(w.text[:30], w.font_size) for w in shown_labels(screen) if w.font_size < sp(15)]
    assert not small
    assert any(t.card for t in screen.ids.grid.children)  # the tiles were checked too


def test_the_log_shows_more_than_four_lines(game_ui: Driver) -> None:
    ui = game_ui
    ui.resize((800, 480))
    screen = to_players_step(ui)
    ui.pump()
    body = screen.ids.log_view.children[0]
    lines = len(screen.log_text.splitlines())
    assert lines > 5
    line_height = body.texture_size[1] / lines
    assert screen.ids.log_view.height >= 5 * line_height


def test_the_banner_says_whose_turn_and_the_headline_is_below_it(game_ui: Driver) -> None:
    ui = game_ui
    screen = to_players_step(ui)
    banner = screen.ids.banner
    game = ui.app.controller.session.game
    assert banner.text == "Player 1's turn"
    assert tuple(banner.background) == player_colour(0, game)
    assert "play defenses" in screen.headline and "play defenses" not in banner.text
    move(ui, "End the player step")
    assert banner.text == "Player 2's turn"
    assert tuple(banner.background) == player_colour(1, game)


def test_a_monster_breaking_through_plays_the_cue(game_ui: Driver) -> None:
    ui = game_ui
    ui.app.start_game("gingerdead-house", 2, {})
    ui.pump()
    screen = ui.screen()
    controller = ui.app.controller
    rng = random.Random(5)
    while controller.view().table.breakthroughs == 0:
        view = controller.view()
        assert view.end is None
        assert "breakthrough" not in screen._cues.played
        if view.chance is not None:
            controller.draw()
        else:  # never defend: end or pass whenever the game allows it
            quiet = [c for c in view.choices if c.hint.get("move") in ("end", "pass")]
            assert controller.choose(rng.choice(quiet or list(view.choices)).key)
    ui.pump()
    assert screen._cues.played.count("breakthrough") == 1
    assert "gets past row 1" in screen.log_text
    ui.tap(ui.button("Undo"))  # taking it back is no new breakthrough
    assert screen._cues.played.count("breakthrough") == 1


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_setup_with_the_apps_decks_is_one_deal_and_three_taps_per_player(
    game_ui: Driver, size: tuple[int, int]
) -> None:
    """Issue 13: with the app's decks, one Deal tap does all the dealing; each player then
    only taps the three tiles for their defenses."""
    ui = game_ui
    ui.resize(size)
    ui.app.start_game("gingerdead-house", 3, {})
    ui.pump()
    screen = ui.screen()
    taps = 0
    ui.screenshot("gingerdead-house-deal", size)
    ui.tap(screen.ids.deal_button)
    taps += 1
    per_player = [0, 0, 0]
    state = ui.app.controller.state
    while "place your defense" in screen.headline and taps < 20:
        per_player[ui.app.controller.state.setup_player] += 1
        ui.tap(tile(screen, *sorted(lit(screen))[0]))
        taps += 1
    state = ui.app.controller.state
    assert state.phase == "action", screen.headline
    assert per_player == [3, 3, 3] and taps == 1 + 9
    assert all(c.hand_size == 5 for c in state.board.cards)
    assert "flip the action card" in screen.headline and not screen.can_deal
