"""The lane grid drawn on a canvas: tiles, tokens, pawns and the spaces a tap can play.

It draws the presenter's picture (``LdrhTable``) and reports which space was
tapped; the screen plays the move the picture names for that space.  Where the
screen is too short for every lane at a readable size (five players at 800x480),
the board is ``pannable``: its spaces keep their size, it slides up and down under
a finger, and it follows the action by itself (the acting pawn and the spaces a
tap plays), with a chevron at an edge that hides lanes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.graphics import Color, Ellipse, Line, Rectangle, Triangle
from kivy.metrics import dp
from kivy.properties import BooleanProperty
from kivy.uix.stencilview import StencilView

from companion.engines.little_dead_riding_hood import LdrhTable

Cell = tuple[int, int]
Colour = tuple[float, float, float, float]

PATH = (0.76, 0.62, 0.40)
OBSTACLE = (0.30, 0.22, 0.16)
LANE = (0.13, 0.22, 0.15)
SPARE = (0.10, 0.16, 0.11)
TARGET = (1.0, 0.86, 0.2)
REACH = (1.0, 0.95, 0.55, 0.35)
WOLF = (0.72, 0.08, 0.08)
BULLET = (0.85, 0.68, 0.25)
"""A bullet token: brass."""
ICON_BULLET = (0.62, 0.62, 0.62)
"""The bullet icon printed on a path piece: grey, smaller, in the tile's top corner."""
FUR = (0.52, 0.58, 0.50)
"""A zombie wolf's grey-green fur: a wolf's head, never a red disc like the Red hood's pawn."""
MUZZLE = (0.74, 0.76, 0.66)
EYES = (0.95, 0.12, 0.08)
INK = (0.08, 0.06, 0.05)
HINT = (0.95, 0.88, 0.7, 0.85)
DRAG = 12
"""How far (dp) a finger moves on the board before the touch is a slide, not a tap."""


def _visible(colour: Colour) -> tuple[float, float, float]:
    """A pawn's colour for a line on the dark lanes: a black hood's is drawn grey."""
    r, g, b = colour[:3]
    return (0.6, 0.6, 0.6) if max(r, g, b) < 0.3 else (r, g, b)


