"""Little Dead Riding Hood at the table (issues 12 and 13), driven by real touches: a
board large enough to read at 800x480, real cards played onto the board, one tap for
the real-card deal, toasts over no control, the LED in the players' colours."""

from __future__ import annotations

import pytest
from kivy.metrics import dp, sp

from companion.devices.table_light import OFF, led_colour
from companion.engines import registry
from companion.engines.little_dead_riding_hood.text import listed
from companion.session.journal import Source
from companion.ui import game_screen
from companion.ui.games.little_dead_riding_hood.board_view import LaneBoardView
from companion.ui.games.little_dead_riding_hood.screen import READABLE, SQUEEZE, fit_board
from companion.ui.view_widgets import player_colour
from tests.devices.test_table_light import Steps
from tests.ui.conftest import SIZES, Driver
from tests.ui.table_checks import controls, overlap, window_rect
from tests.ui.test_little_dead_riding_hood_screen import (
    _card_button,
    _deal,
    _fight_buttons,
    _labels,
    _press,
    _tap_space,
    _to_the_wolf,
)
from tests.ui.test_table_light import played_out
from tests.ui.test_table_light import shown as _led

GAME_ID = "little-dead-riding-hood"
TABLE = {"event_cards": "table"}
PLAIN_TILES = [  # the Huntsman's three path pieces, then Player 2's one; each lets draw a card
    "draw a path (no icon)",
    "place the tile at row 1 col 2",
    "draw a card",
    "draw a path (no icon)",
    "place the tile at row 2 col 2",
    "draw a card",
    "draw a path (no icon)",
    "place the tile at row 1 col 4",
    "draw a card",
    "draw a path (no icon)",
    "place the tile at row 2 col 4",
    "draw a card",
]


def _start(ui: Driver, players: int = 2, options: dict | None = None):  # type: ignore[no-untyped-def]
    ui.app.start_game(GAME_ID, players, options or {})
    ui.pump(5)
    return ui.screen()


@pytest.mark.parametrize("players", [2, 4, 5])
def test_the_board_lies_sideways_and_its_spaces_are_large(ui: Driver, players: int) -> None:
    """At 800x480 eleven rows no longer fill the height: the long side runs along the
    width, so the spaces are at least 50 px for two or three players and 47 px for four
    (nine lanes and gaps in the height, the whole board shown); with five the spaces keep
    50 px and the board slides (eleven would be 38 px).  At 1280x720 they grow and
    every lane shows.  Every space's centre, tapped, is that space."""
    screen = _start(ui, players)
    board: LaneBoardView = screen.ids.board
    table = ui.app.controller.view().table
    sizes, slides = {}, {}
    for size in SIZES:
        ui.resize(size)
        sizes[size], slides[size] = board.cell_size(), board.hidden() > 0
        start, first = board.cell_rect((-1, 1)), board.cell_rect((0, 1))
        assert start[0] < first[0] and start[1] == first[1]  # a lane runs left to right
        assert board.cell_rect((0, 1))[1] > board.cell_rect((0, 3))[1]  # seat 1's on top
        cells = [(r, c) for r in range(-1, table.rows) for c in range(table.columns)]
        for cell in cells:
            x, y, side = board.cell_rect(cell)
            assert board.cell_at(x + side / 2, y + side / 2) == cell
        assert board.right <= screen.ids.action_scroll.x  # the moves stand beside it
        assert board.top <= screen.top and board.y >= screen.y  # never under the top bar
        ui.screenshot(f"ldrh-sideways-{players}", size)
    small, large = sizes[(800, 480)], sizes[(1280, 720)]
    assert small >= (READABLE if players != 4 else SQUEEZE * READABLE)
    assert slides[(800, 480)] == (players == 5) and not slides[(1280, 720)]
    assert large >= 1.15 * small


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 5])
def test_a_toast_stands_over_no_control(ui: Driver, size: tuple[int, int], players: int) -> None:
    """Issue 12: messages are toasts that never cover the controls (a toast once sat over
    the second fight button)."""
    screen = _start(ui, players)
    ui.resize(size)
    _tap_space(ui, screen, (5, 0))  # a spare space, nothing to play there
    assert ui.app.message == "Nothing to do on that space now."
    ui.pump(3)
    toast = ui.app.root.ids.message_bar
    box = window_rect(toast)
    assert toast.opacity == 1 and toast.height > 0
    covered = [getattr(w, "text", w) for w in controls(screen) if overlap(box, window_rect(w))]
    assert not covered, covered
    top_bar = ui.app.root.ids.home_button.parent
    assert toast.top <= top_bar.y
    ui.screenshot(f"ldrh-toast-{players}", size)


