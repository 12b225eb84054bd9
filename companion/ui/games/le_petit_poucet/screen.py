"""The Le Petit Poucet turn screen.

Top: the path with the pawns, the eaten children and the Ogre's boots.  Left: the
current step: the count to ten (PoucetCountPanel) while the token goes round, otherwise
the PoucetStepPanel's choices.  Right: the turn and step, the cards taken, what the last
turn did (who found the tree, who advanced, where the boot landed, who was eaten),
Undo and History.  Everything is redrawn from the controller's state.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import StringProperty

from companion.devices import timing
from companion.devices.hub import DeviceStatus
from companion.engines.le_petit_poucet import ogre
from companion.engines.le_petit_poucet.terms import (
    ASK,
    CHECK,
    DRAW,
    GRAB,
    OVER,
    REVEAL,
    START,
    TOUCH,
    VOTE,
)
from companion.ui.game_screen import GameScreen
from companion.ui.games.le_petit_poucet.count_panel import PoucetCountPanel
from companion.ui.games.le_petit_poucet.path_view import PoucetPathView  # noqa: F401  (kv)
from companion.ui.games.le_petit_poucet.step_panel import PoucetStepPanel
from companion.ui.screens import load_kv

STEP_TITLES = {
    START: "Setting up",
    DRAW: "Step 1 of 5: touch the tree",
    TOUCH: "Step 1 of 5: touch the tree",
    REVEAL: "Step 2 of 5: find the tree",
    GRAB: "Step 2 of 5: find the tree",
    ASK: "Step 2 of 5: find the tree (less quick)",
    VOTE: "Step 3 of 5: help each other",
    CHECK: "Step 4 of 5: advance through the forest",
    OVER: "Game over",
}
DEVICE_NAME = "count timer"


def turn_report(report: dict[str, Any], state: Any, names: list[str]) -> list[str]:
    """Steps 4 and 5 of the last finished turn, in words."""
    lines = [
        f"[b]Turn {report['turn']}[/b]: the token was the {state.tree_label(report['token'])}."
    ]
    finder = report["finder"]
    lines.append(f"{names[finder]} found it." if finder is not None else "Nobody found it.")
    moves = [f"{names[p]} +{m}" for p, m in enumerate(report["moved"]) if m]
    if moves:
        lines.append("Advance: " + ", ".join(moves) + ".")
    if report["boot"] is not None:
        boot = ogre.BOOT_NAMES[report["boot"]]
        lines.append(f"The Ogre's {boot} lands {ogre.describe(report['landing'])}.")
    if report["eaten"]:
        lines.append(
            f"[color=ff7755]Eaten: {', '.join(names[p] for p in report['eaten'])}![/color]"
        )
    return lines


class PoucetScreen(GameScreen):
    step_title = StringProperty("")
    status_text = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.count = PoucetCountPanel()
        self.steps = PoucetStepPanel()
        self.steps.screen = self
        self.count.connect(self)
        self._button: Any = None
        self._buzzer: Any = None

    # -- devices ---------------------------------------------------------------------
    def open_devices(self) -> None:
        hub = self.services.devices if self.services is not None else None
        if hub is None:
            return
        try:
            self._button = timing.make_tap_button(hub.pin_factory, hub.pins["tap_button"])
            self._buzzer = timing.make_buzzer(hub.pin_factory, hub.pins["buzzer"])
        except Exception as err:  # a missing or busy pin must not stop the game
            self._close_parts()
            App.get_running_app().notify(
                f"Tap button / buzzer unavailable ({err}); use the screen."
            )
        self.count.connect(self, self._button, self._buzzer)
        hub.register(DEVICE_NAME, self._device_status)

    def _device_status(self) -> DeviceStatus:
        assert self.services is not None
        hub = self.services.devices
        state = "simulated" if hub.simulated else ("connected" if self._button else "missing")
        timer = self.count.timer
        if timer is None:
            return DeviceStatus(DEVICE_NAME, state, "idle")
        status = timer.status()
        words = f"{self.count.mode}, count {status.count}"
        return DeviceStatus(DEVICE_NAME, state, words + (", paused" if status.paused else ""))

    def close_devices(self) -> None:
        self.count.stop()
        if self.services is not None:
            self.services.devices.unregister(DEVICE_NAME)
        self._close_parts()
        self.count.connect(self)

    def _close_parts(self) -> None:
        for part in (self._button, self._buzzer):
            if part is not None:
                part.close()
        self._button = self._buzzer = None

    # -- drawing ---------------------------------------------------------------------
    def refresh(self) -> None:
        if self.controller is None:
            return
        state, names = self.controller.state, self.controller.names
        self.ids.path.update(state, names)
        self.step_title = f"Turn {state.turn} - {STEP_TITLES[state.phase]}"
        self.status_text = "\n".join(self._status_lines(state, names))
        stage = self.ids.stage
        panel = self.count if state.phase == TOUCH else self.steps
        if panel.parent is not stage:
            stage.clear_widgets()
            stage.add_widget(panel)
        self.count.sync(state, names)
        if panel is self.steps:
            self.steps.show(state, names)

    def _status_lines(self, state: Any, names: list[str]) -> list[str]:
        lines = []
        if state.first_player is not None and state.phase != OVER:
            lines.append(f"First player: {names[state.first_player]}")
        held = [
            f"    {names[p]}: {state.tree_label(t)}"
            for p, t in enumerate(state.taken)
            if t is not None
        ]
        if held:
            lines.append("Cards taken:")
            lines.extend(held)
        lines.append(f"Tree tokens left: {len(state.unseen_tokens())}")
        if state.last_turn is not None:
            lines.append("")
            lines.extend(turn_report(state.last_turn, state, names))
        return lines

    # -- buttons ---------------------------------------------------------------------


load_kv(__file__)
