"""The app shell under Xvfb: launch, navigate with touches, screenshot and check each screen."""

from __future__ import annotations

import pytest
from kivy.core.window import Window

from companion.engines import registry
from tests.ui.conftest import SIZES, Driver


def test_home_shows_a_tile_per_game_and_the_simulated_banner(ui: Driver) -> None:
    home = ui.screen()
    assert home.name == "home"
    home.on_pre_enter()  # other tests register a test game; show the real list
    ui.pump(3)
    tiles = [w for w in home.ids.tiles.children]
    assert sorted(t.game_id for t in tiles) == sorted(g.id for g in registry.all_games())
    assert ui.app.root.ids.sim_banner.text == "SIMULATED DEVICES"
    assert ui.app.root.ids.sim_banner.width > 0
    assert not home.ids.continue_button.text.startswith("Continue")
    for size in ((800, 480), (1280, 720)):
        assert ui.screenshot("home", size).stat().st_size > 0
    ui.go_home()


def test_every_button_is_a_big_enough_touch_target(ui: Driver) -> None:
    from kivy.metrics import dp

    for name in ("home", "settings", "devices", "history"):
        ui.app.go(name)
        ui.pump(3)
        buttons = [
            w
            for w in ui.screen().walk(restrict=True)
            if hasattr(w, "on_release") and w.opacity > 0 and w.width > 0
        ]
        small = [(w.text, w.size) for w in buttons if min(w.size) < dp(48) - 0.5]
        assert not small, f"{name}: touch targets under 48 dp: {small}"


def test_settings_devices_history_and_back(ui: Driver) -> None:
    ui.tap(ui.screen().ids.settings_button)
    settings = ui.screen()
    assert settings.name == "settings"
    assert ui.app.screen_title == "Settings"
    labels = [w.text for w in settings.ids.body.walk() if hasattr(w, "text")]
    assert "Sound" in labels and "tap button" in labels and "Read through" in labels
    ui.screenshot("settings")

    ui.tap(ui.app.root.ids.home_button)
    assert ui.screen().name == "home"
    ui.tap(ui.screen().ids.devices_button)
    devices = ui.screen()
    assert devices.name == "devices"
    shown = {row.ids.name.text: row.ids.state.text for row in devices.ids.rows.children}
    assert shown["bag button"] == "simulated" and shown["buzzer"] == "simulated"
    assert shown["turntable"] == "simulated"
    ui.screenshot("devices")

    ui.tap(ui.app.root.ids.home_button)
    ui.tap(ui.screen().ids.history_button)
    history = ui.screen()
    assert history.ids.summary.text == "No game in progress."
    assert history.ids.undo_button.disabled
    ui.screenshot("history")
    ui.tap(ui.app.root.ids.home_button)
    assert ui.screen().name == "home"


def test_settings_changes_are_saved(ui: Driver) -> None:
    ui.app.go("settings")
    ui.pump(3)
    sound_row = ui.button("On", ui.screen().ids.body)
    before = ui.app.services.settings.sound
    ui.tap(sound_row)
    assert ui.app.services.settings.sound is (not before)
    saved = (ui.app.services.data_dir / "settings.json").read_text()
    assert f'"sound": {str(not before).lower()}' in saved
    ui.tap(ui.button("Off", ui.screen().ids.body))
    assert ui.app.services.settings.sound is before


def test_virtual_kit_panel_presses_a_mock_pin(ui: Driver) -> None:
    ui.tap(ui.app.root.ids.panel_button)
    assert ui.app.panel_open
    panel = ui.app.root.ids.panel
    ui.pump(3)
    from gpiozero import RGBLED, Button

    hub = ui.app.services.devices
    button = Button(hub.pins["bag_button"], pin_factory=hub.pin_factory)
    led = RGBLED(
        hub.pins["led_red"],
        hub.pins["led_green"],
        hub.pins["led_blue"],
        pin_factory=hub.pin_factory,
    )
    try:
        led.color = (1, 0, 0)
        from kivy.tests.common import UnitTestTouch

        x, y = panel.ids.bag_button.to_window(*panel.ids.bag_button.center)
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        ui.pump(3)
        assert button.is_pressed
        touch.touch_up()
        ui.pump(3)
        assert not button.is_pressed
        panel.update()
        assert panel.led_colour == [1.0, 0.0, 0.0, 1]
        ui.screenshot("virtual-kit")
    finally:
        button.close()
        led.close()
        ui.tap(ui.app.root.ids.panel_button)
    assert not ui.app.panel_open
    assert Window.size[0] == 800


def test_reading_text_grows_on_a_larger_screen(ui: Driver) -> None:
    from kivy.metrics import sp

    from companion.ui.app import MAX_TEXT_SCALE, text_scale

    assert text_scale(800, 480) == 1.0 and text_scale(640, 400) == 1.0
    assert text_scale(1920, 1080) == MAX_TEXT_SCALE
    ui.app.go("devices")
    ui.pump(3)
    row = ui.screen().ids.rows.children[0]
    small = row.ids.reading.font_size
    ui.resize((1280, 720))
    assert ui.app.text_scale == text_scale(1280, 720) > 1
    assert row.ids.reading.font_size == sp(16) * ui.app.text_scale > small
    ui.resize((800, 480))
    assert row.ids.reading.font_size == small


