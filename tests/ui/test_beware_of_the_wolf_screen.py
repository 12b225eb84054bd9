"""The Beware of the Wolf screen, driven by taps: setup, dice, moves, spins, hits, tools, the end."""

from __future__ import annotations

import time
from typing import Any

import pytest
from kivy.core.window import Window
from kivy.metrics import sp
from kivy.tests.common import UnitTestTouch
from kivy.uix.button import Button
from kivy.uix.label import Label

from companion.devices.turntable.detector import SpinDetector
from companion.session.journal import Source
from companion.ui.confirm import Confirm
from companion.ui.games.beware_of_the_wolf.board_view import colour_of, flick_velocity
from companion.ui.games.beware_of_the_wolf.screen import WolfScreen
from tests.ui.conftest import Driver, table_source
from tests.ui.playing import hand_driven_turntable, play_to_the_end


def tap_at(ui: Driver, widget: Any, x: float, y: float) -> None:
    wx, wy = widget.to_window(x, y)
    touch = UnitTestTouch(wx, wy)
    touch.touch_down()
    ui.pump(1)
    touch.touch_up()
    ui.pump(2)


def buttons(root: Any) -> list[Any]:
    return [w for w in root.walk(restrict=True) if isinstance(w, Button)]


def start(ui: Driver, players: int = 3) -> WolfScreen:
    with hand_driven_turntable():
        ui.app.start_game("beware-of-the-wolf", players, {})
    ui.pump(3)
    screen = ui.screen()
    assert isinstance(screen, WolfScreen)
    assert screen.link is not None
    return screen


def at_the_spin(ui: Driver) -> WolfScreen:
    """Two players set up, the wolf's head rolled and "Spin the wolf" tapped."""
    screen = start(ui, 2)
    controller = ui.app.controller
    for action in [("wolf", 135), ("house", "red"), ("house", "blue"), ("roll", "wolf")]:
        assert controller.apply(action, table_source(controller))
    ui.pump(3)  # the new choice buttons are laid out a frame after the change
    ui.tap(ui.button("Spin the wolf", screen.ids.actions))
    return screen


def test_setup_dice_moves_and_a_refused_tap(ui: Driver) -> None:
    screen = start(ui)
    view = screen.board_view
    assert screen.headline == "Turn the wolf so that it points at no house."
    tap_at(ui, view, *view.space_point("o0"))  # pointing at the red house: refused
    assert "not possible" in ui.app.message
    tap_at(ui, view, *view.space_point("o12"))  # 135 deg: fine, entered by hand
    state = ui.app.controller.state
    assert state.wolf == 135 and state.phase == "choose-house"
    assert ui.app.controller.session.steps[-1].source is Source.MANUAL

    assert not buttons(screen.ids.actions)  # houses are chosen on the board only
    tap_at(ui, view, *view.house_point("blue"))
    tap_at(ui, view, *view.house_point("red"))
    tap_at(ui, view, *view.house_point("green"))
    state = ui.app.controller.state
    assert [state.board.houses[h].colour for h in state.houses] == ["blue", "red", "green"]  # type: ignore[index]
    assert screen.ids.turn.text == "Player 1's turn" and screen.ids.chance.what == "Roll the die"
    assert screen.headline == ""  # said once: the banner and the die's own heading

    ui.tap(ui.button("3", screen.ids.chance))  # a fair die: its faces, with no shares
    assert ui.app.controller.state.phase == "move" and "rolled 3" in screen.headline
    assert screen.board_view.picture.targets == {"o10", "i5"}
    assert not buttons(screen.ids.actions)  # no "move to ..." list: the board is the input
    assert "Tap a lit space" in screen.details
    tap_at(ui, view, *view.space_point("o3"))
    assert "not a move for 3" in ui.app.message
    x, y = view.space_point("o10")
    what, angle, _ = view.locate(x + 20, y - 12)  # a finger lands beside the narrow lit space
    assert what not in ("outer", "inner") or view.board.space_at(what, angle) != "o10"
    tap_at(ui, view, x + 20, y - 12)  # ... and still chooses it
    state = ui.app.controller.state
    assert state.positions[0] == "o10" and state.turn == 1
    ui.screenshot("wolf-board")
    ui.screenshot("wolf-board", (1280, 720))

    ui.tap(ui.button("Undo"))
    assert ui.app.controller.state.positions[0] is None and "Took back" in ui.app.message


