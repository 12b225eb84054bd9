"""My box: the owner makes a game's box match their real one, by touch.

The screen is the same for every game: what it says about the box (shipped and
assumed, or the owner's and checked, or a damaged file and why), the game's own
editor rows (``BOX_EDITOR`` in the game's screen package, see
``companion.ui.games.box_editor_for``), and Save / Use the shipped box.  Saving goes
through ``companion.owner_box``, which lets the game's own reader check the file.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen

from companion import owner_box
from companion.engines.base import Game
from companion.engines.datafile import DataFileError
from companion.ui.confirm import Confirm
from companion.ui.screens import load_kv

load_kv(__file__)

SHIPPED = (
    "This is the box shipped with the companion. The rulebook does not list every "
    "part, so parts marked [b]assumed[/b] are guesses: make them match your box and "
    "tap Save. Saved parts are marked [b]checked[/b]."
)
OWNED = "This is your box: new games use it. Games already started keep the box they started with."


class MyBoxScreen(Screen):
    title = StringProperty("My box")
    status = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="my_box", **kwargs)
        self.game: Any = None
        self.editor: Any = None

    def prepare(self, game: Game) -> None:
        """Show the box new games of ``game`` use: the owner's (saved here, or a board
        taught with the turntable), else the shipped one."""
        from companion.ui.games import box_editor_for, setup_for  # game screens load on use

        app = App.get_running_app()
        self.game = game
        self.title = f"My box: {game.name}"
        setup, problem = setup_for(game.id, app.services)  # the box new games use
        owned = setup.get(owner_box.setup_key(game))
        text = owned if owned is not None else game.box_text()  # type: ignore[attr-defined]
        box = game.box_from_text(text, "the box")  # type: ignore[attr-defined]
        self.editor = box_editor_for(game.id)(box, self._changed)
        self.status = problem or (OWNED if owned is not None else SHIPPED)
        self._show()
        self.ids.rows.parent.scroll_y = 1

    def _changed(self) -> None:
        self._show()

    def _show(self) -> None:
        rows = self.ids.rows
        rows.clear_widgets()
        rows.add_widget(Factory.Body(text=self.status, font_size="15sp"))
        for widget in self.editor.rows():
            rows.add_widget(widget)

    def save(self) -> None:
        app = App.get_running_app()
        text = self.editor.saved_text()
        try:
            owner_box.save(app.services.data_dir, self.game, text)
        except (DataFileError, OSError) as err:
            app.notify(f"Your box could not be saved: {err}")
            return
        self.editor.box = self.game.box_from_text(text, "the box")
        self.status = OWNED
        self._show()
        app.notify(f"Your box for {self.game.name} is saved: new games use it.")

    def use_shipped(self) -> None:
        Confirm(
            f"Forget your box for {self.game.name} and use the box shipped with the "
            "companion for new games?",
            "Use the shipped box",
            self._forget,
            "Keep my box",
        ).open()

    def _forget(self) -> None:
        owner_box.forget(App.get_running_app().services.data_dir, self.game)
        self.prepare(self.game)

    def back(self) -> None:
        """Back to New game, which shows the house rules of the box now saved."""
        App.get_running_app().open_new_game(self.game.id)
