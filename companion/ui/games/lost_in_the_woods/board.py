"""Drawings of the table: the Forest row, the clock dial and the win-probability plot.

They draw only what they are given (from the view's table); no rules live here.
"""

from __future__ import annotations

import math
from typing import Any

from kivy.graphics import Color, Ellipse, Line
from kivy.metrics import dp
from kivy.properties import ListProperty, NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.engines.lost_in_the_woods import NAMES, SYMBOLS
from companion.ui.screens import load_kv

CARD_COLOURS = {
    "acorn": (0.55, 0.36, 0.16, 1),
    "shamrock": (0.20, 0.50, 0.25, 1),
    "distelfink": (0.22, 0.38, 0.62, 1),
    "wolf": (0.50, 0.16, 0.16, 1),
    "owl": (0.50, 0.16, 0.16, 1),
    "bat": (0.50, 0.16, 0.16, 1),
    "compass": (0.42, 0.28, 0.55, 1),
}
EVENT_COLOUR = (0.42, 0.28, 0.55, 1)
EMPTY = (0.18, 0.20, 0.19, 1)
SHORT = {"distelfink": "Distelfink", "horseman": "Horseman", "well": "Well"}


def card_label(kind: str) -> str:
    return SHORT.get(kind, NAMES[kind])


def card_colour(kind: str | None) -> tuple[float, float, float, float]:
    if kind is None:
        return EMPTY
    return CARD_COLOURS.get(kind, EVENT_COLOUR)


class CardSlot(BoxLayout):
    """One card place: a coloured box with the card's name (or an empty slot)."""

    colour = ListProperty(list(EMPTY))


class ForestRow(BoxLayout):
    """Mansion, the nine Forest slots, Bridge."""

    def show(self, forest: list[str]) -> None:
        slots = [w for w in self.ids.slots.children[::-1]]
        for i, slot in enumerate(slots):
            kind = forest[i] if i < len(forest) else None
            slot.ids.name.text = card_label(kind) if kind else str(i + 1)
            slot.colour = list(card_colour(kind))

    def symbols_shown(self) -> list[str]:
        labels = [w.ids.name.text for w in self.ids.slots.children[::-1]]
        names = {card_label(s): s for s in SYMBOLS}
        return [names[t] for t in labels if t in names]


class ClockDial(Widget):
    """The punchboard clock: 12 marks, the hand at the time spent, the spent part shaded."""

    time = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, time=self._draw)

    def _draw(self, *_: Any) -> None:
        self.canvas.clear()
        r = min(self.width, self.height) / 2 - dp(4)
        cx, cy = self.center
        with self.canvas:
            Color(0.15, 0.17, 0.16, 1)
            Ellipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r))
            Color(0.60, 0.22, 0.18, 0.85)
            Ellipse(
                pos=(cx - r, cy - r), size=(2 * r, 2 * r), angle_start=0, angle_end=self.time * 30
            )
            Color(0.9, 0.9, 0.85, 1)
            Line(circle=(cx, cy, r), width=dp(1.5))
            for mark in range(12):
                a = math.radians(mark * 30)
                inner = r * (0.78 if mark % 3 == 0 else 0.86)
                Line(
                    points=[
                        cx + inner * math.sin(a),
                        cy + inner * math.cos(a),
                        cx + r * math.sin(a),
                        cy + r * math.cos(a),
                    ],
                    width=dp(1.5),
                )
            a = math.radians(self.time * 30)
            Color(1, 0.95, 0.7, 1)
            Line(
                points=[cx, cy, cx + 0.8 * r * math.sin(a), cy + 0.8 * r * math.cos(a)],
                width=dp(2.5),
            )


class WinPlot(Widget):
    """The estimated chance of winning at each decision of the game, as a line."""

    values = ListProperty([])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, values=self._draw)

    def _draw(self, *_: Any) -> None:
        self.canvas.clear()
        x0, y0 = self.x + dp(8), self.y + dp(8)
        w, h = self.width - dp(16), self.height - dp(16)
        with self.canvas:
            Color(0.5, 0.5, 0.5, 1)
            Line(rectangle=(x0, y0, w, h), width=1)
            Color(0.35, 0.35, 0.35, 1)
            Line(points=[x0, y0 + h / 2, x0 + w, y0 + h / 2], width=1, dash_length=4, dash_offset=4)
            if len(self.values) >= 2:
                step = w / (len(self.values) - 1)
                points = []
                for i, v in enumerate(self.values):
                    points += [x0 + i * step, y0 + v * h]
                Color(0.95, 0.8, 0.4, 1)
                Line(points=points, width=dp(2))


load_kv(__file__)
