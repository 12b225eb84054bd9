"""Before a spin: each unprotected pawn's chance of being caught on this board.

The command-line view of the same odds, space by space, is ``odds.py``
(``companion odds beware-of-the-wolf``).

A pawn is caught when the snout comes to rest on its space, or within the
midline tolerance of its edge (BW5), so a space's chance is the share of resting
angles whose guarded zone holds it.  On a fair spinner every whole degree is as
likely (the engine's own spin); once the owner's turntable has recorded enough
spins its histogram (10-degree sectors, each smoothed by one spin so a sector never
seen is not impossible) weighs the degrees instead.  Pure: the presenter uses the
fair odds, the screen the owner's when it has them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.engines.beware_of_the_wolf.board import Board
from companion.engines.beware_of_the_wolf.spin import SPIN_DEGREES

SECTOR_DEGREES = 10
SECTORS = SPIN_DEGREES // SECTOR_DEGREES
ENOUGH_SPINS = 2 * SECTORS
"""Below two spins a sector on average, a histogram says more about luck than the spinner."""


@dataclass(frozen=True)
class CatchOdds:
    """One pawn a spin could catch, and the chance that it does."""

    player: int
    space: str
    chance: float


def spinner_weights(spins: Sequence[float]) -> tuple[float, ...] | None:
    """Each whole degree's chance from recorded resting angles; None for too few spins."""
    if len(spins) < ENOUGH_SPINS:
        return None
    counts = [1] * SECTORS
    for angle in spins:
        counts[int(round(angle) % SPIN_DEGREES) // SECTOR_DEGREES] += 1
    total = sum(counts) * SECTOR_DEGREES
    return tuple(counts[d // SECTOR_DEGREES] / total for d in range(SPIN_DEGREES))


def catch_odds(
    board: Board,
    at_risk: Sequence[tuple[int, str]],
    midline_tolerance: float,
    weights: Sequence[float] | None = None,
) -> tuple[CatchOdds, ...]:
    """The chance that the spin catches each ``(player, space)``; fair degrees unless ``weights``."""
    if not at_risk:
        return ()
    if weights is None:
        weights = [1 / SPIN_DEGREES] * SPIN_DEGREES
    chance = {space: 0.0 for _, space in at_risk}
    for degrees, weight in enumerate(weights):
        for space in board.guarded(float(degrees), midline_tolerance) & chance.keys():
            chance[space] += weight
    return tuple(CatchOdds(player, space, min(chance[space], 1.0)) for player, space in at_risk)


def percent(chance: float) -> str:
    """A chance as a player reads it: "4%", "under 1%"."""
    return "under 1%" if 0 < chance < 0.005 else f"{chance:.0%}"


def odds_words(odds: Sequence[CatchOdds], name: Callable[[int], str], spins: int = 0) -> str:
    """The odds in player words; ``spins`` > 0 says they come from that many recorded spins."""
    if not odds:
        return ""
    parts = ", ".join(f"{name(o.player)} {percent(o.chance)}" for o in odds)
    return f"If the wolf is spun, it catches {parts} ({source_words(spins)})."


def source_words(spins: int) -> str:
    """Where the odds come from, in player words: the owner's spinner or a fair one."""
    return f"from your spinner's last {spins} spins" if spins else "on a fair spinner"
