"""New game asks who plays: names typed on the on-screen keyboard or taken from the
recent names, who begins, and the names used everywhere after."""

from __future__ import annotations

import pytest

from companion.devices import device_test
from companion.roster import Roster
from companion.ui.name_keyboard import NameKeyboard, typed
from companion.ui.player_setup import turned
from tests.ui.conftest import SIZES, Driver


def test_typing_capitalises_each_word_and_keeps_names_short() -> None:
    text = ""
    for key in ["a", "n", "n", "space", "space", "m", "-", "l", "delete", "e"]:
        text = typed(text, key.lower() if len(key) == 1 else key)
    assert text == "Ann M-E"
    assert typed("x" * 20, "a") == "x" * 20


def test_the_accent_key_steps_the_last_letter_through_its_accents() -> None:
    """French and German families: Zoé is Z, O, E and one Accent; Jürgen's ü is four."""
    text = ""
    for key in ["z", "o", "e", "accent"]:
        text = typed(text, key)
    assert text == "Zoé"
    text = "J"
    for key in ["u", "accent", "accent", "accent", "accent", "r", "g", "e", "n"]:
        text = typed(text, key)
    assert text == "Jürgen"
    assert typed("Ed", "accent") == "Ed" and typed("", "accent") == ""
    assert typed("E", "accent") == "É"
    text = "Zo"
    seen = []
    for _ in range(6):  # o's five accented forms, then the plain o again
        text = typed(text, "accent")
        seen.append(text[-1])
    assert seen == ["ó", "ò", "ô", "ö", "õ", "o"]


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
    assert [r.ids.begins_button.text for r in rows] == ["Begins", "Begins?"]
    ui.tap(setup.ids.draw_button)
    assert setup.ids.draw_button.text == "The app will draw who begins"
    rows = list(reversed(setup.ids.rows.children))
    assert [r.ids.begins_button.text for r in rows] == ["Begins?", "Begins?"]  # the app's
    ui.tap(rows[1].ids.begins_button)  # Zoe is the youngest: she begins
    rows = list(reversed(setup.ids.rows.children))
    assert [r.ids.begins_button.text for r in rows] == ["Begins?", "Begins"]
    assert setup.ids.draw_button.text == "Let the app draw who begins"
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


@pytest.mark.usefixtures("die_race_registered")
@pytest.mark.parametrize("size", SIZES)
def test_starting_while_a_game_is_unfinished_asks_first(ui: Driver, size: tuple[int, int]) -> None:
    ui.resize(size)
    from kivy.core.window import Window

    from companion.session.session import Session
    from companion.ui.confirm import Confirm

    older = Session.start(ui.app.services.journal, "die-race", 1, seed=2, names=["Old"])
    ui.app.open_new_game("die-race")
    ui.pump(5)
    ui.tap(ui.screen().ids.start_button)
    confirm = next(w for w in Window.children if isinstance(w, Confirm))
    assert "with Old" in confirm.question and "It stays saved" in confirm.question
    ui.screenshot("confirm-new-game", size)
    ui.tap(confirm.ids.no_button)
    ui.pump(5)  # the dialog closes
    assert ui.screen().name == "new_game" and ui.app.controller is None
    ui.tap(ui.screen().ids.start_button)
    confirm = next(w for w in Window.children if isinstance(w, Confirm))
    ui.tap(confirm.ids.yes_button)
    assert ui.screen().name == "game:die-race"
    assert older.game_row in [r.id for r in ui.app.services.journal.unfinished_games()]


@pytest.mark.usefixtures("die_race_registered")
@pytest.mark.parametrize("size", SIZES)
def test_past_games_list_winners_and_open_the_history(ui: Driver, size: tuple[int, int]) -> None:
    ui.resize(size)
    from kivy.core.window import Window

    from companion.session.journal import Source
    from companion.session.session import Session
    from companion.ui.screens.past_games import PastGames, PastHistory
    from tests.engines.toy_game import Move, Roll

    session = Session.start(
        ui.app.services.journal, "die-race", 2, {"target": 2}, seed=1, names=["Ann", "Bo"]
    )
    session.apply(Roll(2), Source.MANUAL)
    session.apply(Move(2))
    home = ui.screen()
    ui.tap(home.ids.past_button)
    past = next(w for w in Window.children if isinstance(w, PastGames))
    row = list(reversed(past.ids.rows.children))[0]
    assert "with Ann, Bo" in row.ids.label.text
    assert row.ids.label.text.endswith("\nAnn won. Ann reached square 2.")
    ui.screenshot("past-games", size)
    ui.tap(row.ids.resume)
    history = next(w for w in Window.children if isinstance(w, PastHistory))
    lines = [r.text for r in reversed(history.ids.rows.children)]
    assert lines == ["The die shows 2.", "Ann moves 2."]
    ui.tap(history.ids.close_button)
    ui.tap(past.ids.close_button)


