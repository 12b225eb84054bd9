"""What Lost in the Woods says to the player: prompts, choice labels, the public log's
lines, refusals and the end.

Keys (``actions.py``) are for the journal; these are the words a player reads, written
once here so the rule modules only say *which* line to add.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.engines.lost_in_the_woods.actions import (
    DRAW,
    DROP_TORCH,
    END_ROUND,
    LIGHT_TORCH,
    SKIP_COMPASS,
    SKIP_SIGNPOST,
    SKIP_WELL,
    USE_TORCH,
    Action,
    CardAction,
    Compass,
    Drawn,
    Place,
    Shuffled,
    Signpost,
    Strike,
    UseWell,
)
from companion.engines.lost_in_the_woods.cards import INDEX, KINDS, NAMES, a_card, plural
from companion.engines.lost_in_the_woods.forest import FOREST_LENGTH

if TYPE_CHECKING:
    from companion.engines.lost_in_the_woods.state import LostInTheWoodsState

WON = "the ninth card reached the Bridge: you found your way out of the woods"
LOST_CLOCK = "the clock reached 12: the hour is up and you are lost in the woods"
SHUFFLED = "The Journey deck is shuffled."
SCORE_NAME = "Time left"


def lost_shuffles(count: int, code: bool = True) -> str:
    """The LW12 loss; ``code`` adds the house rule's number (for logs, not for players)."""
    words = (
        f"the Journey deck would be shuffled for the {ordinal(count)} time: night falls "
        f"and you are still lost in the woods"
    )
    return f"{words} (house rule LW12)" if code else words


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def end_reason(s: LostInTheWoodsState) -> str:
    """Why the game ended, in player words (no rule codes)."""
    if s.result == "won":
        return WON
    if s.time >= 12:
        return LOST_CLOCK
    return lost_shuffles(s.shuffles + 1, code=False)


# -- the public log ------------------------------------------------------------
ROUND_ENDED = "You end the round."
NOTHING_LEFT = "The Journey deck and the discard pile are empty: the round ends."
DECK_REBUILT = "The Journey deck is empty: the discard pile is shuffled into a new one."
WELL_USED = "The Wishing Well was already used this round."
WELL_EMPTY = "The Wishing Well finds no matching cards."
WELL_SKIPPED = "You leave the Wishing Well alone."
LIGHTNING_MISSES = "Lightning strikes, but there is no Progress card to lose."
SIGNPOST_NO_CARD = "The Signpost has no card that fits the Forest row."
SIGNPOST_SKIPPED = "You pass the Signpost by."
SCARECROW = "The Scarecrow scatters the Fright row: a new round begins."
TORCH_LIT = "You light the Torch and set it aside: use it whenever the Fright row scares you."
TORCH_DROPPED = "The Torch is discarded unlit."
TORCH_USED = "The Torch drives the Fright cards away."
HORSEMAN_SHUFFLE = "The discard pile is shuffled and put under the Journey deck."
COMPASS_SKIPPED = "The Compass is left as it is."
SET_COUNT_WORDS = {0: "No set", 3: "Three sets"}


def capital(words: str) -> str:
    return words[:1].upper() + words[1:]


def drew(kind: str) -> str:
    return f"You draw {a_card(kind)}."


def setup_discard(animal: str) -> str:
    return f"The {NAMES[animal]} is discarded: round setup costs no time."


def fright_penalty(animal: str, time_lost: int) -> str:
    what = "a pair" if time_lost == 1 else "the third kind of animal"
    return f"The {NAMES[animal]} makes {what}: the clock moves {time_lost}."


def compass_counts(symbol: str) -> str:
    return f"The Compass counts as {a_card(symbol)}."


def set_lost(symbol: str) -> str:
    return f"The {NAMES[symbol]} set cannot go next to {a_card(symbol)}: it is lost."


def set_count_penalty(count: int) -> str:
    return f"{SET_COUNT_WORDS[count]}: the clock moves 1."


def placed(symbol: str, forest_cards: int) -> str:
    return f"{capital(a_card(symbol))} joins the Forest row ({forest_cards} of {FOREST_LENGTH})."


def gravestone(frights: int) -> str:
    return f"The Gravestone costs {frights} time."


def wished(symbol: str, count: int) -> str:
    return f"The Wishing Well takes {plural(symbol, count)} and turns the clock back."


def struck(symbol: str) -> str:
    return f"Lightning strikes {a_card(symbol)}."


def signposted(symbol: str) -> str:
    return f"The Signpost leads {a_card(symbol)} into the Forest row."


