"""The end's plot: the estimated odds of winning at each decision of the game.

Each decision is marked by a dot: gold where the player took the advice, red where they
chose otherwise, pale while its odds are a first estimate; the last point is the result
(100% won, 0% lost).  The axes are labelled in words.  A decision whose odds are not
known yet keeps its place on the x axis, with no dot, so the plot fills in as they come.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kivy.graphics import Color, Ellipse, Line
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.floatlayout import FloatLayout

from companion.ui.screens import load_kv

ADVISED = (0.95, 0.80, 0.40, 1)
AGAINST = (1.0, 0.40, 0.27, 1)
AXES = (0.75, 0.75, 0.72, 1)


@dataclass(frozen=True)
class Mark:
    """One decision on the plot: the best estimated odds then (None: not known yet), and
    whether the choice made was the advised one (None when the advice is not known)."""

    odds: float | None
    advised: bool | None
    rough: bool = False
    """The odds are a first estimate, still to be refined."""


class WinPlot(FloatLayout):
    """Odds of winning (y, 0-100%) over the decisions in order (x), with the result."""

    marks = ListProperty([])
    """The decisions' ``Mark``s, in order."""
    won = BooleanProperty(False)
    scale = NumericProperty(1.0)
    note = StringProperty("")
    """A line under the title (while past decisions are still being weighed)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, marks=self._draw, won=self._draw)

    def on_kv_post(self, *_: Any) -> None:
        self.ids.y_top.bind(texture_size=self._draw)

    def values(self) -> list[float]:
        """The plotted odds: every known decision's, then the result."""
        return [m.odds for m in self.marks if m.odds is not None] + [self.result()]

    def result(self) -> float:
        return 1.0 if self.won else 0.0

    def area(self) -> tuple[float, float, float, float]:
        """The plotting area (x, y, width, height) inside the axis labels."""
        line = sp(15) * self.scale * 1.3
        left = self.ids.y_top.texture_size[0] + dp(8)
        x0, y0 = self.x + left, self.y + 2 * line + dp(4)
        return x0, y0, self.right - x0 - dp(10), self.top - y0 - 2 * line - dp(8)

    def _draw(self, *_: Any) -> None:
        x0, y0, w, h = self.area()
        ids = self.ids
        ids.y_top.right, ids.y_top.center_y = x0 - dp(4), y0 + h
        ids.y_mid.right, ids.y_mid.center_y = x0 - dp(4), y0 + h / 2
        ids.y_low.right, ids.y_low.center_y = x0 - dp(4), y0
        last = len(self.marks)
        ids.x_first.center_x, ids.x_first.top = x0, y0 - dp(2)
        ids.x_last.text = "Result"
        ids.x_last.right, ids.x_last.top = x0 + w + dp(8), y0 - dp(2)
        self.canvas.before.clear()
        if w <= 0 or h <= 0:
            return
        step = w / last if last else 0
        known = [
            (x0 + i * step, y0 + m.odds * h, m)
            for i, m in enumerate(self.marks)
            if m.odds is not None
        ]
        end = (x0 + last * step, y0 + self.result() * h)
        with self.canvas.before:
            Color(*AXES)
            Line(points=[x0, y0 + h, x0, y0, x0 + w, y0], width=dp(1.2))
            Color(0.4, 0.4, 0.4, 1)
            Line(points=[x0, y0 + h / 2, x0 + w, y0 + h / 2], width=1, dash_length=4, dash_offset=4)
            Line(points=[x0, y0 + h, x0 + w, y0 + h], width=1, dash_length=4, dash_offset=4)
            Color(*ADVISED[:3], 0.7)
            for run in runs(self.marks, x0, y0, step, h, end):
                if len(run) >= 4:
                    Line(points=run, width=dp(1.5))
            r = dp(4) * self.scale
            for x, y, mark in known:
                colour = AGAINST if mark.advised is False else ADVISED
                Color(*colour[:3], 0.45 if mark.rough else 1)
                Ellipse(pos=(x - r, y - r), size=(2 * r, 2 * r))
            Color(1, 1, 1, 1)
            Line(circle=(*end, r * 1.5), width=dp(1.5))


def runs(
    marks: list[Mark], x0: float, y0: float, step: float, h: float, end: tuple[float, float]
) -> list[list[float]]:
    """The line's pieces: through neighbouring known dots and on to the result, broken
    where a decision is not known yet (a line across the gap would invent odds)."""
    pieces: list[list[float]] = [[]]
    for i, m in enumerate(marks):
        if m.odds is None:
            pieces.append([])
        else:
            pieces[-1] += [x0 + i * step, y0 + m.odds * h]
    pieces[-1] += list(end)
    return [p for p in pieces if p]


load_kv(__file__)
