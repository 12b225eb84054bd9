"""Starting a game: who plays (names, colours, who begins) and which house rules."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion import owner_box
from companion.engines.base import Game, InvalidOptions
from companion.ui.confirm import Confirm
from companion.ui.option_row import OptionRow
from companion.ui.player_setup import PlayerSetup  # noqa: F401  (used by new_game.kv)
from companion.ui.screens import load_kv
from companion.ui.screens.standing import title

load_kv(__file__)


class NewGameScreen(Screen):
    title = StringProperty("New game")
    players = NumericProperty(0)
    has_box = BooleanProperty(False)
    """The game offers its box for correcting (the My box button shows)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(name="new_game", **kwargs)
        self.game: Game | None = None
        self.options: dict[str, Any] = {}

    def prepare(self, game: Game) -> None:
        """Fill the screen for ``game`` with the owner's saved house rules."""
        app = App.get_running_app()
        game = owner_box.game_with_box(app.services.data_dir, game)  # the owner's box, if any
        self.has_box = owner_box.offers_box(game)
        self.game = game
        self.title = f"New game: {game.name}"
        saved = app.services.settings.options_for(game.id, game)
        reset = app.services.settings.take_note(game.id)  # saved rules this version dropped
        if reset:
            app.notify(reset)
        self.options = owner_box.options_that_fit(game, saved)
        roster = app.services.roster
        last = roster.games.get(game.id, [])
        self.players = len(last) if len(last) in game.player_counts else game.min_players
        self.ids.player_setup.prepare(
            game,
            roster.last_players(game.id, int(self.players)),
            roster.recent,
            roster.pieces.get(game.id, {}),
        )
        counts = self.ids.player_counts
        counts.clear_widgets()
        for n in game.player_counts:
            button = Factory.PlayerCount(text=str(n), group="players", allow_no_selection=False)
            button.state = "down" if n == self.players else "normal"
            button.bind(on_release=lambda _b, n=n: self.set_players(n))
            counts.add_widget(button)
        self._show_options()
        self.ids.no_options.height = 0 if game.options else 40
        # open at the top, whatever the last game scrolled to
        self.ids.options.parent.parent.scroll_y = 1

    def my_box(self) -> None:
        """Correct what is in the box (a parent looks here before the first game)."""
        if self.game is not None:
            self.manager.get_screen("my_box").prepare(self.game)
            App.get_running_app().go("my_box")

    def set_players(self, players: int) -> None:
        self.players = players
        self.ids.player_setup.set_count(players)

    def _show_options(self) -> None:
        """A row per house rule that matters with the others as they are set now."""
        assert self.game is not None
        rows = self.ids.options
        rows.clear_widgets()
        for option in self.game.options:
            if option.applies(self.options):
                rows.add_widget(OptionRow(option, self.options[option.key], self._option_changed))

    def _option_changed(self, key: str, value: Any) -> None:
        self.options[key] = value
        if self.game is not None and any(
            o.only_with and o.only_with[0] == key for o in self.game.options
        ):  # a rule that depends on this one may come or go (after the row's own tap)
            Clock.schedule_once(lambda _dt: self._show_options())

    def start(self) -> None:
        """Start the game; if another game is unfinished, first say it stays saved."""
        if self.game is None:
            return
        app = App.get_running_app()
        try:  # a choice that cannot start is said now, not after "Start the new game"
            self.game.new_initial_state(int(self.players), dict(self.options))
        except InvalidOptions as err:
            app.notify(f"The game cannot start: {err}")
            return
        unfinished = app.services.journal.unfinished_games()
        if not unfinished:
            self._start()
            return
        shelved = next((r for r in unfinished if r.id == app.open_game_row()), unfinished[0])
        Confirm(
            f"Your game {title(shelved)} is not finished.\n\nIt stays saved: resume it "
            "from Home whenever you like. Start the new game now?",
            "Start the new game",
            self._start,
            "Not now",
        ).open()

    def _start(self) -> None:
        assert self.game is not None
        names, pieces = self.ids.player_setup.chosen_players()
        App.get_running_app().start_game(
            self.game.id, int(self.players), dict(self.options), names, pieces=pieces
        )