def horseman_takes(kind: str) -> str:
    return f"The Headless Horseman takes the {NAMES[kind]} from the Forest row."


# -- prompts and labels ---------------------------------------------------------
PROMPTS = {
    None: "Draw a card, or end the round and place your sets?",
    "torch": "Torch: light it and set it aside (the clock moves 1), or discard it?",
    "well": "Wishing Well: give up a set to turn the clock back 1?",
    "lightning": "Lightning: which Progress card is struck?",
    "signpost": "Signpost: send a card to the Forest row (the clock moves 1; the round ends)?",
    "compass": "Compass: count it as a symbol (the clock moves 1)?",
    "place": "Place your sets: which goes into the Forest row next?",
}
GROUPS = {
    None: "Your move",
    "torch": "Torch",
    "well": "Wishing Well",
    "lightning": "Lightning",
    "signpost": "Signpost",
    "compass": "Compass",
    "place": "Placing your sets",
}
"""The group of a decision's choices: a heading a screen may show above them."""
CARDS_GROUP = "Cards"
SHUFFLE_HEADLINE = "The Journey deck needs shuffling."
SHUFFLE_WHAT = "The app shuffles the Journey deck"
DRAW_HEADLINE = "Draw the top card of the Journey deck: which card is it?"
SETUP_HEADLINE = "Round {round} begins: draw cards until a Progress card comes. Which card is it?"
DRAW_WHAT = "The card you drew from the Journey deck"
WON_HEADLINE = "You found your way out of the woods!"
LOST_HEADLINE = "You are lost in the woods."

PLAIN_LABELS: dict[str, str] = {
    DRAW: "Draw a card",
    END_ROUND: "End the round",
    USE_TORCH: "Use the Torch",
    LIGHT_TORCH: "Light the Torch (clock +1)",
    DROP_TORCH: "Discard the Torch",
    SKIP_WELL: "Skip the Wishing Well",
    SKIP_SIGNPOST: "Skip the Signpost",
    SKIP_COMPASS: "Skip the Compass",
}


def the_cards(kind: str) -> str:
    """'the Acorns', 'the Double Distelfinks'."""
    return "the " + plural(kind, 2).split(" ", 1)[1]


def label(action: Action) -> str:
    """The words on a choice's button."""
    if isinstance(action, CardAction):
        kind = action.kind
        if isinstance(action, Drawn | Shuffled):
            return NAMES[kind]
        if isinstance(action, UseWell):
            return f"Wish away {the_cards(kind)}"
        if isinstance(action, Strike):
            return f"Strike {a_card(kind)}"
        if isinstance(action, Signpost):
            return f"Send {a_card(kind)} to the Forest row (clock +1)"
        if isinstance(action, Compass):
            return f"Count it as {a_card(kind)} (clock +1)"
        if isinstance(action, Place):
            return f"Place {a_card(kind)}"
    return PLAIN_LABELS[action]


def card_refusal(s: LostInTheWoodsState, kind: str) -> str:
    """Why ``kind`` cannot be the card just drawn from a table deck: where all of them are."""
    if kind not in INDEX:
        names = ", ".join(KINDS)
        return f"there is no {kind!r} card in Lost in the Woods (cards: {names})"
    name = NAMES[kind]
    total = s.game.box.count(kind)
    if total == 0:
        return f"your box file has no {name} cards, so you cannot have drawn one"
    places = []
    for where, n in (
        ("in the Forest row", s.forest.count(kind)),
        ("in the Fright row", s.row.count(kind)),
        ("in the discard pile", s.discard.get(kind, 0)),
        ("set aside as a lit Torch", s.torch_ready * (kind == "torch")),
        ("being resolved", int(s.event == kind)),
    ):
        if n:
            places.append(f"{n} {where}")
    lower = sum(seg.get(kind, 0) for seg in s.segments[1:])
    if lower:
        above = sum(s.segments[0].values())
        places.append(
            f"{lower} in the cards the Headless Horseman put under the deck, which come "
            f"only after the {above} cards above them"
        )
    where_text = "; ".join(places) or "none left"
    whole = f"the only {name} is" if total == 1 else f"all {plural(kind, total)} are"
    return (
        f"{capital(a_card(kind))} cannot be the next card: {whole} accounted for "
        f"({where_text}). "
        f"Check the card, or undo a wrong tap."
    )


def refusal(action: Any, legal: list[Action]) -> str:
    """Why an action that is not a card drawn cannot be played now."""
    options = ", ".join(repr(str(a)) for a in legal)
    shown = str(action) if isinstance(action, str) else action
    return f"{shown!r} is not possible now; you can choose: {options}"