def test_a_flick_of_the_simulated_wolf_is_read_back_as_the_spin(ui: Driver) -> None:
    screen = at_the_spin(ui)
    controller = ui.app.controller
    assert controller.state.phase == "spin"
    link = screen.link
    assert link is not None
    source: Any = link.source
    now = [time.monotonic() + 10.0]
    source.clock = lambda: now[0]
    link.detector = SpinDetector(clock=lambda: now[0])
    for _ in range(40):  # the wolf stands still: the detector learns where it rests
        now[0] += 0.01
        source.tick()
    link.drain()
    screen.on_flick(900.0)
    for i in range(3000):
        now[0] += 0.01
        source.tick()
        if i % 5 == 0:
            link.drain()
        if controller.state.phase != "spin":
            break
    step = controller.session.steps[-1]
    assert step.source is Source.SENSOR
    rest = source.model.noiseless_reading()
    assert abs((controller.state.wolf - rest + 180) % 360 - 180) <= 1.0
    assert screen.store is not None and len(screen.store.load_spins()) >= 1


def test_the_wolf_hit_moves_pawns_back_step_by_step(ui: Driver) -> None:
    screen = start(ui, 2)
    controller = ui.app.controller
    for action in [
        ("wolf", 135),
        ("house", "red"),
        ("house", "blue"),
        ("roll", 3),
        ("move", "o0", "o1", "o2"),  # red behind the tree at o2
        ("roll", 4),
        ("move", "o8", "o9", "o10", "o11"),  # blue on o11
        ("roll", "wolf"),
        ("spin",),
    ]:
        assert controller.apply(action, table_source(controller)), action
    view = screen.board_view
    tap_at(ui, view, *view.space_point("o11"))  # the snout settled pointing at o11
    state = controller.state
    assert state.wolf == 124 and state.positions[1] is None  # back 4 would pass its house: home
    assert ["wolf-hit", 1, "o11", None, ["o10", "o9", "o8"]] in state.events
    walk = ["o11", "o10", "o9", "o8", None]
    shown = screen._animation[1]  # frames may already have moved it a step or two
    assert shown == walk[len(walk) - len(shown) :] and len(shown) >= 2
    assert "caught" in screen.details
    pawns = dict(screen.board_view.picture.pawns)
    assert pawns["blue"] == shown[0]  # drawn on its way back, not yet at home
    for _ in range(10):
        screen._animate_step(0)
    assert not screen._animation
    ui.screenshot("wolf-hit")


def test_the_winner_is_shown(ui: Driver) -> None:
    screen = start(ui, 2)
    controller = ui.app.controller
    play_to_the_end(controller, 5)
    ui.pump(2)
    end = screen.ids.end
    assert "wins!" in end.title and "exact throw" in end.reason
    winner = controller.state.winners[0]
    colour = controller.state.board.houses[controller.state.houses[winner]].colour
    assert tuple(end.background)[:3] == colour_of(colour)  # the winner's pawn colour
    turn = screen.ids.turn  # one ending: no "Game over" banner above the winner's
    assert not turn.shown and turn.height == 0 and "Game over" not in turn.text
    ui.screenshot("wolf-winner")
    ui.screenshot("wolf-winner", (1280, 720))


def test_wolf_tools_calibrate_and_show_spinner_health(ui: Driver) -> None:
    screen = start(ui, 2)
    ui.tap(ui.button("Wolf tools"))
    tools = ui.screen()
    assert tools.name == "wolf-tools"
    ui.tap(ui.button("Calibrate", tools))
    assert "red house" in tools.prompt
    assert screen.link is not None
    screen.link.last_raw = 200.0
    ui.tap(ui.button("Tap: the snout", tools))
    screen.link.last_raw = 205.0
    ui.tap(ui.button("Tap: the snout", tools))
    assert "turn it further" in tools.feedback
    screen.link.last_raw = 290.0
    ui.tap(ui.button("Tap: the snout", tools))
    assert screen.link.calibration.zero_deg == 200.0
    assert screen.store is not None and screen.store.calibration_path.exists()
    ui.tap(ui.button("Back", tools))
    for angle in range(0, 360, 7):
        screen.store.add_spin(float(angle))
    ui.tap(ui.button("Spinner health", tools))
    assert "No sign of bias" in tools.prompt
    ui.screenshot("wolf-spinner-health")
    ui.tap(ui.button("Back", tools))
    ui.tap(ui.button("Teach the board", tools))
    screen.link.last_raw = 200.0  # board angle 0 after the calibration above
    ui.tap(ui.button("Tap: the snout", tools))
    assert "line 1 at 0.0 degrees" in tools.feedback
    ui.tap(ui.button("Next", tools))
    assert "at least 4 lines" in tools.feedback
    ui.screenshot("wolf-teach")
    ui.tap(ui.button("Back", tools))
    ui.tap(ui.button("Close", tools))
    assert ui.screen() is screen


