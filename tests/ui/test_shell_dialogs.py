"""Every kind of dialog, opened by touch and photographed at 800x480 and 1280x720.

Each dialog fits the window, its buttons are touch targets of 48 dp or more, its words
are not cut off, and its screenshot is the real dialog (before the Driver drew the
window off screen, a 1280x720 shot on an 800x480 Xvfb came out black).
"""

from __future__ import annotations

from typing import Any

import pytest
from kivy.core.image import Image as CoreImage
from kivy.core.window import Window
from kivy.metrics import dp, sp
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from companion.session.session import Session
from companion.ui.confirm import Confirm
from companion.ui.info import Info
from companion.ui.name_keyboard import NameKeyboard
from companion.ui.pick_list import PickList
from companion.ui.screens.messages import MessageLog
from companion.ui.screens.past_games import PastGames
from companion.ui.screens.resume import ResumePrompt, describe
from tests.ui import table_checks as checks
from tests.ui.conftest import SIZES, Driver


def _dialog(kind: type) -> Any:
    found = [w for w in Window.children if isinstance(w, kind)]
    assert found, f"no {kind.__name__} open"
    return found[0]


def check_dialog(ui: Driver, dialog: ModalView, name: str, size: tuple[int, int]) -> None:
    """In the window, big buttons, whole words (outside a list), and a real photograph."""
    ui.settle_dialogs()
    assert 0 <= dialog.x and dialog.right <= Window.width + 0.5
    assert 0 <= dialog.y and dialog.top <= Window.height + 0.5
    buttons = [
        w
        for w in dialog.walk(restrict=True)
        if hasattr(w, "on_release") and checks.shown(w) and not checks.in_a_list(w)
    ]
    small = [(w.text, w.size) for w in buttons if min(w.size) < dp(48) - 0.5]
    assert not small, f"{name}: touch targets under 48 dp: {small}"
    for label in dialog.walk(restrict=True):
        if isinstance(label, Label) and label.text.strip() and checks.shown(label):
            if not checks.in_a_list(label) and not label.shorten:
                label.texture_update()
                assert label.texture_size[1] <= label.height + 1, f"{label.text!r} is cut off"
    path = ui.screenshot(f"dialog-{name}", size)
    image = CoreImage.load(str(path), keep_data=True)
    x, y = (int(v) for v in dialog.center)
    pixel = image.read_pixel(x, y)  # the dialog's middle is not black
    assert sum(pixel[:3]) > 0.05, f"{path.name} came out black"


@pytest.mark.parametrize("size", SIZES)
def test_every_dialog_opens_by_touch_and_fits(
    ui: Driver, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    import companion.ui.screens.settings as settings_screen

    monkeypatch.setattr(settings_screen, "all_ports", lambda: [("/dev/ttyACM0", "a Pico")])
    ui.resize(size)

    ui.tap(ui.screen().ids.settings_button)
    settings = ui.screen()
    settings.show("devices")
    ui.pump(3)
    ui.tap(ui.button("Quit", settings.ids.body))
    confirm = _dialog(Confirm)
    assert "Every game is saved" in confirm.question
    check_dialog(ui, confirm, "confirm-quit", size)
    ui.tap(confirm.ids.no_button)

    ui.tap(ui.button("Find it automatically", settings.ids.body))
    pick = _dialog(PickList)
    check_dialog(ui, pick, "pick-port", size)
    ui.tap(pick.ids.close_button)

    settings.show("beware-of-the-wolf")
    ui.pump(3)
    ui.tap(ui.button("Why?", settings.ids.body))
    info = _dialog(Info)
    check_dialog(ui, info, "house-rule-why", size)
    ui.tap(info.ids.close_button)
    settings.show("devices")  # Settings opens where it was left: leave it as found

    ui.app.open_new_game("lost-in-the-woods")
    ui.pump(3)
    row = next(w for w in ui.screen().walk(restrict=True) if "name_button" in w.ids)
    ui.tap(row.ids.name_button)
    keyboard = _dialog(NameKeyboard)
    key = keyboard.ids.row1.children[0]
    scale = ui.app.text_scale
    assert key.font_size == sp(22) * scale and key.height == dp(52) * scale, "keys grow"
    check_dialog(ui, keyboard, "name-keyboard", size)
    ui.tap(ui.button("Cancel", keyboard))

    ui.app.notify("The app drew: Wolf")
    ui.pump(2)
    ui.tap(ui.app.root.ids.messages_button)
    log = _dialog(MessageLog)
    check_dialog(ui, log, "messages", size)
    ui.tap(log.ids.close_button)

    journal = ui.app.services.journal
    for names in (["Ann", "Bo"], ["Cy", "Di"]):
        Session.start(journal, "beware-of-the-wolf", 2, {}, seed=1, names=names)
    ResumePrompt(journal.latest_unfinished()).open()
    prompt = _dialog(ResumePrompt)
    (other,) = [row.ids.label.text for row in prompt.ids.others.children]
    ann = next(r for r in journal.unfinished_games() if list(r.names) == ["Ann", "Bo"])
    assert other == describe(ann), "every unfinished game says where it stood"
    assert "\n" in other and len(other.split("\n")[1]) > 0
    check_dialog(ui, prompt, "resume", size)
    _dialog(ResumePrompt).dismiss(animation=False)

    ui.app.open_new_game("lost-in-the-woods")
    ui.pump(3)
    ui.tap(ui.screen().ids.start_button)  # another game is unfinished: ask, saying why
    confirm = _dialog(Confirm)
    assert "is not finished" in confirm.question and "stays saved" in confirm.question
    check_dialog(ui, confirm, "confirm-new-game", size)
    ui.tap(confirm.ids.no_button)
    assert ui.app.controller is None, "Not now starts nothing"

    ui.app.go("home")
    ui.pump(3)
    ui.tap(ui.screen().ids.past_button)
    check_dialog(ui, _dialog(PastGames), "past-games", size)
    ui.tap(_dialog(PastGames).ids.close_button)


def test_a_new_game_names_the_game_open_now_and_refuses_an_impossible_choice_first(
    ui: Driver,
) -> None:
    """The question names the game being played (not merely the newest unfinished one),
    and a choice that cannot start (Co-op for two) is said before anything is asked."""
    journal = ui.app.services.journal
    ui.app.start_game("little-dead-riding-hood", 2, {}, names=["Leo", "Mia"])
    ui.pump(3)
    Session.start(journal, "beware-of-the-wolf", 2, {}, seed=1, names=["Ann", "Bo"])  # newer
    ui.app.open_new_game("gingerdead-house")
    ui.pump(3)
    screen = ui.screen()
    screen.options["mode"] = "co-op"
    screen.set_players(2)
    ui.tap(screen.ids.start_button)
    assert not [w for w in Window.children if isinstance(w, Confirm)]
    assert ui.app.message == "The game cannot start: Co-op is 2 vs 2: it needs 4 players, not 2"
    screen.options["mode"] = "last-house"
    ui.tap(screen.ids.start_button)
    confirm = _dialog(Confirm)
    assert confirm.question.startswith("Your game Little Dead Riding Hood with Leo, Mia")
    ui.tap(confirm.ids.no_button)
