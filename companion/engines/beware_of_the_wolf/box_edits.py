"""The owner's corrections to a Beware of the Wolf board, by touch: trees and house colours.

The rulebook gives the box's 12 trees and says the outer path is "partly protected
by trees" and the inner one "not protected by trees", but not where the trees stand
nor which colour each house is (BW1), so those are the owner's to correct by tapping
the drawn board.  Where the spaces lie and where the arrows lead are taught with the
turntable (``teach.py``), not here.  Each edit returns a new ``Board`` (built, so
validated) or raises ``BoxEditRefused`` with a sentence the owner can read.
"""

from __future__ import annotations

import dataclasses

from companion.engines.beware_of_the_wolf.board import Board, House
from companion.engines.box_edit import BoxEditRefused

BOX_TREES = 12
"""The box holds 12 trees (the rulebook's component list)."""
TREES = "Trees:"
COLOURS = "House colours:"
"""How the board file's assumption sentences about the trees and the house colours
begin: the parts My box corrects, so saving marks them checked."""


def _rebuilt(board: Board, **changes: object) -> Board:
    parts: dict[str, object] = {
        "name": board.name,
        "spaces": board.spaces,
        "houses": board.houses,
        "notes": board.notes,
        "assumptions": board.assumptions,
    }
    parts.update(changes)
    return Board(**parts)  # type: ignore[arg-type]


def trees(board: Board) -> int:
    return sum(1 for s in board.spaces if s.tree)


def with_tree_toggled(board: Board, space: str) -> Board:
    """A tree put on ``space``, or taken away if one stands there."""
    here = board.by_id[space]
    if here.ring != "outer":
        raise BoxEditRefused(
            "Trees stand only on the outer path: the inner path is not protected by trees."
        )
    spaces = tuple(
        dataclasses.replace(s, tree=not s.tree) if s is here else s for s in board.spaces
    )
    return _rebuilt(board, spaces=spaces)


def with_house_colour(board: Board, house: int, colour: str) -> Board:
    """House ``house`` is ``colour``; a house that had it takes this house's old colour."""
    colours = [h.colour for h in board.houses]
    if colour in colours:
        colours[colours.index(colour)] = colours[house]
    colours[house] = colour
    houses = tuple(House(c, h.space) for c, h in zip(colours, board.houses, strict=True))
    return _rebuilt(board, houses=houses)


def assumed(board: Board, part: str) -> bool:
    """Whether ``part`` (``TREES`` or ``COLOURS``) is still an assumption on this board."""
    return any(a.startswith(part) for a in board.assumptions)


def checked(board: Board) -> Board:
    """The board as its owner saved it: trees and house colours checked."""
    kept = tuple(a for a in board.assumptions if not a.startswith((TREES, COLOURS)))
    return _rebuilt(board, assumptions=kept)
