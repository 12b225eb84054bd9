"""The app shell's screens; each is a .py with its kv file beside it."""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder


def load_kv(module_file: str) -> None:
    """Load the kv file that sits beside a screen module (once)."""
    kv = str(Path(module_file).with_suffix(".kv"))
    if kv not in Builder.files:
        Builder.load_file(kv)


def shell_screens() -> list[type]:
    """The screens every app has, whatever games are registered."""
    from companion.ui.screens.devices import DevicesScreen
    from companion.ui.screens.history import HistoryScreen
    from companion.ui.screens.home import HomeScreen
    from companion.ui.screens.my_box import MyBoxScreen
    from companion.ui.screens.new_game import NewGameScreen
    from companion.ui.screens.settings import SettingsScreen

    return [HomeScreen, NewGameScreen, SettingsScreen, DevicesScreen, HistoryScreen, MyBoxScreen]
