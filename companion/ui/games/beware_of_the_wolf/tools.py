"""The wolf's tools: calibrate the turntable, teach the board, and check the spinner's health.

A screen beside the board screen (the top bar's Home and the Back button leave it).  Each tool is a step-by-step dialogue around
pure logic (CalibrationWizard, BoardTeacher, spinner_health); the view only
feeds them the turntable's current reading and shows their prompts and errors.
"""

from __future__ import annotations

import math
from typing import Any

from kivy.app import App
from kivy.graphics import Color, Line, Mesh
from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from companion.devices.turntable.calibration import CalibrationError, CalibrationWizard
from companion.devices.turntable.health import spinner_health
from companion.devices.turntable.store import TurntableStore
from companion.engines.beware_of_the_wolf import Board, BoardError, BoardTeacher
from companion.ui.confirm import Confirm
from companion.ui.games.beware_of_the_wolf.turntable_link import TurntableLink
from companion.ui.screens import load_kv


class PolarHistogram(Widget):
    """A rose plot: one wedge per sector, its length proportional to the count."""

    counts = ListProperty([])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, counts=self._draw)

    def _draw(self, *_: Any) -> None:
        self.canvas.clear()
        r = min(self.width, self.height) / 2 * 0.95
        cx, cy = self.center
        bins = len(self.counts)
        with self.canvas:
            Color(0.4, 0.4, 0.4, 1)
            Line(circle=(cx, cy, r), width=1)
            Line(circle=(cx, cy, r / 2), width=1)
            if not bins or max(self.counts) == 0:
                return
            top = max(self.counts)
            width = 360.0 / bins
            for i, count in enumerate(self.counts):
                length = r * count / top
                vertices = [cx, cy, 0, 0]
                for k in range(5):
                    a = math.radians(i * width + width * k / 4)
                    vertices += [cx + length * math.sin(a), cy + length * math.cos(a), 0, 0]
                Color(0.85, 0.55, 0.2, 1)
                Mesh(vertices=vertices, indices=list(range(6)), mode="triangle_fan")


class WolfTools(Screen):
    """Opened with ``WolfTools.open_for(...)``; ``close`` returns to the game."""

    NAME = "wolf-tools"
    title = StringProperty("Wolf tools")
    prompt = StringProperty("")
    feedback = StringProperty("")
    mode = StringProperty("menu")
    histogram = ListProperty([])
    can_turn = BooleanProperty(False)

    def __init__(
        self,
        link: TurntableLink,
        store: TurntableStore,
        board: Board,
        back_to: str,
        mid_game: str = "",
        **kwargs: Any,
    ) -> None:
        super().__init__(name=self.NAME, **kwargs)
        self.mid_game = mid_game
        """What calibrating would do to the game under way ("" when none is): asked first."""
        self.link = link
        self.store = store
        self.board = board
        self.back_to = back_to
        self.wizard: CalibrationWizard | None = None
        self.teacher: BoardTeacher | None = None
        self.can_turn = link.turner is not None
        self.show_menu()

    @classmethod
    def open_for(
        cls,
        link: TurntableLink,
        store: TurntableStore,
        board: Board,
        back_to: str,
        mid_game: str = "",
    ) -> WolfTools:
        app = App.get_running_app()
        cls.remove_from(app.manager)
        screen = cls(link, store, board, back_to, mid_game)
        app.manager.add_widget(screen)
        app.go(cls.NAME)
        return screen

    @classmethod
    def remove_from(cls, manager: Any) -> None:
        if manager.has_screen(cls.NAME):
            manager.remove_widget(manager.get_screen(cls.NAME))

    def close(self) -> None:
        App.get_running_app().go(self.back_to)

    def turn(self, degrees: float) -> None:
        """Turn a simulated wolf by hand (the real one is turned on the board)."""
        self.link.turn_by(degrees)

    def _raw(self) -> float | None:
        if self.link.last_raw is None:
            self.feedback = "No reading from the turntable yet: check it on the devices screen."
        return self.link.last_raw

    def show_menu(self) -> None:
        self.mode = "menu"
        self.title = "Wolf tools"
        self.prompt = (
            "Calibrate: tell the app where the first house is and which way the sensor turns.\n"
            "Teach the board: point the wolf round your own board to make its board file.\n"
            "Spinner health: is your turntable fair?"
        )
        self.feedback = ""

    # -- calibrate ---------------------------------------------------------------------
    def start_calibration(self) -> None:
        """Calibrate; in the middle of a game, say what that does and ask first."""
        if self.mid_game:
            Confirm(
                f"{self.mid_game}\n\nCalibrate now?", "Calibrate now", self._calibrate, "Not now"
            ).open()
        else:
            self._calibrate()

    def _calibrate(self) -> None:
        first = self.board.houses[0].colour
        self.wizard = CalibrationWizard(first)
        self.mode, self.title, self.feedback = "calibrate", "Calibrate the turntable", ""
        self.prompt = self.wizard.prompt()

    def calibration_tap(self) -> None:
        raw = self._raw()
        if raw is None or self.wizard is None:
            return
        try:
            self.prompt = self.wizard.tap(raw)
        except CalibrationError as err:
            self.feedback = str(err)
            return
        if self.wizard.result is not None:
            self.link.calibration = self.wizard.result
            self.store.save_calibration(self.wizard.result)
            self.feedback = (
                f"Saved: zero at raw {self.wizard.result.zero_deg:.1f} deg, "
                f"{'clockwise' if self.wizard.result.direction > 0 else 'anticlockwise'} sensor."
            )

    # -- teach the board ------------------------------------------------------------------
    def start_teaching(self) -> None:
        colours = tuple(h.colour for h in self.board.houses)
        self.teacher = BoardTeacher(colours=colours, clockwise=self.board.clockwise)
        self.mode, self.title, self.feedback = "teach", "Teach the board", ""
        self.prompt = self.teacher.prompt()

    def _teach(self, action: str) -> None:
        teacher = self.teacher
        if teacher is None:
            return
        try:
            if action == "tap":
                angle = self.link.board_angle()
                if angle is None:
                    self._raw()
                    return
                self.feedback = teacher.tap(angle)
            elif action == "undo":
                teacher.undo()
                self.feedback = "Took back the last tap."
            elif action == "next":
                teacher.next_step()
                self.feedback = ""
            elif action == "save":
                path = self.store.save_board_text(teacher.toml())
                self.feedback = f"Saved your board to {path}."
        except BoardError as err:
            self.feedback = str(err)
        self.prompt = teacher.prompt()

    def teach_tap(self) -> None:
        self._teach("tap")

    def teach_undo(self) -> None:
        self._teach("undo")

    def teach_next(self) -> None:
        self._teach("next")

    def teach_save(self) -> None:
        self._teach("save")

    # -- spinner health -------------------------------------------------------------------
    def show_health(self) -> None:
        report = spinner_health(self.store.load_spins())
        self.mode, self.title = "health", "Spinner health"
        self.histogram = report.histogram
        self.prompt = report.verdict
        self.feedback = "Every settled spin of this turntable counts."


load_kv(__file__)
