"""The app's screen manager: each shell screen is built the first time it is asked for.

A screen's module, its kv file and the widgets it uses are most of what a start
would load besides Home, so only Home is built at start; Settings, Devices and the
others are built (in a few hundredths of a second) when first opened, and kept.
Every caller keeps using ``has_screen``/``get_screen``/``current`` by name.
"""

from __future__ import annotations

import importlib
from typing import Any

from kivy.uix.screenmanager import Screen, ScreenManager

SHELL_SCREENS = {
    "home": "companion.ui.screens.home:HomeScreen",
    "new_game": "companion.ui.screens.new_game:NewGameScreen",
    "settings": "companion.ui.screens.settings:SettingsScreen",
    "devices": "companion.ui.screens.devices:DevicesScreen",
    "history": "companion.ui.screens.history:HistoryScreen",
    "my_box": "companion.ui.screens.my_box:MyBoxScreen",
}
"""The screens every app has, whatever games are registered: name -> module:class."""


class ShellScreens(ScreenManager):
    """A ScreenManager that knows the shell screens before building them."""

    def __init__(self, **kwargs: Any) -> None:
        self._unbuilt = dict(SHELL_SCREENS)
        super().__init__(**kwargs)

    def has_screen(self, name: str) -> bool:
        return name in self._unbuilt or bool(super().has_screen(name))

    def get_screen(self, name: str) -> Screen:
        self.build(name)
        return super().get_screen(name)

    def build(self, name: str) -> None:
        """Build the shell screen ``name`` unless it is built (or no shell screen)."""
        where = self._unbuilt.pop(name, None)
        if where is None:
            return
        module, cls = where.split(":")
        self.add_widget(getattr(importlib.import_module(module), cls)())
