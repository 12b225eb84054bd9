"""The board drawn to scale from its data: rings of spaces, trees, houses, arrows, pawns, the wolf.

Angles are board degrees, clockwise from the top (the first house is drawn at
12 o'clock).  The view only draws what it is given (``show``) and reports touches:
a tap on a space or house (``on_space`` / ``on_house``) or a flick of the wolf in
the middle (``on_flick`` with degrees per second).  No rules here.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kivy.clock import Clock
from kivy.graphics import Color, Ellipse, InstructionGroup, Line, Mesh
from kivy.metrics import dp
from kivy.uix.widget import Widget

from companion.engines.beware_of_the_wolf import Board

HOUSE_COLOURS = {
    "red": (0.85, 0.2, 0.2),
    "blue": (0.2, 0.4, 0.9),
    "yellow": (0.95, 0.8, 0.15),
    "green": (0.2, 0.7, 0.3),
}
RING_RADII = {"outer": (0.68, 0.9), "inner": (0.38, 0.58)}
"""Inner and outer radius of each ring, as fractions of the view's half size."""
HOUSE_RADIUS = 0.95
WOLF_RADIUS = 0.30
TARGET_REACH_DP = 26
"""A touch this close to a lit space's centre chooses it: every target is >= 48 dp across."""
SAME_NEEDLE_DEGREES = 1.5
"""The turntable within this of the game's wolf: one needle says it all."""
GAME_NEEDLE = (0.95, 0.2, 0.15)
LIVE_NEEDLE = (1.0, 1.0, 1.0)


def colour_of(name: str) -> tuple[float, float, float]:
    return HOUSE_COLOURS.get(name.casefold(), (0.6, 0.5, 0.7))


def two_needles(game_deg: float | None, live_deg: float | None) -> bool:
    """Whether the turntable and the game's wolf point apart (two needles and a legend)."""
    if game_deg is None or live_deg is None:
        return False
    return abs((live_deg - game_deg + 180.0) % 360.0 - 180.0) > SAME_NEEDLE_DEGREES


@dataclass
class BoardPicture:
    """What to draw: everything comes from the engine's state and the live sensor."""

    pawns: list[tuple[str, str | None]] = field(default_factory=list)
    """(house colour, space or None = in the house), one per player."""
    guarded: frozenset[str] = frozenset()
    wolf_deg: float | None = None
    """The engine's wolf angle (the guarded zone's source)."""
    live_deg: float | None = None
    """Where the turntable's snout points right now, if a sensor is connected."""
    targets: frozenset[str] = frozenset()
    """Spaces a choice's move ends on: highlighted."""
    pickable_houses: frozenset[str] = frozenset()
    """Houses a choice names (to choose, or to move into): ringed."""


