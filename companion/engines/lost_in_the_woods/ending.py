"""End the Round: Compasses, then one card of each set into the Forest row (LW4, LW7).

A Compass in the Fright row may first count as a Progress card (1 time each).  Then each
symbol with 2+ cards is a set; the player chooses the order when more than one can go
next, a set that can never go is lost, and 0 or 3 sets cost 1 time (counted before
placing, so a lost set still counts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engines.lost_in_the_woods import clock, rounds, text
from companion.engines.lost_in_the_woods.actions import (
    SKIP_COMPASS,
    Action,
    Compass,
    Place,
    compass_action,
    place_action,
)
from companion.engines.lost_in_the_woods.cards import SYMBOLS
from companion.engines.lost_in_the_woods.forest import (
    can_follow,
    sets_of,
    symbol_counts,
)

if TYPE_CHECKING:
    from companion.engines.lost_in_the_woods.state import LostInTheWoodsState


def compass_symbols(s: LostInTheWoodsState) -> list[str]:
    """Symbols a Compass can stand for that turn a single card into a set (LW7)."""
    counts = symbol_counts(s.row)
    return [sym for sym in SYMBOLS if counts[sym] == 1 and sym not in s.virtual]


def placeable_sets(s: LostInTheWoodsState) -> list[str]:
    return [sym for sym in s.sets_left or [] if can_follow(sym, s.forest)]


def offers(s: LostInTheWoodsState, decision: str) -> list[Action]:
    if decision == "compass":
        return [compass_action(sym) for sym in compass_symbols(s)] + [SKIP_COMPASS]
    return [place_action(sym) for sym in placeable_sets(s)]


def decide(s: LostInTheWoodsState, action: Action) -> None:
    if isinstance(action, Place):
        place(s, action.symbol)
        return
    s.compass_left -= 1
    if isinstance(action, Compass):
        s.virtual.append(action.symbol)
        s.say(text.compass_counts(action.symbol))
        clock.add_time(s, 1)
    else:
        s.say(text.COMPASS_SKIPPED)


def carry_on(s: LostInTheWoodsState) -> None:
    """One step of ending the round that needs no input (or stop at a decision)."""
    if s.compass_left:
        if compass_symbols(s):
            s.decision = "compass"
            return
        s.compass_left = 0
    if s.sets_left is None:
        counts = symbol_counts(s.row)
        for symbol in s.virtual:
            counts[symbol] += 1
        s.sets_left = sets_of(counts)
        s.set_count = len(s.sets_left)
    placeable = placeable_sets(s)
    if len(placeable) > 1:
        s.decision = "place"
        return
    if placeable:
        place(s, placeable[0])
        return
    for symbol in s.sets_left:
        s.say(text.set_lost(symbol))
    if s.set_count in text.SET_COUNT_WORDS:
        s.say(text.set_count_penalty(s.set_count))
        if not clock.add_time(s, 1):
            return
    rounds.new_round(s)


def place(s: LostInTheWoodsState, symbol: str) -> None:
    assert s.sets_left is not None
    s.sets_left.remove(symbol)
    s.row.remove(symbol)
    s.forest.append(symbol)
    s.say(text.placed(symbol, len(s.forest)))
    clock.check_win(s)