def test_flick_velocity_from_a_drag_round_the_wolf() -> None:
    assert flick_velocity([(0.0, 350.0), (0.05, 10.0), (0.1, 30.0)]) == 400.0
    assert flick_velocity([(0.0, 10.0), (0.1, 12.0)]) is None  # barely moved: a tap
    assert flick_velocity([(0.0, 30.0), (0.1, 0.0)]) == -300.0


def test_a_spin_while_wolf_tools_are_open_is_not_a_game_move(ui: Driver) -> None:
    screen = at_the_spin(ui)
    controller = ui.app.controller
    steps = len(controller.session.steps)
    ui.tap(ui.button("Wolf tools"))
    assert ui.screen().name == "wolf-tools"
    screen.on_settled(200.0, True)
    assert len(controller.session.steps) == steps
    ui.screen().close()
    ui.pump(3)
    screen.on_settled(200.0, True)
    assert len(controller.session.steps) == steps + 1


def play(ui: Driver, *actions: Any) -> None:
    for action in actions:
        controller = ui.app.controller
        assert controller.apply(action, table_source(controller)), action
    ui.pump(3)


def test_two_ways_to_one_space_are_listed_only_after_the_space_is_tapped(ui: Driver) -> None:
    screen = start(ui, 2)
    play(ui, ("wolf", 200), ("house", "red"), ("house", "blue"), ("roll", 1))
    view = screen.board_view
    tap_at(ui, view, *view.space_point("o0"))
    play(ui, ("roll", 1), ("move", "o8"), ("roll", 4))
    assert "o4" in view.picture.targets and not buttons(screen.ids.actions)
    tap_at(ui, view, *view.space_point("o4"))  # two ways lead there
    ways = buttons(screen.ids.actions)
    assert [b.text.rsplit(", ", 1)[1] for b in ways] == [
        "along the outer path",
        "by the inner path",
    ]
    assert view.picture.targets == {"o4"} and "which way" in screen.details
    assert all(b.height >= b.texture_size[1] for b in ways)  # the long label wraps, uncut
    ui.screenshot("wolf-two-ways")
    ui.screenshot("wolf-two-ways", (1280, 720))
    ui.tap(ui.button("by the inner path", screen.ids.actions))
    state = ui.app.controller.state
    assert state.positions[0] == "o4" and "i1" in ui.app.controller.session.steps[-1].text
    assert not buttons(screen.ids.actions)


def test_a_spin_that_catches_nobody_says_so_and_a_catch_sounds(ui: Driver) -> None:
    screen = start(ui, 2)
    play(ui, ("wolf", 135), ("house", "red"), ("house", "blue"), ("roll", 3))
    play(ui, ("move", "o0", "o1", "o2"), ("roll", 4), ("move", "o8", "o9", "o10", "o11"))
    play(ui, ("roll", "wolf"), ("spin",))
    view = screen.board_view
    tap_at(ui, view, *view.space_point("o24"))  # nobody stands there
    assert "The wolf catches nobody." in screen.details
    assert screen._cues is not None and "wolf_catch" not in screen._cues.played
    play(ui, ("roll", "wolf"), ("spin",))
    tap_at(ui, view, *view.space_point("o2"))  # red hides behind the tree there: safe
    assert "catches nobody" in screen.details
    play(ui, ("roll", "wolf"))
    assert "If the wolf is spun, it catches Player 2" in screen.odds  # before the decision
    assert "fair spinner" in screen.odds
    play(ui, ("spin",))
    assert not screen.odds
    tap_at(ui, view, *view.space_point("o11"))
    assert "caught Player 2" in screen.details
    assert screen._cues.played[-1] == "wolf_catch"