class LaneBoardView(StencilView):
    """Draws an LdrhTable; ``on_space(cell)`` is called when a space is tapped."""

    pannable = BooleanProperty(False)
    """The spaces take the whole width and the lanes may run past the top and bottom:
    the board then slides (``pan``) to show the rest."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.pan = 0.0
        """How far (px) the picture is pushed up: 0 shows the first seat's lane at the top."""
        self.board: LdrhTable | None = None
        self.colours: list[Colour] = []
        self.targets: set[Cell] = set()
        self.reach: set[Cell] = set()
        self.on_space: Callable[[Cell], None] | None = None
        self.bind(pos=self._resized, size=self._resized, pannable=self._resized)

    def _resized(self, *_args: Any) -> None:
        self.follow()
        self.redraw()

    def show(self, table: LdrhTable, colours: list[Colour]) -> None:
        """Draw ``table``; ``colours`` are the pawns' colours in seat order."""
        self.board, self.colours = table, colours
        self.targets = {cell for cell, _ in table.taps}
        self.reach = set(table.reach)
        self.follow()
        self.redraw()

    def set_targets(self, cells: set[Cell]) -> None:
        """Outline the spaces a tap plays now (the screen reads them from the choices)."""
        if cells != self.targets:
            self.targets = set(cells)
            self.follow()
            self.redraw()

    # -- sliding ----------------------------------------------------------------------
    def hidden(self) -> float:
        """How much of the picture (px) does not fit in the widget's height."""
        return max(0.0, self.cell_size() * self.across - self.height)

    def slide_to(self, pan: float) -> None:
        self.pan = min(max(0.0, pan), self.hidden())
        self.redraw()

    def in_view(self, cell: Cell) -> bool:
        """The whole space shows (none of it under the top or bottom edge)."""
        _, y, size = self.cell_rect(cell)
        return y >= self.y - 0.5 and y + size <= self.top + 0.5

    def focus(self) -> list[Cell]:
        """What a player looks at now: the acting pawn, and the spaces a tap plays (else
        where the pawn could get to)."""
        return self.acting_pawns() + sorted(self.targets or self.reach)

    def acting_pawns(self) -> list[Cell]:
        board = self.board
        acting = [p.index for p in board.players if p.acting] if board is not None else []
        return [self.pawns[i] for i in acting if i < len(self.pawns)]

    def follow(self) -> None:
        """Slide so the focus shows: all of it if it fits, else the acting pawn's lane
        (or the first space a tap plays); nothing moves while it already shows."""
        cells = self.focus()
        if not self.hidden() or not cells:
            self.pan = min(self.pan, self.hidden())
            return
        if all(self.in_view(c) for c in cells):
            return
        size = self.cell_size()
        columns = [c[1] for c in cells]
        low, high = min(columns), max(columns)
        if (high - low + 1) * size > self.height:  # too spread out: the acting pawn's lane
            low = high = (self.acting_pawns() or cells)[0][1]
        # the picture's top is at self.top + pan; lane ``col`` runs col..col+1 cells down
        middle = (low + high + 1) / 2 * size
        self.pan = min(max(0.0, middle - self.height / 2), self.hidden())

    def start(self, lane: int) -> Cell:
        """The start space of the ``lane``-th seat."""
        assert self.board is not None
        return (self.board.start_row, self.board.lane_columns[lane])

    @property
    def pawns(self) -> tuple[Cell, ...]:
        return self.board.pawns if self.board is not None else ()

    # -- geometry -------------------------------------------------------------------
    # The board lies sideways, its long side along the screen's width: each lane is a
    # row of the picture, the start spaces at the left and the edge of the woods at the
    # right, the first seat's lane at the top.
    @property
    def along(self) -> int:
        """Spaces from the start spaces to the edge of the woods (the picture's width)."""
        return self.board.rows + 1 if self.board is not None else 0

    @property
    def across(self) -> int:
        """The grid's columns, lanes and spare columns (the picture's height)."""
        return self.board.columns if self.board is not None else 0

    def cell_size(self) -> float:
        if self.board is None:
            return 0.0
        if self.pannable:
            return self.width / self.along
        return min(self.width / self.along, self.height / self.across)

    def _origin(self) -> tuple[float, float]:
        size = self.cell_size()
        x0 = self.x + (self.width - size * self.along) / 2
        if self.hidden():
            return x0, self.top + self.pan - size * self.across
        return x0, self.y + (self.height - size * self.across) / 2

    def cell_rect(self, cell: Cell) -> tuple[float, float, float]:
        """Bottom-left corner and size of a space (row -1 is the start spaces' row)."""
        x0, y0 = self._origin()
        size = self.cell_size()
        row, col = cell
        start = self.board.start_row if self.board is not None else -1
        return x0 + (row - start) * size, y0 + (self.across - 1 - col) * size, size

    def cell_at(self, x: float, y: float) -> Cell | None:
        if self.board is None or self.cell_size() <= 0:
            return None
        x0, y0 = self._origin()
        size = self.cell_size()
        row = int((x - x0) // size) + self.board.start_row
        col = self.across - 1 - int((y - y0) // size)
        if 0 <= col < self.board.columns and self.board.start_row <= row < self.board.rows:
            return (row, col)
        return None

    # -- input ----------------------------------------------------------------------
    # A touch is a tap on the space it went down on, unless the finger slides the board
    # first: the tap is played when the finger lifts.
    def on_touch_down(self, touch: Any) -> bool:
        if not self.collide_point(*touch.pos) or self.disabled:
            return False
        touch.grab(self)
        touch.ud[self] = {"cell": self.cell_at(*touch.pos), "pan": self.pan, "slid": False}
        return True

    def on_touch_move(self, touch: Any) -> bool:
        if touch.grab_current is not self:
            return bool(super().on_touch_move(touch))
        held = touch.ud[self]
        moved = touch.y - touch.oy
        if self.hidden() and (held["slid"] or abs(moved) > dp(DRAG)):
            held["slid"] = True
            self.slide_to(held["pan"] + moved)  # the picture follows the finger
        return True

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is not self:
            return bool(super().on_touch_up(touch))
        touch.ungrab(self)
        held = touch.ud.pop(self, None)
        if held is not None and not held["slid"] and held["cell"] is not None:
            if self.on_space is not None:
                self.on_space(held["cell"])
        return True

    # -- drawing --------------------------------------------------------------------
    def redraw(self) -> None:
        self.canvas.clear()
        board = self.board
        if board is None or self.cell_size() <= 0:
            return
        with self.canvas:
            for col in range(board.columns):  # a lane or a spare column: one strip each
                Color(*(LANE if col in board.lane_columns else SPARE))
                x, y, size = self.cell_rect((0, col))
                Rectangle(pos=(x, y), size=(size * board.rows, size))
            for lane, col in enumerate(board.lane_columns):
                x, y, size = self.cell_rect((board.start_row, col))
                Color(*_visible(self._colour(lane)), 0.7)  # the Black hood's start, too
                Line(rectangle=(x + 2, y + 2, size - 4, size - 4), width=dp(1.5))
            for cell, kind in board.tiles:
                self._tile(cell, kind)
            for cell in self.reach:
                x, y, size = self.cell_rect(cell)
                Color(*REACH)
                Rectangle(pos=(x, y), size=(size, size))
            x, y, size = self.cell_rect((board.rows - 1, board.columns - 1))
            Color(0.95, 0.85, 0.6, 1)  # the edge of the woods, past the last row
            Line(points=[x + size, y, x + size, y + size * board.columns], width=dp(2))
            for cell in self.targets:
                x, y, size = self.cell_rect(cell)
                Color(*TARGET)
                Line(rectangle=(x + 2, y + 2, size - 4, size - 4), width=dp(2))
            self._pawns()
            self._more_hints()

    def _more_hints(self) -> None:
        """A chevron at each edge that hides lanes: the board slides to show them."""
        hidden = self.hidden()
        if not hidden:
            return
        half, tall = dp(22), dp(12)
        Color(*HINT)
        if self.pan > 0.5:  # lanes above
            y = self.top - dp(4)
            Triangle(points=[self.center_x - half, y - tall, self.center_x + half, y - tall,
                             self.center_x, y])  # fmt: skip
        if self.pan < hidden - 0.5:  # lanes below
            y = self.y + dp(4)
            Triangle(points=[self.center_x - half, y + tall, self.center_x + half, y + tall,
                             self.center_x, y])  # fmt: skip

    def _tile(self, cell: Cell, kind: str) -> None:
        assert self.board is not None
        x, y, size = self.cell_rect(cell)
        pad = size * 0.06
        if kind == "obstacle":
            Color(*OBSTACLE)
            Rectangle(pos=(x + pad, y + pad), size=(size - 2 * pad, size - 2 * pad))
            Color(0.12, 0.08, 0.05)
            Line(points=[x + pad, y + pad, x + size - pad, y + size - pad], width=dp(1.2))
            Line(points=[x + pad, y + size - pad, x + size - pad, y + pad], width=dp(1.2))
            return
        Color(*PATH)
        Rectangle(pos=(x + pad, y + pad), size=(size - 2 * pad, size - 2 * pad))
        if kind == "path-wolf":  # the printed icon, in the corner, as what it means
            self._wolf_head(x + size * 0.80, y + size * 0.80, size * 0.42)
        elif kind == "path-bullet":
            self._bullet(x + size * 0.82, y + size * 0.66, size * 0.28, ICON_BULLET)
        if cell in self.board.bullets:  # a bullet token lying on the tile
            self._bullet(x + size * 0.80, y + size * 0.10, size * 0.40, BULLET)
        if cell in self.board.wolves:
            self._wolf_head(x + size * 0.40, y + size * 0.50, size * 1.2)

    @staticmethod
    def _bullet(cx: float, y: float, tall: float, colour: tuple[float, float, float]) -> None:
        """A bullet standing up, its base at ``y``: a case and a rounded tip, outlined
        (a token lying on the tile, or, hollow grey, the printed bullet icon)."""
        wide = tall * 0.42
        body = tall * 0.62
        Color(*colour)
        Rectangle(pos=(cx - wide / 2, y), size=(wide, body))
        Ellipse(pos=(cx - wide / 2, y + body - wide * 0.9), size=(wide, wide * 1.8))
        Color(*INK)
        Line(rectangle=(cx - wide / 2, y, wide, body), width=dp(1))
        Line(ellipse=(cx - wide / 2, y + body - wide * 0.9, wide, wide * 1.8, -90, 90), width=dp(1))

    @staticmethod
    def _wolf_head(cx: float, cy: float, size: float) -> None:
        """A zombie wolf's head centred on (cx, cy), ``size`` wide: ears, a long muzzle, red eyes."""
        s = size
        r = s * 0.19
        for side in (-1, 1):  # the ears, outlined so they read on the sandy tile
            ear = [cx + side * s * 0.18, cy + s * 0.04, cx + side * s * 0.15, cy + s * 0.32,
                   cx + side * s * 0.02, cy + s * 0.15]  # fmt: skip
            Color(*FUR)
            Triangle(points=ear)
            Color(*INK)
            Line(points=ear, close=True, width=dp(1))
        Color(*FUR)
        Ellipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r))
        Color(*INK)
        Line(circle=(cx, cy, r), width=dp(1))
        muzzle = [cx - s * 0.11, cy - s * 0.04, cx + s * 0.11, cy - s * 0.04, cx, cy - s * 0.30]
        Color(*MUZZLE)
        Triangle(points=muzzle)
        Color(*INK)
        Line(points=muzzle, close=True, width=dp(1))
        Ellipse(pos=(cx - s * 0.035, cy - s * 0.30), size=(s * 0.07, s * 0.06))  # the nose
        Color(*EYES)
        for side in (-1, 1):
            Ellipse(
                pos=(cx + side * s * 0.075 - s * 0.03, cy + s * 0.03), size=(s * 0.06, s * 0.06)
            )

    def _colour(self, index: int) -> Colour:
        return self.colours[index % len(self.colours)] if self.colours else (1, 1, 1, 1)

    def _pawns(self) -> None:
        assert self.board is not None
        shared: dict[Cell, int] = {}
        for index, cell in enumerate(self.pawns):
            slot = shared.get(cell, 0)
            shared[cell] = slot + 1
            x, y, size = self.cell_rect(cell)
            radius = size * 0.22
            cx = x + size * 0.5 + (slot % 2) * radius * 0.9 - radius * 0.45 * (cell in shared)
            cy = y + size * 0.5 - (slot // 2) * radius * 0.9
            if cell in self.board.wolves:  # a fight: the pawn stands beside the wolf's head
                radius = size * 0.17
                cx, cy = x + size * 0.80, y + size * (0.70 - 0.36 * (slot % 2))
            Color(1, 1, 1)
            Ellipse(pos=(cx - radius - 2, cy - radius - 2), size=(2 * radius + 4, 2 * radius + 4))
            Color(*self._colour(index))
            Ellipse(pos=(cx - radius, cy - radius), size=(2 * radius, 2 * radius))