def test_a_house_rule_reads_in_words_steps_sensibly_and_explains_why(ui: Driver) -> None:
    from kivy.core.window import Window
    from kivy.uix.boxlayout import BoxLayout

    from companion.engines.base import Option
    from companion.ui.info import Info
    from companion.ui.option_row import OptionRow

    limit = Option(
        "round_limit",
        150,
        "The game ends after this many rounds.",
        "Play until someone wins.",
        decision="BW12",
        minimum=20,
        maximum=500,
    )
    ending = Option(
        "tokens_run_out",
        "furthest-win",
        "Who wins when the tokens run out.",
        "...",
        choices=("furthest-win", "everyone-loses"),
        choice_labels=("The player furthest along wins", "Everyone loses"),
    )
    seen: list[object] = []
    rows = [OptionRow(o, o.default, lambda k, v: seen.append(v)) for o in (limit, ending)]
    box = BoxLayout(orientation="vertical")
    for row in rows:
        box.add_widget(row)
    ui.app.root.ids.manager.current_screen.add_widget(box)
    ui.pump(2)
    assert rows[0].label_text.startswith("[b]Round limit: 150[/b]")
    for _ in range(40):
        ui.tap(ui.button("+", rows[0].ids.controls))
    assert seen[-1] == 500 and seen[:2] == [160, 170]  # tens, held at the maximum
    assert "Furthest wins" not in rows[1].label_text
    assert "The player furthest along wins" in rows[1].label_text
    ui.tap(ui.button("Change", rows[1].ids.controls))
    assert "Everyone loses" in rows[1].label_text and seen[-1] == "everyone-loses"
    ui.tap(rows[0].ids.why_button)
    info = next(w for w in Window.children if isinstance(w, Info))
    assert "Play until someone wins." in info.text and "BW12" not in info.text
    ui.tap(info.ids.close_button)
    box.parent.remove_widget(box)


