"""The My box screen for Le Petit Poucet, by real taps at 800x480 and 1280x720: the
owner lengthens the path, swaps a pawn colour, adds a tree on the on-screen keyboard,
removes a tree and a series, saves (every part then reads "checked"), and the next
game is played with that box; a damaged file is reported and the shipped box used."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from companion import owner_box, paths
from companion.engines.le_petit_poucet import GAME
from tests.ui.conftest import Driver
from tests.ui.owner_input import open_damaged_box, open_my_box, start_beside_a_damaged_box
from tests.ui.owner_input import texts as _texts
from tests.ui.owner_input import top_dialog as _dialog
from tests.ui.owner_input import type_on_keyboard as _type


@pytest.fixture
def box_ui(ui: Driver) -> Iterator[Driver]:
    owner_box.forget(ui.app.services.data_dir, GAME)
    yield ui
    owner_box.forget(ui.app.services.data_dir, GAME)


def _open_my_box(ui: Driver) -> Any:
    return open_my_box(ui, GAME.id)


def test_the_owner_corrects_the_box_by_touch(box_ui: Driver) -> None:
    ui = box_ui
    screen = _open_my_box(ui)
    assert "shipped with the companion" in screen.status
    assert _texts(screen).count("assumed[/color]") == 5  # path, pawns, the 3 unnamed series
    ui.screenshot("my-box-shipped", (800, 480))
    ui.screenshot("my-box-shipped", (1280, 720))
    ui.resize((800, 480))

    for _ in range(3):
        ui.tap(ui.button("+", screen))
    assert "[b]13[/b]" in _texts(screen)
    ui.tap(ui.button("Blue", screen))  # player 2's pawn
    ui.screenshot("my-box-colours", (800, 480))
    ui.tap(ui.button("Purple", _dialog()))
    assert screen.editor.box.colours[:2] == ("red", "purple")
    assert screen.editor.box.colours[4] == "blue"

    add = [w for w in screen.walk() if getattr(w, "text", "") == "Add a tree"]
    ui.tap(add[1])  # the "1 hole" series
    _type(ui, "hazel")
    assert [t.name for t in screen.editor.box.series[1].trees][-1] == "hazel"
    ui.tap(ui.button("fir  \u00d7", screen))  # the first fir: "no hole"
    ui.screenshot("my-box-remove-tree", (800, 480))
    ui.tap(ui.button("Remove it", _dialog()))
    assert [t.name for t in screen.editor.box.series[0].trees] == [
        "oak",
        "birch",
        "willow",
        "apple",
    ]
    removes = [w for w in screen.walk() if getattr(w, "text", "") == "Remove series"]
    ui.tap(removes[-1])  # "3 holes"
    ui.tap(ui.button("Remove the series", _dialog()))
    assert screen.editor.box.series_keys() == ("none", "one", "vertical", "horizontal")
    ui.tap(ui.button("Add a series", screen))
    _type(ui, "4 holes")
    _type(ui, "elm")
    assert screen.editor.box.series[-1].name == "4 holes"
    assert [t.name for t in screen.editor.box.series[-1].trees] == ["elm"]

    ui.tap(screen.ids.save_button)
    assert "assumed[/color]" not in _texts(screen)
    assert _texts(screen).count("checked[/color]") == 7
    assert "This is your box" in screen.status
    ui.screenshot("my-box-saved", (800, 480))
    ui.screenshot("my-box-saved", (1280, 720))
    ui.resize((800, 480))
    saved = GAME.box_from_text(
        paths.owner_box_path(ui.app.services.data_dir, GAME.id).read_text(), "x"
    )
    assert saved.forest_spaces == 13 and len(saved.trees) == 21

    ui.tap(screen.ids.back_button)
    new_game = ui.screen()
    assert new_game.name == "new_game"
    assert "3 holes" not in _texts(new_game)  # the easier-game toggles follow the box
    ui.tap(new_game.ids.start_button)
    game = ui.app.controller.session.game
    assert game.box.forest_spaces == 13 and game.box.colours[1] == "purple"
    record = ui.app.services.journal.game(ui.app.controller.session.game_row)
    assert "forest_spaces = 13" in record.setup["box"]
    ui.screenshot("my-box-game-played-with-it", (800, 480))
    ui.screenshot("my-box-game-played-with-it", (1280, 720))
    ui.resize((800, 480))


def test_a_damaged_box_file_is_reported_and_the_shipped_box_used(box_ui: Driver) -> None:
    ui = box_ui
    damaged = "[path]\nforest_spaces = 99\n"
    screen = open_damaged_box(ui, GAME.id, damaged, "[path] forest_spaces", "my-box-damaged")
    assert screen.editor.box.forest_spaces == 10
    assert start_beside_a_damaged_box(ui, screen).game.box.forest_spaces == 10


def test_use_the_shipped_box_again(box_ui: Driver) -> None:
    ui = box_ui
    screen = _open_my_box(ui)
    ui.tap(ui.button("-", screen))
    ui.tap(screen.ids.save_button)
    assert paths.owner_box_path(ui.app.services.data_dir, GAME.id).exists()
    ui.tap(screen.ids.shipped_button)
    ui.tap(ui.button("Use the shipped box", _dialog()))
    assert not paths.owner_box_path(ui.app.services.data_dir, GAME.id).exists()
    assert screen.editor.box.forest_spaces == 10 and "shipped" in screen.status
