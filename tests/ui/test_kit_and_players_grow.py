"""The Virtual kit panel and New game's Players rows grow at 1280x720 (issue 12, item 9),
by the app's text scale, as the top bar and the house-rule rows do."""

from __future__ import annotations

from typing import Any

import pytest
from kivy.metrics import dp, sp

from tests.ui.conftest import SIZES, Driver


def player_rows(ui: Driver) -> list[Any]:
    return list(reversed(ui.screen().ids.player_setup.ids.rows.children))


@pytest.mark.parametrize("size", SIZES)
def test_the_players_rows_grow_with_the_screen_and_still_hold_their_words(
    ui: Driver, size: tuple[int, int]
) -> None:
    ui.resize(size)
    scale = ui.app.text_scale
    assert (scale > 1) == (size != (800, 480))
    ui.app.services.roster.recent = ["Zoe", "Maximilian"]
    ui.app.services.roster.games["little-dead-riding-hood"] = ["Player 1", "Player 2"]
    ui.app.open_new_game("little-dead-riding-hood")
    ui.pump(3)
    screen = ui.screen()
    rows = player_rows(ui)
    assert len(rows) == 2
    for row in rows:
        assert row.height == pytest.approx(dp(56) * scale)
        assert row.ids.name_button.font_size == pytest.approx(sp(20) * scale)
        chip = row.ids.colour_chip
        assert chip.font_size == pytest.approx(sp(16) * scale)
        assert chip.texture_size[0] <= chip.width  # the whole colour name shows
        assert chip.width >= dp(84) * scale
    recent = list(screen.ids.player_setup.ids.recent.children)
    assert recent, "no recent names shown"
    for name in recent:
        assert name.font_size == pytest.approx(sp(18) * scale)
        assert name.height == pytest.approx(dp(56) * scale)
        assert name.texture_size[0] <= name.width
    draw = screen.ids.player_setup.ids.draw_button
    assert draw.font_size == pytest.approx(sp(18) * scale)
    for count in screen.ids.player_counts.children:  # "Players 2 3 4 5"
        assert count.font_size == pytest.approx(sp(20) * scale)
        assert count.height == pytest.approx(dp(56) * scale)
    for button in (screen.ids.start_button, screen.ids.my_box_button):
        assert button.font_size == pytest.approx(sp(18) * scale)
        assert button.height == pytest.approx(dp(56) * scale)
    ui.screenshot("new-game-players-grow", size)
    ui.tap(ui.button("Zoe", screen.ids.player_setup.ids.recent))
    assert "Zoe" in [r.ids.name_button.text for r in player_rows(ui)]


def test_the_chips_are_measured_again_when_the_window_grows(ui: Driver) -> None:
    ui.app.open_new_game("little-dead-riding-hood")
    ui.pump(3)
    small = [r.ids.colour_chip.width for r in player_rows(ui)]
    ui.resize((1280, 720))
    ui.pump(3)
    grown = player_rows(ui)
    assert all(r.ids.colour_chip.width > w for r, w in zip(grown, small, strict=True))
    for row in grown:
        assert row.ids.colour_chip.texture_size[0] <= row.ids.colour_chip.width


@pytest.mark.parametrize("size", SIZES)
def test_the_virtual_kit_grows_with_the_screen(ui: Driver, size: tuple[int, int]) -> None:
    ui.resize(size)
    scale = ui.app.text_scale
    ui.tap(ui.app.root.ids.panel_button)
    assert ui.app.panel_open
    try:
        panel = ui.app.root.ids.panel
        assert panel.width == pytest.approx(dp(210) * scale)
        for button in (panel.ids.bag_button, panel.ids.tap_button):
            assert button.font_size == pytest.approx(sp(18) * scale)
            assert button.height == pytest.approx(dp(56) * scale)
        assert panel.ids.led.height == pytest.approx(dp(48) * scale)
        assert panel.ids.led.height <= panel.width  # the LED's circle fits the drawer
        assert panel.ids.buzzer.font_size == pytest.approx(sp(15) * scale)
        ui.tap(ui.button("Devices"))
        ui.pump(3)
        ui.tap(panel.ids.bag_button)  # a real touch on the grown button presses the pin
        assert panel.ids.bag_button.top <= panel.top
        ui.screenshot("virtual-kit-grow", size)
    finally:
        ui.tap(ui.app.root.ids.panel_button)
    assert not ui.app.panel_open
