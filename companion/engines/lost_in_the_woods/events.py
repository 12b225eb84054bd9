"""The ten Event cards: what each does when drawn, and the choices some of them offer.

Events resolve at once and go to the discard pile (LW14), except a Compass, which waits
in the Fright row for the end of the round (``ending.py``), and a lit Torch, set aside.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engines.lost_in_the_woods import clock, deck, rounds, text
from companion.engines.lost_in_the_woods.actions import (
    DROP_TORCH,
    LIGHT_TORCH,
    SKIP_SIGNPOST,
    SKIP_WELL,
    Action,
    Signpost,
    Strike,
    UseWell,
    lightning_action,
    signpost_action,
    well_action,
)
from companion.engines.lost_in_the_woods.cards import SYMBOLS
from companion.engines.lost_in_the_woods.forest import can_follow, sets_of, symbol_counts
from companion.engines.lost_in_the_woods.fright import animals_in

if TYPE_CHECKING:
    from companion.engines.lost_in_the_woods.state import LostInTheWoodsState

EVENT_DECISIONS = ("torch", "well", "lightning", "signpost")
"""The events that ask the player something when drawn."""


def signpost_symbols(s: LostInTheWoodsState) -> list[str]:
    counts = symbol_counts(s.row)
    return [sym for sym in SYMBOLS if counts[sym] and can_follow(sym, s.forest)]


def offers(s: LostInTheWoodsState, decision: str) -> list[Action]:
    """The choices an event being resolved offers."""
    counts = symbol_counts(s.row)
    if decision == "torch":
        return [LIGHT_TORCH, DROP_TORCH]
    if decision == "well":
        return [well_action(sym) for sym in sets_of(counts)] + [SKIP_WELL]
    if decision == "lightning":
        return [lightning_action(sym) for sym in SYMBOLS if counts[sym]]
    if decision == "signpost":
        return [signpost_action(sym) for sym in signpost_symbols(s)] + [SKIP_SIGNPOST]
    raise AssertionError(f"unknown event decision {decision!r}")


def drawn(s: LostInTheWoodsState, kind: str) -> None:
    """An Event card was drawn: resolve it, or ask the player what to do with it."""
    s.event = kind
    counts = symbol_counts(s.row)
    if kind == "well":
        if sets_of(counts) and not s.well_used:
            s.decision = "well"
            return
        s.say(text.WELL_USED if s.well_used else text.WELL_EMPTY)
    elif kind == "torch":
        s.decision = "torch"
        return
    elif kind == "compass":
        s.event = None
        s.row.append("compass")
        return
    elif kind == "lightning":
        present = [sym for sym in SYMBOLS if counts[sym]]
        if len(present) > 1:
            s.decision = "lightning"
            return
        finish(s)
        if present:
            strike(s, present[0])
        else:
            s.say(text.LIGHTNING_MISSES)
        return
    elif kind == "gravestone":
        finish(s)
        frights = len(animals_in(s.row))
        s.say(text.gravestone(frights))
        clock.add_time(s, frights)
        return
    elif kind == "signpost":
        if signpost_symbols(s):
            s.decision = "signpost"
            return
        s.say(text.SIGNPOST_NO_CARD)
    elif kind == "scarecrow":
        finish(s)
        s.say(text.SCARECROW)
        rounds.new_round(s)
        return
    else:
        horseman(s)
        return
    finish(s)


def decide(s: LostInTheWoodsState, decision: str, action: Action) -> None:
    """The player's answer to an event's offer."""
    if decision == "torch":
        s.event = None
        if action == LIGHT_TORCH:
            s.torch_ready += 1
            s.say(text.TORCH_LIT)
            clock.add_time(s, 1)
        else:
            deck.to_discard(s, "torch")
            s.say(text.TORCH_DROPPED)
        return
    finish(s)
    if isinstance(action, UseWell):
        wish(s, action.symbol)
    elif isinstance(action, Strike):
        strike(s, action.symbol)
    elif isinstance(action, Signpost):
        signpost(s, action.symbol)
    elif action == SKIP_WELL:
        s.say(text.WELL_SKIPPED)
    elif action == SKIP_SIGNPOST:
        s.say(text.SIGNPOST_SKIPPED)


def finish(s: LostInTheWoodsState) -> None:
    """Resolved events go to the discard pile."""
    if s.event is not None:
        deck.to_discard(s, s.event)
        s.event = None


def wish(s: LostInTheWoodsState, symbol: str) -> None:
    n = s.row.count(symbol)
    s.row = [c for c in s.row if c != symbol]
    deck.to_discard(s, symbol, n)
    s.well_used = True
    s.time = max(0, s.time - 1)
    s.say(text.wished(symbol, n))


def strike(s: LostInTheWoodsState, symbol: str) -> None:
    s.row.remove(symbol)
    deck.to_discard(s, symbol)
    s.say(text.struck(symbol))


def signpost(s: LostInTheWoodsState, symbol: str) -> None:
    if not clock.add_time(s, 1):
        return
    s.row.remove(symbol)
    s.forest.append(symbol)
    s.say(text.signposted(symbol))
    if clock.check_win(s):
        rounds.new_round(s)


def horseman(s: LostInTheWoodsState) -> None:
    if s.forest:
        lost = s.forest.pop()
        deck.to_discard(s, lost)
        s.say(text.horseman_takes(lost))
    s.say(text.HORSEMAN_SHUFFLE)
    deck.shuffle_discard(s)
    finish(s)


def use_torch(s: LostInTheWoodsState) -> None:
    for animal in animals_in(s.row):
        s.row.remove(animal)
        deck.to_discard(s, animal)
    s.torch_ready -= 1
    deck.to_discard(s, "torch")
    s.say(text.TORCH_USED)
