"""The winner of a game turns the wolf before the next one (BW16).

"The winner may, in a further game, turn the wolf before the next round in order
to change the position of the wolf."  Play again keeps the wolf where the last
game left it unless the winner turns it; the new game's set-up still needs it to
point at no house.  Pure: it words the set-up step from the new game's view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.engines.beware_of_the_wolf.spin import spin_outcome
from companion.engines.beware_of_the_wolf.view import WolfTable
from companion.engines.view import Choice, View


@dataclass(frozen=True)
class LastGame:
    """What a further game needs from the one before: who won, where the wolf was."""

    winners: tuple[str, ...]
    wolf: int | None


@dataclass(frozen=True)
class WinnerTurns:
    """The set-up step of a further game: who may turn the wolf, and keeping it."""

    who: str
    """The winner's name (or the winners', joined with "and")."""
    headline: str
    keep: Choice | None
    """Keep the wolf where the last game left it (None when that points at a house)."""


def names(winners: Sequence[str]) -> str:
    """Names as a player reads them: "Ada", "Ada and Ben", "Ada, Ben and Cleo"."""
    return winners[0] if len(winners) == 1 else ", ".join(winners[:-1]) + " and " + winners[-1]


def winner_turns(view: View, last: LastGame | None) -> WinnerTurns | None:
    """How the new game's set-up reads after ``last``; None when it does not apply."""
    table = view.table
    if last is None or not last.winners or not isinstance(table, WolfTable):
        return None
    if table.wolf_wanted != "set" or view.chance is None:
        return None
    who = names(last.winners)
    may = "may" if len(last.winners) == 1 else "may each"
    if last.wolf is None:
        return WinnerTurns(who, f"{who} won the last game and {may} turn the wolf first.", None)
    key = spin_outcome(float(last.wolf)).key
    offered = next((c for c in view.chance.outcomes if c.key == key), None)
    if offered is None:
        return WinnerTurns(
            who,
            f"{who} won the last game: the wolf points at a house, so {who} turns it "
            "to point at no house.",
            None,
        )
    keep = Choice(key, "Keep the wolf where it is", offered.group, offered.hint)
    return WinnerTurns(
        who,
        f"{who} won the last game and {may} turn the wolf to a new place, pointing at no house.",
        keep,
    )
