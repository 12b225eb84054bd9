"""The Le Petit Poucet turn screen.

Top: the path with the pawns, the eaten children and the Ogre's boots, then the turn
and step in the colour of the child who acts.  Left: the current step: the count to
ten (PoucetCountPanel) while the token goes round, otherwise the PoucetStepPanel's
choices.  Right: the first player, the cards taken, what the last turn did (who found
the tree, who advanced, where the boot landed, who was eaten), Undo and History.
Everything is redrawn from the player's view (``controller.view()``).
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import StringProperty

from companion.devices import timing
from companion.devices.hub import DeviceStatus
from companion.engines.le_petit_poucet import PoucetTable
from companion.engines.view import View
from companion.ui.game_screen import GameScreen
from companion.ui.games.le_petit_poucet.count_panel import PoucetCountPanel
from companion.ui.games.le_petit_poucet.path_view import PoucetPathView  # noqa: F401  (kv)
from companion.ui.games.le_petit_poucet.step_panel import PoucetStepPanel
from companion.ui.players import game_colour
from companion.ui.screens import load_kv
from companion.ui.view_widgets import TurnBanner  # noqa: F401  (kv)

DEVICE_NAME = "count timer"


def status_lines(table: PoucetTable) -> list[str]:
    """The side column: first player, the cards taken, the tokens left, the last turn."""
    lines = []
    if table.first_player is not None:
        lines.append(f"First player: {table.pawns[table.first_player].name}")
    if table.cards_taken:
        lines.append("Cards taken:")
        lines.extend(f"    {name}: {card}" for name, card in table.cards_taken)
    lines.append(f"Tree tokens left: {table.tokens_left}")
    report = table.last_turn
    if report is not None:
        lines += ["", f"[b]{report.heading}[/b]", *report.lines]
        if report.eaten:
            lines.append(f"[color=ff7755]{report.eaten}[/color]")
    return lines


class PoucetScreen(GameScreen):
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
        view: View = self.controller.view()
        table = view.table
        assert isinstance(table, PoucetTable)
        game = self.controller.game
        self.ids.path.update(table, lambda player: game_colour(game, player)[1])
        self.ids.banner.show(table.step_title, view.turn, game)
        self.status_text = "\n".join(status_lines(table))
        stage = self.ids.stage
        panel = self.count if table.touch is not None else self.steps
        if panel.parent is not stage:
            stage.clear_widgets()
            stage.add_widget(panel)
        self.count.sync(view)
        if panel is self.steps:
            self.steps.show(view)


load_kv(__file__)
