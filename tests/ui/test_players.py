"""New game asks who plays: names typed on the on-screen keyboard or taken from the
recent names, who begins, and the names used everywhere after."""

from __future__ import annotations

import pytest

from companion.roster import Roster
from companion.ui.name_keyboard import NameKeyboard, typed
from companion.ui.player_setup import turned
from tests.ui.conftest import Driver


def test_typing_capitalises_each_word_and_keeps_names_short() -> None:
    text = ""
    for key in ["a", "n", "n", "space", "space", "m", "-", "l", "delete", "e"]:
        text = typed(text, key.lower() if len(key) == 1 else key)
    assert text == "Ann M-E"
    assert typed("x" * 20, "a") == "x" * 20


def test_turned_keeps_the_seat_order() -> None:
    assert turned(["Ann", "Bo", "Cy"], 1) == ["Bo", "Cy", "Ann"]


def test_the_roster_remembers_players_and_offers_them_next_time() -> None:
    roster = Roster()
    roster.remember("die-race", ["Ann", "Player 2", "Cy"])
    roster.remember("other", ["Dee"])
    assert roster.recent == ["Dee", "Ann", "Cy"]
    assert roster.last_players("die-race", 3) == ["Ann", "Player 2", "Cy"]
    assert roster.last_players("new-game", 2) == ["Dee", "Ann"]
    assert roster.last_players("other", 3) == ["Dee", "Ann", "Cy"]


def _keyboard(ui: Driver) -> NameKeyboard:
    from kivy.core.window import Window

    found = [w for w in Window.children if isinstance(w, NameKeyboard)]
    assert found, "the keyboard is not open"
    return found[0]


@pytest.mark.usefixtures("die_race_registered")
def test_names_are_typed_chosen_and_used_in_the_game(ui: Driver) -> None:
    ui.app.services.roster.recent = ["Zoe"]
    ui.app.services.roster.games["die-race"] = ["Player 1", "Player 2"]
    ui.app.open_new_game("die-race")
    screen = ui.screen()
    ui.tap(next(b for b in screen.ids.player_counts.children if b.text == "2"))
    setup = screen.ids.player_setup
    first_row = list(reversed(setup.ids.rows.children))[0]
    ui.tap(first_row.ids.name_button)
    keyboard = _keyboard(ui)
    for letter in "ANN":
        ui.tap(ui.button(letter, keyboard))
    ui.screenshot("name-keyboard")
    ui.tap(keyboard.ids.done_button)
    ui.tap(ui.button("Zoe", setup.ids.recent))
    rows = list(reversed(setup.ids.rows.children))
    assert [r.ids.name_button.text for r in rows] == ["Ann", "Zoe"]
    ui.tap(rows[1].ids.begins_button)  # Zoe is the youngest: she begins
    ui.screenshot("new-game-players")
    ui.tap(screen.ids.start_button)
    controller = ui.app.controller
    assert controller.names == ["Zoe", "Ann"]
    assert ui.screen().headline == "Roll the die for Zoe"
    assert ui.app.services.roster.games["die-race"] == ["Zoe", "Ann"]
    ui.app.leave_game()
    ui.app.open_new_game("die-race")
    rows = list(reversed(ui.screen().ids.player_setup.ids.rows.children))
    assert [r.ids.name_button.text for r in rows] == ["Zoe", "Ann"]
