"""Drawings of the table: the Forest row and the clock dial.

They draw only what they are given (from the view's table); no rules live here.
"""

from __future__ import annotations

import math
from typing import Any

from kivy.graphics import Color, Ellipse, Line
from kivy.metrics import dp
from kivy.properties import NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.ui.games.lost_in_the_woods.card import CardPicture
from companion.ui.screens import load_kv


class ForestRow(BoxLayout):
    """Mansion, the nine Forest places (each card by its picture, an empty place by its
    number), Bridge."""

    scale = NumericProperty(1.0)

    def show(self, forest: list[str]) -> None:
        slots: list[CardPicture] = list(self.ids.slots.children[::-1])
        for i, slot in enumerate(slots):
            kind = forest[i] if i < len(forest) else None
            slot.show(kind, "" if kind else str(i + 1))

    def symbols_shown(self) -> list[str]:
        """The good luck symbols pictured in the Forest row, from the Mansion on."""
        return [slot.kind for slot in self.ids.slots.children[::-1] if slot.kind]


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


load_kv(__file__)
