"""When a turntable reading counts: the wolf came to rest, is that a move of the game?

The screen only forwards what the turntable reports (the calibrated board angle
and whether it settled after a spin); this decides, from the view alone, whether
the reading is the chance outcome the game waits for, or what to tell the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.engines.beware_of_the_wolf.spin import spin_outcome
from companion.engines.beware_of_the_wolf.view import WolfTable
from companion.engines.view import View


@dataclass(frozen=True)
class Reading:
    """What a settled wolf means now: a key to apply (from the sensor), or a message."""

    key: str | None = None
    message: str = ""
    spin: bool = False
    """True for a real spin of the game: the spinner-health record keeps it."""


def wolf_reading(view: View, board_degrees: float, after_spin: bool) -> Reading:
    """The meaning of the wolf settling at ``board_degrees`` in the position ``view`` shows."""
    table = view.table
    if not isinstance(table, WolfTable):
        return Reading()
    key = spin_outcome(board_degrees).key
    offered = {c.key for c in view.chance.outcomes} if view.chance is not None else set()
    if table.wolf_wanted == "spin":
        return Reading(key, spin=True) if after_spin and key in offered else Reading()
    if table.wolf_wanted == "set":
        if key in offered:
            return Reading(key)
        return Reading(message="The wolf points at a house: turn it away from the houses.")
    if after_spin and table.wolf is not None:
        return Reading(
            message="The wolf only turns on a wolf's head: please point it back at "
            f"{table.wolf} degrees."
        )
    return Reading()


def wolf_tap(view: View, board_degrees: float) -> str | None:
    """The key for a player's tap showing where the snout points, when the wolf is wanted."""
    table = view.table
    if isinstance(table, WolfTable) and table.wolf_wanted:
        return spin_outcome(board_degrees).key
    return None
