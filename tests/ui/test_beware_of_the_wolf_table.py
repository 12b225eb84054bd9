"""Beware of the Wolf in the players' words, at 800x480 and 1280x720 (issue 12).

Three named players on a hand-driven turntable: "Setting up" while the wolf is set,
then the turn banner names the player in their house's colour; the type reads at
800x480 and grows at 1280x720; a message leaves the top bar and the next tap alone;
History groups the public log by round; the end names the winner in their colour
with Play again and a readable Home.  Nobody holds a hidden hand in this game.
"""

from __future__ import annotations

import pytest

from companion.ui.games.beware_of_the_wolf.board_view import colour_of
from companion.ui.players import NEUTRAL
from tests.ui import table_checks as checks
from tests.ui.conftest import SIZES, Driver, table_source
from tests.ui.playing import hand_driven_turntable, off_screen, play_to_the_end

NAMES = ["Anna", "Ben", "Cleo"]


@pytest.mark.parametrize("size", SIZES)
def test_the_forest_reads_in_players_words(ui: Driver, size: tuple[int, int]) -> None:
    ui.resize(size)
    with hand_driven_turntable():
        ui.app.start_game("beware-of-the-wolf", 3, {}, names=NAMES)
    ui.pump(3)
    screen, controller = ui.screen(), ui.app.controller
    checks.check_turn_banner(screen.ids.turn, "Setting up", NEUTRAL, ui.app.text_scale)
    assert controller.apply(("wolf", 135), table_source(controller))
    ui.pump(3)
    first = f"{NAMES[controller.state.turn]}'s turn"  # no house yet: the table's grey
    checks.check_turn_banner(screen.ids.turn, first, NEUTRAL, ui.app.text_scale)
    for action in [("house", "red"), ("house", "blue"), ("house", "green")]:
        assert controller.apply(action, table_source(controller)), action
    ui.pump(3)
    faces = [w.text for w in reversed(screen.ids.chance.ids.outcomes.children)]
    assert faces == ["1", "2", "3", "4", "5", "Wolf's head"]  # a fair die: no shares
    assert controller.apply(("roll", 2), table_source(controller))
    ui.pump(3)
    player = controller.state.turn
    house = controller.state.colour_of(player)
    checks.check_turn_banner(
        screen.ids.turn, f"{NAMES[player]}'s turn", colour_of(house), ui.app.text_scale
    )
    if size == (800, 480):
        assert checks.too_small(screen) == []
    else:
        assert checks.too_small(screen, 15 * 1.15) == []  # the words grow with the board
    ui.screenshot("wolf-table-move", size)
    checks.check_toast_leaves_the_top_bar(ui)
    checks.check_history_by_round(ui)

    with off_screen(screen):
        play_to_the_end(controller, 11)
    ui.pump(3)
    banner = screen.ids.end
    winner = controller.state.winners[0]
    assert banner.title == f"{NAMES[winner]} wins!"
    assert not screen.ids.turn.shown  # one ending: the end banner alone
    checks.check_end_banner(banner)
    ui.screenshot("wolf-table-end", size)
    with hand_driven_turntable():
        checks.check_play_again_or_home(ui, banner, size)
