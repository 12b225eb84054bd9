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

from companion.engines.gingerdead_house import TileView
from companion.engines.gingerdead_house.text import TILE_NAMES
from companion.session.journal import Source
from companion.ui.games.gingerdead_house import GingerdeadScreen
from companion.ui.view_widgets import player_colour
from tests.ui import table_checks as checks
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


def hand_card(ui: Driver, screen: GingerdeadScreen, text: str) -> Any:
    """A card in the open hand drawer."""
    return ui.button(text, screen.drawer.ids.cards)


def start(ui: Driver, options: dict[str, Any], players: int = 2) -> GingerdeadScreen:
    """A new game whose set-up cards the test enters itself (the app deals nothing)."""
    ui.app.start_game("gingerdead-house", players, options)
    screen = ui.screen()
    screen.deals_by_itself = False
    screen.ids.replay.auto = False  # replays wait for Next or Skip: no clock in the test
    ui.pump()
    return screen


def skip_replay(ui: Driver, screen: GingerdeadScreen) -> None:
    """Tap Skip if a step is being replayed, as a table in a hurry would."""
    if screen.replaying:
        ui.tap(screen.ids.replay.ids.skip_button)
    assert not screen.replaying


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


def to_the_first_monster(ui: Driver) -> GingerdeadScreen:
    """A digital game with known cards up to round 1's first monster (Witching Hour
    flips two): the Burnt Biscuit Brute has just entered lane 1, its replay waiting."""
    screen = start(ui, {})
    quick_setup(ui, "Gummy Grunt", (1, 2, 3))
    quick_setup(ui, "Plain Defense 6", (2, 3, 4))
    flip(ui, "flip Plain Action 2")
    flip(ui, "flip Plain Monster 4 (lane 1)")
    return screen


def to_players_step(ui: Driver) -> GingerdeadScreen:
    """A digital game up to Player 1's first step, the hand shown by a tap."""
    screen = to_the_first_monster(ui)
    skip_replay(ui, screen)
    ui.tap(ui.button("Dragon", screen.ids.flips))
    skip_replay(ui, screen)
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


def quick_setup(ui: Driver, card: str, lanes: tuple[int, ...]) -> None:
    """One player's set-up made through the controller (the taps are tested above):
    `card` found three times and placed in row 1 of these lanes, the hand dealt."""
    controller = ui.app.controller
    for lane in lanes:
        assert enter(ui, f"reveal {card}")
        choices = controller.view().choices
        assert controller.choose(next(c.key for c in choices if c.hint["tile"][1:] == (lane, 1)))
    for _ in range(5):
        assert controller.draw() is not None
    ui.pump()


def test_setup_flips_placing_and_the_log(game_ui: Driver) -> None:
    ui = game_ui
    screen = start(ui, {})
    assert isinstance(screen, GingerdeadScreen) and screen.name == "game:gingerdead-house"
    assert "search the deck for a defense" in screen.headline
    # a digital deck: the app searches it, nobody may pick its cards
    assert ui.button("Let the app do it", screen.ids.chance)
    # said once: the headline, not again in the draw's own line below it
    assert screen.ids.chance.what == ""
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
    assert not screen.replaying  # an action card moves no monster: nothing to replay
    assert ui.app.controller.session.steps[-1].source is Source.MANUAL
    assert "flip a monster (2 to go)" in screen.headline
    ui.screenshot("gingerdead-house-flip-grid")
    ui.screenshot("gingerdead-house-flip-grid", (1280, 720))
    # plain monsters by power and lane: the 4 in lane 1's column is the Burnt Biscuit Brute
    assert flip(ui, "flip Plain Monster 4 (lane 1)").text == "4"
    skip_replay(ui, screen)
    ui.tap(ui.button("Dragon", screen.ids.flips))
    skip_replay(ui, screen)
    assert "Dragon enters in lane 2" in screen.log_text
    assert "Dragon destroys Gummy Grunt in lane 2" in screen.log_text
    assert tile(screen, 2, 5).card == "Dragon" and tile(screen, 2, 5).kind == "monster"
    assert tile(screen, 2, 1).kind == "empty"

    # player 1's step: the hand stays hidden until shown
    assert "Player 1: play defenses" in screen.headline
    assert screen.status == "Round 1 - action: Witching Hour - hands: Player 1 5, Player 2 5"
    assert screen.drawer.parent is None and screen.hand_label == "Show my hand"
    ui.tap(screen.ids.hand_button)
    hand = ui.app.controller.state.board.cards[0].hand
    assert len(screen.drawer.ids.cards.children) == len(hand)
    ui.screenshot("gingerdead-house-hand")
    ui.screenshot("gingerdead-house-hand", (1280, 720))
    ui.tap(screen.drawer.ids.close_button)
    assert screen.drawer.parent is None

    # a wrong tap is refused with a message and changes nothing
    before = ui.app.controller.state.to_dict()
    ui.tap(tile(screen, 4, 4))
    assert "Pick a card" in ui.app.message
    assert ui.app.controller.state.to_dict() == before

    move(ui, "End the player step")
    skip_replay(ui, screen)
    assert "Dragon moves to row 4 in lane 2" in screen.log_text
    assert "Player 2: flip the action card" in screen.headline
    assert screen.shown_field == 1
    ui.tap(ui.button("Player 1", screen.ids.field_tabs))
    assert tile(screen, 2, 4).card == "Dragon"
    ui.screenshot("gingerdead-house-field")
    ui.screenshot("gingerdead-house-field", (1280, 720))


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_a_toast_stands_over_the_log_not_the_tiles_or_buttons(
    game_ui: Driver, size: tuple[int, int]
) -> None:
    """Issue 12.6: a message never hides a control (it once sat over the field's bottom
    row): it stands over the log, below the top bar, and lets taps through."""
    ui = game_ui
    ui.resize(size)
    start(ui, {})
    checks.check_toast_leaves_the_top_bar(ui)
    ui.resize((800, 480))