@pytest.mark.parametrize("size", SIZES)
def test_real_cards_played_onto_a_space_are_aimed_on_the_board(
    ui: Driver, size: tuple[int, int]
) -> None:
    """With real cards, the card chooser says which card was shown; My...What Big Hands
    You Have? and Off The Path then take their space from a tap on the board, as with the
    app's deck (no "player 1 back to start col 2" list in the chooser)."""
    ui.resize(size)
    screen = _start(ui, options=TABLE)
    controller = ui.app.controller
    # "With real cards, all of one player's cards are entered on one screen": the deal
    # is face down, so one tap tells the app every hand has its cards
    _press(ui, "The cards are dealt (3 to each player, face down)")
    assert controller.state.hands == [["?"] * 3, ["?"] * 3]
    for text in ["choose the Huntsman", "let the helper stand", *PLAIN_TILES]:
        source = Source.MANUAL if text.startswith("draw") else Source.PLAYER
        assert controller.choose(text, source), text
    for text in ("choose The Youngest Brother", "let the helper stand"):
        assert controller.choose(text), text
    for text in ("move with Wolf!!! (1)", "step to row 1 col 2"):
        assert controller.choose(text), text
    ui.pump(3)
    assert controller.state.pawns[0] == (0, 1)

    # Player 2 shows My...What Big Hands You Have? (2): the board offers Player 1's start
    _press(ui, "Play a card...")
    chooser = screen.chooser
    ui.tap(_card_button(ui, chooser, "big-hands:2"))
    moves = [w.text for w in chooser.ids.entries.children]
    assert not any("back to start" in m for m in moves), moves
    aim = "Play My...What Big Hands You Have? (2): tap the space on the board"
    ui.tap(ui.button(aim, chooser))
    assert not chooser.is_open
    assert screen.ids.board.targets == {(-1, 1)}
    ui.screenshot("ldrh-table-cards-big-hands", size)
    _tap_space(ui, screen, (-1, 1))
    state = controller.state
    assert state.pawns[0] == (-1, 1) and state.discard.get("big-hands:2") == 1

    # the Youngest Brother's second card: Off The Path, its tile tapped on the board
    _press(ui, "Play a card...")
    ui.tap(_card_button(ui, chooser, "off-the-path:1"))
    ui.tap(ui.button("Play Off The Path (1): tap the space on the board", chooser))
    assert (1, 3) in screen.ids.board.targets and (0, 1) in screen.ids.board.targets
    assert not any("remove the tile" in t for t in _labels(screen))
    _tap_space(ui, screen, (1, 3))
    assert (1, 3) not in controller.state.board.tiles
    assert (
        controller.session.steps[-1].text == "play Off The Path (1): remove the tile at row 2 col 4"
    )


