"""Draw 1 Card: what a card does when it is turned over, in round setup or in play.

In round setup (LW2) cards go to the Fright row until the first Progress card; a Fright
card that would cost time there is discarded instead.  In play, the second of a pair costs
1 time and the third different animal 2, and either ends the round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engines.lost_in_the_woods import clock, deck, events, rounds, text
from companion.engines.lost_in_the_woods.cards import is_fright, is_progress
from companion.engines.lost_in_the_woods.fright import animals_in, penalty_for

if TYPE_CHECKING:
    from companion.engines.lost_in_the_woods.state import LostInTheWoodsState


def reveal(s: LostInTheWoodsState, kind: str) -> None:
    s.say(text.drew(kind))
    if s.stage == "play":
        s.want_draw = False
    if is_progress(kind):
        s.row.append(kind)
        if s.stage == "setup":
            s.stage = "play"
            s.want_draw = False
    elif is_fright(kind):
        fright(s, kind)
    else:
        events.drawn(s, kind)


def fright(s: LostInTheWoodsState, animal: str) -> None:
    time_lost = penalty_for(animal, animals_in(s.row))
    if s.stage == "setup":
        if time_lost:
            deck.to_discard(s, animal)
            s.say(text.setup_discard(animal))
        else:
            s.row.append(animal)
        return
    s.row.append(animal)
    if not time_lost:
        return
    s.say(text.fright_penalty(animal, time_lost))
    if clock.add_time(s, time_lost):
        rounds.new_round(s)
