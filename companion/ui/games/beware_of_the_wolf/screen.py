"""The Beware of the Wolf board screen: the board, pawns, wolf and zone; dice, moves, spins.

Everything shown comes from the engine's state; taps become controller actions.
Chance has three doors: the app rolls/spins (``controller.draw``), the players
enter what the table showed (a die face button, or tapping where the snout
points: MANUAL), or the turntable reports where the wolf settled (SENSOR).
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.properties import StringProperty

from companion.devices.hub import DeviceStatus
from companion.devices.turntable.store import TurntableStore
from companion.engines.base import CHANCE, TERMINAL
from companion.engines.beware_of_the_wolf.board import HOUSE_STEP
from companion.engines.beware_of_the_wolf.rules import WolfState, spin_outcome
from companion.session.journal import Source
from companion.ui.game_screen import GameScreen
from companion.ui.games.beware_of_the_wolf.board_view import BoardPicture, WolfBoardView
from companion.ui.games.beware_of_the_wolf.turntable_link import TurntableLink, make_source
from companion.ui.screens import load_kv

HIT_STEP_SECONDS = 0.18
DEVICE_NAME = "turntable"


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
        self._shown_events: list[Any] = []
        super().__init__(**kwargs)

    @property
    def board_view(self) -> WolfBoardView:
        view: WolfBoardView = self.ids.board
        return view

    @property
    def state(self) -> WolfState:
        state: WolfState = self.controller.state
        return state

    # -- devices ----------------------------------------------------------------------
    def open_devices(self) -> None:
        assert self.services is not None
        self.store = TurntableStore(self.services.data_dir / "turntable")
        calibration = self.store.load_calibration()
        for problem in self.store.problems:
            self.controller.message(problem)
        # a simulated wolf starts where the game's wolf points (or off the houses, at setup)
        wolf = self.state.wolf if self.state.wolf is not None else 45
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
        view = self.board_view
        view.on_space = self.on_space
        view.on_house = self.on_house
        view.on_flick = self.on_flick

    def close_devices(self) -> None:
        from companion.ui.games.beware_of_the_wolf.tools import WolfTools

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
        state = self.state
        self._start_animation(state)
        self.headline = self._headline(state)
        self.details = "\n".join(self._details(state))
        self._draw_board(state)
        self._fill_actions(state)

    def _draw_board(self, state: WolfState) -> None:
        targets: set[str] = set()
        if state.phase == "move":
            targets = {a[-1] for a in state.legal_actions() if a[0] == "move"}
        pawns = []
        for p in range(state.num_players):
            house = state.houses[p]
            if house is None:
                continue
            where = self._animation[p][0] if p in self._animation else state.positions[p]
            pawns.append((state.board.houses[house].colour, where))
        pickable = (
            frozenset(a[1] for a in state.legal_actions() if a[0] == "house")
            if state.phase == "choose-house"
            else frozenset()
        )
        live = self.link.board_angle() if self.link else None
        self.board_view.show(
            state.board,
            BoardPicture(
                pawns=pawns,
                guarded=state.guarded_zone(),
                wolf_deg=None if state.wolf is None else float(state.wolf),
                live_deg=live,
                targets=frozenset(targets),
                pickable_houses=pickable,
            ),
        )

    def _headline(self, state: WolfState) -> str:
        player = state.current_player()
        if player == TERMINAL:
            outcome = state.outcome()
            names = " and ".join(self.player_name(w) for w in state.winners)
            return f"{names} wins! {outcome.reason if outcome else ''}"
        name = self.player_name(state.turn)
        return {
            "set-wolf": "Turn the wolf so it points at no house",
            "choose-house": f"{name}: choose your house",
            "roll": f"{name}: roll the die",
            "move": f"{name} rolled {state.roll}: tap a yellow space",
            "spin-choice": f"{name} rolled the wolf's head!",
            "spin": f"{name}: spin the wolf",
        }.get(state.phase, "")

    def _details(self, state: WolfState) -> list[str]:
        lines = []
        if state.phase == "move" and state.legal_actions() == [("forfeit",)]:
            lines.append("No move avoids the wolf: the throw is forfeited.")
        for kind, player, _start, end, _trail in state.events:
            who = self.player_name(player)
            if kind == "wolf-hit":
                lines.append(f"The wolf caught {who}: back to {end or 'the house'}.")
            elif kind == "thrown-out":
                lines.append(f"{who} was thrown out: back to {end or 'the house'}.")
        if state.phase == "spin":
            lines.append(
                "Flick the wolf in the middle, spin the real one, or tap where the snout points."
            )
        return lines

    def _fill_actions(self, state: WolfState) -> None:
        grid = self.ids.actions
        grid.clear_widgets()
        player = state.current_player()
        if player == CHANCE:
            label = {"roll": "Let the app roll", "spin": "Let the app spin"}.get(
                state.phase, "Let the app set the wolf"
            )
            self._button(grid, label, self.controller.draw, quiet=False)
            if state.phase == "roll":
                for action, _p in state.chance_outcomes():
                    face = action[1]
                    text = "wolf's head" if face == "wolf" else str(face)
                    self._button(
                        grid, text, lambda a=action: self.controller.apply(a, Source.MANUAL)
                    )
            return
        if player == TERMINAL:
            return
        for action in state.legal_actions():
            self._button(
                grid,
                state.action_to_string(action),
                lambda a=action: self.controller.apply(a),
                quiet=False,
            )

    def _button(self, grid: Any, text: str, callback: Any, quiet: bool = True) -> None:
        button = (Factory.QuietTap if quiet else Factory.Tap)(text=text)
        button.bind(on_release=lambda *_: callback())
        grid.add_widget(button)

    # -- the wolf-hit animation ----------------------------------------------------------
    def _start_animation(self, state: WolfState) -> None:
        if state.events == self._shown_events:
            return
        self._shown_events = [list(e) for e in state.events]
        for kind, player, start, end, trail in state.events:
            if kind in ("wolf-hit", "thrown-out"):
                steps = [start, *trail]
                if steps[-1] != end:
                    steps.append(end)  # into the house
                self._animation[player] = steps
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
            self._draw_board(self.state)

    # -- taps on the board ------------------------------------------------------------------
    def on_space(self, space: str, angle: float) -> None:
        state = self.state
        if state.phase in ("spin", "set-wolf"):
            self.controller.apply(spin_outcome(angle), Source.MANUAL)
            return
        if state.phase != "move":
            self.controller.message(f"{space}: {self.headline}")
            return
        options = [a for a in state.legal_actions() if a[0] == "move" and a[-1] == space]
        if len(options) == 1:
            self.controller.apply(options[0])
        elif options:
            self.controller.message("Two ways lead there: choose one on the right.")
        else:
            self.controller.message(f"{space} is not a move for {state.roll}: tap a yellow space.")

    def on_house(self, colour: str) -> None:
        state = self.state
        if state.phase == "choose-house":
            self.controller.apply(("house", colour))
        elif state.phase == "move":
            home = [a for a in state.legal_actions() if a[0] == "move" and a[-1] == HOUSE_STEP]
            if len(home) == 1:
                self.controller.apply(home[0])
            else:
                self.controller.message("That is not a move now.")

    def on_flick(self, velocity: float) -> None:
        if self.state.phase not in ("spin", "set-wolf"):
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
        state = self.state
        outcome = spin_outcome(board_deg)
        if state.phase == "spin" and after_spin:
            if self.controller.apply(outcome, Source.SENSOR) and self.store is not None:
                self.store.add_spin(board_deg)
        elif state.phase == "set-wolf":
            if outcome in state.legal_actions():
                self.controller.apply(outcome, Source.SENSOR)
            else:
                self.controller.message("The wolf points at a house: turn it away from the houses.")
        elif after_spin and state.wolf is not None:
            self.controller.message(
                f"The wolf only turns on a wolf's head: please point it back at {state.wolf} degrees."
            )
        self._draw_board(self.state)  # the state after the reading, not the one before

    # -- buttons ----------------------------------------------------------------------------
    def open_tools(self) -> None:
        from companion.ui.games.beware_of_the_wolf.tools import WolfTools

        if self.link is not None and self.store is not None:
            WolfTools.open_for(self.link, self.store, self.state.board, self.name)


load_kv(__file__)
