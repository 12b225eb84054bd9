"""The Little Dead Riding Hood round screen, driven by touches under Xvfb."""

from __future__ import annotations

import random

import pytest

from companion.devices.bag import BULLET_COLOUR, OFF
from companion.devices.table_light import led_colour
from companion.engines import registry
from companion.engines.little_dead_riding_hood.bag import BagContents, draw_from
from companion.session.journal import Source
from companion.ui import game_screen
from companion.ui.view_widgets import player_colour
from tests.devices.test_table_light import Steps
from tests.ui.conftest import Driver
from tests.ui.test_table_light import played_out
from tests.ui.test_table_light import shown as _led

GAME_ID = "little-dead-riding-hood"
RED, BLUE = (led_colour(player_colour(p, registry.get(GAME_ID))) for p in (0, 1))
"""The first two seats' hoods (Red, Blue) on the LED."""
DEAL = [
    ["wolf:3", "wolf:2", "once-upon-a-time:1"],
    ["cake-and-wine:1", "cake-and-wine:2", "picking-flowers:1"],
]


def _start(ui: Driver, players: int = 2, options: dict | None = None):  # type: ignore[no-untyped-def]
    ui.app.start_game(GAME_ID, players, options or {})
    ui.pump(5)
    screen = ui.screen()
    assert screen.name == f"game:{GAME_ID}"
    return screen


def _deal(ui: Driver) -> None:
    for hand in DEAL:
        for key in hand:
            assert ui.app.controller.choose(f"draw {_title(key)}", Source.MANUAL)
    ui.pump(2)


def _title(key: str) -> str:
    from companion.engines.little_dead_riding_hood.components import card_title

    return card_title(key)


def _labels(screen) -> list[str]:  # type: ignore[no-untyped-def]
    """The texts shown among the moves (buttons and notes)."""
    return [str(w.text) for w in screen.ids.actions.walk(restrict=True) if hasattr(w, "text")]


def _fight_buttons(ui: Driver, screen) -> list[str]:  # type: ignore[no-untyped-def]
    """The fight buttons' texts (they appear a frame after the change)."""
    for _ in range(30):
        ui.pump(1)
        found = [t for t in _labels(screen) if "to win" in t]
        if found:
            return found
    raise AssertionError("no fight buttons on screen")