def test_placing_a_defense_from_the_hand_by_tapping_a_lit_tile(game_ui: Driver) -> None:
    ui = game_ui
    screen = start(ui, {"player_decks": "table"})
    controller = ui.app.controller
    for _ in range(2):  # both players
        for lane in (1, 2, 3):
            enter(ui, "reveal Plain Defense 2")
            ui.pump()
            ui.tap(tile(screen, lane, 1))
        # a table deck: the players draw real cards, the app cannot deal them
        app = screen.ids.chance.ids.app_button
        assert app.disabled and app.opacity == 0
        assert not screen.ids.chance.ids.outcomes.children  # no odds: the player holds it
        # issue 13.2: the hand of five, drawn from the real deck, is one tap
        assert screen.drew_label.endswith("drew 5 cards")
        ui.tap(screen.ids.drew_button)
    flip(ui, "flip Plain Action 1")
    flip(ui, "flip Plain Monster 5 (lane 3)")
    skip_replay(ui, screen)
    assert "Player 1: play defenses" in screen.headline
    # table mode: the drawer lists every card that can be in the hand, openly
    assert screen.hand_label == "Pick a card you hold"
    ui.tap(screen.ids.hand_button)
    assert screen.drawer.title == "Player 1: tap the card you play from your hand"  # not "hand"
    ui.tap(hand_card(ui, screen, "Gumdrop Gatling Gun"))
    assert screen.drawer.parent is None  # the drawer closes: the field shows where it goes
    assert "Playing Gumdrop Gatling Gun" in screen.pick_note
    assert (3, 4) in lit(screen) and (3, 5) not in lit(screen)  # not on the monster
    ui.tap(tile(screen, 3, 3))
    state = controller.state
    assert state.board.name(state.board.at(0, 3, 3)) == "Gumdrop Gatling Gun"
    assert "Player 1 places Gumdrop Gatling Gun at lane 3 row 3" in screen.log_text
    assert not screen.replaying  # a defense placed on its own is seen at once
    # the Gatling Gun's ability: tap it, then choose the volley
    ui.tap(tile(screen, 3, 3))
    assert tile(screen, 3, 3).selected
    move(ui, "hit Cauldron Creeper at row 5")
    assert screen.replaying  # a monster destroyed: shown, then the moves come back
    skip_replay(ui, screen)
    assert controller.state.board.at(0, 3, 5) is None
    ui.tap(ui.button("Undo"))
    assert controller.state.board.at(0, 3, 5) is not None
    assert not screen.replaying


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
    panel = screen.ids.replay
    if screen.replaying:  # the last step is shown first: the panel says the game ended
        assert panel.waiting.startswith("The game has ended")
        assert panel.ids.skip_button.text == "Skip to the end"
        ui.screenshot("gingerdead-house-end-replay")
    skip_replay(ui, screen)
    # issue 12.5: the winner's name in their colour, said once (no grey "Game over"
    # heading above the end banner, nor a second "wins!")
    assert end.winners  # this seed's game has a winner
    names = " and ".join(controller.player_name(w) for w in end.winners)
    assert not screen.ids.banner.shown
    game = controller.session.game
    banner = screen.ids.end_banner
    assert banner.title == f"{names} win{'s' if len(end.winners) == 1 else ''}!"
    assert tuple(banner.background) == tuple(player_colour(end.winners[0], game))
    assert banner.reason == end.reason and "Monster Hunter points" in banner.scores
    assert not screen.ids.choices.children and not screen.ids.chance.shown
    assert 0 <= screen.ids.log_view.scroll_y <= 1, "the log's newest lines are in view"
    said = [w for w in shown_labels(screen) if end.reason in w.text]
    assert len(said) == 1, "why the game ended is said once"
    ui.screenshot("gingerdead-house-end")
    ui.screenshot("gingerdead-house-end", (1280, 720))
    ui.resize((800, 480))


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_the_hand_drawer_shows_every_card_whole_with_power_and_effect(
    game_ui: Driver, size: tuple[int, int]
) -> None:
    ui = game_ui
    ui.resize(size)
    screen = to_players_step(ui)
    ui.pump()
    hand = ui.app.controller.state.board.cards[0].hand
    cards = list(screen.drawer.ids.cards.children)
    assert len(cards) == len(hand) and sum(hand.values()) == 5  # two alike show as "x2"
    scroll = screen.drawer.ids.cards.parent
    assert not scroll.do_scroll_x
    for card in cards:  # every card wholly inside the window: no scroll needed to read it
        left, bottom = card.to_window(card.x, card.y)
        assert 0 <= left and left + card.width <= Window.width
        assert 0 <= bottom and bottom + card.height <= Window.height
        assert card.font_size >= sp(15) and card.texture_size[1] <= card.height
    catalogue = ui.app.controller.state.board.catalogue.cards
    for card_id in hand:
        printed = catalogue[card_id]
        face = next(c.text for c in cards if printed.name in c.text)
        if printed.type == "defense":
            assert f"power {printed.power_text}" in face
        if printed.text:
            assert printed.text.split()[0] in face
    ui.screenshot("gingerdead-house-hand-cards", size)
    # a defense is tappable where it is drawn: a tap picks it, closes the drawer, lights tiles
    third = next(c for c in reversed(cards) if "[b]power" in c.text)
    ui.tap(third)
    assert screen.selection.card and lit(screen) and screen.drawer.parent is None
    ui.screenshot("gingerdead-house-card-picked", size)
    if size == (800, 480):  # placed, then the turn ends: the app refills the hand untapped
        screen.deals_by_itself = True  # as in play: the known cards are all dealt
        ui.tap(tile(screen, *sorted(lit(screen))[0]))
        move(ui, "End the player step")
        skip_replay(ui, screen)
        assert ui.app.controller.state.board.cards[0].hand_size == 5
        assert "Player 2: flip the action card" in screen.headline


