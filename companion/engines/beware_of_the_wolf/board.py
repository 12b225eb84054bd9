"""The board as data (BW1): spaces at angles round the turntable, rings, trees, houses, arrows.

The rulebook gives no geometry, so a board is a TOML file (format in
docs/games/beware-of-the-wolf.md).  Angles are degrees clockwise as seen from
above, measured from the turntable's axis, with 0 pointing at the first house's
coloured space (the calibration zero).  Each ring's spaces tile the full circle,
so every snout direction points at exactly one space per ring (two at a midline).
The shipped board is ``box.toml`` (loaded by ``box.py``); owners teach their own.

``parse_board`` validates everything and raises ``BoardError`` naming the space
(or house) and the problem; a ``Board`` is immutable once built.  Pure: stdlib only.
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.engines import checks

RINGS = ("outer", "inner")
HOUSE_STEP = "house"
"""The path token for stepping into one's own house (never a space id)."""
TILE_TOLERANCE = 0.5
"""Degrees of gap or overlap allowed where two neighbouring spaces of a ring meet."""
MAX_HOUSES = 8
_ID_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,16}$")
_SPACE_KEYS = {"id", "ring", "angle", "half_width", "tree", "next"}
_HOUSE_KEYS = {"colour", "space"}
_BOARD_KEYS = {"name", "format", "notes", "assumptions"}
FORMAT_VERSION = 1


class BoardError(ValueError):
    """A board file that cannot be used; the message names the space and the problem."""


@dataclass(frozen=True)
class Space:
    id: str
    ring: str
    angle: float
    half_width: float
    tree: bool
    next: tuple[str, ...]


@dataclass(frozen=True)
class House:
    colour: str
    space: str


def wrap360(degrees: float) -> float:
    """``degrees`` in [0, 360)."""
    value = math.fmod(degrees, 360.0)
    if value < 0:
        value += 360.0
    return 0.0 if value >= 360.0 else value


def wrap180(degrees: float) -> float:
    """The signed difference ``degrees`` in [-180, 180)."""
    return wrap360(degrees + 180.0) - 180.0