def test_the_catch_odds_follow_the_owners_spinner_once_it_has_enough_spins(ui: Driver) -> None:
    screen = start(ui, 2)
    play(ui, ("wolf", 135), ("house", "red"), ("house", "blue"), ("roll", 3))
    play(ui, ("move", "o0", "o1", "o2"), ("roll", 4), ("move", "o8", "o9", "o10", "o11"))
    play(ui, ("roll", "wolf"))
    assert "Player 2 4%" in screen.odds
    assert screen.store is not None
    screen.store.spins_path.unlink(missing_ok=True)  # this turntable's own record only
    for _ in range(100):  # a worn turntable that loves the blue house's side
        screen.store.add_spin(125.0)
    screen.refresh()
    assert "from your spinner's last 100 spins" in screen.odds
    assert "Player 2 4%" not in screen.odds
    ui.screenshot("wolf-odds")
    ui.screenshot("wolf-odds", (1280, 720))


def test_one_needle_or_two_with_a_legend(ui: Driver) -> None:
    screen = start(ui, 2)
    play(ui, ("wolf", 135), ("house", "red"), ("house", "blue"))
    screen._live_angle(135.4)  # the turntable agrees with the game: one needle
    assert screen.legend == ""
    screen._live_angle(200.0)  # someone nudged the wolf: both, and which is which
    assert "Red needle" in screen.legend and "White needle" in screen.legend
    assert screen.legend.endswith("Turn the real wolf to the red needle.")  # nothing read now
    assert {"o12"} <= screen.board_view.picture.guarded  # a tree under the wolf's zone
    ui.screenshot("wolf-two-needles")
    ui.screenshot("wolf-two-needles", (1280, 720))
    screen._live_angle(135.0)
    assert screen.legend == ""


def test_the_winner_may_turn_the_wolf_before_the_next_game(ui: Driver) -> None:
    screen = start(ui, 2)
    play(ui, ("wolf", 135), ("house", "red"), ("house", "blue"))
    session = ui.app.controller.session
    state = ui.app.controller.state
    state.quarters[0] = 15  # red has been round the forest: one exact throw takes it home
    state.positions[0] = "o0"
    play(ui, ("roll", 1), ("move", "house"))
    assert ui.app.controller.state.is_terminal() and session is ui.app.controller.session
    assert screen.ids.end.reason.endswith("Play again: Player 1 may turn the wolf first.")
    ui.screenshot("wolf-winner-offers")
    with hand_driven_turntable():
        ui.tap(ui.button("Play again", screen.ids.end))
    again = ui.screen()
    assert isinstance(again, WolfScreen) and again is not screen
    assert again.headline.startswith("Player 1 won the last game and may turn the wolf")
    assert again.link is not None and again.link.board_angle() is None  # no reading yet
    assert again.board_view.picture.wolf_deg == 135  # the board shows where the wolf was left
    ui.screenshot("wolf-winner-turns")
    ui.screenshot("wolf-winner-turns", (1280, 720))
    assert again.ids.turn.text == "Player 1 may turn the wolf"
    again.on_settled(135.0, False)  # the turntable rests where it was: not yet the set-up
    assert ui.app.controller.state.phase == "set-wolf"
    ui.tap(ui.button("Keep the wolf where it is", again.ids.actions))
    state = ui.app.controller.state
    assert state.wolf == 135 and state.phase == "choose-house"
    assert ui.app.controller.session.steps[-1].source is Source.MANUAL
    assert "won the last game" not in again.headline


def test_calibrating_mid_game_asks_first_and_says_what_happens(ui: Driver) -> None:
    start(ui, 2)
    play(ui, ("wolf", 135), ("house", "red"), ("house", "blue"))
    ui.tap(ui.button("Wolf tools"))
    tools = ui.screen()
    ui.tap(ui.button("Calibrate", tools))
    assert tools.mode == "menu"  # not yet: it asks
    dialog = next(w for w in Window.children if isinstance(w, Confirm))
    question = ui.button("Not now", dialog)
    assert "game is under way" in dialog.question and "moves no pawn" in dialog.question
    ui.screenshot("wolf-calibrate-ask")
    ui.screenshot("wolf-calibrate-ask", (1280, 720))
    ui.resize((800, 480))
    ui.tap(question)
    assert tools.mode == "menu"
    ui.tap(ui.button("Calibrate", tools))
    ui.tap(ui.button("Calibrate now", next(w for w in Window.children if isinstance(w, Confirm))))
    assert tools.mode == "calibrate" and "red house" in tools.prompt
    ui.tap(ui.button("Back", tools))
    ui.tap(ui.button("Close", tools))