def test_nothing_on_the_screen_is_below_15sp_at_800x480(game_ui: Driver) -> None:
    ui = game_ui
    ui.resize((800, 480))
    screen = to_players_step(ui)
    ui.pump()

    def small() -> list[tuple[str, float]]:
        return [(w.text[:30], w.font_size) for w in shown_labels(screen) if w.font_size < sp(15)]

    assert not small()  # the hand drawer open
    ui.tap(screen.drawer.ids.close_button)
    assert not small()
    assert any(t.card for t in screen.ids.grid.children)  # the tiles were checked too
    move(ui, "End the player step")
    assert screen.replaying
    assert not small()  # the replay's panel too


def test_the_log_shows_more_than_four_lines(game_ui: Driver) -> None:
    ui = game_ui
    ui.resize((800, 480))
    screen = to_players_step(ui)
    ui.tap(screen.drawer.ids.close_button)
    body = screen.ids.log_body
    lines = len(screen.log_text.splitlines())
    assert lines > 5
    line_height = body.texture_size[1] / lines
    assert screen.ids.log_view.height >= 5 * line_height


def test_at_1280x720_the_text_and_the_buttons_grow(game_ui: Driver) -> None:
    ui = game_ui
    ui.resize((800, 480))
    screen = to_players_step(ui)
    ui.tap(screen.drawer.ids.close_button)

    def sizes() -> dict[str, float]:
        end = ui.button("End the player step", screen.ids.moves)
        return {
            "tile text": tile(screen, 2, 5).font_size,
            "log text": screen.ids.log_body.font_size,
            "move button": end.height,
            "move text": end.font_size,
            "Undo": ui.button("Undo").height,
            "hand button": screen.ids.hand_button.height,
            "tab": screen.ids.field_tabs.children[0].height,
            "tab text": screen.ids.field_tabs.children[0].font_size,
            "hand text": screen.ids.hand_button.font_size,
        }

    small = sizes()
    ui.resize((1280, 720))
    big = sizes()
    assert ui.app.text_scale > 1
    for what, value in small.items():
        assert big[what] >= value * ui.app.text_scale * 0.99, what
    ui.screenshot("gingerdead-house-grown", (1280, 720))


