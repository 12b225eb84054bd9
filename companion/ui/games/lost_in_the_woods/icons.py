"""The cards' pictures, drawn with Kivy canvas instructions (no image files).

``draw_icon(kind, x, y, size)`` adds the instructions for one card kind's symbol (a good
luck symbol, a forest animal, an event, or the Mansion and the Bridge) to the canvas being
built, in a ``size`` x ``size`` square at ``(x, y)``.  Each drawing works in a unit square
(``u``, ``v`` from 0 to 1, ``v`` up) so it scales with the card.
"""

from __future__ import annotations

from collections.abc import Callable

from kivy.graphics import Color, Ellipse, Line, Rectangle, Triangle

Rgb = tuple[float, float, float]
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

    def ring(self, u: float, v: float, r: float, width: float = 0.05) -> None:
        Line(circle=(*self.p(u, v), r * self.s), width=max(1.0, width * self.s))


def _acorn(d: Pen) -> None:
    d.colour(BROWN)
    d.oval(0.5, 0.38, 0.46, 0.56)
    d.colour(DARK_BROWN)
    d.oval(0.5, 0.62, 0.62, 0.30)
    d.line(0.5, 0.74, 0.56, 0.92, width=0.07)


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


def _wolf(d: Pen) -> None:
    d.colour(GREY)
    d.tri(0.22, 0.72, 0.32, 0.96, 0.44, 0.74)
    d.tri(0.78, 0.72, 0.68, 0.96, 0.56, 0.74)
    d.tri(0.16, 0.76, 0.84, 0.76, 0.5, 0.08)
    d.colour(DARK)
    d.oval(0.5, 0.16, 0.14, 0.10)
    d.colour(YELLOW)
    d.oval(0.37, 0.58, 0.11, 0.08)
    d.oval(0.63, 0.58, 0.11, 0.08)


def _owl(d: Pen) -> None:
    d.colour(BROWN)
    d.oval(0.5, 0.45, 0.66, 0.80)
    d.tri(0.2, 0.72, 0.3, 0.95, 0.4, 0.78)
    d.tri(0.8, 0.72, 0.7, 0.95, 0.6, 0.78)
    d.colour(WHITE)
    d.oval(0.36, 0.58, 0.24, 0.24)
    d.oval(0.64, 0.58, 0.24, 0.24)
    d.colour(DARK)
    d.oval(0.36, 0.58, 0.10, 0.10)
    d.oval(0.64, 0.58, 0.10, 0.10)
    d.colour(ORANGE)
    d.tri(0.45, 0.46, 0.55, 0.46, 0.5, 0.34)


def _bat(d: Pen) -> None:
    d.colour(DARK)
    d.tri(0.5, 0.62, 0.02, 0.78, 0.12, 0.40)
    d.tri(0.5, 0.62, 0.12, 0.40, 0.30, 0.48)
    d.tri(0.5, 0.62, 0.98, 0.78, 0.88, 0.40)
    d.tri(0.5, 0.62, 0.88, 0.40, 0.70, 0.48)
    d.oval(0.5, 0.52, 0.22, 0.34)
    d.tri(0.42, 0.66, 0.44, 0.80, 0.49, 0.68)
    d.tri(0.58, 0.66, 0.56, 0.80, 0.51, 0.68)
    d.colour(RED)
    d.oval(0.46, 0.60, 0.04, 0.04)
    d.oval(0.54, 0.60, 0.04, 0.04)


def _well(d: Pen) -> None:
    d.colour(STONE)
    d.box(0.2, 0.1, 0.6, 0.32)
    d.colour(BLUE)
    d.oval(0.5, 0.42, 0.56, 0.12)
    d.colour(DARK_BROWN)
    d.line(0.26, 0.42, 0.26, 0.78, width=0.06)
    d.line(0.74, 0.42, 0.74, 0.78, width=0.06)
    d.colour(RED)
    d.tri(0.12, 0.76, 0.88, 0.76, 0.5, 0.96)


def _torch(d: Pen) -> None:
    d.colour(DARK_BROWN)
    d.line(0.42, 0.08, 0.52, 0.58, width=0.09)
    d.colour(ORANGE)
    d.oval(0.53, 0.70, 0.32, 0.38)
    d.tri(0.38, 0.74, 0.68, 0.74, 0.56, 0.98)
    d.colour(YELLOW)
    d.oval(0.53, 0.68, 0.16, 0.20)


def _compass(d: Pen) -> None:
    d.colour(STONE)
    d.oval(0.5, 0.5, 0.84, 0.84)
    d.colour(WHITE)
    d.oval(0.5, 0.5, 0.70, 0.70)
    d.colour(RED)
    d.tri(0.42, 0.5, 0.58, 0.5, 0.5, 0.84)
    d.colour(DARK)
    d.tri(0.42, 0.5, 0.58, 0.5, 0.5, 0.16)


