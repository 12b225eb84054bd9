"""New game's players (issue 12.1): each colour chip holds its whole name, who begins is
the rulebook's own rule for each game, and the names reach the prompts and the log."""

from __future__ import annotations

import pytest

from companion.ui.player_setup import RULEBOOK_BEGINS
from tests.ui.conftest import SIZES, Driver

BEGINS = {
    # "The youngest player begins and rolls the die."
    "beware-of-the-wolf": "the youngest player begins",
    # "The youngest player goes first."
    "little-dead-riding-hood": "the youngest player begins",
    # the first step of the game draws who begins (a random player)
    "le-petit-poucet": "The game itself chooses who begins",
    # the rulebook names nobody
    "gingerdead-house": "The rulebook does not say who begins",
}


def _rows(ui: Driver) -> list:
    return list(reversed(ui.screen().ids.player_setup.ids.rows.children))


@pytest.mark.parametrize("game_id", sorted(BEGINS))
def test_new_game_says_the_rulebooks_first_player(ui: Driver, game_id: str) -> None:
    ui.app.open_new_game(game_id)
    ui.pump(3)
    setup = ui.screen().ids.player_setup
    assert BEGINS[game_id] in setup.rule_text
    assert setup.rule_text != "Tap Begins beside who starts."


def test_a_game_for_one_asks_nobody_who_begins(ui: Driver) -> None:
    ui.app.open_new_game("lost-in-the-woods")
    ui.pump(3)
    setup = ui.screen().ids.player_setup
    assert setup.rule_text == "" and not setup.asks
    assert setup.ids.draw_button.opacity == 0
    assert all(r.ids.begins_button.opacity == 0 for r in _rows(ui))


@pytest.mark.parametrize("size", SIZES)
def test_each_colour_chip_fits_its_name(ui: Driver, size: tuple[int, int]) -> None:
    ui.resize(size)
    ui.app.open_new_game("gingerdead-house")
    ui.pump(3)
    screen = ui.screen()
    ui.tap(next(b for b in screen.ids.player_counts.children if b.text == "4"))
    ui.pump(3)
    chips = [row.ids.colour_chip for row in _rows(ui)]
    assert [c.text for c in chips] == ["Gingerbread", "Mint", "Frosting Pink", "Blueberry"]
    for chip in chips:
        chip.texture_update()
        assert chip.width >= chip.texture_size[0], f"{chip.text} is clipped"
    ui.screenshot("new-game-colour-chips", size)


def test_names_reach_the_prompt_and_the_log(ui: Driver) -> None:
    from companion.session.journal import Source

    ui.app.start_game("beware-of-the-wolf", 2, {}, ["Ann", "Bo"])
    ui.pump(3)
    controller = ui.app.controller
    headlines = []
    for _ in range(8):  # set the wolf, choose the houses, the first rolls
        state = controller.session.state
        headlines.append(state.view().headline)
        if state.is_chance_node():
            controller.apply(state.chance_outcomes()[0][0], Source.MANUAL)
        else:
            controller.apply(state.legal_actions()[0])
    assert "Ann, choose your house." in headlines and "Bo, choose your house." in headlines
    log = [line.text for line in controller.session.state.view().log]
    assert any("Ann" in text for text in log) and any("Bo" in text for text in log)
    assert not any("Player 1" in text or "Player 2" in text for text in log + headlines)


def test_every_rule_of_who_begins_is_worded() -> None:
    assert all(text[:1].isupper() and text.endswith(".") for text in RULEBOOK_BEGINS.values())
