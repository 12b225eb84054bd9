"""Gingerdead House: a step's entry, movement and combat replayed on the grid, one event
at a time, at the players' pace (issue 13), driven by real taps.

The game is already final when a replay starts; the screen shows each monster entering,
each row it moves and each fight, and the moves wait until the replay ends or is skipped.
"""

from __future__ import annotations

import random
from typing import Any

from kivy.metrics import sp

from companion.engines.base import sample_chance
from companion.session.journal import Source
from companion.ui.games.gingerdead_house.phase_replay import PACES
from companion.ui.games.gingerdead_house.screen import (
    FLIP_ACTION_WORDS,
    WAIT_FOR_REPLAY,
    WATCHING,
)
from tests.ui.conftest import Driver
from tests.ui.playing import off_screen
from tests.ui.test_gingerdead_house_screen import (
    flip,
    move,
    quick_setup,
    shown_labels,
    skip_replay,
    start,
    tile,
    to_the_first_monster,
)


def to_the_dragon(ui: Driver) -> Any:
    """Known cards up to the Dragon's entry: it destroys the Gummy Grunt in lane 2."""
    screen = to_the_first_monster(ui)
    panel = screen.ids.replay
    assert screen.replaying and panel.counter == "Showing 1 of 1"
    assert "Burnt Biscuit Brute enters in lane 1" in panel.text
    assert not panel.auto  # the test steps with Next (start() paused it)
    ui.tap(panel.ids.next_button)  # past the last picture: the moves come back
    assert not screen.replaying
    ui.tap(ui.button("Dragon", screen.ids.flips))
    return screen


def test_a_monster_entering_and_its_fight_are_shown_one_by_one(ui: Driver) -> None:
    ui.resize((800, 480))
    screen = to_the_dragon(ui)
    panel = screen.ids.replay
    controller = ui.app.controller
    # "When Dragon ENTERS THE GAME, DESTROY all cards in the same lane." is already done
    # in the game; the screen shows the entry first, the Grunt still standing in row 1
    assert screen.replaying and panel.counter == "Showing 1 of 2"
    assert "Dragon enters in lane 2" in panel.text
    assert tile(screen, 2, 5).card == "Dragon" and tile(screen, 2, 5).news
    assert tile(screen, 2, 1).card == "Gummy Grunt" and not tile(screen, 2, 1).news
    assert controller.state.board.at(0, 2, 1) is None  # the game itself is final
    assert "Dragon enters in lane 2" in screen.log_text
    assert "Dragon destroys Gummy Grunt" not in screen.log_text  # not told before it is shown
    ui.screenshot("gingerdead-house-replay-entry")
    ui.screenshot("gingerdead-house-replay-entry", (1280, 720))
    ui.resize((800, 480))

    # the moves wait, and the screen says so
    moves = screen.ids.moves_view
    assert moves.disabled and moves.opacity == 0
    assert screen.ids.hand_button.disabled
    before = controller.state.to_dict()
    ui.tap(tile(screen, 3, 3))
    assert ui.app.message == WAIT_FOR_REPLAY
    assert controller.state.to_dict() == before
    assert not [w for w in shown_labels(screen) if w.font_size < sp(15)]

    ui.tap(panel.ids.next_button)
    assert panel.counter == "Showing 2 of 2" and "Dragon destroys Gummy Grunt" in panel.text
    assert tile(screen, 2, 1).card == "" and tile(screen, 2, 1).news
    assert not tile(screen, 2, 5).news
    assert "Dragon destroys Gummy Grunt in lane 2" in screen.log_text
    ui.screenshot("gingerdead-house-replay-fight")

    ui.tap(panel.ids.next_button)
    assert not screen.replaying and not moves.disabled and moves.opacity == 1
    assert "Player 1: play defenses" in screen.headline
    assert not any(t.news for t in screen.ids.grid.children)


def test_movement_plays_by_itself_at_the_chosen_pace_and_skip_shows_the_end(
    ui: Driver,
) -> None:
    screen = to_the_dragon(ui)
    panel = screen.ids.replay
    ui.tap(panel.ids.skip_button)
    assert not screen.replaying
    move(ui, "End the player step")
    # "Monsters move down one row, lane by lane, left to right." one picture each; then
    # the next turn begins
    assert screen.replaying and panel.counter == "Showing 1 of 4"
    assert "Player 1's monsters move" in panel.text
    assert tile(screen, 1, 5).card == "Burnt Biscuit Brute"  # not moved yet on screen

    ui.tap(panel.ids.auto_button)  # Auto: the next picture comes after the pace's time
    assert panel.auto and panel.ids.auto_button.text == "Pause"
    assert panel.seconds == PACES[1][1] and panel._timer.timeout == PACES[1][1]
    ui.tap(panel.ids.pace_button)  # Normal -> Fast
    assert panel.ids.pace_button.text == "Fast" and panel._timer.timeout == PACES[2][1]
    panel._cancel()  # the test's own tick below: a busy machine's clock must not add one
    panel.tick()  # what the clock does when the time is up
    ui.pump()
    assert panel.counter == "Showing 2 of 4"
    assert "Burnt Biscuit Brute moves to row 4 in lane 1" in panel.text
    assert tile(screen, 1, 4).card == "Burnt Biscuit Brute" and tile(screen, 1, 4).news
    assert tile(screen, 1, 5).news  # where it came from
    assert tile(screen, 2, 5).card == "Dragon"  # still to move
    assert panel._timer is not None  # Auto goes on

    ui.tap(panel.ids.skip_button)  # the end at once: the field as the game has it
    assert not screen.replaying and panel._timer is None
    assert "Dragon moves to row 4 in lane 2" in screen.log_text
    assert "Player 2: flip the action card" in screen.headline
    ui.tap(ui.button("Player 1", screen.ids.field_tabs))
    assert tile(screen, 2, 4).card == "Dragon" and tile(screen, 1, 4).card == "Burnt Biscuit Brute"

    # an undo takes the step back: no replay of anything
    ui.tap(ui.button("Undo"))
    assert "Player 1: play defenses" in screen.headline and not screen.replaying


