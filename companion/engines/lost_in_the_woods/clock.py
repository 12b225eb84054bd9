"""The Clock and the game's two ends: nine Forest cards win, the twelfth increment loses.

Both are immediate (LW11): the game stops in the middle of a round, or of paying for a
Torch, a Compass or a Signpost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engines.lost_in_the_woods import text
from companion.engines.lost_in_the_woods.forest import FOREST_LENGTH

if TYPE_CHECKING:
    from companion.engines.lost_in_the_woods.state import LostInTheWoodsState

CLOCK_END = 12
"""The clock reaching this increment loses the game (LW11)."""


def add_time(s: LostInTheWoodsState, n: int) -> bool:
    """Move the clock; False (and the game lost) if it reaches 12 (LW11)."""
    s.time = min(CLOCK_END, s.time + n)
    if s.time >= CLOCK_END:
        lose(s, text.LOST_CLOCK)
        return False
    return True


def check_win(s: LostInTheWoodsState) -> bool:
    """True if the game goes on; the ninth Forest card wins at once."""
    if len(s.forest) >= FOREST_LENGTH:
        s.result = "won"
        s.reason = text.WON
        s.decision = None
        return False
    return True


def lose(s: LostInTheWoodsState, reason: str) -> None:
    s.result = "lost"
    s.reason = reason
    s.decision = None