def _lightning(d: Pen) -> None:
    d.colour(YELLOW)
    d.tri(0.55, 0.96, 0.25, 0.45, 0.55, 0.50)
    d.tri(0.45, 0.52, 0.75, 0.55, 0.40, 0.04)


def _gravestone(d: Pen) -> None:
    d.colour(STONE)
    d.box(0.24, 0.12, 0.52, 0.5)
    d.oval(0.5, 0.62, 0.52, 0.5, start=-90, end=90)
    d.colour(DARK)
    d.line(0.5, 0.30, 0.5, 0.70, width=0.05)
    d.line(0.38, 0.58, 0.62, 0.58, width=0.05)
    d.colour(GREEN)
    d.box(0.1, 0.06, 0.8, 0.08)


def _signpost(d: Pen) -> None:
    d.colour(DARK_BROWN)
    d.line(0.5, 0.06, 0.5, 0.90, width=0.07)
    d.colour(BROWN)
    d.box(0.5, 0.66, 0.34, 0.16)
    d.tri(0.84, 0.64, 0.84, 0.84, 0.96, 0.74)
    d.box(0.16, 0.40, 0.34, 0.16)
    d.tri(0.16, 0.38, 0.16, 0.58, 0.04, 0.48)


def _scarecrow(d: Pen) -> None:
    d.colour(DARK_BROWN)
    d.line(0.5, 0.04, 0.5, 0.70, width=0.06)
    d.line(0.12, 0.52, 0.88, 0.52, width=0.06)
    d.colour(BLUE)
    d.tri(0.30, 0.58, 0.70, 0.58, 0.5, 0.22)
    d.colour(YELLOW)
    d.oval(0.5, 0.72, 0.22, 0.22)
    d.colour(DARK_BROWN)
    d.box(0.3, 0.80, 0.4, 0.05)
    d.tri(0.38, 0.84, 0.62, 0.84, 0.5, 0.98)


def _horseman(d: Pen) -> None:
    """The Headless Horseman's jack-o'-lantern."""
    d.colour(ORANGE)
    d.oval(0.5, 0.44, 0.80, 0.64)
    d.colour(GREEN)
    d.line(0.5, 0.74, 0.56, 0.92, width=0.07)
    d.colour(DARK)
    d.tri(0.28, 0.56, 0.42, 0.56, 0.35, 0.68)
    d.tri(0.58, 0.56, 0.72, 0.56, 0.65, 0.68)
    d.tri(0.28, 0.34, 0.72, 0.34, 0.5, 0.22)


def _mansion(d: Pen) -> None:
    d.colour(STONE)
    d.box(0.16, 0.08, 0.68, 0.52)
    d.colour(RED)
    d.tri(0.08, 0.58, 0.92, 0.58, 0.5, 0.92)
    d.colour(DARK)
    d.box(0.42, 0.08, 0.16, 0.26)
    d.colour(YELLOW)
    d.box(0.24, 0.38, 0.12, 0.12)
    d.box(0.64, 0.38, 0.12, 0.12)


def _bridge(d: Pen) -> None:
    d.colour(BLUE)
    d.box(0.04, 0.06, 0.92, 0.16)
    d.colour(BROWN)
    d.oval(0.5, 0.22, 0.84, 0.50, start=-90, end=90)
    d.colour(BLUE)
    d.oval(0.5, 0.22, 0.56, 0.30, start=-90, end=90)
    d.colour(DARK_BROWN)
    d.line(0.06, 0.50, 0.94, 0.50, width=0.06)
    d.line(0.2, 0.50, 0.2, 0.72, 0.8, 0.72, 0.8, 0.50, width=0.04)


DRAWINGS: dict[str, Callable[[Pen], None]] = {
    "acorn": _acorn,
    "shamrock": _shamrock,
    "distelfink": _distelfink,
    "wolf": _wolf,
    "owl": _owl,
    "bat": _bat,
    "well": _well,
    "torch": _torch,
    "compass": _compass,
    "lightning": _lightning,
    "gravestone": _gravestone,
    "signpost": _signpost,
    "scarecrow": _scarecrow,
    "horseman": _horseman,
    "mansion": _mansion,
    "bridge": _bridge,
}


def draw_icon(kind: str, x: float, y: float, size: float) -> None:
    """Add ``kind``'s picture to the canvas being built (nothing for an unknown kind)."""
    drawing = DRAWINGS.get(kind)
    if drawing is not None:
        drawing(Pen(x, y, size))
