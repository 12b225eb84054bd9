"""Le Petit Poucet in the players' words, at 800x480 and 1280x720 (issue 12).

Three named children: the turn banner names the step in the acting child's pawn
colour and grows with the app's text scale; the secret pebble vote stays hidden until
its voter asks ("I am Ben: show my choices"); the type reads at 800x480 and grows at
1280x720; a message leaves the top bar and the next tap alone; History groups the
public log by turn (the rulebook's word); the end names the winner with Play again and a readable Home.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from companion.engines.le_petit_poucet.steps import VOTE
from companion.ui.view_widgets import player_colour
from tests.ui import table_checks as checks
from tests.ui.conftest import SIZES, Driver, table_source
from tests.ui.playing import off_screen, play_to_the_end

NAMES = ["Anna", "Ben", "Cleo"]


@pytest.fixture
def ui(ui: Driver) -> Iterator[Driver]:
    yield ui
    ui.app.leave_game()
    ui.app.manager.get_screen("home").on_pre_enter()


def vote_buttons(screen: Any) -> list[str]:
    """The step panel's buttons: the voter's "show my choices", or their choices."""
    steps = screen.steps.ids
    return [
        w.text
        for box in (steps.reveal, steps.choices)
        for w in box.walk(restrict=True)
        if hasattr(w, "on_release")
    ]


@pytest.mark.parametrize("size", SIZES)
def test_the_path_reads_in_players_words(ui: Driver, size: tuple[int, int]) -> None:
    ui.resize(size)
    ui.app.start_game("le-petit-poucet", 3, {}, names=NAMES)
    ui.pump(3)
    screen, controller = ui.screen(), ui.app.controller
    for action in [("first", 0), ("draw",), ("pass",), ("pass",), ("box",)]:
        controller.apply(action, table_source(controller))
    for card in (0, 1, 2):  # each child grabs the card that turns up
        controller.apply(("reveal", card), table_source(controller))
        controller.apply(("grab", card), table_source(controller))
    ui.pump(3)
    assert controller.state.phase == VOTE
    voter = controller.state.voter()
    step = controller.view().table.step_title
    colour = player_colour(voter, controller.game)
    checks.check_turn_banner(screen.ids.banner, step, colour, ui.app.text_scale)
    assert vote_buttons(screen) == [f"I am {NAMES[voter]}: show my choices"]  # kept secret
    if size == (800, 480):
        assert checks.too_small(screen) == []
    else:
        assert checks.too_small(screen, 15 * 1.3) == []  # the words grow with the screen
    ui.screenshot("petit-poucet-table-vote", size)
    ui.tap(ui.button("show my choices"))
    votes = vote_buttons(screen)  # a vote for a child, by name ("Anna (you)" for oneself)
    assert [v.split(" (")[0] for v in votes] == NAMES and f"{NAMES[voter]} (you)" in votes
    checks.check_toast_leaves_the_top_bar(ui)
    checks.check_history_by_round(ui, word="Turn")  # the rulebook's word: "several turns"

    with off_screen(screen):
        play_to_the_end(controller, 7)
    ui.pump(3)
    banner = screen.steps.ids.end
    assert banner.title.endswith(("wins!", "win!")) or banner.title == "Nobody wins"
    assert not screen.ids.banner.shown  # one ending: the end banner alone
    checks.check_end_banner(banner)
    ui.screenshot("petit-poucet-table-end", size)
    checks.check_play_again_or_home(ui, banner, size)
