"""The end's plot: the estimated odds of winning at each decision of the game.

Each decision is marked by a dot: gold where the player took the advice, red where they
chose otherwise; the last point is the result (100% won, 0% lost).  The axes are labelled
in words.  It draws only the points it is given.
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
    """One decision on the plot: the best estimated odds then, and whether the choice
    made was the advised one (None when the advice is not known)."""

    odds: float
    advised: bool | None


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
        """The plotted odds: every decision's, then the result."""
        return [m.odds for m in self.marks] + [1.0 if self.won else 0.0]

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
        values = self.values()
        last = len(values) - 1
        ids.x_first.center_x, ids.x_first.top = x0, y0 - dp(2)
        ids.x_last.text = "Result"
        ids.x_last.right, ids.x_last.top = x0 + w + dp(8), y0 - dp(2)
        self.canvas.before.clear()
        if w <= 0 or h <= 0:
            return
        with self.canvas.before:
            Color(*AXES)
            Line(points=[x0, y0 + h, x0, y0, x0 + w, y0], width=dp(1.2))
            Color(0.4, 0.4, 0.4, 1)
            Line(points=[x0, y0 + h / 2, x0 + w, y0 + h / 2], width=1, dash_length=4, dash_offset=4)
            Line(points=[x0, y0 + h, x0 + w, y0 + h], width=1, dash_length=4, dash_offset=4)
            step = w / last if last else 0
            points = [c for i, v in enumerate(values) for c in (x0 + i * step, y0 + v * h)]
            if len(points) >= 4:
                Color(*ADVISED[:3], 0.7)
                Line(points=points, width=dp(1.5))
            r = dp(4) * self.scale
            for i, mark in enumerate(self.marks):
                Color(*(AGAINST if mark.advised is False else ADVISED))
                x, y = x0 + i * step, y0 + mark.odds * h
                Ellipse(pos=(x - r, y - r), size=(2 * r, 2 * r))
            Color(1, 1, 1, 1)
            x, y = x0 + last * step, y0 + values[-1] * h
            Line(circle=(x, y, r * 1.5), width=dp(1.5))


load_kv(__file__)
