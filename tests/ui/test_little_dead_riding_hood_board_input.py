"""Little Dead Riding Hood: the board is the input (issue 13), driven by real taps.

Tiles, the Wicked Queen's wolves, the Prince's switch, Picking Flowers, Off The Path and
My...What Big Hands You Have? are all chosen by tapping spaces; no "put the wolf on ..."
button list is shown for them.  Played at 800x480 and again at 1280x720.
"""

from __future__ import annotations

import pytest

from companion.session.journal import Source
from tests.ui.conftest import Driver
from tests.ui.test_little_dead_riding_hood_screen import _tap_space

GAME_ID = "little-dead-riding-hood"
DEAL = [
    ["big-hands:1", "off-the-path:1", "wolf:1"],
    ["picking-flowers:1", "wolf:2", "cake-and-wine:1"],
]
TILES = [  # (tile drawn, where it goes), the Huntsman's three then player 2's one
    ("a path (wolf icon)", (0, 1)),
    ("a path (bullet icon)", (1, 1)),
    ("a path (wolf icon)", (0, 3)),
    ("a path (bullet icon)", (1, 3)),
]


def _tap(ui: Driver, screen, cell: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert cell in screen.ids.board.targets, f"{cell} is not offered on the board"
    _tap_space(ui, screen, cell)
    ui.pump(1)


def _buttons(screen) -> list[str]:  # type: ignore[no-untyped-def]
    return [
        str(w.text)
        for w in screen.ids.actions.walk(restrict=True)
        if hasattr(w, "on_release") and w.opacity > 0
    ]


def _press(ui: Driver, screen, text: str) -> None:  # type: ignore[no-untyped-def]
    for _ in range(30):
        ui.pump(1)
        if any(text in t for t in _buttons(screen)):
            break
    ui.tap(ui.button(text, screen.ids.actions))


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_every_space_choice_is_a_tap_on_the_board(ui: Driver, size: tuple[int, int]) -> None:
    from companion.engines.little_dead_riding_hood.components import card_title

    ui.resize(size)
    ui.app.start_game(GAME_ID, 2, {})
    ui.pump(5)
    screen = ui.screen()
    controller = ui.app.controller
    for hand in DEAL:
        for key in hand:
            assert controller.choose(f"draw {card_title(key)}", Source.MANUAL)
    ui.pump(3)
    state = lambda: ui.app.controller.state  # noqa: E731

    # the Huntsman's tiles go where the players tap
    _press(ui, screen, "The Huntsman")
    for tile, cell in TILES:
        assert controller.choose(f"draw {tile}", Source.MANUAL)
        ui.pump(3)
        assert not any(t.startswith("Put it on") for t in _buttons(screen))
        said = [w.text for w in screen.ids.extra.children]
        assert said == ["Tap a highlighted space on the board."]  # the move is on the board
        _tap(ui, screen, cell)
        assert state().board.tiles[cell].startswith("path")
    assert state().board.wolves == {(0, 1), (0, 3)}

    # the Wicked Queen: tap a wolf, then its new tile; no button list of spaces
    _press(ui, screen, "The Wicked Queen")
    ui.pump(3)
    assert not any("zombie wolf on" in t for t in _buttons(screen))
    assert screen.ids.board.targets == {(0, 1), (0, 3)}
    assert [w.text for w in screen.ids.extra.children] == ["Tap a highlighted space on the board."]
    ui.screenshot(f"ldrh-board-queen-{size[0]}", size)
    _tap(ui, screen, (0, 1))
    _tap(ui, screen, (1, 1))
    _tap(ui, screen, (0, 3))
    _tap(ui, screen, (1, 3))
    assert state().board.wolves == {(1, 1), (1, 3)}

    # Off The Path: one button for the card (behind "Show my hand"), then the end tile
    _press(ui, screen, "Show my hand")
    assert "Play Off The Path (1): tap the space on the board" in _buttons(screen)
    assert not any("remove the tile" in t for t in _buttons(screen))
    _press(ui, screen, "Play Off The Path (1): tap the space on the board")
    assert (
        (1, 3) in screen.ids.board.targets
        and "Play Off The Path (1): tap a highlighted space (or here to go back)"
        in _buttons(screen)
    )
    ui.screenshot(f"ldrh-board-off-the-path-{size[0]}", size)
    _tap(ui, screen, (1, 3))
    assert (1, 3) not in state().board.tiles and state().board.wolves == {(1, 1)}

    # player 2 moves by tapping the space
    _press(ui, screen, "Show my hand")
    _press(ui, screen, "Move up to 2 with Wolf!!! (2)")
    _tap(ui, screen, (0, 3))
    _press(ui, screen, "Stop moving")
    assert state().pawns[1] == (0, 3) and state().round == 2

    # the Prince's switch: tap one tile, then the other
    _press(ui, screen, "The Prince")
    ui.pump(3)
    _tap(ui, screen, (0, 1))
    _tap(ui, screen, (1, 1))
    assert state().board.wolves == {(0, 1)} and state().board.tiles[(1, 1)] == "path-wolf"
    _press(ui, screen, "Done")
    _press(ui, screen, "The Youngest Brother")

    # Picking Flowers: the two path pieces are tapped
    _press(ui, screen, "Show my hand")
    _press(ui, screen, "Play Picking Flowers (1): exchange two path pieces")
    ui.pump(3)
    assert not any("path piece on" in t for t in _buttons(screen))
    _tap(ui, screen, (0, 1))
    _tap(ui, screen, (1, 1))
    assert state().board.wolves == {(1, 1)}

    # My...What Big Hands You Have?: the card's button, then the space behind the target
    _press(ui, screen, "Show my hand")
    _press(ui, screen, "Play My...What Big Hands You Have? (1): tap the space on the board")
    assert screen.ids.board.targets == {(-1, 3)}
    ui.screenshot(f"ldrh-board-big-hands-{size[0]}", size)
    _tap(ui, screen, (-1, 3))
    assert state().pawns[1] == (-1, 3)
    # the board grows with the screen
    ui.resize((800, 480))
    small = screen.ids.board.cell_size()
    ui.resize((1280, 720))
    assert screen.ids.board.cell_size() >= 1.5 * small >= 1.5 * 36
    ui.resize((800, 480))
    ui.app.go("home")
    ui.pump(3)


def test_setup_with_the_apps_deck_takes_one_tap(ui: Driver) -> None:
    """Issue 13: with the app's deck one "Deal" tap deals every starting hand."""
    ui.resize((800, 480))
    ui.app.start_game(GAME_ID, 3, {})
    ui.pump(5)
    screen = ui.screen()
    assert screen.headline.startswith("Dealing")
    ui.screenshot("ldrh-deal", (800, 480))
    ui.tap(ui.button("Deal the cards (3 to each player)", screen.ids.actions))  # the one tap
    ui.pump(3)
    assert [len(hand) for hand in ui.app.controller.state.hands] == [3, 3, 3]
    assert screen.headline == "Round 1 - Helpers - Player 1"
    ui.app.go("home")
    ui.pump(3)