def test_one_tap_flips_every_monster_of_the_step_from_the_apps_deck(ui: Driver) -> None:
    """ "2.) MONSTER: Flip monster cards equal to the number listed on the action card."
    With the app's deck one tap flips them all; each is journaled as its own flip, and
    the entries are replayed on the grid one by one."""
    ui.resize((800, 480))
    screen = start(ui, {})
    quick_setup(ui, "Gummy Grunt", (1, 2, 3))
    quick_setup(ui, "Plain Defense 6", (2, 3, 4))
    assert screen.ids.chance.ids.app_button.text == FLIP_ACTION_WORDS
    flip(ui, "flip Plain Action 2")
    session = ui.app.controller.session
    before = len(session.steps)
    app_button = screen.ids.chance.ids.app_button
    assert app_button.text == "Let the app flip all 2 monsters"
    assert ui.button("4", screen.ids.flips)  # a real flip can still be entered
    ui.tap(app_button)
    made = session.steps[before:]
    assert [s.source for s in made] == [Source.APP_DRAW, Source.APP_DRAW]
    assert all(s.text.startswith("flip ") for s in made)  # the per-card keys
    assert "flip a monster" not in screen.controller.view().headline
    # the replay holds both entries, and the table watches them before moving on
    panel = screen.ids.replay
    assert screen.replaying
    texts = [f.text for f in panel.replay.frames]
    assert sum(" enters in lane " in t for t in texts) == 2
    assert screen.headline == WATCHING and screen.status == ""
    assert screen.ids.banner.text == "Player 1's turn"
    ui.screenshot("gingerdead-house-flip-all")
    ui.tap(panel.ids.skip_button)
    assert not screen.replaying and screen.headline == screen.controller.view().headline
    assert app_button.text != "Let the app flip all 2 monsters"


def _next_breaks_through(controller: Any, action: Any) -> bool:
    """Whether ``action`` would take a monster past row 1 (tried on a copy)."""
    trial = controller.state.clone()
    trial.apply(action)
    return bool(trial.view().table.breakthroughs > controller.view().table.breakthroughs)


def test_a_fallen_house_and_the_next_turn_show_when_the_replay_reaches_them(
    ui: Driver,
) -> None:
    """ "If a monster gets past row 1, game over man, game over!" A house falls (and the
    next player's turn begins) in the replay at the picture where it happens, not
    before; Skip shows now."""
    ui.resize((800, 480))
    ui.app.start_game("gingerdead-house", 3, {})
    screen = ui.screen()
    screen.ids.replay.auto = False
    controller = ui.app.controller
    rng = random.Random(3)
    with off_screen(screen):  # never defend, until the next move breaks through
        while True:
            state = controller.state
            if state.is_chance_node():
                action = sample_chance(state, controller.draw_rng())
            else:
                choices = controller.view().choices
                quiet = [c for c in choices if c.hint["move"] in ("end", "pass")]
                action = state.key_to_action(rng.choice(quiet or list(choices)).key)
            if _next_breaks_through(controller, action) and not state.is_chance_node():
                break
            controller.apply(action, Source.APP_DRAW if state.is_chance_node() else Source.PLAYER)
    ui.pump()
    skip_replay(ui, screen)
    falling = controller.state.board.active
    name = controller.player_name(falling)
    controller.apply(action, Source.PLAYER)
    ui.pump()
    panel = screen.ids.replay
    texts = [f.text for f in panel.replay.frames]
    falls = texts.index(f"{name}'s house falls")
    tabs = screen.ids.field_tabs
    while panel.replay.index < falls:
        assert ui.button(name, tabs).text == name  # still standing on screen
        assert screen.ids.banner.text == f"{name}'s turn"
        assert screen.headline == WATCHING
        ui.tap(panel.ids.next_button)
    assert ui.button(name, tabs).text == f"{name} (fallen)"
    ui.screenshot("gingerdead-house-replay-falls")
    # the next turn (or, if the app's draws made this the last house but one, the end)
    turn = next((i for i, t in enumerate(texts) if t.endswith("'s turn") and i > falls), None)
    while panel.replay.index < (turn if turn is not None else len(texts) - 1):
        assert screen.ids.banner.text == f"{name}'s turn"
        ui.tap(panel.ids.next_button)
    if turn is not None:
        assert screen.ids.banner.text != f"{name}'s turn"
    else:
        assert controller.view().end is not None
        assert screen.ids.banner.text == f"{name}'s turn"  # the end is not told yet
    ui.tap(panel.ids.skip_button)
    ended = controller.view().end is not None  # then the end banner alone says why
    if ended:
        assert not screen.ids.banner.shown  # the end banner alone says who won
    else:
        assert screen.ids.banner.text != f"{name}'s turn"
    assert screen.headline == ("" if ended else controller.view().headline)
    assert screen.status == controller.view().table.status
