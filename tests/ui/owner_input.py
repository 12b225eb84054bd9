"""What the My box tests do as an owner, said once: open a game's My box as the owner
gets there, type a name on the on-screen keyboard of the topmost dialog, read every
text a screen shows, and meet a damaged box file."""

from __future__ import annotations

from typing import Any

from kivy.core.window import Window
from kivy.uix.modalview import ModalView

from companion import paths
from tests.ui.conftest import Driver


def dialogs() -> list[Any]:
    """The dialogs open over the screen, topmost first."""
    return [w for w in Window.children if isinstance(w, ModalView)]


def top_dialog() -> Any:
    return dialogs()[0]


def open_my_box(ui: Driver, game_id: str) -> Any:
    """Home, the game's tile, New game's My box button: as the owner gets there."""
    home = ui.screen()
    ui.tap(next(t for t in home.ids.tiles.children if t.game_id == game_id))
    assert ui.screen().name == "new_game"
    ui.tap(ui.screen().ids.my_box_button)
    screen = ui.screen()
    assert screen.name == "my_box"
    return screen


def type_on_keyboard(ui: Driver, word: str) -> None:
    """Clear what the keyboard holds, tap ``word`` letter by letter, then Done."""
    keyboard = top_dialog()
    while keyboard.text:
        ui.tap(next(w for w in keyboard.walk() if getattr(w, "text", None) == "Delete"))
    for letter in word.upper():
        key = "Space" if letter == " " else letter
        ui.tap(next(w for w in keyboard.walk() if getattr(w, "text", None) == key))
    ui.tap(keyboard.ids.done_button)


def texts(root: Any) -> str:
    return "\n".join(str(getattr(w, "text", "")) for w in root.walk(restrict=True))


def open_damaged_box(ui: Driver, game_id: str, text: str, place: str, shot: str) -> Any:
    """The owner's box file of ``game_id`` holds ``text``, which its reader refuses at
    ``place``: My box names the file and the place (``shot``: its screenshot)."""
    path = paths.owner_box_path(ui.app.services.data_dir, game_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    screen = open_my_box(ui, game_id)
    assert str(path) in screen.status and place in screen.status
    ui.screenshot(shot, (800, 480))
    return screen


def start_beside_a_damaged_box(ui: Driver, screen: Any) -> Any:
    """Back from My box and Start: the new game (its box the shipped one) says why."""
    ui.resize((800, 480))
    ui.tap(screen.ids.back_button)
    ui.tap(ui.screen().ids.start_button)
    assert "could not be used" in ui.app.message
    return ui.app.controller.session
