"""The Beware of the Wolf board screen: the board, pawns, wolf and zone; dice, moves, spins.

Everything shown comes from the player's view (``controller.view()``): the
headline, the choices (a move's picture hint is the space it ends on, so the
board itself is tapped), the chance entry and the table data the board is drawn
from.  Chance has three doors: the app rolls/spins (``controller.draw``), the
players enter what the table showed (a die face button, or tapping where the
snout points: MANUAL), or the turntable reports where the wolf settled (SENSOR);
whether a reading counts is the engine's call (``wolf_reading``).
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import StringProperty

from companion.devices.hub import DeviceStatus
from companion.devices.turntable.store import TurntableStore
from companion.engines.beware_of_the_wolf import WolfTable, wolf_reading, wolf_tap
from companion.engines.view import View
from companion.session.journal import Source
from companion.ui import view_widgets  # noqa: F401  (the shared widgets its kv uses)
from companion.ui.game_screen import GameScreen
from companion.ui.games.beware_of_the_wolf.board_view import BoardPicture, WolfBoardView, colour_of
from companion.ui.games.beware_of_the_wolf.tools import WolfTools
from companion.ui.games.beware_of_the_wolf.turntable_link import TurntableLink, make_source
from companion.ui.players import ink
from companion.ui.screens import load_kv

HIT_STEP_SECONDS = 0.18
DEVICE_NAME = "turntable"
LOG_LINES = 3
"""How many of the latest log lines the details show (what the last steps did)."""
SPIN_HELP = "Flick the wolf in the middle, spin the real one, or tap where the snout points."


class WolfScreen(GameScreen):
    headline = StringProperty("")
    details = StringProperty("")
    start_turntable = True
    use_sim_kit = True  # --sim reads the simulated Pico kit over a pty, like the real one
    """Tests turn this off and drive the turntable by hand on a fake clock."""

    def __init__(self, **kwargs: Any) -> None:
        self.link: TurntableLink | None = None
        self.store: TurntableStore | None = None
        self._animation: dict[int, list[str | None]] = {}
        self._anim_event: Any = None
        self._shown_walks: tuple[Any, ...] = ()
        super().__init__(**kwargs)

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
        # a simulated wolf starts where the game's wolf points (or off the houses, at setup)
        _, table = self._view()
        wolf = table.wolf if table.wolf is not None else 45
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
            on_angle=self.board_view.set_live_angle,
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
        return DeviceStatus(
            f"{DEVICE_NAME} ({source.name})", source.status().value, source.status_text()
        )

    # -- drawing ------------------------------------------------------------------------
    def refresh(self) -> None:
        if self.controller is None:
            return
        view, table = self._view()
        controller = self.controller
        self._start_animation(table)
        self.headline = "" if view.end is not None else view.headline  # the end banner says it
        lines = [SPIN_HELP] if table.wolf_wanted else []
        lines += [line.text for line in view.log[-LOG_LINES:]]
        self.details = "\n".join(lines)
        self._draw_board(view, table)
        self._show_turn(view, table)
        self._show_end(view, table)
        self.ids.chance.show(
            view.chance, controller.draw, controller.enter_outcome, manual=not table.wolf_wanted
        )
        self.ids.actions.show(view.choices, controller.choose)

    def _show_turn(self, view: View, table: WolfTable) -> None:
        """The turn banner, in the colour of that player's pawn once they have one."""
        banner = self.ids.turn
        if table.player is None:
            banner.show("The table" if view.end is None else "Game over", None)
            return
        banner.show(f"{self.controller.player_name(table.player)}'s turn", table.player)
        pawn = next((p for p in table.pawns if p.player == table.player), None)
        if pawn is not None:
            banner.background = (*colour_of(pawn.colour), 1)
            banner.foreground = ink(banner.background)

    def _show_end(self, view: View, table: WolfTable) -> None:
        """The end banner, in the winner's pawn colour."""
        banner = self.ids.end
        banner.show(view.end, self.controller.player_name)
        winners = view.end.winners if view.end is not None else ()
        pawn = next((p for p in table.pawns if winners == (p.player,)), None)
        if pawn is not None:
            banner.background = (*colour_of(pawn.colour), 1)
            banner.foreground = ink(banner.background)

    def _draw_board(self, view: View, table: WolfTable) -> None:
        targets = frozenset(c.hint["space"] for c in view.choices if "space" in c.hint)
        houses = frozenset(c.hint["house"] for c in view.choices if "house" in c.hint)
        pawns = [
            (p.colour, self._animation[p.player][0] if p.player in self._animation else p.space)
            for p in table.pawns
        ]
        live = self.link.board_angle() if self.link else None
        self.board_view.show(
            table.board,
            BoardPicture(
                pawns=pawns,
                guarded=table.guarded,
                wolf_deg=None if table.wolf is None else float(table.wolf),
                live_deg=live,
                targets=targets,
                pickable_houses=houses,
            ),
        )

    # -- the wolf-hit animation ----------------------------------------------------------
    def _start_animation(self, table: WolfTable) -> None:
        if table.walks == self._shown_walks:
            return
        self._shown_walks = table.walks
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
        matches = [c for c in view.choices if c.hint.get("space") == space]
        if len(matches) == 1:
            self.controller.choose(matches[0].key)
        elif matches:
            self.controller.message("Two ways lead there: choose one on the right.")
        else:
            self.controller.message(table.tap_hint or view.headline)

    def on_house(self, colour: str) -> None:
        view, table = self._view()
        matches = [c for c in view.choices if c.hint.get("house") == colour]
        if len(matches) == 1:
            self.controller.choose(matches[0].key)
        else:
            self.controller.message(table.tap_hint or view.headline)

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
            WolfTools.open_for(self.link, self.store, self._view()[1].board, self.name)


load_kv(__file__)