class Board:
    """A validated board.  Build it with ``parse_board`` / ``load_board`` / ``default_board``."""

    def __init__(
        self,
        name: str,
        spaces: tuple[Space, ...],
        houses: tuple[House, ...],
        notes: str = "",
        assumptions: tuple[str, ...] = (),
    ) -> None:
        self.name = name
        self.spaces = spaces
        self.houses = houses
        self.notes = notes
        self.assumptions = assumptions
        self.by_id: dict[str, Space] = {s.id: s for s in spaces}
        self.ring_order: dict[str, tuple[str, ...]] = {
            ring: tuple(s.id for s in sorted(spaces, key=lambda s: s.angle) if s.ring == ring)
            for ring in RINGS
        }
        self.boundaries: dict[str, tuple[float, ...]] = {}
        """Per ring: the boundary angle *before* each space of ``ring_order`` (clockwise)."""
        self.clockwise = True
        self.outer_prev: dict[str, str] = {}
        self.house_index = {h.colour: i for i, h in enumerate(houses)}
        self._zones: dict[tuple[float, float], frozenset[str]] = {}
        _check_geometry(self)
        _check_arrows(self)
        _check_houses(self)
        _check_reachable(self)
        self._quarters = {
            (h, s.id): _quarter(s.angle, self.by_id[house.space].angle)
            for h, house in enumerate(houses)
            for s in spaces
        }
        if not any(self._no_house_pointed(d) for d in range(360)):
            raise BoardError(
                "the wolf cannot point at a place with no house: the houses cover every angle"
            )

    # -- geometry -----------------------------------------------------------
    def space_at(self, ring: str, angle: float) -> str:
        """The space of ``ring`` whose span holds ``angle``."""
        order = self.ring_order[ring]
        bounds = self.boundaries[ring]
        a = wrap360(angle)
        for i, sid in enumerate(order):
            start = bounds[i]
            end = bounds[(i + 1) % len(order)]
            if wrap360(a - start) < wrap360(end - start) or len(order) == 1:
                return sid
        return order[-1]  # pragma: no cover - the ring tiles the circle

    def pointed_spaces(self, angle: float, midline_tolerance: float) -> tuple[str, ...]:
        """The spaces the snout points at: one per ring, both neighbours at a midline (BW5)."""
        result: list[str] = []
        for ring in RINGS:
            order = self.ring_order[ring]
            if not order:
                continue
            here = self.space_at(ring, angle)
            i = order.index(here)
            result.append(here)
            bounds = self.boundaries[ring]
            before, after = bounds[i], bounds[(i + 1) % len(order)]
            to_before, to_after = abs(wrap180(angle - before)), abs(wrap180(angle - after))
            if min(to_before, to_after) <= midline_tolerance:  # at most one midline is nearest
                result.append(
                    order[i - 1] if to_before <= to_after else order[(i + 1) % len(order)]
                )
        return tuple(dict.fromkeys(result))

    def guarded(self, angle: float, midline_tolerance: float) -> frozenset[str]:
        """``pointed_spaces`` as a set, cached (the engine asks for whole degrees)."""
        key = (angle, midline_tolerance)
        zone = self._zones.get(key)
        if zone is None:
            zone = self._zones[key] = frozenset(self.pointed_spaces(angle, midline_tolerance))
        return zone

    def outer_at(self, angle: float) -> str:
        return self.space_at("outer", angle)

    def quarter(self, house: int, space: str) -> int:
        """Which quarter of the board (0-3, centred on ``house``'s space) holds ``space``."""
        return self._quarters[(house, space)]

    def house_space(self, house: int) -> str:
        return self.houses[house].space

    def _no_house_pointed(self, degrees: int) -> bool:
        pointed = set(self.pointed_spaces(float(degrees), 0.0))
        return not any(h.space in pointed for h in self.houses)

    # -- data ---------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Plain data in the TOML file's shape (``parse_board`` reads it back)."""
        board: dict[str, Any] = {"name": self.name, "format": FORMAT_VERSION}
        if self.notes:
            board["notes"] = self.notes
        if self.assumptions:
            board["assumptions"] = list(self.assumptions)
        return {
            "board": board,
            "house": [{"colour": h.colour, "space": h.space} for h in self.houses],
            "space": [
                {
                    "id": s.id,
                    "ring": s.ring,
                    "angle": s.angle,
                    "half_width": s.half_width,
                    "tree": s.tree,
                    "next": list(s.next),
                }
                for s in self.spaces
            ],
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash((self.name, self.spaces, self.houses))

    def __repr__(self) -> str:
        return f"<Board {self.name!r}: {len(self.spaces)} spaces, {len(self.houses)} houses>"


# -- parsing -----------------------------------------------------------------


def parse_board(data: Any, source: str = "board") -> Board:
    """Validate plain data (a parsed TOML file) into a Board, or raise BoardError."""
    try:
        return _parse(data)
    except BoardError as err:
        raise BoardError(f"{source}: {err}") from None


def parse_board_toml(text: str, source: str = "board") -> Board:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise BoardError(f"{source}: not a valid TOML file: {err}") from None
    return parse_board(data, source)


def load_board(path: str | Path) -> Board:
    """Read and validate a board file; errors start with the file name."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise BoardError(f"{path}: cannot read the board file: {err.strerror or err}") from None
    except UnicodeDecodeError:
        raise BoardError(f"{path}: the board file is not UTF-8 text") from None
    return parse_board_toml(text, str(path))


def _parse(data: Any) -> Board:
    if not isinstance(data, Mapping):
        raise BoardError("a board must be a table of [board], [[house]] and [[space]] entries")
    unknown = sorted(set(data) - {"board", "house", "space"})
    if unknown:
        raise BoardError(f"unknown section(s) {', '.join(unknown)}; expected board, house, space")
    meta = data.get("board", {})
    if not isinstance(meta, Mapping):
        raise BoardError("[board] must be a table")
    extra = sorted(set(meta) - _BOARD_KEYS)
    if extra:
        raise BoardError(f"[board] has unknown key(s) {', '.join(extra)}")
    version = meta.get("format", FORMAT_VERSION)
    if version != FORMAT_VERSION:
        raise BoardError(f"[board] format {version!r} is not supported (this app reads format 1)")
    name = meta.get("name", "unnamed board")
    notes = meta.get("notes", "")
    assumptions = meta.get("assumptions", [])
    if not isinstance(name, str) or not name.strip():
        raise BoardError("[board] name must be a non-empty text")
    if not isinstance(notes, str):
        raise BoardError("[board] notes must be text")
    if not isinstance(assumptions, list) or not all(isinstance(a, str) for a in assumptions):
        raise BoardError("[board] assumptions must be a list of texts")
    raw_spaces = data.get("space")
    if not isinstance(raw_spaces, list) or not raw_spaces:
        raise BoardError("the board has no [[space]] entries")
    spaces = tuple(_parse_space(i, s) for i, s in enumerate(raw_spaces))
    seen: set[str] = set()
    for s in spaces:
        if s.id in seen:
            raise BoardError(f"space {s.id!r} is defined twice")
        seen.add(s.id)
    raw_houses = data.get("house")
    if not isinstance(raw_houses, list) or not raw_houses:
        raise BoardError("the board has no [[house]] entries")
    houses = tuple(_parse_house(i, h) for i, h in enumerate(raw_houses))
    return Board(name.strip(), spaces, houses, notes, tuple(assumptions))


def _parse_space(index: int, raw: Any) -> Space:
    if not isinstance(raw, Mapping):
        raise BoardError(f"space number {index + 1} must be a table")
    sid = raw.get("id")
    if not isinstance(sid, str) or not _ID_PATTERN.match(sid) or sid == HOUSE_STEP:
        raise BoardError(
            f"space number {index + 1}: id must be 1-16 letters, digits, '-' or '_' "
            f"(and not {HOUSE_STEP!r}), got {sid!r}"
        )
    where = f"space {sid!r}"
    extra = sorted(set(raw) - _SPACE_KEYS)
    if extra:
        raise BoardError(f"{where}: unknown key(s) {', '.join(extra)}")
    ring = raw.get("ring")
    if ring not in RINGS:
        raise BoardError(f"{where}: ring must be 'outer' or 'inner', got {ring!r}")
    angle = _number(raw, "angle", where)
    if not 0 <= angle < 360:
        raise BoardError(f"{where}: angle must be at least 0 and below 360 degrees, got {angle}")
    half = _number(raw, "half_width", where)
    if not 0 < half <= 90:
        raise BoardError(f"{where}: half_width must be above 0 and at most 90 degrees, got {half}")
    tree = checks.flag(raw.get("tree", False), f"{where}: tree", BoardError)
    nxt = raw.get("next")
    if not isinstance(nxt, list) or not nxt or not all(isinstance(n, str) for n in nxt):
        raise BoardError(f"{where}: next must list the space ids its arrows lead to")
    if len(set(nxt)) != len(nxt):
        raise BoardError(f"{where}: next lists a space twice")
    if sid in nxt:
        raise BoardError(f"{where}: an arrow cannot lead back to the same space")
    return Space(sid, ring, angle, half, tree, tuple(nxt))


def _parse_house(index: int, raw: Any) -> House:
    if not isinstance(raw, Mapping):
        raise BoardError(f"house number {index + 1} must be a table")
    extra = sorted(set(raw) - _HOUSE_KEYS)
    colour = raw.get("colour")
    if not isinstance(colour, str) or not colour.strip():
        raise BoardError(f"house number {index + 1}: colour must be a non-empty text")
    if extra:
        raise BoardError(f"house {colour!r}: unknown key(s) {', '.join(extra)}")
    space = raw.get("space")
    if not isinstance(space, str):
        raise BoardError(f"house {colour!r}: space must name its coloured first space")
    return House(colour.strip(), space)


def _number(raw: Mapping[str, Any], key: str, where: str) -> float:
    return checks.number(raw.get(key), f"{where}: {key}", error=BoardError)


# -- structural checks ---------------------------------------------------------


def _check_geometry(board: Board) -> None:
    for ring in RINGS:
        order = board.ring_order[ring]
        if ring == "outer" and len(order) < 4:
            raise BoardError("the outer ring needs at least 4 spaces")
        bounds: list[float] = []
        for i, sid in enumerate(order):
            prev = board.by_id[order[i - 1]]
            here = board.by_id[sid]
            if len(order) == 1:
                raise BoardError(
                    f"space {sid!r} is the only {ring} space; a ring needs two or more"
                )
            prev_end = prev.angle + prev.half_width
            start = here.angle - here.half_width
            gap = wrap180(start - prev_end)
            if gap > TILE_TOLERANCE:
                raise BoardError(
                    f"spaces {prev.id!r} and {sid!r} ({ring} ring) leave a gap of {gap:.2f} "
                    "degrees: a ring's spaces must meet edge to edge"
                )
            if gap < -TILE_TOLERANCE:
                raise BoardError(
                    f"spaces {prev.id!r} and {sid!r} ({ring} ring) overlap by {-gap:.2f} "
                    "degrees: check their angle and half_width"
                )
            bounds.append(wrap360(prev_end + gap / 2))
        board.boundaries[ring] = tuple(bounds)


def _check_arrows(board: Board) -> None:
    direction: int | None = None
    for s in board.spaces:
        for target in s.next:
            if target not in board.by_id:
                raise BoardError(
                    f"space {s.id!r}: its arrow leads to {target!r}, which is not a space"
                )
        order = board.ring_order[s.ring]
        i = order.index(s.id)
        cw, ccw = order[(i + 1) % len(order)], order[i - 1]
        same_ring = [t for t in s.next if board.by_id[t].ring == s.ring]
        if s.ring == "outer" and len(same_ring) != 1:
            raise BoardError(
                f"space {s.id!r}: exactly one arrow must lead on along the outer path, "
                f"found {len(same_ring)}"
            )
        for target in same_ring:
            if target not in (cw, ccw):
                raise BoardError(
                    f"space {s.id!r}: its arrow along the {s.ring} ring must lead to a "
                    f"neighbouring space ({ccw!r} or {cw!r}), not {target!r}"
                )
            if cw == ccw:
                continue  # a two-space ring has no direction of its own
            way = 1 if target == cw else -1
            if direction is None:
                direction = way
            elif way != direction:
                raise BoardError(
                    f"space {s.id!r}: its arrow runs the other way round from the rest of the board"
                )
        for target in s.next:
            other = board.by_id[target]
            if other.ring != s.ring and not _spans_touch(s, other):
                raise BoardError(
                    f"space {s.id!r}: its arrow to {target!r} crosses between the rings but the "
                    "two spaces do not lie side by side"
                )
    board.clockwise = direction != -1
    for s in board.spaces:
        if s.ring == "outer":
            nxt = next(t for t in s.next if board.by_id[t].ring == "outer")
            board.outer_prev[nxt] = s.id


def _spans_touch(a: Space, b: Space) -> bool:
    return abs(wrap180(a.angle - b.angle)) <= a.half_width + b.half_width + TILE_TOLERANCE


def _check_houses(board: Board) -> None:
    if not 2 <= len(board.houses) <= MAX_HOUSES:
        raise BoardError(f"a board needs 2-{MAX_HOUSES} houses, found {len(board.houses)}")
    colours: set[str] = set()
    used: dict[str, str] = {}
    for h in board.houses:
        if h.colour.casefold() in colours:
            raise BoardError(f"house {h.colour!r} is defined twice")
        colours.add(h.colour.casefold())
        space = board.by_id.get(h.space)
        if space is None:
            raise BoardError(f"house {h.colour!r}: its space {h.space!r} is not a space")
        if space.ring != "outer":
            raise BoardError(f"house {h.colour!r}: its space {h.space!r} must be on the outer ring")
        if h.space in used:
            raise BoardError(
                f"houses {used[h.space]!r} and {h.colour!r} share the space {h.space!r}"
            )
        used[h.space] = h.colour


def _check_reachable(board: Board) -> None:
    start = board.houses[0].space
    forward = _reach(board, start, {s.id: s.next for s in board.spaces})
    for s in board.spaces:
        if s.id not in forward:
            raise BoardError(f"space {s.id!r} cannot be reached along the arrows from the houses")
    backward_edges: dict[str, list[str]] = {s.id: [] for s in board.spaces}
    for s in board.spaces:
        for t in s.next:
            backward_edges[t].append(s.id)
    back = _reach(board, start, backward_edges)
    for s in board.spaces:
        if s.id not in back:
            raise BoardError(
                f"space {s.id!r} is a dead end: no arrows lead from it back to the houses"
            )


def _reach(board: Board, start: str, edges: Mapping[str, Any]) -> set[str]:
    seen = {start}
    todo = [start]
    while todo:
        for t in edges[todo.pop()]:
            if t not in seen:
                seen.add(t)
                todo.append(t)
    return seen


def _quarter(angle: float, house_angle: float) -> int:
    """Quarters centred on the house: [-45, 45) is 0, then 1, 2, 3 clockwise."""
    return int(wrap360(angle - house_angle + 45.0) // 90.0) % 4