def test_the_top_bar_grows_with_the_screen_and_a_long_toast_stays_below_it(ui: Driver) -> None:
    """At 800x480 the top bar's buttons are 56 dp tall (a touch target is at least 48 dp);
    at 1280x720 the bar, its buttons and their words grow with the reading text; a toast,
    however long, stays below the bar and lets a tap through."""
    from kivy.metrics import dp, sp

    from tests.ui.table_checks import check_toast_leaves_the_top_bar

    ui.app.start_game("lost-in-the-woods", 1, {"deck": "digital"}, names=["Gretel"])
    ui.pump(3)
    ids = ui.app.root.ids
    bar = ids.home_button.parent
    for size in ((800, 480), (1280, 720)):
        ui.resize(size)
        scale = ui.app.text_scale
        assert bar.height == dp(56) * scale >= dp(48)
        for button in (ids.home_button, ids.panel_button):
            assert button.height == bar.height and button.y == bar.y, button.text
            assert button.font_size == sp(18) * scale
        assert ids.home_button.width == dp(96) * scale
        ui.app.notify("The wolf is coming. " * 40)  # many lines of words
        ui.pump(3)
        toast = ids.message_bar
        assert toast.top <= bar.y + 0.5, "a long toast grew over the top bar"
        ui.screenshot("top-bar-long-toast", size)
        check_toast_leaves_the_top_bar(ui)
    assert ui.app.text_scale > 1 and bar.height > dp(56)


@pytest.mark.parametrize("size", SIZES)
def test_every_device_has_a_test_button_that_says_what_to_expect(
    ui: Driver, size: tuple[int, int]
) -> None:
    """Issue 12.4: the Devices screen says "pressed / not pressed" and has a Test button
    per device (beep the buzzer, flash the LED, press-test a button); at 1280x720 its
    rows and buttons grow with the words."""
    from kivy.metrics import dp, sp

    from tests.ui.table_checks import shown

    ui.resize(size)
    ui.tap(ui.screen().ids.devices_button)
    devices = ui.screen()
    rows = {row.ids.name.text: row for row in devices.ids.rows.children}
    tested = [name for name, row in rows.items() if shown(row.ids.test_button)]
    assert {"bag button", "buzzer", "LED red", "LED green", "LED blue"} <= set(tested)
    for name in tested:
        button = rows[name].ids.test_button
        assert min(button.size) >= dp(48) - 0.5 and button.font_size == sp(18) * ui.app.text_scale
        ui.tap(button)
        said = ui.app.message
        assert said and said[0].isupper() and said.rstrip().endswith((".", "!")), said
        assert not {"low", "high", "pin", "level"} & set(said.lower().replace(".", "").split())
        if name == "bag button":  # a press test: the line reads in words, a press shows
            devices.update()
            assert rows[name].ids.reading.text.startswith("not pressed")
            ui.app.services.devices.press("bag_button")
            ui.pump(2)
            devices.update()
            assert rows[name].ids.reading.text.startswith("pressed")
            ui.app.services.devices.release("bag_button")
            ui.pump(2)
    ui.screenshot("devices-tested", size)
    ui.app.go("home")
    ui.pump(3)


@pytest.mark.parametrize("size", SIZES)
def test_the_virtual_kit_opens_as_a_drawer_over_the_game(ui: Driver, size: tuple[int, int]) -> None:
    """Issue 13.4: the kit lies over the game's right edge, below the top bar, and the
    game keeps its whole width (nothing of it is squeezed or cut)."""
    ui.resize(size)
    ui.app.start_game("lost-in-the-woods", 1, {"deck": "digital"}, names=["Gretel"])
    ui.pump(3)
    game = ui.screen()
    width = game.width
    ids = ui.app.root.ids
    ui.tap(ids.panel_button)
    ui.pump(3)
    panel = ids.panel
    assert ui.app.panel_open and panel.opacity == 1
    assert game.width == width == Window.width, "the game keeps its width"
    assert abs(panel.right - Window.width) < 0.5 and panel.top <= ids.home_button.parent.y + 0.5
    assert ids.panel_button.text == "Hide kit"
    ui.screenshot("virtual-kit-over-the-game", size)
    ui.tap(ids.panel_button)
    ui.pump(3)
    assert not ui.app.panel_open and panel.x >= Window.width - 0.5


def test_with_a_game_on_the_led_test_flashes_through_the_games_light(ui: Driver) -> None:
    """A game holds the LED (whose turn it is): its Test flashes the colour through the
    game's own light, on the real pins, instead of saying the LED is busy."""
    ui.app.start_game("le-petit-poucet", 3, {})
    ui.pump(3)
    ui.app.go("devices")
    ui.pump(3)
    devices = ui.screen()
    rows = {row.ids.name.text: row for row in devices.ids.rows.children}
    red = ui.app.services.devices.mock_pin("led_red")
    blue = ui.app.services.devices.mock_pin("led_blue")
    ui.tap(rows["LED blue"].ids.test_button)
    assert ui.app.message == "Look: the LED flashes blue 3 times."
    assert blue.state == 1 and red.state == 0  # the first flash, in blue alone
    ui.app.leave_game()