def test_the_banner_says_whose_turn_and_the_headline_is_below_it(game_ui: Driver) -> None:
    ui = game_ui
    screen = to_players_step(ui)
    banner = screen.ids.banner
    game = ui.app.controller.session.game
    assert banner.text == "Player 1's turn"
    assert tuple(banner.background) == player_colour(0, game)
    assert "play defenses" in screen.headline and "play defenses" not in banner.text
    ui.tap(screen.drawer.ids.close_button)
    move(ui, "End the player step")
    skip_replay(ui, screen)
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
    skip_replay(ui, screen)
    assert "gets past row 1" in screen.log_text
    ui.tap(ui.button("Undo"))  # taking it back is no new breakthrough
    assert screen._cues.played.count("breakthrough") == 1


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_setup_with_the_apps_decks_is_three_taps_per_player(
    game_ui: Driver, size: tuple[int, int]
) -> None:
    """Issue 13: with the app's decks, set-up is at most 3 taps per player, dealing
    included: the app finds each player's defenses and deals the hands by itself (nobody
    may pick its cards); each player only taps the three tiles for their defenses."""
    ui = game_ui
    ui.resize(size)
    ui.app.start_game("gingerdead-house", 3, {})
    ui.pump()
    screen = ui.screen()
    assert "place your defense" in screen.headline  # dealt with no tap
    ui.screenshot("gingerdead-house-deal", size)
    taps = 0
    per_player = [0, 0, 0]
    while "place your defense" in screen.headline and taps < 20:
        per_player[ui.app.controller.state.setup_player] += 1
        ui.tap(tile(screen, *sorted(lit(screen))[0]))
        taps += 1
    ui.pump()
    state = ui.app.controller.state
    assert state.phase == "action", screen.headline
    assert per_player == [3, 3, 3] and taps == 9
    assert all(c.hand_size == 5 for c in state.board.cards)
    assert "flip the action card" in screen.headline


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_every_card_name_on_a_tile_is_whole(game_ui: Driver, size: tuple[int, int]) -> None:
    """Issue 12: a name a player reads on a tile is whole and at least 15sp: the printed
    name where it fits, else the game's shorter name made of its own words."""
    ui = game_ui
    ui.resize(size)
    screen = start(ui, {})
    grid = screen.ids.grid
    cards = [
        c
        for c in ui.app.controller.state.board.catalogue.cards.values()
        if c.type in ("monster", "defense")
    ]
    shortened = set()
    for first in range(0, len(cards), 20):
        batch = cards[first : first + 20]
        tiles = [
            TileView(
                i % 4 + 1, 5 - i // 4, c.name, c.power_text, "monster", TILE_NAMES.get(c.name, "")
            )
            for i, c in enumerate(batch)
        ]
        tiles += [TileView(i % 4 + 1, 5 - i // 4, "", "", "empty") for i in range(len(batch), 20)]
        grid.show(tiles, (), None, lambda _lane, _row: None)
        ui.pump()
        for widget, card in zip(reversed(grid.children), batch, strict=False):
            assert widget.font_size >= sp(15)
            shown = widget.text.split("[/b] ", 1)[1]
            assert shown in (card.name, TILE_NAMES.get(card.name)), card.name
            shortened |= {card.name} if shown != card.name else set()
            whole = Label(
                text=widget.text,
                markup=True,
                font_size=widget.font_size,
                text_size=(widget.text_size[0], None),
            )
            whole.texture_update()
            line = Label(text="[b]1[/b] A", markup=True, font_size=widget.font_size)
            line.texture_update()
            lines = round(whole.texture_size[1] / line.texture_size[1])
            assert lines <= widget.max_lines, f"{card.name} is cut on its tile at {size}"
    assert shortened if size == (800, 480) else True
    grid.show(tiles, (), None, lambda _lane, _row: None)
    ui.screenshot("gingerdead-house-tile-names", size)


def test_the_status_line_with_four_players_is_whole_at_800x480(game_ui: Driver) -> None:
    """Issue 12: nothing a player reads is cut: round, action card and every hand."""
    ui = game_ui
    ui.resize((800, 480))
    ui.app.start_game("gingerdead-house", 4, {})
    screen = ui.screen()
    ui.pump()
    status = screen.ids.status
    assert "Player 4" in status.text
    assert status.height >= status.texture_size[1] and not status.shorten
