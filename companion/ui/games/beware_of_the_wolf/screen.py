"""The Beware of the Wolf board screen: the board, pawns, wolf and zone; dice, moves, spins.

Everything shown comes from the player's view (``controller.view()``): the
headline, the choices (a move's picture hint is the space it ends on, so moves
and houses are chosen on the board only; a list appears only when two ways lead
to the tapped space), the chance entry and the table data the board is drawn
from.  Chance has three doors: the app rolls/spins (``controller.draw``), the
players enter what the table showed (a die face button, or tapping where the
snout points: MANUAL), or the turntable reports where the wolf settled (SENSOR);
whether a reading counts is the engine's call (``wolf_reading``).
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.button import Button

from companion.devices.hub import DeviceStatus
from companion.devices.turntable.store import TurntableStore
from companion.engines.beware_of_the_wolf import (
    LastGame,
    WolfTable,
    catch_odds,
    names,
    odds_words,
    spinner_weights,
    winner_turns,
    wolf_reading,
    wolf_tap,
)
from companion.engines.view import Choice, View
from companion.session.journal import Source
from companion.ui import view_widgets  # noqa: F401  (the shared widgets its kv uses)
from companion.ui.game_screen import GameScreen
from companion.ui.games.beware_of_the_wolf.board_view import (
    BoardPicture,
    WolfBoardView,
    colour_of,
    two_needles,
)
from companion.ui.games.beware_of_the_wolf.tools import WolfTools
from companion.ui.games.beware_of_the_wolf.turntable_link import TurntableLink, make_source
from companion.ui.players import ink
from companion.ui.screens import load_kv

HIT_STEP_SECONDS = 0.18
DEVICE_NAME = "turntable"
LOG_LINES = 3
"""How many of the latest log lines the details show (what the last steps did)."""
SPIN_HELP = "Flick the wolf in the middle, spin the real one, or tap where the snout points."
MOVE_HELP = "Tap a lit space on the board to move there."
HOUSE_HELP = "Tap a free house on the board."
ROUTES = "Two ways lead there: which way?"
LEGEND = (
    "[color=ff5a4a][b]Red needle[/b][/color]: the game's wolf.  "
    "[color=ffffff][b]White needle[/b][/color]: the turntable now."
)
TURN_THE_WOLF = "  Turn the real wolf to the red needle."
"""Said while the game is not waiting for the wolf (after the app spun it, or a bump)."""


class WolfScreen(GameScreen):
    headline = StringProperty("")
    details = StringProperty("")
    legend = StringProperty("")
    odds = StringProperty("")
    grow = NumericProperty(1.0)
    """How much the words grow on a screen larger than 800x480 (set in kv)."""
    last_game: LastGame | None = None
    """Set by Play again: the next game's set-up lets its winner turn the wolf (BW16)."""
    start_turntable = True
    use_sim_kit = True  # --sim reads the simulated Pico kit over a pty, like the real one
    """Tests turn this off and drive the turntable by hand on a fake clock."""

    def __init__(self, **kwargs: Any) -> None:
        self.link: TurntableLink | None = None
        self.store: TurntableStore | None = None
        self._animation: dict[int, list[str | None]] = {}
        self._anim_event: Any = None
        self._shown_walks: tuple[Any, ...] | None = None
        self._wolf_wanted = ""
        """What the game waits for from the wolf now ("spin", "set" or "")."""
        self._routes: str | None = None
        """The space (or house) tapped where two ways lead: their choices are listed."""
        self._routes_for: tuple[Choice, ...] = ()
        self._previous: LastGame | None = None
        super().__init__(**kwargs)
        self.ids.end.ids.again_button.bind(on_press=self._winner_turns_next)

    @property
    def board_view(self) -> WolfBoardView:
        view: WolfBoardView = self.ids.board
        return view

    def _view(self) -> tuple[View, WolfTable]:
        view: View = self.controller.view()
        assert isinstance(view.table, WolfTable)
        return view, view.table

    # -- devices ----------------------------------------------------------------------
    def open_devices(self) -> None:
        assert self.services is not None
        self.store = TurntableStore(self.services.data_dir / "turntable")
        calibration = self.store.load_calibration()
        for problem in self.store.problems:
            self.controller.message(problem)
        last, WolfScreen.last_game = WolfScreen.last_game, None
        players = {self.controller.player_name(i) for i in range(len(self.controller.names))}
        if last is not None and set(last.winners) <= players:
            self._previous = last  # the same table plays again
        # a simulated wolf starts where the game's wolf points (or where the last game
        # left it, or off the houses, at setup)
        _, table = self._view()
        kept = self._previous.wolf if self._previous is not None else None
        wolf = table.wolf if table.wolf is not None else (kept if kept is not None else 45)
        settings = self.services.settings
        source, tuning, flicker, turner = make_source(
            self.services.devices.simulated,
            self.services.devices.pin_factory,
            calibration.to_raw(wolf),
            serial_port=settings.serial_port,
            analog=settings.turntable_analog,
            sim_kit=self.use_sim_kit,
        )
        self.link = TurntableLink(
            source,
            calibration,
            tuning,
            on_angle=self._live_angle,
            on_settled=self.on_settled,
            flicker=flicker,
            turner=turner,
        )
        self.link.start(run_source=self.start_turntable)
        self.services.devices.register(DEVICE_NAME, self._device_status, None)
        board = self.board_view
        board.on_space = self.on_space
        board.on_house = self.on_house
        board.on_flick = self.on_flick

    def close_devices(self) -> None:
        app = App.get_running_app()
        if app is not None and self.manager is not None:
            WolfTools.remove_from(app.manager)
        if self._anim_event is not None:
            self._anim_event.cancel()
            self._anim_event = None
        if self.link is not None:
            self.link.stop()
            self.link = None
        if self.services is not None:
            self.services.devices.unregister(DEVICE_NAME)

    def _device_status(self) -> DeviceStatus:
        source = self.link.source if self.link else None
        if source is None:
            return DeviceStatus(DEVICE_NAME, "missing", "not open")
        # the source's own name already says which turntable: "turntable (simulated)"
        return DeviceStatus(source.name, source.status().value, source.status_text())

    # -- drawing ------------------------------------------------------------------------
    def refresh(self) -> None:
        if self.controller is None:
            return
        view, table = self._view()
        controller = self.controller
        self._wolf_wanted = table.wolf_wanted
        self._start_animation(table)
        if self._routes is not None and self._routes_for != view.choices:
            self._routes = None  # a new position: the list of ways is gone
        turns = winner_turns(view, self._previous)
        headline = view.headline if turns is None else turns.headline
        rolling = view.chance is not None and not table.wolf_wanted and table.player is not None
        # the end banner says it; at the die, the turn banner and "Roll the die" say it
        self.headline = "" if view.end is not None or rolling else headline
        self.details = "\n".join(self._help(view, table) + [x.text for x in view.log[-LOG_LINES:]])
        self.odds = self._odds(table)
        self._draw_board(view, table)
        self._show_turn(view, table)
        if turns is not None:
            self.ids.turn.show(f"{turns.who} may turn the wolf", None)
        self._show_end(view, table)
        self.ids.chance.show(
            view.chance, controller.draw, controller.enter_outcome, manual=not table.wolf_wanted
        )
        listed = self._listed(view)
        if turns is not None and turns.keep is not None:
            listed = (turns.keep, *listed)
        self.ids.actions.show(listed, self._chosen)
        self._fit_labels()

    def _help(self, view: View, table: WolfTable) -> list[str]:
        """One line saying where to tap now."""
        if table.wolf_wanted:
            return [SPIN_HELP]
        if self._routes is not None:
            return [ROUTES]
        if table.roll is None and any("house" in c.hint for c in view.choices):
            return [HOUSE_HELP]
        if any(_place(c) is not None for c in view.choices):
            return [MOVE_HELP]
        return []

    def _listed(self, view: View) -> tuple[Choice, ...]:
        """The choices shown as buttons: those not on the board, or the ways to a tapped space."""
        if self._routes is not None:
            return tuple(c for c in view.choices if _place(c) == self._routes)
        return tuple(c for c in view.choices if _place(c) is None)

    def _chosen(self, key: str) -> None:
        """A listed choice was tapped: at a chance node it is what the table shows."""
        view, _ = self._view()
        if view.chance is not None:
            self.controller.enter_outcome(key)
        else:
            self.controller.choose(key)

    def _fit_labels(self) -> None:
        """A long label (a way named by the spaces it passes) wraps and its button grows."""
        for button in self.ids.actions.walk(restrict=True):
            if isinstance(button, Button):
                button.bind(texture_size=_grow)
                _grow(button, button.texture_size)

    def _odds(self, table: WolfTable) -> str:
        """Before a spin: each pawn's chance of being caught, by the owner's spinner if known."""
        if not table.catch_odds:
            return ""
        spins = self.store.load_spins() if self.store is not None else []
        weights = spinner_weights(spins)
        odds = table.catch_odds
        if weights is not None:
            at_risk = [(o.player, o.space) for o in odds]
            odds = catch_odds(table.board, at_risk, table.midline, weights)
        return odds_words(odds, self.controller.player_name, len(spins) if weights else 0)

    def _live_angle(self, degrees: float) -> None:
        self.board_view.set_live_angle(degrees)
        self._show_legend()

    def _show_legend(self) -> None:
        picture = self.board_view.picture
        if not two_needles(picture.wolf_deg, picture.live_deg):
            self.legend = ""
        elif self._wolf_wanted:  # a spin or a setting is being read: the white one is it
            self.legend = LEGEND
        else:  # the game's wolf is settled: the real one must match it
            self.legend = LEGEND + TURN_THE_WOLF

    def _show_turn(self, view: View, table: WolfTable) -> None:
        """The turn banner, in the colour of that player's pawn once they have one."""
        banner = self.ids.turn
        if view.end is not None:
            banner.hide()  # the end banner alone says how the game ended
            return
        if table.player is None:
            banner.show("Setting up", None)  # the wolf is set before anyone's turn
            return
        pawn = next((p for p in table.pawns if p.player == table.player), None)
        # the table's grey until the player has chosen a house: no seat colour to unlearn
        banner.show(f"{self.controller.player_name(table.player)}'s turn", None)
        if pawn is not None:
            banner.background = (*colour_of(pawn.colour), 1)
            banner.foreground = ink(banner.background)

    def _show_end(self, view: View, table: WolfTable) -> None:
        """The end banner, in the winner's pawn colour."""
        banner = self.ids.end
        banner.show(view.end, self.controller.player_name)
        winners = view.end.winners if view.end is not None else ()
        if winners:  # what Play again offers here (BW16)
            who = names([self.controller.player_name(w) for w in winners])
            banner.reason += f" Play again: {who} may turn the wolf first."
        pawn = next((p for p in table.pawns if winners == (p.player,)), None)
        if pawn is not None:
            banner.background = (*colour_of(pawn.colour), 1)
            banner.foreground = ink(banner.background)

    def _draw_board(self, view: View, table: WolfTable) -> None:
        shown = self._listed(view) if self._routes is not None else view.choices
        targets = frozenset(c.hint["space"] for c in shown if "space" in c.hint)
        houses = frozenset(c.hint["house"] for c in shown if "house" in c.hint)
        pawns = [
            (p.colour, self._animation[p.player][0] if p.player in self._animation else p.space)
            for p in table.pawns
        ]
        live = self.link.board_angle() if self.link else None
        wolf = table.wolf
        if wolf is None and winner_turns(view, self._previous) is not None:
            wolf = self._previous.wolf if self._previous is not None else None
            # the wolf stands where the last game left it until its winner turns it (BW16)
        self.board_view.show(
            table.board,
            BoardPicture(
                pawns=pawns,
                guarded=table.guarded,
                wolf_deg=None if wolf is None else float(wolf),
                live_deg=live,
                targets=targets,
                pickable_houses=houses,
            ),
        )
        self._show_legend()

    # -- the wolf-hit animation ----------------------------------------------------------
    def _start_animation(self, table: WolfTable) -> None:
        if table.walks == self._shown_walks:
            return
        first, self._shown_walks = self._shown_walks is None, table.walks
        if first:
            return  # a resumed game does not replay its last step
        if self._cues is not None and any(w.kind == "wolf-hit" for w in table.walks):
            self._cues.play("wolf_catch")
        for walk in table.walks:
            if walk.kind in ("wolf-hit", "thrown-out"):
                steps: list[str | None] = [walk.start, *walk.trail]
                if steps[-1] != walk.end:
                    steps.append(walk.end)  # into the house
                self._animation[walk.player] = steps
        if self._animation and self._anim_event is None:
            self._anim_event = Clock.schedule_interval(self._animate_step, HIT_STEP_SECONDS)

    def _animate_step(self, _dt: float) -> None:
        for player in list(self._animation):
            steps = self._animation[player]
            steps.pop(0)
            if len(steps) <= 1:
                del self._animation[player]
        if not self._animation and self._anim_event is not None:
            self._anim_event.cancel()
            self._anim_event = None
        if self.controller is not None:
            self._draw_board(*self._view())

    # -- taps on the board ------------------------------------------------------------------
    def on_space(self, space: str, angle: float) -> None:
        view, table = self._view()
        key = wolf_tap(view, angle)
        if key is not None:
            self.controller.enter_outcome(key)
            return
        self._tapped(view, table, f"space:{space}")

    def on_house(self, colour: str) -> None:
        view, table = self._view()
        self._tapped(view, table, f"house:{colour}")

    def _tapped(self, view: View, table: WolfTable, place: str) -> None:
        """A tap on the board: the one move there, or the list of the ways there."""
        matches = [c for c in view.choices if _place(c) == place]
        if len(matches) == 1:
            self._routes = None
            self.controller.choose(matches[0].key)
        elif matches:
            self._routes, self._routes_for = place, view.choices
            self.refresh()
        else:
            self._routes = None
            self.controller.message(table.tap_hint or view.headline)
            self.refresh()

    def on_flick(self, velocity: float) -> None:
        _, table = self._view()
        if not table.wolf_wanted:
            self.controller.message("The wolf turns only after a wolf's head is rolled.")
            return
        if self.link is None or not self.link.flick(velocity):
            self.controller.message("Spin the wolf on the board: the turntable reads it.")

    # -- the turntable ------------------------------------------------------------------------
    def on_settled(self, board_deg: float, after_spin: bool) -> None:
        if self.controller is None:
            return
        if self.manager is not None and self.manager.current != self.name:
            return  # the owner is calibrating or teaching in Wolf tools: not a game spin
        view, _ = self._view()
        if not after_spin and winner_turns(view, self._previous) is not None:
            return  # the winner may still turn the wolf; resting where it was is "Keep"
        reading = wolf_reading(view, board_deg, after_spin)
        if reading.key is not None:
            applied = self.controller.choose(reading.key, Source.SENSOR)
            if applied and reading.spin and self.store is not None:
                self.store.add_spin(board_deg)
        elif reading.message:
            self.controller.message(reading.message)
        self._draw_board(*self._view())  # the position after the reading, not the one before

    # -- buttons ----------------------------------------------------------------------------
    def open_tools(self) -> None:
        if self.link is not None and self.store is not None:
            view, table = self._view()
            WolfTools.open_for(
                self.link, self.store, table.board, self.name, mid_game=_mid_game(view, table)
            )

    # -- a further game ------------------------------------------------------------------------
    def _winner_turns_next(self, *_: Any) -> None:
        """Play again was pressed: the next game's set-up lets the winner turn the wolf."""
        if self.controller is None:
            return
        view, table = self._view()
        if view.end is None:
            return
        winners = tuple(self.controller.player_name(w) for w in view.end.winners)
        WolfScreen.last_game = LastGame(winners, table.wolf)


def _place(choice: Choice) -> str | None:
    """Where on the board a choice is tapped ("space:<id>", "house:<colour>"), if anywhere."""
    if "space" in choice.hint:
        return f"space:{choice.hint['space']}"
    if "house" in choice.hint:
        return f"house:{choice.hint['house']}"
    return None


def _grow(button: Any, size: Any) -> None:
    button.height = max(dp(56), size[1] + dp(14))


def _mid_game(view: View, table: WolfTable) -> str:
    """What calibrating now would do to the game under way ("" when no game is under way)."""
    if view.end is not None or table.wolf is None:
        return ""
    return (
        "A game is under way. Calibrating changes how the app reads the turntable, for this "
        "game and the next ones. While you calibrate, turning the wolf moves no pawn and "
        "counts as no spin. Afterwards, point the wolf back where the game's wolf points "
        "(the red needle), and the game goes on where it stood."
    )


load_kv(__file__)
