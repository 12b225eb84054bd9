"""Teach the board: the owner points the wolf round their own board and taps; a board file results.

Steps (each tap is the calibrated board angle the snout points at):

1. ``outer``: point at every boundary between two outer spaces, going round once.
2. ``inner``: the same for the inner ring.
3. ``trees``: point at each outer space that holds a tree (tap again to undo one).
4. ``houses``: for each house colour in turn, point at its coloured first space.
5. ``links-in``: point at each outer space with an arrow into the inner path.
6. ``links-out``: point at each inner space with an arrow out to the outer path.

Then ``board()`` builds and validates the board (``BoardError`` says what to
fix) and ``toml()`` writes it.  Pure: the screen feeds it angles.
"""

from __future__ import annotations

from companion.engines.beware_of_the_wolf.board import (
    Board,
    BoardError,
    parse_board,
    wrap180,
    wrap360,
)
from companion.engines.beware_of_the_wolf.board_toml import board_to_toml

STEPS = ("outer", "inner", "trees", "houses", "links-in", "links-out", "done")
MIN_GAP_DEG = 2.0
MIN_SPACES = {"outer": 4, "inner": 2}
PROMPTS = {
    "outer": "Point the snout at each line between two OUTER spaces in turn, and tap at each. "
    "Go once round the board, then press Next.",
    "inner": "Now the INNER path: point at each line between two inner spaces and tap. "
    "Then press Next.",
    "trees": "Point at each outer space with a TREE and tap (tap again to remove). Then Next.",
    "houses": "Point at the coloured space in front of the {colour} house and tap.",
    "links-in": "Point at each outer space with an ARROW INTO the inner path and tap. Then Next.",
    "links-out": "Point at each inner space with an ARROW OUT to the outer path and tap. Then Next.",
    "done": "Done: save the board.",
}