class WolfBoardView(Widget):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.board: Board | None = None
        self.picture = BoardPicture()
        self.on_space: Callable[[str, float], None] | None = None
        self.on_house: Callable[[str], None] | None = None
        self.on_flick: Callable[[float], None] | None = None
        self._flick: list[tuple[float, float]] = []
        self._redraw_later = Clock.create_trigger(self._redraw)
        self.bind(pos=self._redraw_later, size=self._redraw_later)

    # -- input from the screen ------------------------------------------------------
    def show(self, board: Board, picture: BoardPicture) -> None:
        self.board = board
        self.picture = picture
        self._redraw()

    def set_live_angle(self, degrees: float | None) -> None:
        if (
            degrees is None
            or self.picture.live_deg is None
            or abs(degrees - self.picture.live_deg) > 0.2
        ):
            self.picture.live_deg = degrees
            self._redraw()

    # -- geometry -------------------------------------------------------------------------
    @property
    def radius(self) -> float:
        return min(self.width, self.height) / 2.0

    def point(self, degrees: float, fraction: float) -> tuple[float, float]:
        """Window-free widget coordinates of a board angle at a fraction of the radius."""
        r = self.radius * fraction
        a = math.radians(degrees)
        return self.center_x + r * math.sin(a), self.center_y + r * math.cos(a)

    def space_point(self, space: str) -> tuple[float, float]:
        assert self.board is not None
        s = self.board.by_id[space]
        lo, hi = RING_RADII[s.ring]
        return self.point(s.angle, (lo + hi) / 2)

    def house_point(self, colour: str) -> tuple[float, float]:
        assert self.board is not None
        house = self.board.houses[self.board.house_index[colour]]
        return self.point(self.board.by_id[house.space].angle, HOUSE_RADIUS)

    def locate(self, x: float, y: float) -> tuple[str, float, float]:
        """(what, angle, radius fraction): what is 'wolf', 'house', 'outer', 'inner' or ''."""
        dx, dy = x - self.center_x, y - self.center_y
        fraction = math.hypot(dx, dy) / max(self.radius, 1.0)
        angle = math.degrees(math.atan2(dx, dy)) % 360.0
        if fraction <= WOLF_RADIUS:
            return "wolf", angle, fraction
        for ring, (lo, hi) in RING_RADII.items():
            if lo <= fraction <= hi:
                return ring, angle, fraction
        if RING_RADII["outer"][1] < fraction <= 1.0:
            return "house", angle, fraction
        return "", angle, fraction

    def near_target(self, x: float, y: float) -> tuple[str, str] | None:
        """The lit space or ringed house within reach of a touch (a finger, 48 dp wide, may
        land beside a narrow space): ("space", id) or ("house", colour), the nearest."""
        pic = self.picture
        spots = [("space", s, self.space_point(s)) for s in pic.targets]
        spots += [("house", c, self.house_point(c)) for c in pic.pickable_houses]
        if not spots:
            return None
        kind, name, (px, py) = min(spots, key=lambda t: math.hypot(t[2][0] - x, t[2][1] - y))
        return (kind, name) if math.hypot(px - x, py - y) <= dp(TARGET_REACH_DP) else None

    # -- touches -----------------------------------------------------------------------------
    def on_touch_down(self, touch: Any) -> bool:
        if not self.collide_point(*touch.pos) or self.board is None:
            return False
        near = self.near_target(*touch.pos)
        if near is not None and near[0] == "space" and self.on_space is not None:
            self.on_space(near[1], self.board.by_id[near[1]].angle)
            return True
        if near is not None and near[0] == "house" and self.on_house is not None:
            self.on_house(near[1])
            return True
        what, angle, _ = self.locate(*touch.pos)
        if what == "wolf":
            touch.grab(self)
            self._flick = [(touch.time_update, angle)]
            return True
        if what in ("outer", "inner") and self.on_space is not None:
            self.on_space(self.board.space_at(what, angle), angle)
            return True
        if what == "house" and self.on_house is not None:
            nearest = min(
                self.board.houses,
                key=lambda h: abs((self.board.by_id[h.space].angle - angle + 180) % 360 - 180),  # type: ignore[union-attr]
            )
            self.on_house(nearest.colour)
            return True
        return False

    def on_touch_move(self, touch: Any) -> bool:
        if touch.grab_current is not self:
            return False
        _, angle, _ = self.locate(*touch.pos)
        self._flick.append((touch.time_update, angle))
        self._flick = self._flick[-8:]
        return True

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is not self:
            return False
        touch.ungrab(self)
        _, angle, _ = self.locate(*touch.pos)
        self._flick.append((touch.time_update, angle))
        velocity = flick_velocity(self._flick)
        self._flick = []
        if self.on_flick is not None and velocity is not None:
            self.on_flick(velocity)
        return True

    # -- drawing -----------------------------------------------------------------------------
    def _redraw(self, *_: Any) -> None:
        self.canvas.clear()
        board = self.board
        if board is None or self.radius <= 0:
            return
        group = InstructionGroup()
        pic = self.picture
        for s in board.spaces:
            lo, hi = RING_RADII[s.ring]
            start, end = s.angle - s.half_width, s.angle + s.half_width
            house = next((h.colour for h in board.houses if h.space == s.id), None)
            if house is not None:
                fill = colour_of(house)
            elif s.tree:
                fill = (0.16, 0.42, 0.2)
            else:
                fill = (0.86, 0.78, 0.6) if s.ring == "outer" else (0.74, 0.68, 0.55)
            self._sector(group, start, end, lo, hi, (*fill, 1))
            if s.id in pic.guarded and not s.tree:
                self._sector(group, start, end, lo, hi, (0.9, 0.1, 0.1, 0.45))
            if s.id in pic.targets:
                self._sector(group, start, end, lo, hi, (1.0, 1.0, 0.3, 0.55))
            group.add(Color(0.25, 0.2, 0.15, 1))
            group.add(Line(points=[*self.point(start, lo), *self.point(start, hi)], width=1))
            if s.tree:
                self._tree(group, s.id, s.id in pic.guarded)
            if s.id in pic.guarded:
                self._outline(group, start, end, lo, hi)
        self._arrows(group, board)
        for h in board.houses:
            x, y = self.house_point(h.colour)
            side = self.radius * 0.09
            group.add(Color(*colour_of(h.colour), 1))
            group.add(Ellipse(pos=(x - side / 2, y - side / 2), size=(side, side)))
            if h.colour in pic.pickable_houses:
                group.add(Color(1, 1, 0.3, 1))
                group.add(Line(circle=(x, y, side * 0.7), width=2))
        self._pawns(group, board)
        self._wolf(group)
        self.canvas.add(group)

    def _tree(self, group: InstructionGroup, space: str, guarded: bool) -> None:
        """A tree, drawn over the wolf's zone too: a tree there still protects."""
        cx, cy = self.space_point(space)
        size = self.radius * 0.045
        points = [cx - size, cy - size, cx + size, cy - size, cx, cy + size * 1.4]
        group.add(Color(0.05, 0.25, 0.08, 1))
        group.add(
            Mesh(
                vertices=[v for i in range(3) for v in (*points[2 * i : 2 * i + 2], 0, 0)],
                indices=[0, 1, 2],
                mode="triangles",
            )
        )
        group.add(Color(1, 0.9, 0.5, 1) if guarded else Color(0.6, 0.85, 0.55, 1))
        group.add(Line(points=points, close=True, width=1.6 if guarded else 1))

    def _outline(
        self, group: InstructionGroup, start: float, end: float, lo: float, hi: float
    ) -> None:
        """The wolf's zone edged in red, so a tree space in it stays green and visible."""
        steps = max(2, int((end - start) / 3) + 1)
        outer = [self.point(start + (end - start) * i / steps, hi) for i in range(steps + 1)]
        inner = [self.point(end - (end - start) * i / steps, lo) for i in range(steps + 1)]
        group.add(Color(0.9, 0.1, 0.1, 1))
        group.add(Line(points=[c for p in outer + inner for c in p], close=True, width=2))

    def _sector(
        self,
        group: InstructionGroup,
        start: float,
        end: float,
        lo: float,
        hi: float,
        rgba: tuple[float, ...],
    ) -> None:
        steps = max(2, int((end - start) / 3) + 1)
        vertices: list[float] = []
        for i in range(steps + 1):
            a = start + (end - start) * i / steps
            vertices += [*self.point(a, lo), 0, 0, *self.point(a, hi), 0, 0]
        group.add(Color(*rgba))
        group.add(
            Mesh(vertices=vertices, indices=list(range(len(vertices) // 4)), mode="triangle_strip")
        )

    def _arrows(self, group: InstructionGroup, board: Board) -> None:
        group.add(Color(0.3, 0.15, 0.05, 1))
        for s in board.spaces:
            for target in s.next:
                t = board.by_id[target]
                if t.ring == s.ring:
                    continue
                a = self.point(s.angle, RING_RADII[s.ring][0 if s.ring == "outer" else 1])
                b = self.point(t.angle, RING_RADII[t.ring][1 if t.ring == "inner" else 0])
                group.add(Line(points=[*a, *b], width=1.6))
                tip = self.point(t.angle, sum(RING_RADII[t.ring]) / 2)
                group.add(Ellipse(pos=(tip[0] - 2, tip[1] - 2), size=(4, 4)))

    def _pawns(self, group: InstructionGroup, board: Board) -> None:
        size = self.radius * 0.07
        stacked: dict[str, int] = {}
        for colour, space in self.picture.pawns:
            if space is None:
                x, y = self.house_point(colour)
            else:
                k = stacked.get(space, 0)
                stacked[space] = k + 1
                x, y = self.space_point(space)
                x, y = x + k * size * 0.45, y - k * size * 0.45
            # a white ring inside a black one: a pawn shows even on its own coloured space
            for ring, rgb in ((4.0, (0.05, 0.05, 0.05)), (2.5, (1.0, 1.0, 1.0))):
                group.add(Color(*rgb, 1))
                group.add(
                    Ellipse(
                        pos=(x - size / 2 - ring, y - size / 2 - ring),
                        size=(size + 2 * ring, size + 2 * ring),
                    )
                )
            group.add(Color(*colour_of(colour), 1))
            group.add(Ellipse(pos=(x - size / 2, y - size / 2), size=(size, size)))

    def _wolf(self, group: InstructionGroup) -> None:
        r = self.radius * WOLF_RADIUS
        group.add(Color(0.35, 0.35, 0.38, 1))
        group.add(
            Ellipse(pos=(self.center_x - r * 0.6, self.center_y - r * 0.6), size=(r * 1.2, r * 1.2))
        )
        pic = self.picture
        both = two_needles(pic.wolf_deg, pic.live_deg)
        if pic.wolf_deg is not None:
            self._needle(group, pic.wolf_deg, GAME_NEEDLE, 3)
        if pic.live_deg is not None and (both or pic.wolf_deg is None):
            self._needle(group, pic.live_deg, LIVE_NEEDLE, 2.5)

    def _needle(
        self, group: InstructionGroup, degrees: float, rgb: tuple[float, float, float], width: float
    ) -> None:
        """A needle from the wolf to the ring it points at, with a snout at its tip."""
        group.add(Color(*rgb, 1))
        group.add(Line(points=[*self.point(degrees, 0.0), *self.point(degrees, 0.95)], width=width))
        tip = self.point(degrees, WOLF_RADIUS * 0.6)
        side = self.radius * 0.05
        group.add(Ellipse(pos=(tip[0] - side / 2, tip[1] - side / 2), size=(side, side)))


def flick_velocity(track: list[tuple[float, float]]) -> float | None:
    """Degrees per second over the last part of a drag round the wolf (None if it barely moved)."""
    if len(track) < 2:
        return None
    (t0, _a0), (t1, _) = track[0], track[-1]
    total = 0.0
    for (_, a), (_, b) in zip(track, track[1:], strict=False):
        total += (b - a + 180.0) % 360.0 - 180.0
    if abs(total) < 5.0 or t1 <= t0:
        return None
    return total / max(t1 - t0, 0.02)