def small_text(root: Any) -> list[str]:
    """Every label a player reads on ``root`` that is under 15sp."""
    return [
        f"{w.text!r} at {w.font_size / sp(1):.0f}sp"
        for w in root.walk(restrict=True)
        if isinstance(w, Label) and w.text and w.opacity > 0 and w.font_size < sp(15) - 0.01
    ]


def test_nothing_on_the_screen_is_below_15sp_at_800x480(ui: Driver) -> None:
    screen = start(ui, 2)
    ui.resize((800, 480))
    seen = [small_text(screen)]
    play(ui, ("wolf", 135), ("house", "red"), ("house", "blue"))
    seen.append(small_text(screen))
    play(ui, ("roll", "wolf"))
    seen.append(small_text(screen))
    screen._live_angle(10.0)
    ui.pump(2)
    seen.append(small_text(screen))
    play_to_the_end(ui.app.controller, 3)
    ui.pump(3)
    seen.append(small_text(screen))
    assert not [problem for problems in seen for problem in problems]


@pytest.mark.parametrize("players", [2, 4])
def test_set_up_from_home_is_two_taps_the_wolf_and_a_house_each(ui: Driver, players: int) -> None:
    """Home -> the first move: the game's tile, the number of players (2 is ready), Start, the
    wolf set (the app does it: the rulebook's "points at none of the houses"), and each
    player's house tapped on the board; then the die and a lit space."""
    ui.go_home()
    home = ui.screen()
    home.on_pre_enter()
    ui.pump(3)
    taps = 0
    with hand_driven_turntable():
        ui.tap(next(t for t in home.ids.tiles.children if t.game_id == "beware-of-the-wolf"))
        taps += 1
        ui.pump(3)
        new_game = ui.screen()
        if players != 2:
            ui.tap(next(b for b in new_game.ids.player_counts.children if b.text == str(players)))
            taps += 1
        ui.tap(new_game.ids.start_button)
        taps += 1
        ui.pump(3)
    screen = ui.screen()
    assert isinstance(screen, WolfScreen)
    ui.tap(screen.ids.chance.ids.app_button)  # set the wolf
    taps += 1
    view = screen.board_view
    for colour in ("red", "blue", "yellow", "green")[:players]:
        tap_at(ui, view, *view.house_point(colour))
        taps += 1
    state = ui.app.controller.state
    assert state.phase == "roll"
    assert taps == 3 + players + (players != 2)  # the set-up: no tap more than it needs
    ui.tap(screen.ids.chance.ids.app_button)  # the die
    while ui.app.controller.state.phase == "spin-choice":  # the wolf's head: leave it
        ui.tap(ui.button("Leave the wolf"))
        ui.tap(screen.ids.chance.ids.app_button)
    target = next(iter(screen.board_view.picture.targets), None)
    steps = len(ui.app.controller.session.steps)
    if target is not None:
        tap_at(ui, view, *view.space_point(target))
        if len(ui.app.controller.session.steps) == steps:  # two paths reach it: pick one
            ways = buttons(screen.ids.actions)
            assert len(ways) > 1 and all("path" in b.text for b in ways), [b.text for b in ways]
            ui.tap(ways[0])
    else:  # no way round the wolf: the only choice is a button
        ui.tap(buttons(screen.ids.actions)[0])
    made = ui.app.controller.session.steps[steps:]  # the first move is made (it may lead on
    assert [s.source for s in made] == [Source.PLAYER]  # to a spin, so turns are not counted)


def test_while_a_spin_is_read_the_legend_asks_nothing_of_the_table(ui: Driver) -> None:
    """At the spin the white needle is the wolf being read: no "turn the real wolf"."""
    screen = at_the_spin(ui)
    screen._live_angle((screen.board_view.picture.wolf_deg or 0.0) + 90.0)
    assert "White needle" in screen.legend
    assert "Turn the real wolf" not in screen.legend