class BoardTeacher:
    def __init__(
        self,
        colours: tuple[str, ...] = ("red", "blue", "yellow", "green"),
        clockwise: bool = True,
        name: str = "My board",
    ) -> None:
        if len(colours) < 2 or len(set(colours)) != len(colours):
            raise ValueError("give two or more different house colours")
        self.colours = colours
        self.clockwise = clockwise
        self.name = name
        self.step = STEPS[0]
        self.bounds: dict[str, list[float]] = {"outer": [], "inner": []}
        self.trees: set[str] = set()
        self.house_spaces: list[str] = []
        self.links_in: set[str] = set()
        self.links_out: set[str] = set()

    # -- the walk-through ------------------------------------------------------
    def prompt(self) -> str:
        text = PROMPTS[self.step]
        if self.step == "houses":
            return text.format(colour=self.colours[len(self.house_spaces)])
        return text

    def tap(self, board_deg: float) -> str:
        """Record what the snout points at in this step; returns a line of feedback."""
        angle = wrap360(board_deg)
        if self.step in ("outer", "inner"):
            bounds = self.bounds[self.step]
            for b in bounds:
                if abs(wrap180(angle - b)) < MIN_GAP_DEG:
                    raise BoardError(
                        f"{angle:.1f} degrees is within {MIN_GAP_DEG:.0f} degrees of a line already "
                        f"tapped ({b:.1f}); point at the next line"
                    )
            bounds.append(angle)
            return f"line {len(bounds)} at {angle:.1f} degrees"
        if self.step == "done":
            raise BoardError("the board is complete; save it or start again")
        space = self._space_at("inner" if self.step == "links-out" else "outer", angle)
        if self.step == "trees":
            _toggle(self.trees, space)
            return f"{_spoken(space)}: {'tree' if space in self.trees else 'no tree'}"
        if self.step == "houses":
            if space in self.house_spaces:
                taken = self.colours[self.house_spaces.index(space)]
                raise BoardError(f"{_spoken(space)} is already the {taken} house's space")
            self.house_spaces.append(space)
            colour = self.colours[len(self.house_spaces) - 1]
            if len(self.house_spaces) == len(self.colours):
                self.step = STEPS[STEPS.index("houses") + 1]
            return f"{colour} house at {_spoken(space).lower()}"
        links = self.links_in if self.step == "links-in" else self.links_out
        _toggle(links, space)
        return f"{_spoken(space)}: {'arrow' if space in links else 'no arrow'}"

    def undo(self) -> None:
        """Forget the last line tapped (ring steps) or the last house."""
        if self.step in ("outer", "inner") and self.bounds[self.step]:
            self.bounds[self.step].pop()
        elif self.step == "houses" and self.house_spaces:
            self.house_spaces.pop()

    def next_step(self) -> str:
        """Finish this step (checking it) and return the next prompt."""
        if self.step in MIN_SPACES and len(self.bounds[self.step]) < MIN_SPACES[self.step]:
            raise BoardError(
                f"the {self.step} ring needs at least {MIN_SPACES[self.step]} lines; "
                f"{len(self.bounds[self.step])} tapped so far"
            )
        if self.step == "houses":
            raise BoardError(
                f"tap the space of the {self.colours[len(self.house_spaces)]} house first"
            )
        if self.step == "done":
            return self.prompt()
        self.step = STEPS[STEPS.index(self.step) + 1]
        return self.prompt()

    # -- the result -------------------------------------------------------------------
    def ring_spaces(self, ring: str) -> list[tuple[str, float, float]]:
        """(id, centre, half_width) for each space between consecutive lines, clockwise."""
        bounds = sorted(self.bounds[ring])
        spans = []
        for i, start in enumerate(bounds):
            width = wrap360(bounds[(i + 1) % len(bounds)] - start) or 360.0
            spans.append((wrap360(start + width / 2), width / 2))
        # number from the space under angle 0 (the first house, by calibration)
        first = next((i for i, (c, h) in enumerate(spans) if abs(wrap180(c)) <= h), 0)
        spans = spans[first:] + spans[:first]
        prefix = "o" if ring == "outer" else "i"
        return [(f"{prefix}{i + 1}", c, h) for i, (c, h) in enumerate(spans)]

    def _space_at(self, ring: str, angle: float) -> str:
        for sid, centre, half in self.ring_spaces(ring):
            if abs(wrap180(angle - centre)) <= half:
                return sid
        raise BoardError(f"no {ring} space at {angle:.1f} degrees")  # pragma: no cover

    def board(self) -> Board:
        if self.step != "done":
            raise BoardError(f"the board is not finished: step {self.step!r} is next")
        rings = {ring: self.ring_spaces(ring) for ring in ("outer", "inner")}
        spaces: list[dict[str, object]] = []
        for ring, entries in rings.items():
            ids = [sid for sid, _, _ in entries]
            step = 1 if self.clockwise else -1
            for i, (sid, centre, half) in enumerate(entries):
                nxt = [ids[(i + step) % len(ids)]]
                if ring == "outer" and sid in self.links_in:
                    nxt.append(self._linked(rings["inner"], centre))
                if ring == "inner" and sid in self.links_out:
                    nxt.append(self._linked(rings["outer"], centre))
                spaces.append(
                    {
                        "id": sid,
                        "ring": ring,
                        "angle": round(centre, 3),
                        "half_width": round(half, 3),
                        "tree": ring == "outer" and sid in self.trees,
                        "next": nxt,
                    }
                )
        data = {
            "board": {"name": self.name, "format": 1, "notes": "Taught on the owner's own board."},
            "house": [
                {"colour": c, "space": s}
                for c, s in zip(self.colours, self.house_spaces, strict=True)
            ],
            "space": spaces,
        }
        return parse_board(data, "taught board")

    def _linked(self, entries: list[tuple[str, float, float]], angle: float) -> str:
        """The space of the other ring level with ``angle``."""
        for sid, centre, half in entries:
            if abs(wrap180(angle - centre)) <= half:
                return sid
        raise BoardError(f"no space beside {angle:.1f} degrees")  # pragma: no cover

    def toml(self) -> str:
        return board_to_toml(self.board(), header="Taught with the companion's 'teach the board'.")


def _toggle(items: set[str], item: str) -> None:
    if item in items:
        items.remove(item)
    else:
        items.add(item)


def _spoken(space: str) -> str:
    """A taught space as the owner says it: "o3" is "Outer space 3" (ids are file data)."""
    ring = "Outer" if space.startswith("o") else "Inner"
    return f"{ring} space {space[1:]}"
