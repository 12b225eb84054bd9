"""A hand's refill from a real deck: one tap for every card drawn, and one Undo.

The app cannot know which cards a player drew from their own deck, so the draws that
fill the hand are entered by one button ("Ann drew 5 cards"), each journaled as its
own draw; Undo then takes back the whole refill, as the one tap made it.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.engines.gingerdead_house import UNKNOWN_DRAW
from companion.engines.view import Choice
from companion.session.journal import Source
from companion.session.session import Session


def unknown_draws(outcomes: Sequence[Choice]) -> int:
    """How many cards a real deck's draw may enter at once (0: not such a draw)."""
    if len(outcomes) != 1 or outcomes[0].hint.get("move") != "draw" or outcomes[0].hint["card"]:
        return 0
    return max(1, int(outcomes[0].hint.get("to_go", 1)))


def drew_words(who: str, count: int) -> str:
    """The one button for a hand's refill from a real deck."""
    return f"{who} drew a card" if count == 1 else f"{who} drew {count} cards"


def refill_steps(session: Session) -> int:
    """How many of the last steps are one refill entered from a real deck (0: the last
    step is something else): Undo takes them back together."""
    count = 0
    for step in reversed(session.steps):
        if step.text != UNKNOWN_DRAW or step.source is not Source.MANUAL:
            break
        count += 1
    return count
