"""The Le Petit Poucet turn screen.

Top: the path with the pawns, the eaten children and the Ogre's boots, then the turn
and step in the colour of the child who acts.  Left: the current step: the count to
ten (PoucetCountPanel) while the token goes round, the tree cards as a grid
(PoucetTreeGrid) when a card turns up or the token comes out of the box, otherwise
the PoucetStepPanel's choices.  Right: while the grid shows, what to do and "Let
the app do it"; then the first player, the cards taken, what the last turn did (who
found the tree, who advanced, where the boot landed, who was eaten), Undo and History.
Everything is redrawn from the player's view (``controller.view()``).

At 800x480 nothing a player reads is below 15sp; on a larger screen ``scale`` (the
app's ``text_scale``, as on every screen) grows the path, the cards and the type with it.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from companion.devices import timing
from companion.devices.hub import DeviceStatus
from companion.engines.le_petit_poucet import PoucetTable
from companion.engines.view import View
from companion.ui.game_screen import GameScreen
from companion.ui.games.le_petit_poucet.count_audio import METRONOME
from companion.ui.games.le_petit_poucet.count_panel import PoucetCountPanel
from companion.ui.games.le_petit_poucet.path_view import PoucetPathView  # noqa: F401  (kv)
from companion.ui.games.le_petit_poucet.step_panel import PoucetStepPanel
from companion.ui.games.le_petit_poucet.tree_cards import PoucetTreeGrid, has_tree_entry
from companion.ui.players import game_colour
from companion.ui.screens import load_kv
from companion.ui.view_widgets import TurnBanner  # noqa: F401  (kv)

DEVICE_NAME = "count timer"


def hex_of(rgba: tuple[float, ...]) -> str:
    return "".join(f"{round(c * 255):02x}" for c in rgba[:3])


def status_lines(table: PoucetTable, rgba: Any = None, cards: bool = False) -> list[str]:
    """The side column: the children in their colours, the first player, the cards
    taken (unless the tree grid shows them, ``cards``), the tokens left, the last turn."""
    lines = []
    if rgba is not None:
        shown = [
            f"[b][color={hex_of(rgba(p.player))}]{p.name}[/color][/b]"
            + (" (eaten)" if p.eaten else "")
            for p in table.pawns
        ]
        lines.append("   ".join(shown))
    if table.first_player is not None:
        lines.append(f"First player: {table.pawns[table.first_player].name}")
    if table.cards_taken and not cards:
        lines.append("Cards taken:")
        lines.extend(f"    {name}: {card}" for name, card in table.cards_taken)
    if table.ogre:
        lines.append(f"[color=ff8866]{table.ogre}[/color]")
    lines.append(f"Tree tokens left: {table.tokens_left}")
    report = table.last_turn
    if report is not None:
        lines += ["", f"[b]{report.heading}[/b]", *report.lines]
        if report.eaten:
            lines.append(f"[color=ff7755]{report.eaten}[/color]")
    return lines


class PoucetScreen(GameScreen):
    status_text = StringProperty("")
    prompt_text = StringProperty("")
    """What to do, beside the tree grid (empty when the grid is not shown)."""
    prompt_note = StringProperty("")
    app_may_draw = BooleanProperty(False)
    cards = BooleanProperty(False)
    """True while the stage shows the tree grid."""
    scale = NumericProperty(1)
    """The app's ``text_scale`` (1 on the 7" panel), which every part and the type grow by."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.count = PoucetCountPanel()
        self.steps = PoucetStepPanel()
        self.grid = PoucetTreeGrid()
        self.steps.screen = self
        for part in (self.count, self.steps, self.grid):
            self.bind(scale=part.setter("scale"))
            part.scale = self.scale  # (a screen made on a large display is large already)
        self.bind(scale=self._grow)
        self._heard: set[str] = set()
        """The turns whose children being eaten the table has already heard."""
        self.count.connect(self)
        self._button: Any = None
        self._buzzer: Any = None

    # -- devices ---------------------------------------------------------------------
    def open_devices(self) -> None:
        self._heard = set()
        if self.controller is not None:  # a resumed game does not replay its last catch
            table = self.controller.view().table
            if isinstance(table, PoucetTable) and table.last_turn is not None:
                self._heard.add(table.last_turn.heading)
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

    def on_pre_leave(self, *_args: Any) -> None:
        """Leaving for History or Settings mid-count pauses the count (and its sound):
        nobody is watching it, and "Resume" picks it up where it stopped.  The wired
        button is not followed until the screen is back."""
        if self.count.timer is not None:
            self.count.timer.listen(False)
        if self.count.mode == METRONOME:  # (a tap count waits for the next tap anyway)
            self.count.pause()
            self.count.audio.stop()

    def on_pre_enter(self, *_args: Any) -> None:
        if self.count.timer is not None:
            self.count.timer.listen(True)

    # -- drawing ---------------------------------------------------------------------
    def _grow(self, *_args: Any) -> None:
        self.refresh()  # the buttons made in Python take their size when shown

    def draw_for_table(self) -> None:
        """The side column's "Let the app do it" (the grid's steps)."""
        if self.controller is not None:
            self.controller.draw()

    def _cue_eaten(self, table: PoucetTable) -> None:
        """The Ogre's catch sounds once, when a turn ends with children eaten (not again
        on a redraw, nor when the game is resumed there)."""
        report = table.last_turn
        if report is None or not report.eaten or report.heading in self._heard:
            return
        self._heard.add(report.heading)
        if self._cues is not None:
            self._cues.play("wolf_catch")

    @property
    def toast_area(self) -> Any:
        """The path: a picture only, so a toast there hides no button."""
        return self.ids.path

    def refresh(self) -> None:
        if self.controller is None:
            return
        view: View = self.controller.view()
        table = view.table
        assert isinstance(table, PoucetTable)
        game = self.controller.game

        def rgba(player: int) -> tuple[float, float, float, float]:
            return game_colour(game, player)[1]

        self.ids.path.update(table, rgba)
        acting = view.turn if view.turn is not None else table.first_player
        if view.end is None:
            self.ids.banner.show(table.step_title, acting, game)
        else:
            self.ids.banner.hide()  # the end banner alone says how the game ended
        chance = view.chance
        self.cards = table.touch is None and chance is not None and has_tree_entry(chance.outcomes)
        self.status_text = "\n".join(status_lines(table, rgba, self.cards))
        self._cue_eaten(table)
        stage = self.ids.stage
        if table.touch is not None:
            panel: Any = self.count
        else:
            panel = self.grid if self.cards else self.steps
        if panel.parent is not stage:
            stage.clear_widgets()
            stage.add_widget(panel)
        self.count.sync(view)
        if self.cards and chance is not None:
            self.prompt_text, self.prompt_note = view.headline, table.note
            self.app_may_draw = table.app_may_draw
            self.grid.show(
                table,
                chance.outcomes,
                self.controller.enter_outcome,
                rgba,
                App.get_running_app().notify,
            )
        else:
            self.prompt_text = self.prompt_note = ""
            self.app_may_draw = False
        if panel is self.steps:
            self.steps.show(view)


load_kv(__file__)
