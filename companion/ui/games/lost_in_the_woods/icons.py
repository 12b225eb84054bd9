"""The cards' pictures, drawn with Kivy canvas instructions (no image files).

``draw_icon(kind, x, y, size)`` adds the instructions for one card kind's symbol (a good
luck symbol, a forest animal, an event, or the Mansion and the Bridge) to the canvas being
built, in a ``size`` x ``size`` square at ``(x, y)``.  Each drawing works in a unit square
(``u``, ``v`` from 0 to 1, ``v`` up) so it scales with the card.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from functools import cache
from pathlib import Path

from kivy.graphics import Color, Ellipse, Line, Rectangle, Triangle

Rgb = tuple[float, float, float]
Step = str | list[str | float]
"""One step of a picture in ``figures.toml``: a colour's name, or a stroke and its numbers."""
FIGURES_FILE = Path(__file__).with_name("figures.toml")
BROWN: Rgb = (0.55, 0.33, 0.13)
DARK_BROWN: Rgb = (0.33, 0.20, 0.08)
GREEN: Rgb = (0.16, 0.55, 0.22)
BLUE: Rgb = (0.20, 0.40, 0.75)
RED: Rgb = (0.80, 0.18, 0.15)
YELLOW: Rgb = (0.98, 0.80, 0.15)
ORANGE: Rgb = (0.95, 0.50, 0.10)
GREY: Rgb = (0.45, 0.45, 0.48)
DARK: Rgb = (0.12, 0.12, 0.14)
WHITE: Rgb = (1.0, 1.0, 1.0)
STONE: Rgb = (0.60, 0.60, 0.62)
COLOURS = {
    "brown": BROWN,
    "dark_brown": DARK_BROWN,
    "green": GREEN,
    "blue": BLUE,
    "red": RED,
    "yellow": YELLOW,
    "orange": ORANGE,
    "grey": GREY,
    "dark": DARK,
    "white": WHITE,
    "stone": STONE,
}


class Pen:
    """Draws in a card's unit square: positions and sizes are fractions of ``size``."""

    def __init__(self, x: float, y: float, size: float) -> None:
        self.x, self.y, self.s = x, y, size

    def p(self, u: float, v: float) -> tuple[float, float]:
        return (self.x + u * self.s, self.y + v * self.s)

    def colour(self, rgb: Rgb) -> None:
        Color(*rgb, 1)

    def oval(self, u: float, v: float, w: float, h: float, start: float = 0, end: float = 360):
        """An ellipse centred at (u, v) with width ``w`` and height ``h``."""
        Ellipse(
            pos=self.p(u - w / 2, v - h / 2),
            size=(w * self.s, h * self.s),
            angle_start=start,
            angle_end=end,
        )

    def box(self, u: float, v: float, w: float, h: float) -> None:
        """A rectangle from its lower left corner (u, v)."""
        Rectangle(pos=self.p(u, v), size=(w * self.s, h * self.s))

    def tri(self, *uv: float) -> None:
        points: list[float] = []
        for i in range(0, 6, 2):
            points += self.p(uv[i], uv[i + 1])
        Triangle(points=points)

    def line(self, *uv: float, width: float = 0.05) -> None:
        points: list[float] = []
        for i in range(0, len(uv), 2):
            points += self.p(uv[i], uv[i + 1])
        Line(points=points, width=max(1.0, width * self.s), cap="round", joint="round")

    def strokes(self, steps: list[Step]) -> None:
        """Draw a picture given as data (``figures.toml``)."""
        for step in steps:
            if isinstance(step, str):
                self.colour(COLOURS[step])
                continue
            name, n = str(step[0]), [float(x) for x in step[1:]]
            if name == "line":
                self.line(*n[1:], width=n[0])
            elif name == "half":
                self.oval(n[0], n[1], n[2], n[3], start=-90, end=90)
            else:
                getattr(self, name)(*n)

    def ring(self, u: float, v: float, r: float, width: float = 0.05) -> None:
        Line(circle=(*self.p(u, v), r * self.s), width=max(1.0, width * self.s))


def _shamrock(d: Pen) -> None:
    d.colour(GREEN)
    for u, v in ((0.5, 0.72), (0.3, 0.5), (0.7, 0.5)):
        d.oval(u, v, 0.34, 0.34)
    d.oval(0.5, 0.56, 0.2, 0.2)
    d.line(0.5, 0.5, 0.56, 0.08, width=0.07)


def _bird(d: Pen, u: float, facing: float) -> None:
    """One distelfink (a stylised goldfinch) centred at ``u``, facing right (1) or left."""
    d.colour(BLUE)
    d.oval(u, 0.45, 0.36, 0.26)
    d.tri(u - 0.14 * facing, 0.48, u - 0.32 * facing, 0.66, u - 0.30 * facing, 0.38)
    d.colour(YELLOW)
    d.oval(u + 0.12 * facing, 0.62, 0.18, 0.18)
    d.colour(RED)
    d.tri(u + 0.19 * facing, 0.66, u + 0.19 * facing, 0.58, u + 0.28 * facing, 0.62)
    d.colour(DARK)
    d.oval(u + 0.13 * facing, 0.64, 0.05, 0.05)
    d.colour(RED)
    d.oval(u - 0.02 * facing, 0.42, 0.18, 0.10)


def _distelfink(d: Pen) -> None:
    _bird(d, 0.28, 1)
    _bird(d, 0.72, -1)
    d.colour(GREEN)
    d.line(0.1, 0.25, 0.9, 0.25, width=0.05)


@cache
def figures() -> dict[str, list[Step]]:
    """The pictures drawn as a plain run of strokes (read once, on first use)."""
    with FIGURES_FILE.open("rb") as f:
        return tomllib.load(f)


DRAWINGS: dict[str, Callable[[Pen], None]] = {
    "shamrock": _shamrock,
    "distelfink": _distelfink,
}
"""The pictures with a loop or a repeated part, drawn by a function."""


def draw_icon(kind: str, x: float, y: float, size: float) -> None:
    """Add ``kind``'s picture to the canvas being built (nothing for an unknown kind)."""
    drawing = DRAWINGS.get(kind)
    if drawing is not None:
        drawing(Pen(x, y, size))
    elif kind in figures():
        Pen(x, y, size).strokes(figures()[kind])
