"""Home: a big tile per registered game, the game in progress, and the tools.

The tiles come from the games' listings, so no engine is imported to show them: a
game loads when it is chosen.  A game package that could not be loaded, or a loaded
game whose box data file is broken (``Game.unavailable()``), gets a grey tile that
says so and, when tapped, why: the other games play on."""

from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.uix.screenmanager import Screen

from companion.engines import registry
from companion.session.journal import GameRecord
from companion.ui.screens import load_kv

load_kv(__file__)


class HomeScreen(Screen):
    title = "Forest Table Companion"

    def __init__(self, **kwargs: object) -> None:
        super().__init__(name="home", **kwargs)

    def on_pre_enter(self, *_args: object) -> None:
        app = App.get_running_app()
        grid = self.ids.tiles
        grid.clear_widgets()
        for entry in registry.listings():  # no engine is imported to list the games
            game = registry.loaded(entry.id)
            reason = game.unavailable() if game is not None else None
            if reason is not None:
                grid.add_widget(unavailable_tile(entry.name, reason))
                continue
            tile = Factory.GameTile(
                text=f"[b]{entry.name}[/b]\n[size=15sp]{entry.players_text}[/size]"
            )
            tile.game_id = entry.id
            tile.bind(on_release=lambda t: app.open_new_game(t.game_id))
            grid.add_widget(tile)
        for package, problem in sorted(registry.unavailable().items()):
            grid.add_widget(unavailable_tile(package_title(package), problem))
        playing = app.controller
        if playing is not None and playing.session.state.is_terminal():
            playing = None  # a finished game is never offered to continue
        saved = app.services.journal.unfinished_games()
        button = self.ids.continue_button
        if playing is not None:
            button.text = f"Continue {playing.session.game.name}"
        elif saved:
            button.text = f"Resume a saved game ({len(saved)})"
        else:
            button.text = "No game in progress"
        button.disabled = playing is None and not saved
        others = self._others()
        offered = playing is not None and bool(others)
        more = self.ids.saved_button
        more.text = f"Other saved games ({len(others)})" if offered else ""
        more.opacity = 1 if offered else 0
        more.disabled = not offered

    def _others(self) -> list[GameRecord]:
        """The unfinished games besides the one open now (every one when none is)."""
        app = App.get_running_app()
        open_row = app.open_game_row()
        return [r for r in app.services.journal.unfinished_games() if r.id != open_row]

    def continue_or_resume(self) -> None:
        app = App.get_running_app()
        if app.controller is not None and not app.controller.session.state.is_terminal():
            app.show_game()
            return
        self.show_saved_games()

    def show_saved_games(self) -> None:
        """Every unfinished game but the one open now: resume one (the open one stays
        saved), or set one aside."""
        from companion.ui.screens.resume import SavedGames

        SavedGames(self._others()).open()

    def past_games(self) -> None:
        from companion.ui.screens.past_games import PastGames

        journal = App.get_running_app().services.journal
        PastGames(journal.finished_games(), journal.set_aside_games()).open()


def unavailable_tile(title: str, reason: str) -> Factory.UnavailableTile:
    """A grey tile for a game that cannot be played here; a tap says why."""
    tile = Factory.UnavailableTile(text=f"[b]{title}[/b]\n[size=15sp]unavailable[/size]")
    tile.reason = f"{title} is unavailable: {reason}"
    tile.bind(on_release=lambda t: App.get_running_app().notify(t.reason))
    return tile


def package_title(package: str) -> str:
    """A game package's name as a title ("le_petit_poucet" -> "Le petit poucet")."""
    return package.replace("_", " ").capitalize()
