"""The shell's own screens, visited in the middle of a seeded game of each game, speak
player words too: History, Devices (with the game's devices open), Home, the saved
games and Settings.  Besides the developer words of tests/engines/view_checks.py, no
pin level ("low", "high") may show where a family reads a device."""

from __future__ import annotations

import random
import re

import pytest
from kivy.core.window import Window
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from companion.engines import registry
from tests.ui.conftest import Driver
from tests.ui.test_player_words import MARKUP, WORDS, seeded_step, start_named_game

PIN_LEVELS = (re.compile(r"\b(low|high)\b", re.I), "a pin level")
STEPS = 12


def texts(root: object) -> list[str]:
    found = []
    for widget in root.walk(restrict=True):  # type: ignore[attr-defined]
        if isinstance(widget, Label) and widget.opacity > 0 and widget.text.strip():
            found.append(MARKUP.sub("", widget.text))
    return found


def check(root: object, where: str, extra: list[tuple[re.Pattern[str], str]]) -> None:
    for text in texts(root):
        for pattern, what in [*WORDS, *extra]:
            assert not pattern.search(text), f"{what} on {where}: {text!r}"


@pytest.mark.parametrize("game_id", sorted(g.id for g in registry.all_games()))
def test_the_shell_screens_mid_game_speak_player_words(ui: Driver, game_id: str) -> None:
    game = registry.get(game_id)
    controller = start_named_game(ui, game_id)
    rng = random.Random(11)
    for _ in range(STEPS):
        if not seeded_step(controller, rng):
            break
    ui.pump(2)
    for name, extra in (("history", []), ("devices", [PIN_LEVELS]), ("home", [])):
        ui.app.go(name)
        ui.pump(3)
        check(ui.app.root, f"the {name} screen of {game.name}", extra)
    ui.app.go("settings")
    ui.pump(3)
    settings = ui.screen()
    settings.show(game_id)
    ui.pump(3)
    check(ui.app.root, f"the settings of {game.name}", [])
    ui.app.leave_game()
    ui.app.go("home")
    ui.pump(3)
    ui.tap(ui.screen().ids.continue_button)  # the saved games, with where this one stood
    ui.pump(5)
    dialogs = [w for w in Window.children if isinstance(w, ModalView)]
    assert dialogs, "the saved games list did not open"
    check(dialogs[0], f"the saved games list after {game.name}", [])
