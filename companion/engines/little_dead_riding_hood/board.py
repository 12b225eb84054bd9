"""The lane grid (LD1): tiles, tokens, placement legality and paths between spaces.

Rows run from 0 (the start line) to ``rows - 1`` (the edge of the woods).  Each
player's start space sits below row 0 in their lane's column, as row -1.  Pawns
stand on start spaces or path pieces and move orthogonally between them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from typing import Any

from companion.engines.little_dead_riding_hood.components import PATH_KINDS

Cell = tuple[int, int]
START_ROW = -1


def cell_text(cell: Cell) -> str:
    """A space as players read it: rows 1-10 from the start line, columns from the left."""
    row, col = cell
    if row == START_ROW:
        return f"start col {col + 1}"
    return f"row {row + 1} col {col + 1}"


class Board:
    """The tiles placed so far, the tokens on them, and the grid they live in."""

    def __init__(self, rows: int, columns: int, lane_columns: Iterable[int]) -> None:
        self.rows = rows
        self.columns = columns
        self.lane_columns = tuple(lane_columns)
        self.tiles: dict[Cell, str] = {}
        self.wolves: set[Cell] = set()
        self.bullets: set[Cell] = set()
        self._known: tuple[frozenset[tuple[Cell, str]], dict[str, Any]] | None = None
        """Answers that depend only on the tiles, with the tiles they were found for."""

    def _remembered(self) -> dict[str, Any]:
        """The answers found for exactly today's tiles (steps change ``tiles`` freely, so
        the tiles themselves are the key).  A copy of the board may share the pair: an
        entry is only ever added under the tiles it was computed from."""
        tiles = frozenset(self.tiles.items())
        known = self._known
        if known is None or known[0] != tiles:
            known = self._known = (tiles, {})
        return known[1]

    # -- what is where -------------------------------------------------------
    def in_grid(self, cell: Cell) -> bool:
        row, col = cell
        return 0 <= row < self.rows and 0 <= col < self.columns

    def is_start(self, cell: Cell) -> bool:
        return cell[0] == START_ROW and cell[1] in self.lane_columns

    def is_path(self, cell: Cell) -> bool:
        return self.tiles.get(cell) in PATH_KINDS

    def is_space(self, cell: Cell) -> bool:
        """A place a pawn can stand: a start space or a path piece."""
        return self.is_start(cell) or self.is_path(cell)

    def start_of(self, lane: int) -> Cell:
        return (START_ROW, self.lane_columns[lane])

    @staticmethod
    def around(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
        row, col = cell
        return ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))

    def tile_neighbours(self, cell: Cell) -> list[Cell]:
        return [n for n in self.around(cell) if n in self.tiles]

    def space_neighbours(self, cell: Cell) -> list[Cell]:
        """Spaces one orthogonal step away (never diagonal)."""
        return [n for n in self.around(cell) if self.is_space(n)]

    # -- placing tiles (LD1, LD3) ------------------------------------------------
    def _kind_at(self, cell: Cell, override: dict[Cell, str]) -> str | None:
        return override[cell] if cell in override else self.tiles.get(cell)

    def _obstacle_rule_holds(self, override: dict[Cell, str]) -> bool:
        """LD3 with ``override`` applied: every tile at or next to a changed cell
        touches at most one obstacle."""
        checked: set[Cell] = set()
        for cell in override:
            for near in (cell, *self.around(cell)):
                if near in checked or self._kind_at(near, override) is None:
                    continue
                checked.add(near)
                touching = sum(
                    1 for n in self.around(near) if self._kind_at(n, override) == "obstacle"
                )
                if touching > 1:
                    return False
        return True

    def placement_problem(self, kind: str, cell: Cell) -> str | None:
        """Why ``kind`` cannot go on ``cell``, or None if it can."""
        if not self.in_grid(cell):
            return f"{cell_text(cell)} is off the board"
        if cell in self.tiles:
            return f"{cell_text(cell)} already holds a tile"
        row, col = cell
        if row == 0 and kind == "obstacle":
            return "no obstacle may be placed on the first row"
        in_front_of_start = row == 0 and col in self.lane_columns
        if not in_front_of_start and not self.tile_neighbours(cell):
            return f"{cell_text(cell)} does not touch a placed tile"
        if not self._obstacle_rule_holds({cell: kind}):
            return "a tile may touch at most one obstacle"
        return None

    def _frontier(self) -> set[Cell]:
        """Empty cells a tile could go on: next to a tile, or in front of a start."""
        around, tiles = self.around, self.tiles
        near = {n for cell in tiles for n in around(cell)}
        near.update((0, c) for c in self.lane_columns)
        return {cell for cell in near - tiles.keys() if self.in_grid(cell)}

    def _placeable(self, kind: str, frontier: set[Cell]) -> Iterator[Cell]:
        """Frontier cells that take ``kind``: ``placement_problem`` for many cells at once."""
        around, tiles = self.around, self.tiles
        obstacles = {c for c, k in tiles.items() if k == "obstacle"}
        # an obstacle may not go next to a tile that already touches an obstacle
        touching = {m for c in obstacles for m in around(c)} if kind == "obstacle" else set()
        for cell in frontier:
            near = around(cell)
            if sum(1 for n in near if n in obstacles) > 1:
                continue
            if kind == "obstacle" and (
                cell[0] == 0 or any(n in touching and n in tiles for n in near)
            ):
                continue
            yield cell

    def placeable(self, kind: str) -> tuple[Cell, ...]:
        """The cells ``kind`` may go on, in order (found once per arrangement of tiles)."""
        known = self._remembered()
        cells = known.get(kind)
        if cells is None:
            frontier = known.get("frontier")
            if frontier is None:
                frontier = known["frontier"] = self._frontier()
            cells = known[kind] = tuple(sorted(self._placeable(kind, frontier)))
        return cells  # type: ignore[no-any-return]

    def legal_placements(self, kind: str) -> list[Cell]:
        return list(self.placeable(kind))

    def can_place(self, kind: str) -> bool:
        return bool(self.placeable(kind))

    def obstacle_counts(self) -> dict[Cell, int]:
        """For every tile, how many obstacles it touches."""
        counts = dict.fromkeys(self.tiles, 0)
        for cell, kind in self.tiles.items():
            if kind == "obstacle":
                for near in self.around(cell):
                    if near in counts:
                        counts[near] += 1
        return counts

    def path_obstacle_switch_ok(self, path: Cell, obstacle: Cell, counts: dict[Cell, int]) -> bool:
        """Fast check for switching a path piece with an obstacle on a board obeying LD3.

        Only tiles next to the path piece's space gain an obstacle neighbour.
        """
        if path[0] == 0:
            return False
        for near in self.around(path):
            if near in self.tiles:
                lost = 1 if abs(near[0] - obstacle[0]) + abs(near[1] - obstacle[1]) == 1 else 0
                if counts[near] + 1 - lost > 1:
                    return False
        return True

    def obeys_obstacle_rule(self) -> bool:
        """LD3 over the whole board (for validating saved games)."""
        return all(count <= 1 for count in self.obstacle_counts().values())

    def contents(self, cell: Cell) -> tuple[str | None, bool, bool]:
        return (self.tiles.get(cell), cell in self.wolves, cell in self.bullets)

    def switch(self, a: Cell, b: Cell) -> None:
        """Exchange two tiles; the wolf and bullet tokens travel with their tiles."""
        self.tiles[a], self.tiles[b] = self.tiles[b], self.tiles[a]
        for tokens in (self.wolves, self.bullets):
            has_a, has_b = a in tokens, b in tokens
            tokens.discard(a)
            tokens.discard(b)
            if has_a:
                tokens.add(b)
            if has_b:
                tokens.add(a)

    def end_tiles(self, pawns: Iterable[Cell]) -> list[Cell]:
        """LD9: unoccupied tiles with at most one orthogonal neighbour tile."""
        occupied = set(pawns)
        return sorted(
            cell
            for cell in self.tiles
            if cell not in occupied and len(self.tile_neighbours(cell)) <= 1
        )

    # -- distances and movement --------------------------------------------------
    def distances_from_start(self) -> dict[Cell, int]:
        """Steps from the nearest start space to each connected space (do not change it:
        it is found once per arrangement of tiles)."""
        known = self._remembered()
        dist = known.get("distances")
        if dist is None:
            dist = known["distances"] = self._distances_from_start()
        return dist  # type: ignore[no-any-return]

    def _distances_from_start(self) -> dict[Cell, int]:
        dist: dict[Cell, int] = {(START_ROW, c): 0 for c in self.lane_columns}
        queue = deque(dist)
        while queue:
            cell = queue.popleft()
            for near in self.space_neighbours(cell):
                if near not in dist:
                    dist[near] = dist[cell] + 1
                    queue.append(near)
        return dist

    def back_spaces(self, cell: Cell) -> list[Cell]:
        """Spaces one step nearer the start than ``cell`` ("move back one", LD7)."""
        dist = self.distances_from_start()
        here = dist.get(cell)
        if here is None:
            return []
        return sorted(n for n in self.space_neighbours(cell) if dist.get(n, here) < here)

    def within(self, start: Cell, steps: int, through_wolves: bool = True) -> dict[Cell, int]:
        """Spaces at most ``steps`` orthogonal steps from ``start`` (and their distance).

        With ``through_wolves`` False a wolf's space may be entered but not passed.
        """
        dist = {start: 0}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            if dist[cell] == steps:
                continue
            if not through_wolves and cell != start and cell in self.wolves:
                continue
            for near in self.space_neighbours(cell):
                if near not in dist:
                    dist[near] = dist[cell] + 1
                    queue.append(near)
        return dist

    def landing_spaces(self, start: Cell, movement: int, others: Iterable[Cell]) -> list[Cell]:
        """Where a pawn on ``start`` could end a move of up to ``movement`` spaces.

        Pawns may be passed but not shared (``others`` are the other pawns); a wolf's
        space is a landing space only once its wolf is beaten, see ``wolf_spaces``.
        """
        blocked = set(others)
        return sorted(
            cell
            for cell, d in self.within(start, movement).items()
            if 0 < d and cell not in blocked
        )
