"""My box for Little Dead Riding Hood, Lost in the Woods and Beware of the Wolf, by real
taps at 800x480 and 1280x720: the owner steps counts, taps trees onto the drawn board,
picks house colours, saves (the parts then read "checked") and the next game is played
with that box.  Also: Play again keeps the finished game's box, and Settings shows
the house rules of the owner's box."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from kivy.tests.common import UnitTestTouch

from companion import owner_box
from companion.engines import registry
from companion.engines.beware_of_the_wolf import GAME as WOLF
from companion.engines.beware_of_the_wolf import BoardTeacher
from companion.engines.le_petit_poucet import GAME as POUCET
from companion.engines.le_petit_poucet import box_edits as poucet_edits
from companion.engines.le_petit_poucet import box_toml as poucet_toml
from companion.engines.little_dead_riding_hood import GAME as HOOD
from companion.engines.lost_in_the_woods import GAME as WOODS
from companion.ui.app import BOX_KEPT, _box_changed
from companion.ui.games.beware_of_the_wolf import game_setup
from companion.ui.games.beware_of_the_wolf.board_view import WolfBoardView
from tests.ui.conftest import Driver
from tests.ui.owner_input import open_my_box as _open_my_box
from tests.ui.owner_input import texts as _texts
from tests.ui.owner_input import top_dialog as _dialog

GAMES = (HOOD, WOODS, WOLF, POUCET)


@pytest.fixture
def box_ui(ui: Driver) -> Iterator[Driver]:
    for game in GAMES:
        owner_box.forget(ui.app.services.data_dir, game)  # type: ignore[arg-type]
    yield ui
    for game in GAMES:
        owner_box.forget(ui.app.services.data_dir, game)  # type: ignore[arg-type]


def _stepper(screen: Any, label: str, sign: str, nth: int = 0) -> Any:
    """The ``sign`` ("-" or "+") button of the ``nth`` stepper beside text with ``label``."""
    rows = [
        w
        for w in screen.walk(restrict=True)
        if w.__class__.__name__ == "BoxLayout"
        and any(label in str(getattr(c, "text", "")) for c in w.children)
    ]
    row = rows[0]
    kids = list(reversed(row.children))
    labels = [i for i, c in enumerate(kids) if label in str(getattr(c, "text", ""))]
    return kids[labels[nth] + (1 if sign == "-" else 2)]


def _save_and_start(ui: Driver, screen: Any, name: str) -> Any:
    ui.tap(screen.ids.save_button)
    assert "This is your box" in screen.status
    assert "assumed[/color]" not in _texts(screen) and "checked[/color]" in _texts(screen)
    ui.screenshot(f"my-box-{name}-saved", (800, 480))
    ui.tap(screen.ids.back_button)
    assert ui.screen().name == "new_game"
    ui.tap(ui.screen().ids.start_button)
    return ui.app.controller.session


def _both_sizes(ui: Driver, name: str) -> None:
    ui.screenshot(name, (800, 480))
    ui.screenshot(name, (1280, 720))
    ui.resize((800, 480))


def test_little_dead_riding_hood_box_by_touch(box_ui: Driver) -> None:
    ui = box_ui
    screen = _open_my_box(ui, HOOD.id)
    assert "shipped with the companion" in screen.status
    assert _texts(screen).count("assumed[/color]") == 14  # board, 4 tile kinds, 9 effects
    ui.screenshot("my-box-hood-shipped", (800, 480))
    for _ in range(2):
        ui.tap(_stepper(screen, "Obstacle:", "-"))
    ui.tap(_stepper(screen, "Spare columns between", "+"))
    wolf_row = next(
        w
        for w in screen.walk(restrict=True)
        if "Wolf!!!:" in str(getattr(w, "text", "")) and "[b]" in str(w.text)
    )
    steppers = screen.ids.rows.children[screen.ids.rows.children.index(wolf_row) - 1]
    plus_for_three = list(reversed(steppers.children))[8]
    ui.tap(plus_for_three)  # one more Wolf!!! that moves 3
    assert screen.editor.box.tiles["obstacle"] == 22
    assert screen.editor.box.gap_columns == 2
    assert screen.editor.box.cards["wolf:3"] == 3
    _both_sizes(ui, "my-box-hood-edited")
    session = _save_and_start(ui, screen, "hood")
    assert session.game.box.tiles["obstacle"] == 22 and session.game.box.cards["wolf:3"] == 3
    assert "obstacle" in session.record.setup["box"]
    assert sum(session.state.pool.values()) <= 72


def test_lost_in_the_woods_box_by_touch(box_ui: Driver) -> None:
    ui = box_ui
    screen = _open_my_box(ui, WOODS.id)
    assert _texts(screen).count("assumed[/color]") == 3
    ui.screenshot("my-box-woods-shipped", (800, 480))
    ui.tap(_stepper(screen, "Owl:", "+"))
    ui.tap(_stepper(screen, "Wishing Well:", "-"))
    for _ in range(2):  # no Torch, then refused: there is no fewer than none
        ui.tap(_stepper(screen, "Torch:", "-"))
    assert screen.editor.box.count("torch") == 0
    assert ui.app.message == "A box holds 0 to 50 Torch cards."
    assert screen.editor.box.count("owl") == 5 and screen.editor.box.count("well") == 2
    _both_sizes(ui, "my-box-woods-edited")
    session = _save_and_start(ui, screen, "woods")
    assert session.game.box.count("owl") == 5 and session.game.box.total == 42
    assert session.game.box.checked == {"progress", "fright", "event"}


def _tap_at(ui: Driver, view: WolfBoardView, space: str) -> None:
    ui.scroll_into_view(view)
    ui.pump(2)
    x, y = view.to_window(*view.space_point(space))
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    ui.pump(1)
    touch.touch_up()
    ui.pump(2)


def test_beware_of_the_wolf_board_by_touch(box_ui: Driver) -> None:
    ui = box_ui
    screen = _open_my_box(ui, WOLF.id)
    assert _texts(screen).count("assumed[/color]") == 2  # the trees and the house colours
    ui.screenshot("my-box-wolf-shipped", (800, 480))
    _tap_at(ui, screen.editor.view, "o1")  # a tree where there was none
    assert screen.editor.box.by_id["o1"].tree
    _tap_at(ui, screen.editor.view, "o2")  # the tree there taken away
    assert not screen.editor.box.by_id["o2"].tree
    _tap_at(ui, screen.editor.view, "i3")  # the inner path: refused, said why
    assert "inner path is not protected by trees" in ui.app.message
    ui.tap(ui.button("Red", screen))  # the 1st house
    ui.tap(ui.button("Green", _dialog()))
    assert [h.colour for h in screen.editor.box.houses] == ["green", "blue", "yellow", "red"]
    _both_sizes(ui, "my-box-wolf-edited")
    session = _save_and_start(ui, screen, "wolf")
    ui.pump(3)
    board = session.game.board
    assert board.by_id["o1"].tree and not board.by_id["o2"].tree
    assert board.houses[0].colour == "green"
    assert "tree = true" in session.record.setup["board"]


def _taught_board() -> str:
    """A board taught with the turntable as Wolf tools teaches it: 12 outer and 6 inner
    spaces, trees on two, the four houses, one arrow in and one out."""
    teacher = BoardTeacher()
    for angle in [k * 30 - 15 for k in range(12)]:
        teacher.tap(angle)
    teacher.next_step()
    for angle in [k * 60 - 30 for k in range(6)]:
        teacher.tap(angle)
    teacher.next_step()
    for angle in (60, 150):  # the trees
        teacher.tap(angle)
    teacher.next_step()
    for angle in (0, 90, 180, 270):  # each house's first space
        teacher.tap(angle)
    teacher.tap(30)
    teacher.next_step()
    teacher.tap(120)
    teacher.next_step()
    return teacher.toml()


def test_the_wolf_board_taught_with_the_turntable_reads_checked_on_my_box(
    box_ui: Driver,
) -> None:
    ui = box_ui
    taught = ui.app.services.data_dir / "turntable" / "my_board.toml"
    taught.parent.mkdir(parents=True, exist_ok=True)
    taught.write_text(_taught_board())
    try:
        screen = _open_my_box(ui, WOLF.id)
        shown = _texts(screen)
        assert "Trees: 2 on the board" in shown  # the taught board, not the shipped one
        assert "assumed[/color]" not in shown  # the owner's own board: nothing is a guess
        assert shown.count("checked[/color]") == 2  # the trees and the house colours
        assert "This is your box" in screen.status
        ui.screenshot("my-box-wolf-taught", (800, 480))
    finally:
        taught.unlink()


def test_the_wolf_board_saved_last_is_the_one_new_games_use(box_ui: Driver) -> None:
    services = box_ui.app.services
    taught = services.data_dir / "turntable" / "my_board.toml"
    taught.parent.mkdir(parents=True, exist_ok=True)
    taught.write_text(WOLF.box_text().replace('name = "', 'name = "Taught ', 1))
    mine = owner_box.save(
        services.data_dir, WOLF, WOLF.box_text().replace('name = "', 'name = "Mine ', 1)
    )
    try:
        os.utime(taught, (1_000_000, 1_000_000))
        assert '"Mine ' in game_setup(services)[0]["board"]  # My box saved after teaching
        os.utime(mine, (500_000, 500_000))
        assert '"Taught ' in game_setup(services)[0]["board"]  # taught after My box
    finally:
        taught.unlink()


def test_play_again_keeps_the_finished_games_box_and_says_so(box_ui: Driver) -> None:
    ui = box_ui
    data = ui.app.services.data_dir
    owner_box.save(data, WOODS, WOODS.box_text().replace("owl = 4", "owl = 6"))
    ui.app.start_game(WOODS.id, 1, {})
    first = ui.app.controller.session
    assert first.game.box.count("owl") == 6
    owner_box.save(data, WOODS, WOODS.box_text().replace("owl = 4", "owl = 2"))
    ui.app.play_again()
    again = ui.app.controller.session
    assert again.game_row != first.game_row
    assert again.game.box.count("owl") == 6 and again.record.setup == first.record.setup
    assert ui.app.message == BOX_KEPT
    ui.screenshot("my-box-play-again", (800, 480))


def test_play_again_speaks_of_the_box_only_when_the_box_part_changed() -> None:
    kept = {"box": WOODS.box_text(), "box_version": 2}  # a setup grown a non-box key
    assert _box_changed(WOODS.id, kept, {"box": WOODS.box_text()}) is None
    owl = WOODS.box_text().replace("owl = 4", "owl = 6")
    assert _box_changed(WOODS.id, kept, {"box": owl}) == BOX_KEPT


def test_settings_shows_the_house_rules_of_the_owners_box(box_ui: Driver) -> None:
    ui = box_ui
    data = ui.app.services.data_dir
    mine = poucet_edits.without_series(registry.get(POUCET.id).box, "three")  # type: ignore[attr-defined]
    mine = poucet_edits.with_series(mine, "4 holes", "elm")
    owner_box.save(data, POUCET, poucet_toml(poucet_edits.checked(mine)))
    ui.app.go("settings")
    ui.pump(3)
    settings = ui.screen()
    settings.show(POUCET.id)
    ui.pump(3)
    shown = _texts(settings)
    assert "4 holes: in play" in shown and "3 holes" not in shown
    ui.screenshot("my-box-settings-house-rules", (800, 480))
    ui.tap(ui.button("4 holes: in play", settings))  # a series only the owner's box has
    owned = owner_box.game_with_box(data, registry.get(POUCET.id))
    try:
        assert ui.app.services.settings.options_for(POUCET.id, owned)["removed_series"] == (
            "series-1"
        )
        assert "4 holes: left out" in _texts(settings)
    finally:  # the next tests find the house rules as they were
        ui.app.services.settings.set_option(POUCET.id, "removed_series", "")
        ui.app.services.save_settings()
