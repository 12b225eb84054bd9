"""The Journey deck and the discard pile.

The deck is a stack of *segments*: each is a composition (kind -> count) whose order the
player does not know.  A fresh or rebuilt deck is one segment; the Headless Horseman puts
the shuffled discard pile *under* the deck, a new segment below.  The next card always
comes from the top segment, so the odds stay exact after a Horseman.  With a digital deck
the app also keeps the order (``order``), fixed card by card by the shuffle's chance
nodes while ``pool`` holds the cards still to be shuffled in.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from companion.engines.counts import add, take
from companion.engines.lost_in_the_woods import clock, text

if TYPE_CHECKING:
    from companion.engines.lost_in_the_woods.state import LostInTheWoodsState


def next_draw_composition(s: LostInTheWoodsState) -> dict[str, int]:
    """What the next card can be, as far as the player knows (top segment, or the
    discard pile that a rebuild would turn into the deck; empty if nothing is left)."""
    if s.pool and len(s.segments) == 1:
        return dict(s.segments[0] + s.pool)
    if s.segments:
        return dict(s.segments[0])
    return dict(s.discard)


def shuffle_in(s: LostInTheWoodsState, kind: str) -> None:
    """A digital deck: the next card of the app's shuffle goes under the others."""
    assert s.order is not None
    take(s.pool, kind)
    add(s.segments[-1], kind)
    s.order.append(kind)
    if not s.pool:
        s.say(text.SHUFFLED)


def take_top(s: LostInTheWoodsState, kind: str) -> str:
    take(s.segments[0], kind)
    if s.order is not None:
        s.order.pop(0)
    while s.segments and not s.segments[0]:
        s.segments.pop(0)
    return kind


def shuffle_discard(s: LostInTheWoodsState) -> None:
    """Shuffle the discard pile under the Journey deck (a new bottom segment)."""
    if not s.discard:
        return
    if s.shuffles >= s.options["max_shuffles"]:
        clock.lose(s, text.lost_shuffles(s.shuffles + 1))
        return
    s.shuffles += 1
    pile, s.discard = s.discard, Counter()
    if s.digital:
        s.segments.append(Counter())
        s.pool = pile
    else:
        s.segments.append(pile)


def to_discard(s: LostInTheWoodsState, kind: str, n: int = 1) -> None:
    add(s.discard, kind, n)