@pytest.mark.parametrize("size", SIZES)
def test_devices_speak_in_words_and_each_part_of_the_kit_has_a_test(
    ui: Driver, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The beep and the listening last until the screen is left, not 0.4 s / 10 s of a
    # loaded machine's wall clock: the readings are checked while they are sure to hold.
    monkeypatch.setattr(device_test, "BEEP_SECONDS", 3600.0)
    monkeypatch.setattr(device_test, "LISTEN_SECONDS", 3600.0)
    ui.resize(size)
    ui.tap(ui.screen().ids.devices_button)
    ui.pump(3)
    screen = ui.screen()
    rows = {r.device_name: r for r in screen.ids.rows.children}
    # "not in use now", or "not pressed" where an earlier test's game left the pin pulled up
    assert rows["bag button"].ids.reading.text in (
        "not in use now (GPIO 17)",
        "not pressed (GPIO 17)",
    )
    assert rows["LED red"].ids.reading.text == "off (GPIO 5)"
    ui.tap(rows["buzzer"].ids.test_button)
    assert ui.app.message == "Listen: the buzzer beeps once."
    screen.update()
    assert rows["buzzer"].ids.reading.text == "sounding 880 Hz (GPIO 18)"
    ui.tap(rows["bag button"].ids.test_button)
    screen.update()
    assert rows["bag button"].ids.reading.text == "not pressed (GPIO 17)"
    ui.app.services.devices.press("bag_button")
    ui.pump(2)
    assert ui.app.message == "The button works: it was pressed."
    ui.app.services.devices.release("bag_button")
    ui.screenshot("devices", size)
    for row in rows.values():
        assert "high" not in row.ids.reading.text and "low" not in row.ids.reading.text
    ui.tap(ui.app.root.ids.home_button)  # leaving the screen ends every test at once
    screen.update()
    assert rows["buzzer"].ids.reading.text == "quiet (GPIO 18)"
    ui.app.message = ""
    ui.app.services.devices.press("bag_button")  # nobody listens for the press any more
    ui.pump(2)
    ui.app.services.devices.release("bag_button")
    assert ui.app.message == ""


@pytest.mark.usefixtures("die_race_registered")
@pytest.mark.parametrize("size", SIZES)
def test_turns_and_the_end_are_announced_and_play_again_keeps_the_table(
    ui: Driver, size: tuple[int, int]
) -> None:
    ui.resize(size)
    from companion.session.journal import Source
    from tests.engines.toy_game import Move, Roll

    ui.app.start_game("die-race", 2, {"target": 2}, ["Ann", "Bo"])
    screen = ui.screen()
    controller = ui.app.controller
    controller.apply(Roll(1), Source.MANUAL)
    controller.apply(Move(1))  # Bo's turn now
    controller.apply(Roll(2), Source.MANUAL)
    controller.apply(Move(2))  # Bo wins
    assert screen._cues.played == ["turn", "turn", "win"]  # Ann, Bo, then the end
    end = screen.ids.end
    assert end.title == "Bo wins!" and end.reason == "Bo reached square 2."
    ui.screenshot("end-banner", size)
    assert end.ids.home_button.get_root_window() is not None
    ui.tap(end.ids.home_button)
    assert ui.screen().name == "home"
    assert not ui.screen().ids.continue_button.text.startswith("Continue")  # it is over
    ui.app.show_game()
    ui.pump(3)
    ui.tap(end.ids.again_button)
    again = ui.app.controller
    assert again is not controller and again.names == ["Ann", "Bo"]
    assert again.session.record.options == {"target": 2}
    assert ui.screen().ids.end.title == ""


def test_a_game_that_draws_its_own_first_player_is_not_asked_twice(ui: Driver) -> None:
    ui.app.open_new_game("le-petit-poucet")
    ui.pump(5)
    setup = ui.screen().ids.player_setup
    assert not setup.asks and setup.ids.draw_button.opacity == 0
    assert all(r.ids.begins_button.disabled for r in setup.ids.rows.children)
    assert "The game itself chooses who begins" in setup.rule_text
    assert setup.chosen_names() == setup.names


@pytest.mark.usefixtures("die_race_registered")
def test_the_virtual_kit_opens_as_a_drawer_over_the_game(ui: Driver) -> None:
    ui.app.start_game("die-race", 2, {}, ["Ann", "Bo"])
    ui.pump(3)
    screen = ui.screen()
    width = screen.width
    ui.tap(ui.app.root.ids.panel_button)
    ui.pump(3)
    panel = ui.app.root.ids.panel
    assert ui.app.panel_open and panel.right == ui.app.root.right
    assert screen.width == width, "the game keeps its whole width"
    ui.screenshot("kit-drawer")
    ui.tap(ui.app.root.ids.panel_button)
    ui.pump(3)
    assert panel.x >= ui.app.root.right


def test_a_text_house_rule_is_typed_on_the_on_screen_keyboard(ui: Driver) -> None:
    from kivy.core.window import Window
    from kivy.uix.boxlayout import BoxLayout

    from companion.engines.base import Option
    from companion.ui.option_row import OptionRow

    faces = Option("die_faces", "1 2 3 4 5 wolf", "The die's six faces.", "A die.")
    seen: list[object] = []
    box = BoxLayout()
    row = OptionRow(faces, faces.default, lambda k, v: seen.append(v))
    box.add_widget(row)
    ui.app.root.ids.manager.current_screen.add_widget(box)
    ui.pump(2)
    ui.tap(ui.button("Type", row.ids.controls))
    keyboard = _keyboard(ui)
    assert keyboard.text == "1 2 3 4 5 wolf"
    for _ in range(4):
        ui.tap(ui.button("Delete", keyboard))
    for key in "6":
        ui.tap(ui.button(key, keyboard.ids.row0))
    ui.screenshot("text-keyboard")
    ui.tap(keyboard.ids.done_button)
    assert seen == ["1 2 3 4 5 6"]
    assert row.label_text.startswith("[b]Die faces: 1 2 3 4 5 6[/b]")
    ui.settle_dialogs()
    assert not [w for w in Window.children if w is keyboard]
    box.parent.remove_widget(box)
