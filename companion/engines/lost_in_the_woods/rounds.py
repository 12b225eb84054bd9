"""A round's life: round setup (draw until a Progress card), play, and the fresh start.

Only the bookkeeping of a round's beginning and end lives here, so every card and every
rule that ends a round (a Fright penalty, the Scarecrow, the Signpost, End the Round) uses
the same reset.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engines.lost_in_the_woods import deck

if TYPE_CHECKING:
    from companion.engines.lost_in_the_woods.state import LostInTheWoodsState


def new_round(s: LostInTheWoodsState) -> None:
    """Discard the Fright row and begin a new round (a lit Torch stays set aside)."""
    for card in s.row:
        deck.to_discard(s, card)
    s.row = []
    s.round += 1
    s.stage = "setup"
    s.want_draw = True
    s.ending = False
    s.compass_left = 0
    s.virtual = []
    s.sets_left = None
    s.set_count = 0
    s.well_used = False


def begin_end_of_round(s: LostInTheWoodsState) -> None:
    s.ending = True
    s.compass_left = s.row.count("compass")
    s.virtual = []
    s.sets_left = None
