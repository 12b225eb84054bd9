"""The player's view of a Lost in the Woods position (Kivy-free).

Everything the screen draws comes from here: the headline, the choices with their labels
and card hints, the chance entry (the app's shuffle, or "which card did you draw?" for a
table deck), the public log and the end, with the time left as the score.  ``WoodsTable``
carries the public picture (Clock, Forest row, Fright row, deck and discard counts).  A
digital deck's order is never shown: it is this game's one secret (``secrets``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.engines.base import CHANCE, TERMINAL
from companion.engines.lost_in_the_woods import text
from companion.engines.lost_in_the_woods.actions import Action, CardAction, Drawn
from companion.engines.lost_in_the_woods.cards import KINDS, NAMES, a_card
from companion.engines.lost_in_the_woods.clock import CLOCK_END
from companion.engines.lost_in_the_woods.forest import FOREST_LENGTH
from companion.engines.view import ChanceEntry, Choice, Ending, View, sentence

if TYPE_CHECKING:
    from companion.engines.lost_in_the_woods.state import LostInTheWoodsState

SECRET_RUN = 3
"""How many upcoming cards of a digital deck make one secret phrase (an order, not a card)."""


@dataclass(frozen=True)
class WoodsTable:
    """The public picture of the table: what a player sees on the real one."""

    time: int
    clock_end: int
    forest: tuple[str, ...]
    """The Forest row's cards (good luck symbols), from the Mansion on."""
    forest_length: int
    row: tuple[str, ...]
    """The Fright row's cards (kinds), in the order drawn."""
    round: int
    deck_size: int
    discard_size: int
    torch: str
    """'lit' while a lit Torch is set aside (usable at once, LW6), '' otherwise."""
    shuffles: int
    max_shuffles: int
    digital: bool
    shuffling: bool
    """The app is shuffling (a digital deck's shuffle is under way)."""
    tap_cards: tuple[Choice, ...]
    """At a table deck's draw: every card kind as a tap (those that cannot be the card
    are there too, so a wrong tap is answered with where all those cards are); each
    hint has the ``card`` kind and how many of it the next card can still be
    (``unseen``)."""
    decision: str
    """What is being decided: '' for Draw / End the Round, else the card or step asking
    ('torch', 'well', 'lightning', 'signpost', 'compass', 'place')."""


def present(s: LostInTheWoodsState, viewer: int | None = None) -> View:
    player = s.current_player()
    chance = _chance(s) if player == CHANCE else None
    choices: tuple[Choice, ...] = ()
    if player not in (CHANCE, TERMINAL):
        choices = tuple(_choice(s, a) for a in s.legal_actions())
    return View(
        headline=_headline(s),
        turn=None if player in (CHANCE, TERMINAL) else player,
        choices=choices,
        chance=chance,
        log=tuple(s.log),
        private=None,
        end=_ending(s) if player == TERMINAL else None,
        table=_table(s, chance),
        standing="" if player == TERMINAL else _standing(s),
    )


def _standing(s: LostInTheWoodsState) -> str:
    """How close the one player is to winning, and to losing."""
    left = CLOCK_END - s.time
    return (
        f"{len(s.forest)} of {FOREST_LENGTH} cards in the Forest row; the clock has "
        f"{left} step{'' if left == 1 else 's'} left."
    )


def secrets(s: LostInTheWoodsState) -> list[str]:
    """The digital deck's coming cards, worded as a list of names would show them."""
    if not s.order or len(s.order) < SECRET_RUN:
        return []
    names = [NAMES[k] for k in s.order[:SECRET_RUN]]
    return [" / ".join(names), ", ".join(names), f"next card is {a_card(s.order[0])}"]


def _headline(s: LostInTheWoodsState) -> str:
    player = s.current_player()
    if player == TERMINAL:
        return text.WON_HEADLINE if s.result == "won" else text.LOST_HEADLINE
    if player == CHANCE:
        if s.pool:
            return text.SHUFFLE_HEADLINE
        if s.stage == "setup":
            return text.SETUP_HEADLINE.format(round=s.round)
        return text.DRAW_HEADLINE
    return text.PROMPTS[s.decision]


def _choice(s: LostInTheWoodsState, action: Action, probability: float | None = None) -> Choice:
    hint = {"card": action.kind} if isinstance(action, CardAction) else {}
    group = text.CARDS_GROUP if probability is not None else text.GROUPS[s.decision]
    return Choice(action.key, text.label(action), group, hint, probability)


def _chance(s: LostInTheWoodsState) -> ChanceEntry:
    what = text.SHUFFLE_WHAT if s.pool else text.DRAW_WHAT
    outcomes = tuple(_choice(s, a, p) for a, p in s.chance_outcomes())
    return ChanceEntry(what, outcomes)


def _ending(s: LostInTheWoodsState) -> Ending:
    won = s.result == "won"
    return Ending(
        winners=(0,) if won else (),
        reason=sentence(text.end_reason(s)),
        scores=(float(CLOCK_END - s.time),),
        score_name=text.SCORE_NAME,
    )


def _table(s: LostInTheWoodsState, chance: ChanceEntry | None) -> WoodsTable:
    torch = "lit" if s.torch_ready else ""
    taps: tuple[Choice, ...] = ()
    if chance is not None and not s.pool:
        odds = {c.key: c.probability for c in chance.outcomes}
        unseen = s.next_draw_composition()
        taps = tuple(
            Choice(
                key,
                NAMES[k],
                text.CARDS_GROUP,
                {"card": k, "unseen": unseen.get(k, 0)},
                odds.get(key),
            )
            for k in KINDS
            for key in (Drawn.of(k).key,)
        )
    return WoodsTable(
        time=s.time,
        clock_end=CLOCK_END,
        forest=tuple(s.forest),
        forest_length=FOREST_LENGTH,
        row=tuple(s.row),
        round=s.round,
        deck_size=s.deck_size,
        discard_size=s.discard_size,
        torch=torch,
        shuffles=s.shuffles,
        max_shuffles=int(s.options["max_shuffles"]),
        digital=s.digital,
        shuffling=bool(s.pool),
        tap_cards=taps,
        decision=s.decision or "",
    )