def _tap_space(ui: Driver, screen, cell: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    from kivy.tests.common import UnitTestTouch

    board = screen.ids.board
    x, y, size = board.cell_rect(cell)
    wx, wy = board.to_window(x + size / 2, y + size / 2)
    touch = UnitTestTouch(wx, wy)
    touch.touch_down()
    ui.pump(1)
    touch.touch_up()
    ui.pump(2)


def _press(ui: Driver, text: str) -> None:
    """Scroll the move list to the button with ``text`` and tap it."""
    screen = ui.screen()
    for _ in range(60):  # the move list is rebuilt a frame or two after a change
        ui.pump(1)
        try:
            button = ui.button(text, screen.ids.actions)
            break
        except AssertionError:
            continue
    else:
        button = ui.button(text, screen.ids.actions)
    _scroll_into_view(ui, screen.ids.action_scroll, button)
    ui.tap(button)


def _scroll_into_view(ui: Driver, scroll, widget) -> None:  # type: ignore[no-untyped-def]
    """Scroll until ``widget``'s centre lies inside the scroll view.

    Layouts settle a frame late, and when the message bar shrinks the list, Kivy's
    damped scroll effect springs back over real time; the test stops that spring
    instead of waiting for it (no sleeps)."""
    content = scroll.children[0]
    for _ in range(20):
        scroll.effect_y.velocity = 0
        scroll.effect_y.overscroll = 0
        span = content.height - scroll.height
        if span > 0:
            _, centre = content.to_widget(*widget.to_window(*widget.center))
            scroll.scroll_y = min(1.0, max(0.0, (centre - scroll.height / 2) / span))
        ui.pump(2)
        x, y = widget.to_window(*widget.center)
        left, bottom = scroll.to_window(scroll.x, scroll.y)
        if left <= x <= left + scroll.width and bottom <= y <= bottom + scroll.height:
            return
    raise AssertionError(
        f"{widget.text!r} does not scroll into view: at {(x, y)}, view {(left, bottom)} "
        f"{scroll.size}, scroll_y {scroll.scroll_y}, content {scroll.children[0].height}, "
        f"manual {scroll.effect_y.is_manual} v {scroll.effect_y.velocity} "
        f"val {scroll.effect_y.value} min {scroll.effect_y.min} max {scroll.effect_y.max}"
    )


def _overlay_shot(ui: Driver, overlay, name: str) -> None:  # type: ignore[no-untyped-def]
    """The overlay lives on the window, not the app's root: save it on its own."""
    from tests.ui.conftest import SCREENSHOTS

    ui.pump(8)
    SCREENSHOTS.mkdir(exist_ok=True)
    overlay.export_to_png(str(SCREENSHOTS / f"{name}-800x480.png"))


def _seed_for(outcome: str, bullets: int) -> int:
    bag = BagContents(bullets)
    return next(s for s in range(200) if draw_from(bag, random.Random(s)) == outcome)


def test_round_flow_board_taps_and_the_combat_bag(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    steps = Steps()  # the LED's steps wait for the test to turn them
    monkeypatch.setattr(game_screen, "_on_clock", steps)
    screen = _start(ui)
    assert screen.headline.startswith("Dealing")
    _deal(ui)
    state = ui.app.controller.state
    assert screen.headline == "Round 1 - Helpers - Player 1"
    assert "Player 1 chooses a helper" in screen.prompt
    assert [line.text.split(":")[0] for line in reversed(screen.ids.players.children)] == [
        "[b]Player 1 (Red)",
        "Player 2 (Blue)",  # bold: acting
    ]
    ui.screenshot("ldrh-helpers", (800, 480))

    _press(ui, "The Huntsman")
    assert (
        screen.headline == "Round 1 - Helpers - Player 1"
    )  # the Huntsman's path pieces: drawn for Player 1
    _press(ui, "A path piece with a wolf ·")
    # the legal spaces are highlighted; a tap on the board mirrors the real tile
    assert (0, 1) in screen.ids.board.targets and (5, 2) not in screen.ids.board.targets
    _tap_space(ui, screen, (5, 2))
    assert "Nothing to do on that space now." in ui.app.message
    _tap_space(ui, screen, (0, 1))
    assert state is not ui.app.controller.state
    state = ui.app.controller.state
    assert state.board.tiles[(0, 1)] == "path-wolf" and (0, 1) in state.board.wolves
    for kind, cell in (("A path piece ·", (1, 1)), ("A path piece with a bullet ·", (2, 1))):
        _press(ui, kind)
        _tap_space(ui, screen, cell)
        if kind == "A path piece ·":
            _press(ui, "Wolf!!! (1) ·")
    _press(ui, "A path piece ·")
    _tap_space(ui, screen, (0, 3))
    _press(ui, "Off The Path (1) ·")
    state = ui.app.controller.state
    assert state.hands[0] == ["once-upon-a-time:1", "wolf:1", "wolf:2", "wolf:3"]
    assert "4 cards" in screen.ids.players.children[-1].text

    _press(ui, "The Prince")
    _press(ui, "Done")
    assert screen.headline == "Round 1 - Card play - Player 1"
    assert not any("Wolf!!!" in t for t in _labels(screen))  # the hand is hidden ...
    _press(ui, "Show my hand")  # ... until its owner asks
    shown = " ".join(_labels(screen))
    assert "Player 1's hand" in shown
    assert "Once Upon A Time (1), Wolf!!! (1), Wolf!!! (2), Wolf!!! (3)" in shown
    ui.screenshot("ldrh-show-my-hand", (800, 480))
    _press(ui, "Move up to 3 with Wolf!!! (3)")
    assert screen.ids.board.reach == {(0, 1), (1, 1), (2, 1)}  # the wolf's space included
    _tap_space(ui, screen, (0, 1))  # onto the zombie wolf: a fight
    # where the bullets are chosen: each button says its chance, and with the cake;
    # the odds are said once (no second table of them beside the buttons)
    assert _fight_buttons(ui, screen) == [
        "1 bullet: 50% to win\n(67% with Cake and Wine)",
        "2 bullets: 67% to win\n(80% with Cake and Wine)",
        "3 bullets: 75% to win\n(86% with Cake and Wine)",
    ]
    assert sum("to win" in t for t in _labels(screen)) == 3
    ui.screenshot("ldrh-fight-odds", (800, 480))
    ui.screenshot("ldrh-fight-odds", (1280, 720))
    ui.resize((800, 480))
    _press(ui, "2 bullets: 67% to win")
    overlay = screen.overlay
    assert overlay.is_open and overlay.mode == "ready"
    assert overlay.summary == "1 wolf and 2 bullets in the bag: 67% to kill the wolf"
    assert screen.bag is not None and screen.bag.armed == BagContents(2)
    ui.screenshot("ldrh-bag", (800, 480))
    _overlay_shot(ui, overlay, "ldrh-bag-overlay")

    # committing bullets is a decision, not a draw: the overlay's Undo takes it back
    ui.tap(overlay.ids.undo_button)
    assert not overlay.is_open
    assert ui.app.controller.state.pawns[0] == (0, 1)
    assert not ui.app.controller.state.is_chance_node()
    _press(ui, "2 bullets: ")
    assert overlay.is_open and overlay.mode == "ready"
    # ... and Home is reachable too; Continue brings the fight back, still undrawn
    ui.tap(overlay.ids.home_button)
    assert ui.screen().name == "home" and not overlay.is_open
    ui.tap(ui.button("Continue"))
    ui.pump(8)
    assert ui.screen() is screen and overlay.is_open and overlay.mode == "ready"
    assert screen._cues is not None and "bag_result" not in screen._cues.played
    ui.screenshot("ldrh-bag-undo-home", (1280, 720))
    from kivy.core.window import Window

    # after the resize the overlay stands in the middle of the window again
    assert abs(overlay.center_x - Window.width / 2) <= 2
    assert abs(overlay.center_y - Window.height / 2) <= 2
    ui.resize((800, 480))

    screen.bag._rng = random.Random(_seed_for("bullet", 2))
    played_out(ui, steps)  # the turn's flashes are over: the fighter's colour is held
    assert _led(ui) == RED
    ui.tap(overlay.ids.draw_button)
    session = ui.app.controller.session
    assert session.steps[-1].text == "draw a bullet from the bag"
    assert session.steps[-1].source is Source.APP_DRAW
    assert overlay.mode == "result" and "killed" in overlay.result
    # the table light's LED flashes the token, then gives back the fighter's colour
    assert played_out(ui, steps) == [BULLET_COLOUR, OFF] * 3 + [BULLET_COLOUR, RED]
    assert screen._cues.played[-1] == "bag_result"
    assert not overlay.ids.undo_button.opacity and not overlay.ids.home_button.opacity
    ui.pump(3)
    row = overlay.ids.ok_button.parent
    assert overlay.ids.ok_button.width >= row.width - 1  # OK takes the whole row
    _overlay_shot(ui, overlay, "ldrh-bag-overlay-result")
    ui.tap(overlay.ids.ok_button)
    assert not overlay.is_open
    state = ui.app.controller.state
    assert state.pawns[0] == (0, 1) and not state.board.wolves

    _tap_space(ui, screen, (1, 1))
    ui.tap(ui.button("Undo"))
    assert ui.app.controller.state.pawns[0] == (0, 1)
    _tap_space(ui, screen, (1, 1))
    _tap_space(ui, screen, (2, 1))
    state = ui.app.controller.state
    assert state.pawns[0] == (2, 1) and state.bullets[0] == 2  # took the bullet token
    ui.screenshot("ldrh-board", (800, 480))
    ui.screenshot("ldrh-board", (1280, 720))


def test_the_virtual_bag_button_draws_and_a_table_draw_is_entered(ui: Driver) -> None:
    screen = _start(ui)
    _deal(ui)
    controller = ui.app.controller
    steps = [
        "choose The Youngest Brother",
        "choose the Huntsman",
        "draw a path (bullet icon)",
        "place the tile at row 1 col 4",
        "draw a path (bullet icon)",
        "place the tile at row 2 col 4",
        "draw a path (bullet icon)",
        "place the tile at row 3 col 4",
        "draw a path (wolf icon)",
        "place the tile at row 1 col 2",
        "move with Wolf!!! (2)",
        "step to row 1 col 2",
        "fight with 1 bullet",
    ]
    for text in steps:
        source = Source.MANUAL if text.startswith("draw") else Source.PLAYER
        assert controller.choose(text, source), text
    ui.pump(3)
    assert screen.overlay.is_open
    screen.bag._rng = random.Random(_seed_for("wolf", 1))
    # The overlay asks for the bag button: the Virtual kit opens and works beside it.
    root = ui.app.root
    ui.tap(root.ids.panel_button)
    assert ui.app.panel_open
    kit = root.ids.panel
    ui.pump(3)
    assert screen.overlay.right <= kit.x  # the bag stands beside the kit, not over it
    ui.screenshot("ldrh-bag-beside-kit")
    try:
        ui.tap(kit.ids.bag_button)
    finally:
        ui.tap(root.ids.panel_button)
    assert not ui.app.panel_open
    ui.pump(4)
    assert controller.session.steps[-1].text == "draw the wolf from the bag"
    assert screen.overlay.mode == "result" and "wolf" in screen.overlay.result
    ui.tap(screen.overlay.ids.ok_button)
    # the fighter holds Once Upon A Time: the same bag can be drawn again
    _press(ui, "Show my hand")
    _press(ui, "Play Once Upon A Time (1): draw again")
    assert screen.overlay.is_open and screen.overlay.mode == "ready"
    ui.tap(screen.overlay.ids.table_bullet)
    assert controller.session.steps[-1].source is Source.MANUAL
    assert controller.state.pawns[0] == (0, 1)
    assert screen._cues.played.count("bag_result") == 2
    ui.tap(screen.overlay.ids.ok_button)
    # a table draw is a player's entry: Undo takes it back and the bag is ready again
    ui.tap(ui.button("Undo"))
    assert controller.state.steps[-1].stage == "draw"
    assert screen.overlay.is_open and screen.overlay.mode == "ready"
    ui.screenshot("ldrh-bag-again", (1280, 720))


def test_the_winner_is_shown_when_the_game_ends(ui: Driver) -> None:
    screen = _start(ui, options={"max_rounds": 5})
    _deal(ui)
    controller = ui.app.controller
    for _ in range(5):
        for text in (
            "choose The Youngest Brother",
            "choose the Wicked Queen",
            "play no card",
            "play no card",
        ):
            assert controller.choose(text), text
    ui.pump(3)
    assert controller.state.is_terminal()
    assert screen.headline == "Game over"
    assert "round limit (5)" in screen.ids.end.reason
    assert not screen.ids.choices.children and not screen.ids.chance.shown
    assert screen.ids.end.title == "Player 1 and Player 2 win!"
    ui.screenshot("ldrh-game-over", (800, 480))


def test_buttons_are_big_enough_and_the_board_fits_both_panels(ui: Driver) -> None:
    from kivy.metrics import dp

    screen = _start(ui, players=5)
    for size in ((800, 480), (1280, 720)):
        ui.resize(size)
        buttons = [
            w
            for w in screen.walk(restrict=True)
            if hasattr(w, "on_release") and w.opacity > 0 and w.width > 0
        ]
        assert buttons
        small = [(w.text, w.size) for w in buttons if min(w.size) < dp(48) - 0.5]
        assert not small, small
        board = screen.ids.board
        assert board.cell_size() * 11 <= board.width + 0.5  # 11 columns for five lanes
        assert board.right <= screen.ids.action_scroll.x
    ui.screenshot("ldrh-five-players", (1280, 720))


def test_view_highlights_what_the_best_card_could_reach() -> None:
    from tests.engines.little_dead_riding_hood.scenario import card_turn, column, lay, new_game

    state = new_game(2, hands=[["wolf:2", "cake-and-wine:1"], []])
    state.names = ["Ann", "Bo"]
    lay(state, column(state, 0, 5), wolves=[(1, 1)])
    card_turn(state, 0)
    # a movement of two; the wolf's space too
    assert state.view().table.reach == {(0, 1), (1, 1)}
    state.apply(("move", "cake-and-wine:1"))
    table = state.view().table
    assert table.reach == {(0, 1)}
    assert table.taps == (((0, 1), ("step to row 1 col 2",)),)
    assert table.players[0].text == "Ann (Red): 3 bullets, 1 card, starting marker"
    assert state.view().headline == "Ann moves: 1 space left."


def _card_button(ui: Driver, chooser, key: str):  # type: ignore[no-untyped-def]
    """The chooser's button for card ``key``, scrolled into view."""
    found = [w for w in chooser.walk(restrict=True) if getattr(w, "card_key", None) == key]
    assert len(found) == 1, key
    _scroll_into_view(ui, chooser.ids.scroll, found[0])
    return found[0]


def test_table_cards_show_face_down_hands_and_a_chooser_of_the_unseen_cards(ui: Driver) -> None:
    from kivy.metrics import dp

    screen = _start(ui, options={"event_cards": "table"})
    controller = ui.app.controller
    assert not screen.ids.chance.shown  # no "let the app do it": the table deals
    # the deal: the table hands out real cards; one tap and the app counts them all
    _press(ui, "The cards are dealt (3 to each player, face down)")
    assert controller.state.hands == [["?"] * 3, ["?"] * 3]
    assert [s.source for s in controller.session.steps[-6:]] == [Source.MANUAL] * 6
    assert [line.text for line in reversed(screen.ids.players.children)] == [
        "[b]Player 1 (Red): 3 bullets, 3 face-down cards, starting marker[/b]",
        "Player 2 (Blue): 3 bullets, 3 face-down cards",
    ]
    _press(ui, "The Youngest Brother")
    # Player 2 could hold Who In The Land Is Fairest Of All?: they are asked
    assert "Player 2 may make Player 1 choose another helper" in screen.prompt
    _press(ui, "Let the helper stand")
    _press(ui, "The Wicked Queen")
    _press(ui, "Let the helper stand")
    assert screen.headline == "Round 1 - Card play - Player 1"
    ui.screenshot("ldrh-table-cards", (800, 480))

    _press(ui, "Play a card...")
    chooser = screen.chooser
    assert chooser.is_open and chooser.step == "cards"
    assert chooser.title == "Which card does Player 1 play?"
    assert _card_button(ui, chooser, "wolf:3").text == "3 (2 unseen)"
    assert _card_button(ui, chooser, "wolf:1").text == "1 (1 unseen)"
    _overlay_shot(ui, chooser, "ldrh-card-chooser")
    taps = [w for w in chooser.walk(restrict=True) if hasattr(w, "on_release") and w.opacity > 0]
    assert len(taps) >= 27 and all(min(w.size) >= dp(48) - 0.5 for w in taps)
    ui.tap(_card_button(ui, chooser, "wolf:3"))
    assert chooser.step == "moves" and chooser.card == "Wolf!!! (3)"
    ui.tap(ui.button("Back to the cards", chooser))
    assert chooser.step == "cards"
    ui.tap(_card_button(ui, chooser, "wolf:3"))
    ui.tap(ui.button("Play Wolf!!! (3): Player 2 skips their next turn", chooser))
    assert not chooser.is_open
    state = controller.state
    assert state.skip_pending[1] and state.discard == {"wolf:3": 1}
    assert [len(h) for h in state.hands] == [2, 3]
    assert "2 face-down cards" in screen.ids.players.children[-1].text

    # the Youngest Brother's second card: the revealed Wolf!!! (3) left the unseen pool
    _press(ui, "Play a card...")
    assert _card_button(ui, chooser, "wolf:3").text == "3 (1 unseen)"
    ui.tap(_card_button(ui, chooser, "wolf:1"))  # a second Wolf!!! would stack (LD26)
    assert chooser.step == "moves"
    ui.tap(ui.button("Move up to 1 with Wolf!!! (1)", chooser))
    assert not chooser.is_open
    assert controller.state.steps[-1].kind == "move"
    _press(ui, "Stop moving")
    # a card that cannot be in any hand any more is refused, naming the card
    before = controller.state.to_dict()
    assert not controller.apply(("move", "wolf:1"))
    assert "Wolf!!! (1) cannot be in anyone's hand" in ui.app.message
    assert controller.state.to_dict() == before

    # round 2: the Evil Stepmother's random discard reveals the card the table picked
    assert screen.headline == "Round 2 - Helpers - Player 2"
    _press(ui, "The Evil Stepmother")
    _press(ui, "Let the helper stand")
    _press(ui, "The top card is taken (face down)")
    _press(ui, "The top card is taken (face down)")
    _press(ui, "Player 1")
    _press(ui, "Show the discarded card")
    assert chooser.title == "Which card did Player 1 discard?"
    ui.tap(_card_button(ui, chooser, "off-the-path:2"))
    state = controller.state
    assert state.discard["off-the-path:2"] == 1 and [len(h) for h in state.hands] == [0, 5]
    assert controller.session.steps[-1].source is Source.MANUAL
    assert controller.session.steps[-1].text == "discard Off The Path (2) at random"
    ui.screenshot("ldrh-table-cards-round-2", (1280, 720))


FIGHT = [
    "choose The Youngest Brother",
    "choose the Huntsman",
    "draw a path (bullet icon)",
    "place the tile at row 1 col 4",
    "draw a path (bullet icon)",
    "place the tile at row 2 col 4",
    "draw a path (bullet icon)",
    "place the tile at row 3 col 4",
    "draw a path (wolf icon)",
    "place the tile at row 1 col 2",
    "move with Wolf!!! (2)",
]


def _to_the_wolf(ui: Driver) -> None:
    _deal(ui)
    controller = ui.app.controller
    for text in FIGHT:
        source = Source.MANUAL if text.startswith("draw") else Source.PLAYER
        assert controller.choose(text, source), text
    ui.pump(3)


def test_zombie_wolves_are_drawn_as_wolf_heads_not_red_discs(ui: Driver) -> None:
    from kivy.graphics import Color, Triangle

    from companion.ui.games.little_dead_riding_hood.board_view import FUR

    screen = _start(ui)
    _to_the_wolf(ui)
    board = screen.ids.board
    assert ui.app.controller.state.board.wolves == {(0, 1)}
    instructions = board.canvas.children
    triangles = [i for i in instructions if isinstance(i, Triangle)]
    icons = sum(1 for _, kind in ui.screen().table.tiles if kind == "path-wolf")
    assert len(triangles) == 3 * (1 + icons)  # two ears and a muzzle: the wolf, and each icon
    x, y, size = board.cell_rect((0, 1))
    assert all(x <= px <= x + size for px in triangles[0].points[::2])
    furs = [i for i in instructions if isinstance(i, Color) and tuple(i.rgb) == FUR]
    assert furs and tuple(board._colour(0)[:3]) != FUR  # not the Red hood's colour
    ui.screenshot("ldrh-wolf-head", (800, 480))
    ui.screenshot("ldrh-wolf-head", (1280, 720))


def _small_text(root) -> list[tuple[str, float]]:  # type: ignore[no-untyped-def]
    """Every visible label under ``root`` smaller than 15sp, with its size."""
    from kivy.metrics import sp
    from kivy.uix.label import Label

    def shown(widget) -> bool:  # type: ignore[no-untyped-def]
        while widget is not None and widget is not widget.parent:
            if widget.opacity <= 0 or widget.width <= 0:
                return False
            widget = widget.parent
        return True

    return [
        (w.text, w.font_size)
        for w in root.walk(restrict=True)
        if isinstance(w, Label) and w.text.strip() and shown(w) and w.font_size < sp(15) - 0.01
    ]


def test_nothing_the_players_read_is_below_15sp_at_800x480(ui: Driver) -> None:
    from kivy.metrics import dp

    screen = _start(ui, options={"event_cards": "table"})
    ui.resize((800, 480))
    assert not _small_text(screen)
    _press(ui, "The cards are dealt (3 to each player, face down)")
    _press(ui, "The Youngest Brother")
    _press(ui, "Let the helper stand")
    _press(ui, "The Wicked Queen")
    _press(ui, "Let the helper stand")
    _press(ui, "Play a card...")
    chooser = screen.chooser
    assert chooser.is_open
    ui.pump(4)
    assert not _small_text(chooser)
    ui.tap(_card_button(ui, chooser, "wolf:3"))
    ui.pump(4)
    assert not _small_text(chooser)
    chooser.close()
    assert not _small_text(screen)

    ui.app.go("home")
    screen = _start(ui)
    _to_the_wolf(ui)
    _tap_space(ui, screen, (0, 1))
    _press(ui, "3 bullets: ")
    overlay = screen.overlay
    assert overlay.is_open and overlay.mode == "ready"
    ui.pump(4)
    assert not _small_text(overlay)
    assert overlay.ids.ok_button.width == 0
    assert min(overlay.ids.undo_button.size) >= dp(48) and min(overlay.ids.home_button.size) >= dp(
        48
    )
    assert not _small_text(screen)
    ui.tap(overlay.ids.table_wolf)
    ui.pump(4)
    assert overlay.mode == "result" and not _small_text(overlay)
    assert overlay.ids.undo_button.width == 0 == overlay.ids.home_button.width
    _overlay_shot(ui, overlay, "ldrh-bag-overlay-wolf")
