"""What the engine knows about event cards: every card (digital deck) or only what
the table has seen (table cards, design.md "Hidden cards are unknown until played").

With table cards a hand is a number of face-down cards (``HIDDEN`` entries) and the
deck is a number of face-down cards.  The cards that can still be unseen are the
box minus the discard pile, because a card is only revealed when it is played
or discarded.  A player with a face-down card and a play left could hold any of
them, so every one of them is offered to that player (LD23).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from companion.engines import counts
from companion.engines.base import Action
from companion.engines.little_dead_riding_hood.actions import typed
from companion.engines.little_dead_riding_hood.components import (
    HIDDEN,
    card_title,
    is_card_key,
)

if TYPE_CHECKING:
    from companion.engines.little_dead_riding_hood.state import LdrhState


def is_table(s: LdrhState) -> bool:
    return bool(s.options.get("event_cards") == "table")


def unseen(s: LdrhState) -> Counter[str]:
    """Table cards: the cards that can still be face down (in the deck or a hand)."""
    left = Counter(s.box.cards)
    left.subtract(s.discard)
    return +left


def hand_cards(s: LdrhState, player: int) -> list[str]:
    """The distinct cards ``player`` could play from their hand."""
    hand = s.hands[player]
    if not hand:
        return []
    if is_table(s):
        return sorted(unseen(s))
    return sorted(set(hand))


def reveal(s: LdrhState, player: int, key: str) -> None:
    """A card leaves ``player``'s hand face up onto the discard pile."""
    s.hands[player].remove(HIDDEN if is_table(s) else key)
    counts.add(s.discard, key)
    s.revealed.add(key)


def card_in(action: Action) -> str | None:
    """The card an action plays or reveals, if it names one."""
    act = typed(action)
    if act is None:
        return None
    for name in ("card", "cake"):
        if name in act.fields and is_card_key(getattr(act, name)):
            return str(getattr(act, name))
    return None


def impossible_card(s: LdrhState, action: Action) -> str:
    """Why a tapped card cannot be played with table cards ('' if it could be)."""
    key = card_in(action)
    if key is None or not is_table(s) or key in unseen(s):
        return ""
    copies = s.box.cards.get(key, 0)
    if copies == 0:
        return f"{card_title(key)} is not in this event deck"
    seen = "it has" if copies == 1 else f"all {copies} copies have"
    return f"{card_title(key)} cannot be in anyone's hand: {seen} already been revealed"
