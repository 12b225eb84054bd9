"""Settings: house rules per game, the turntable port, GPIO pins, sound and tempo,
the screen's brightness, and Quit / Restart / Shut down for a touch-only kiosk.
The games are listed from their listings: a game's engine is imported when its
house rules are first shown.

Every change is validated by ``companion.settings`` and saved at once; a refused
value is explained in the message bar.  Pin changes take effect at the next start.
Everything is editable by touch: steppers, pick-lists and the on-screen keyboard.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen

from companion import owner_box
from companion.devices.turntable.discovery import all_ports
from companion.engines import registry
from companion.engines.base import Game
from companion.settings import SLEEP_MINUTES, SettingsError, next_free_pin
from companion.system.backlight import find_backlight
from companion.system.power import can_power_off
from companion.ui.confirm import Confirm
from companion.ui.option_row import OptionRow
from companion.ui.pick_list import PickList
from companion.ui.screens import load_kv

load_kv(__file__)

DEVICE_SECTION = "devices"


class SettingsScreen(Screen):
    title = "Settings"
    section = StringProperty(DEVICE_SECTION)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="settings", **kwargs)

    @property
    def settings(self) -> Any:
        return App.get_running_app().services.settings

    def on_pre_enter(self, *_args: Any) -> None:
        sections = self.ids.sections
        sections.clear_widgets()
        entries = [(DEVICE_SECTION, "Devices & sound")]
        entries += [(g.id, g.name) for g in registry.listings()]  # engines load when shown
        for key, label in entries:
            button = Factory.SectionButton(text=label, group="section", allow_no_selection=False)
            button.state = "down" if key == self.section else "normal"
            button.bind(on_release=lambda _b, k=key: self.show(k))
            sections.add_widget(button)
        self.show(self.section)

    def show(self, section: str) -> None:
        self.section = section
        body = self.ids.body
        body.clear_widgets()
        body.parent.scroll_y = 1
        if section == DEVICE_SECTION:
            self._device_rows(body)
            return
        data_dir = App.get_running_app().services.data_dir
        try:
            shipped = registry.get(section)  # the game's engine is imported here, once
        except registry.GameUnavailable as err:
            body.add_widget(Factory.Heading(text=f"House rules: {err.name}"))
            body.add_widget(Factory.Body(text=f"{err}."))
            return
        game = owner_box.game_with_box(data_dir, shipped)  # the owner's box
        body.add_widget(Factory.Heading(text=f"House rules: {game.name}"))
        if not game.options:
            body.add_widget(Factory.Body(text="This game has no house-rule options."))
        values = owner_box.options_that_fit(game, self.settings.options_for(game.id, game))
        reset = self.settings.take_note(game.id)  # saved rules this version dropped
        if reset:
            App.get_running_app().notify(reset)
        save = partial(self._save_option, game)
        for option in game.options:
            body.add_widget(OptionRow(option, values[option.key], save))

    def _save_option(self, game: Game, key: str, value: Any) -> None:
        self.settings.set_option(game.id, key, value, game)
        App.get_running_app().services.save_settings()

    def _device_rows(self, body: Any) -> None:
        settings = self.settings
        body.add_widget(Factory.Heading(text="Sound and tempo"))
        body.add_widget(
            self._row("Sound", f"{'On' if settings.sound else 'Off'}", toggle=self._toggle_sound)
        )
        body.add_widget(  # 0-100 % in steps of 10, for the count sounds and the cues
            self._row(
                "Volume",
                f"{settings.volume}%",
                step=lambda d: self._apply(settings.set_volume, settings.volume + d * 10),
            )
        )
        body.add_widget(
            self._row(
                "Count tempo (seconds per count)",
                f"{settings.tempo:g}",
                step=lambda d: self._apply(settings.set_tempo, round(settings.tempo + d * 0.1, 2)),
            )
        )
        body.add_widget(Factory.Heading(text="Turntable"))
        body.add_widget(
            self._row(
                "Read through",
                "MCP3008" if settings.turntable_analog else "Pico (USB)",
                toggle=self._toggle_analog,
            )
        )
        body.add_widget(
            self._row(
                "Port", settings.serial_port or "Find it automatically", toggle=self.pick_port
            )
        )
        body.add_widget(Factory.Heading(text="GPIO pins (BCM numbers; used from the next start)"))
        for role, pin in sorted(settings.pins.items()):
            body.add_widget(
                self._row(
                    role.replace("_", " "),
                    f"GPIO{pin}",
                    step=lambda d, r=role: self._apply(
                        settings.set_pin, r, next_free_pin(settings.pins, r, d)
                    ),
                )
            )

        light = find_backlight()
        if light is not None:
            body.add_widget(Factory.Heading(text="Screen"))
            body.add_widget(
                self._row(
                    "Brightness",
                    f"{light.level() * 10}%",
                    step=lambda d: self._brightness(light, d),
                )
            )
            body.add_widget(
                self._row(
                    "Sleep after no touch",
                    sleep_words(settings.screen_sleep),
                    step=lambda d: self._apply(
                        settings.set_screen_sleep, next_sleep(settings.screen_sleep, d)
                    ),
                )
            )
        body.add_widget(Factory.Heading(text="The companion"))
        power = Factory.PowerRow()
        power.ids.quit_button.bind(on_release=lambda *_: self.ask_quit())
        power.ids.restart_button.bind(on_release=lambda *_: self.ask_restart())
        power.ids.off_button.disabled = not can_power_off()
        power.ids.off_button.bind(on_release=lambda *_: self.ask_power_off())
        body.add_widget(power)

    # -- the kiosk's own controls -----------------------------------------------------
    def pick_port(self) -> None:
        choices = [("", "Find it automatically (the kit's USB id or /dev/companion-turntable)")]
        choices += [(dev, f"{dev}: {what}" if what else dev) for dev, what in all_ports()]
        PickList("The turntable kit's port", choices, self._set_port).open()

    def _brightness(self, light: Any, direction: int) -> None:
        try:
            light.set_level(light.level() + direction)
        except OSError as err:
            App.get_running_app().notify(f"The screen's brightness cannot be changed: {err}.")
        self.show(self.section)

    def ask_quit(self) -> None:
        Confirm(
            "Quit the companion?\n\nEvery game is saved; the next start offers to resume.",
            "Quit",
            App.get_running_app().stop,
        ).open()

    def ask_restart(self) -> None:
        Confirm(
            "Restart the companion?\n\nEvery game is saved; it starts again at once.",
            "Restart",
            App.get_running_app().restart,
        ).open()

    def ask_power_off(self) -> None:
        Confirm(
            "Shut down the Raspberry Pi?\n\nEvery game is saved. Wait for the green light to "
            "stop blinking before you unplug it.",
            "Shut down",
            App.get_running_app().power_off,
        ).open()

    def _row(self, label: str, value: str, toggle: Any = None, step: Any = None) -> Any:
        row = Factory.SettingRow()
        row.ids.label.text = label
        row.ids.value.text = value
        if toggle is not None:
            row.ids.value.bind(on_release=lambda *_: toggle())
            row.ids.minus.parent.remove_widget(row.ids.minus)
            row.ids.plus.parent.remove_widget(row.ids.plus)
        else:
            row.ids.value.disabled = True
            row.ids.minus.bind(on_release=lambda *_: step(-1))
            row.ids.plus.bind(on_release=lambda *_: step(+1))
        return row

    def _apply(self, setter: Any, *args: Any) -> None:
        try:
            setter(*args)
        except SettingsError as err:
            text = str(err)
            App.get_running_app().notify(text[:1].upper() + text[1:] + ".")
            return
        App.get_running_app().services.save_settings()
        self.show(self.section)

    def _toggle_analog(self) -> None:
        self.settings.turntable_analog = not self.settings.turntable_analog
        App.get_running_app().services.save_settings()
        self.show(self.section)

    def _toggle_sound(self) -> None:
        self.settings.sound = not self.settings.sound
        App.get_running_app().services.save_settings()
        self.show(self.section)

    def _set_port(self, text: str) -> None:
        text = text.strip()
        if text != self.settings.serial_port:
            self.settings.serial_port = text
            App.get_running_app().services.save_settings()
        self.show(self.section)


def sleep_words(minutes: int) -> str:
    """The screen-sleep setting as the row shows it: "Never", "1 minute", "5 minutes"."""
    if minutes <= 0:
        return "Never"
    return f"{minutes} minute{'' if minutes == 1 else 's'}"


def next_sleep(minutes: int, direction: int) -> int:
    """The next screen-sleep choice up or down (held at the ends)."""
    index = SLEEP_MINUTES.index(minutes) if minutes in SLEEP_MINUTES else 0
    return SLEEP_MINUTES[min(len(SLEEP_MINUTES) - 1, max(0, index + direction))]