def test_the_led_shows_whose_turn_it_is_between_moments(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The combat bag no longer holds the LED pins: Little Dead Riding Hood's LED holds
    the acting player's hood colour and flashes a new turn."""
    steps = Steps()
    monkeypatch.setattr(game_screen, "_on_clock", steps)
    screen = _start(ui)
    assert screen.bag is not None and screen.light is not None and screen.light.wired
    red, blue = (led_colour(player_colour(p, registry.get(GAME_ID))) for p in (0, 1))
    _deal(ui)
    assert played_out(ui, steps)[-1] == red  # Player 1 chooses a helper
    _press(ui, "The Youngest Brother")
    assert played_out(ui, steps) == [blue, OFF, blue, OFF, blue]  # Player 2's turn
    _press(ui, "The Huntsman")
    assert ui.app.controller.view().turn is None  # a tile is drawn: nobody decides
    assert played_out(ui, steps) == [blue]  # the last player's colour stays
    ui.app.leave_game()
    assert _led(ui) == OFF  # no game on: dark


def test_text_is_15sp_or_more_and_grows_on_a_larger_screen(ui: Driver) -> None:
    screen = _start(ui)
    _deal(ui)
    prompt, line = screen.ids.prompt, screen.ids.players.children[0].ids.line
    button = ui.button("The Huntsman", screen.ids.actions)
    ui.resize((800, 480))
    small = (prompt.font_size, line.font_size, button.font_size)
    assert min(small) >= sp(15)
    ui.resize((1280, 720))
    ui.pump(3)
    button = ui.button("The Huntsman", screen.ids.actions)
    large = (prompt.font_size, line.font_size, button.font_size)
    assert all(b >= 1.4 * a for a, b in zip(small, large, strict=True)), (small, large)
    ui.screenshot("ldrh-helpers-large", (1280, 720))


QUIET_HELPERS = ["let the helper stand", "choose The Youngest Brother", "choose the Prince"]
"""Helpers (and no card played on them) that draw nothing when chosen."""


def _to_seat(ui: Driver, seat: int) -> None:
    """Helpers are chosen, quiet ones first, until ``seat`` is the one who acts."""
    controller = ui.app.controller
    for _ in range(60):
        if controller.view().turn == seat:
            break
        if controller.state.is_chance_node():
            assert controller.draw() is not None
            continue
        keys = [c.key for c in controller.view().choices]
        quiet = [k for k in QUIET_HELPERS if k in keys]
        assert controller.choose(quiet[0] if quiet else keys[0])
    assert controller.view().turn == seat
    ui.pump(3)


def _drag(ui: Driver, widget, start: tuple[float, float], dy: float) -> None:  # type: ignore[no-untyped-def]
    from kivy.tests.common import UnitTestTouch

    touch = UnitTestTouch(*widget.to_window(*start))
    touch.touch_down()
    ui.pump(1)
    for step in range(1, 5):
        x, y = widget.to_window(start[0], start[1] + dy * step / 4)
        touch.touch_move(x, y)
        ui.pump(1)
    touch.touch_up()
    ui.pump(2)


def _helpers(screen) -> list:  # type: ignore[no-untyped-def]
    return [w for w in controls(screen) if str(getattr(w, "text", "")).startswith("The ")]


def _all_show(screen, texts: list[str]) -> bool:  # type: ignore[no-untyped-def]
    """Each button with one of ``texts`` shows whole in the moves' list, in two lines at
    most, at least 48 dp tall and in 15sp text or more."""
    scroll = window_rect(screen.ids.action_scroll)
    buttons = [w for w in controls(screen) if getattr(w, "text", None) in texts]
    assert len(buttons) == len(texts), texts
    for button in buttons:
        assert button.font_size >= sp(15) and min(button.size) >= dp(48)
        line = button._label.get_extents("Hg")[1]
        assert button.texture_size[1] < 2.6 * line, button.text  # two lines, not three
        x0, y0, x1, y1 = window_rect(button)
        assert scroll[0] - 0.5 <= x0 and x1 <= scroll[2] + 0.5, button.text
        assert scroll[1] - 0.5 <= y0 and y1 <= scroll[3] + 0.5, button.text  # no scrolling
    return True


def test_with_five_players_the_board_slides_to_whoever_acts(ui: Driver) -> None:
    """Five lanes and their gaps are eleven spaces down 424 px (38 px each): the spaces
    keep 50 px instead, the board follows the acting pawn and slides under a finger
    (a slide plays nothing), the moves' column shows the acting player's line and
    "Players" opens every line.  At 1280x720 the whole board and every line show."""
    screen = _start(ui, players=5)
    _press(ui, "Deal the cards (3 to each player)")
    board: LaneBoardView = screen.ids.board
    assert board.pannable and board.cell_size() >= READABLE and board.hidden() > 0
    start_1, start_5 = board.start(0), board.start(4)
    assert board.in_view(start_1) and not board.in_view(start_5)  # Player 1 acts
    lines = [line.text for line in screen.ids.players.children]
    assert len(lines) == 1 and "Player 1 (Red)" in lines[0]
    # the six helpers stand two a row: all show without scrolling, two lines at most
    ui.screenshot("ldrh-five-players-helpers")
    assert _all_show(screen, [h.text for h in _helpers(screen)]) and len(_helpers(screen)) == 6
    ui.tap(ui.button("Players", screen.ids.undo_row))
    drawer = screen.drawer.ids.lines.children
    assert [w.text.split(" (")[0].removeprefix("[b]") for w in reversed(drawer)] == [
        f"Player {n}" for n in range(1, 6)
    ]
    ui.screenshot("ldrh-five-players-drawer")
    ui.tap(screen.drawer.ids.close_button)
    assert screen.drawer.parent is None

    _to_seat(ui, 4)  # Player 5's turn: the board slides down to the bottom lane
    assert board.in_view(start_5) and board.pan > 0
    assert "Player 5 (Yellow)" in screen.ids.players.children[0].text
    ui.screenshot("ldrh-five-players-follow")
    steps = len(ui.app.controller.session.steps)
    _drag(ui, board, board.center, -board.hidden())  # a finger pulls the board down
    assert board.pan == 0 and board.in_view(start_1)  # the top lanes again
    assert len(ui.app.controller.session.steps) == steps and not ui.app.message
    _tap_space(ui, screen, (5, 0))  # and a tap still reads as a tap
    assert ui.app.message == "Nothing to do on that space now."

    ui.resize((1280, 720))
    assert not board.pannable and board.hidden() == 0 and board.cell_size() > READABLE
    assert len(screen.ids.players.children) == 5
    assert screen.players_button.parent is None
    ui.screenshot("ldrh-five-players-follow", (1280, 720))


@pytest.mark.parametrize("size", SIZES)
def test_the_fight_buttons_read_in_two_lines_and_all_show(
    ui: Driver, size: tuple[int, int]
) -> None:
    """Issue 12 item 9 / the brief: "fight with N bullets · X% ..." wrapped to three lines
    and only two showed before scrolling.  Each is two lines now, and the three usual
    choices show without scrolling, at least 48 dp tall, in 15sp text or more."""
    ui.resize(size)
    screen = _start(ui)
    _to_the_wolf(ui)
    _tap_space(ui, screen, (0, 1))
    texts = _fight_buttons(ui, screen)
    ui.pump(3)
    assert len(texts) == 3 and _all_show(screen, texts)
    ui.screenshot("ldrh-fight-two-lines", size)


def test_the_board_slides_only_while_the_width_spares_readable_spaces() -> None:
    """Five players at 800x480 (eleven by eleven spaces in 786 x 424 dp after the padding):
    beside the moves' column the spaces keep 50 px and the board is cut to the height;
    at the end, when the winners' banner takes 45% of the width, the whole board shows
    (sliding would buy nothing there)."""
    width, height, slides = fit_board(800, 424, 11, 11, dp(210))
    assert slides and width == 11 * READABLE and height == 424 - 2 * dp(4)
    width, height, slides = fit_board(800, 424, 11, 11, 800 * 0.45)
    assert not slides and height <= 424 - 2 * dp(4) and width == height
    width, height, slides = fit_board(800, 424, 11, 9, dp(210))  # four players
    assert not slides and height / 9 >= SQUEEZE * READABLE


def test_several_winners_are_named_as_a_sentence_says_them() -> None:
    """A five-player end once read "Player 2 and Player 3 and Player 4 and Player 5 got
    furthest into the woods"."""
    assert listed(["Anna"]) == "Anna"
    assert listed(["Anna", "Ben"]) == "Anna and Ben"
    assert listed(["Anna", "Ben", "Cleo", "Dan"]) == "Anna, Ben, Cleo and Dan"


def test_the_banner_names_who_draws_and_a_black_hood_keeps_an_outline(ui: Driver) -> None:
    """Issue 12.2: the turn banner names the acting player also while their cards are
    drawn (it once read a grey "Draw"), and a Black hood's banner, as dark as the screen,
    wears a light outline."""
    ui.app.start_game(GAME_ID, 2, TABLE, names=["Ann", "Bo"], pieces=[2, 1])
    ui.pump(5)
    screen = ui.screen()
    state = ui.app.controller.state
    assert state.is_chance_node()
    drawer = state.step.player
    banner = screen.ids.turn
    assert banner.text == ["Ann", "Bo"][drawer] and banner.text != "Draw"
    assert tuple(banner.background) == tuple(player_colour(drawer, ui.app.controller.game))
    assert (banner.edge[3] > 0) == (drawer == 0)  # Ann plays the Black hood, Bo the Blue
    ui.screenshot("ldrh-banner-while-drawing")
