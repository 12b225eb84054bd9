"""What the engine knows about event cards: every card (digital deck) or only what
the table has seen (table cards, design.md "Hidden cards are unknown until played").

With table cards a hand is a number of face-down cards (``HIDDEN`` entries) and the
deck is a number of face-down cards.  The cards that can still be unseen are the
manifest minus the discard pile, because a card is only revealed when it is played
or discarded.  A player with a face-down card and a play left could hold any of
them, so every one of them is offered to that player (LD23).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from companion.engines.base import Action
from companion.engines.little_dead_riding_hood.components import (
    HIDDEN,
    card_title,
    is_card_key,
)

if TYPE_CHECKING:
    from companion.engines.little_dead_riding_hood.state import LdrhState

CARD_AT: dict[str, int] = {
    "fairest": 1,
    "bread-crumbs": 1,
    "move": 1,
    "wolf": 1,
    "sitting": 1,
    "big-hands": 1,
    "off-path": 1,
    "flowers": 1,
    "once-upon-a-time": 1,
    "lose-card": 1,
    "fight": 2,
}
"""Where an action names the card it plays or reveals."""


def is_table(s: LdrhState) -> bool:
    return bool(s.options.get("event_cards") == "table")


def unseen(s: LdrhState) -> Counter[str]:
    """Table cards: the cards that can still be face down (in the deck or a hand)."""
    left = Counter(s.manifest.cards)
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
    s.discard[key] += 1


def card_in(action: Action) -> str | None:
    """The card an action plays or reveals, if it names one."""
    if not isinstance(action, tuple) or not action or action[0] not in CARD_AT:
        return None
    at = CARD_AT[action[0]]
    key = action[at] if len(action) > at else None
    return key if is_card_key(key) else None


def impossible_card(s: LdrhState, action: Action) -> str:
    """Why a tapped card cannot be played with table cards ('' if it could be)."""
    key = card_in(action)
    if key is None or not is_table(s) or key in unseen(s):
        return ""
    copies = s.manifest.cards.get(key, 0)
    if copies == 0:
        return f"{card_title(key)} is not in this event deck"
    seen = "it has" if copies == 1 else f"all {copies} copies have"
    return f"{card_title(key)} cannot be in anyone's hand: {seen} already been revealed"
