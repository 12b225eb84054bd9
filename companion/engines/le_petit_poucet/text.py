"""What Le Petit Poucet says to the table: headlines, choice labels, the public log,
the ends of a game and why an action is refused, always with the players' names.

The action keys (version-1 texts with "P1"-style seats) are ``actions.key``'s; this
module never shows one to a player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.engines.le_petit_poucet import ogre
from companion.engines.le_petit_poucet.actions import (
    Action,
    Draw,
    First,
    Grab,
    Leave,
    Pass,
    PutInBox,
    Reveal,
    Said,
    Take,
    Token,
    Vote,
    coerce,
)
from companion.engines.le_petit_poucet.steps import (
    ASK,
    CHECK,
    DRAW,
    GRAB,
    OVER,
    REVEAL,
    START,
    STEP_OF_PHASE,
    TOUCH,
    VOTE,
)
from companion.engines.view import sentence

if TYPE_CHECKING:
    from companion.engines.le_petit_poucet.state import PoucetState

STEP_NAMES = {
    1: "touch the tree",
    2: "find the tree",
    3: "help each other",
    4: "advance through the forest",
}
TAKEN_GROUP = "Cards the children took"
OTHER_TREES_GROUP = "The other trees"


def name(state: PoucetState, player: int) -> str:
    return state.player_name(player)


def names(state: PoucetState, players: list[int] | tuple[int, ...]) -> str:
    """ "Anna", "Anna and Ben", "Anna, Ben and Cleo"."""
    shown = [name(state, p) for p in players]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def tree(state: PoucetState, index: int) -> str:
    """ "oak (1 hole)", for the middle of a sentence."""
    return state.tree_label(index)


def card_label(state: PoucetState, index: int) -> str:
    """ "Oak (1 hole)", for a button or a list."""
    label = state.tree_label(index)
    return label[:1].upper() + label[1:]


def top(state: PoucetState) -> str:
    card = state.top_card()
    return "top" if card is None else tree(state, card)


def _first(state: PoucetState) -> str:
    return name(state, state.first_player if state.first_player is not None else 0)


# -- what happens now -------------------------------------------------------------


def step_title(state: PoucetState) -> str:
    """ "Turn 2 - Step 1 of 5: touch the tree"."""
    if state.phase == OVER:
        return "Game over"
    if state.phase == START:
        return "Setting up"
    step = STEP_OF_PHASE[state.phase]
    less_quick = " (less quick)" if state.phase == ASK else ""
    return f"Turn {state.turn} - Step {step} of 5: {STEP_NAMES[step]}{less_quick}"


def headline(state: PoucetState) -> str:
    """What the table has to do next, as one sentence."""
    phase = state.phase
    if phase == OVER:
        return sentence(state.end_reason())
    if phase == START:
        return "Who is the first player? One of you is chosen at random."
    if phase == REVEAL:
        return f"{_first(state)}, turn over the next tree card: which tree is it?"
    if phase == CHECK:
        return f"{_first(state)}, take the token out of the box: which tree is it?"
    who = name(state, state.current_player())
    if phase == DRAW:
        return f"{who}, draw a tree token from the bag without looking at it."
    if phase == TOUCH:
        then = "puts it in the box" if state.is_last_holder() else "passes it to the left"
        return f"{who} feels the token while the others count to ten; then {who} {then}."
    if phase == GRAB:
        return f"Who grabbed the {top(state)} card?"
    if phase == ASK:
        return f"{who}, do you take the {top(state)} card?"
    return f"{who}, your secret pebble vote: who found the matching tree?"


def note(state: PoucetState) -> str:
    """A second, smaller line under the headline ("" when there is nothing to add)."""
    phase = state.phase
    if phase == DRAW:
        return "Keep it under the table; the others get ready to count."
    if phase == TOUCH:
        who = name(state, state.current_player())
        then = "puts it in the box" if state.is_last_holder() else "passes it to the left"
        return f"The others count to ten; then {who} {then}."
    if phase == GRAB:
        return "Each child takes one card at most."
    if phase == VOTE:
        return "Everyone else looks away. Only children holding a card can have found it."
    if phase == CHECK:
        held = any(t is not None for t in state.taken)
        return "The cards the children took come first." if held else "Nobody took a card."
    return ""


def choice_label(state: PoucetState, action: Action) -> str:
    """What the button for a player's decision reads."""
    match action:
        case Draw():
            return "Token drawn"
        case Pass():
            nxt = state.touch_order()[state.holder + 1]
            return f"Passed to {name(state, nxt)}"
        case PutInBox():
            return "Token in the box"
        case Grab(player=p):
            return name(state, p)
        case Take():
            return "Take it"
        case Leave():
            return "Leave it" if state.phase == ASK else "Nobody: next card"
        case Vote(player=p):
            you = " (you)" if p == state.voter() else ""
            return f"{name(state, p)}{you}"
    raise AssertionError(f"{action!r} is not a decision")


def chance_what(state: PoucetState) -> str:
    if state.phase == START:
        return "The first player, chosen at random"
    if state.phase == REVEAL:
        return "The next tree card from the deck"
    return "The tree token from the box"


def outcome_label(state: PoucetState, action: Action) -> str:
    """What the table saw: a child, a card turned up, the token's tree."""
    match action:
        case First(player=p):
            return name(state, p)
        case Reveal(tree=t):
            return card_label(state, t)
        case Token(tree=t):
            holder = next((p for p, held in enumerate(state.taken) if held == t), None)
            label = card_label(state, t)
            return label if holder is None else f"{label}: {name(state, holder)}'s card"
    raise AssertionError(f"{action!r} is not a chance outcome")


def ogre_line(state: PoucetState) -> str:
    """How close the Ogre is: where his next stride lands and who stands there."""
    if state.phase == OVER:
        return ""
    boot, landing = ogre.stride(state.turn)
    if landing == ogre.HOUSE:
        return f"At the end of this turn the Ogre puts on his {ogre.BOOT_NAMES[boot]}."
    there = [
        p for p in range(state.num_players) if state.in_forest(p) and state.positions[p] == landing
    ]
    where = "the starting space" if landing == 0 else f"space {landing}"
    if there:
        verb = "stands" if len(there) == 1 else "stand"
        return f"The Ogre's next stride lands on {where}, where {names(state, there)} {verb}!"
    return f"The Ogre's next stride lands on {where}."


# -- the public log ---------------------------------------------------------------


def first_line(state: PoucetState, player: int) -> str:
    return f"{name(state, player)} is the first player."


def draw_line(state: PoucetState) -> str:
    return f"{_first(state)} draws a tree token from the bag."


def pass_line(state: PoucetState) -> str:
    order = state.touch_order()
    giver, receiver = order[state.holder], order[state.holder + 1]
    return f"{name(state, giver)} passes the token to {name(state, receiver)}."


def box_line(state: PoucetState) -> str:
    return f"{name(state, state.current_player())} puts the token in the box."


def reveal_line(state: PoucetState, index: int) -> str:
    return f"The {tree(state, index)} card turns up."


def taken_line(state: PoucetState, player: int) -> str:
    return f"{name(state, player)} takes the {top(state)} card."


def left_line(state: PoucetState, asked: int | None) -> str:
    if asked is None:
        return f"Nobody takes the {top(state)} card."
    return f"{name(state, asked)} leaves the {top(state)} card."


def vote_reveal(state: PoucetState, voter: int, target: int) -> str:
    return f"{name(state, voter)} voted for {name(state, target)}"


def vote_line(state: PoucetState, voter: int, revealed: bool) -> str:
    """A vote in the log: who voted, never for whom, until the last vote turns every
    pebble over (decision 8 of docs/games/le-petit-poucet.md)."""
    line = f"{name(state, voter)} has voted."
    if not revealed:
        return line
    shown = [vote_reveal(state, p, v) for p, v in enumerate(state.votes) if v is not None]
    return f"{line} The pebbles are turned over: {', '.join(shown)}."


def turn_report(state: PoucetState, report: dict[str, Any]) -> list[str]:
    """Steps 4 and 5 of a finished turn, a sentence each."""
    lines = [f"The token was the {tree(state, report['token'])}."]
    finder = report["finder"]
    lines.append(f"{name(state, finder)} found it." if finder is not None else "Nobody found it.")
    moves = [f"{name(state, p)} +{m}" for p, m in enumerate(report["moved"]) if m]
    if moves:
        lines.append("Advance: " + ", ".join(moves) + ".")
    if report["boot"] is not None:
        boot = ogre.BOOT_NAMES[report["boot"]]
        lines.append(f"The Ogre's {boot} lands {ogre.describe(report['landing'])}.")
    return lines


def eaten_line(state: PoucetState, report: dict[str, Any]) -> str:
    return f"Eaten: {names(state, report['eaten'])}!" if report["eaten"] else ""


def check_line(state: PoucetState, report: dict[str, Any]) -> str:
    """The check and the Ogre's stride as one log line (and the end, if it came)."""
    parts = turn_report(state, report)
    eaten = eaten_line(state, report)
    if eaten:
        parts.append(eaten)
    if state.phase == OVER:
        parts.append(sentence(state.end_reason()))
    return " ".join(parts)


# -- ends -------------------------------------------------------------------------


def reason_home(state: PoucetState, finder: int) -> str:
    return f"{name(state, finder)} found the tree and reached the parents' cottage"


def reason_all_eaten() -> str:
    return "the Ogre ate all the remaining children in a single turn: everyone loses"


def reason_last_child(state: PoucetState, survivor: int) -> str:
    return (
        f"{name(state, survivor)} is the last child in the forest and frees the others "
        "during the Ogre's digestive nap"
    )


def reason_tokens_everyone_loses() -> str:
    return "the tree tokens ran out before anyone reached the parents' cottage: everyone loses"


def reason_tokens_furthest(state: PoucetState, winners: list[int]) -> str:
    return f"the tree tokens ran out; furthest along the path: {names(state, winners)}"


# -- the position in a few lines --------------------------------------------------


def describe_position(state: PoucetState) -> list[str]:
    """The position in a few lines (plain table screen, logs, bug reports)."""
    first = state.first_player
    lines = [
        f"Turn {state.turn}" + (f", first player {name(state, first)}" if first is not None else "")
    ]
    pawns = []
    for p in range(state.num_players):
        if not state.in_forest(p):
            pawns.append(f"{name(state, p)} eaten in turn {state.eaten_turn[p]}")
        elif state.positions[p] == state.cottage:
            pawns.append(f"{name(state, p)} at the parents' cottage")
        else:
            pawns.append(f"{name(state, p)} on space {state.positions[p]}")
    lines.append("; ".join(pawns))
    first_boot, second_boot = state.boots()
    lines.append(
        f"Ogre: first boot {ogre.describe(first_boot)}, second boot {ogre.describe(second_boot)}"
    )
    lines.append(f"Tree tokens left: {len(state.unseen_tokens())}")
    held = [
        f"{name(state, p)} holds the {tree(state, t)}"
        for p, t in enumerate(state.taken)
        if t is not None
    ]
    if held:
        lines.append("; ".join(held))
    lines.append(headline(state))
    return lines


# -- refusals ---------------------------------------------------------------------

WANTED = {
    START: (First,),
    DRAW: (Draw,),
    TOUCH: (Pass, PutInBox),
    REVEAL: (Reveal,),
    GRAB: (Grab, Leave),
    ASK: (Take, Leave),
    VOTE: (Vote,),
    CHECK: (Token,),
}
"""The kinds of action each phase takes."""


def unknown_key(key: str) -> str:
    return f"Le Petit Poucet has no move called {key!r}"


def refusal(state: PoucetState, action: Any) -> str:
    """Why ``action`` cannot be played now, in words a player can read."""
    typed = coerce(action)
    if typed is None:
        return f"{action!r} is not a Le Petit Poucet action"
    if not isinstance(typed, WANTED.get(state.phase, ())):
        return f"Not now: {headline(state)}"
    match typed:
        case First(player=p) | Grab(player=p) | Vote(player=p) if not 0 <= p < state.num_players:
            return f"There is no player {p + 1} in this {state.num_players}-player game."
        case Reveal(tree=t) | Token(tree=t):
            return _tree_refusal(state, typed, t)
        case Grab(player=p) | Vote(player=p) if not state.in_forest(p):
            return f"{name(state, p)} has been eaten by the Ogre."
        case Grab(player=p):
            return f"{name(state, p)} already has a tree card: each child takes only one."
        case Vote(player=p):
            who = name(state, p)
            return f"{who} took no tree card, so {who} cannot have found the tree."
        case Pass():
            return "The last child puts the token in the box instead of passing it."
        case PutInBox():
            return "The token must go round the whole table before it goes in the box."
    return f"Not now: {headline(state)}"


def _tree_refusal(state: PoucetState, action: Action, index: int) -> str:
    if not 0 <= index < len(state.box.trees):
        return f"There is no tree {index} in this box."
    label = tree(state, index)
    if index not in state.trees_in_play:
        return f"The {label} is not in this game (its series was left out)."
    if index in state.set_aside:
        return f"The {label} was set aside in an earlier turn."
    return f"The {label} card has already been revealed this turn."


def said_problem(state: PoucetState, said: Said, actual: Said) -> str:
    """Why a key that names this action still does not fit the position: it names
    another child or another card than the ones the position has ("" if it fits)."""
    if said.actor is not None and said.actor != actual.actor:
        if actual.actor is None:
            return "Nobody in particular does that now."
        return f"It is {name(state, actual.actor)}'s move, not {name(state, said.actor)}'s."
    if said.receiver is not None and said.receiver != actual.receiver:
        return "The token goes to the left-hand neighbour."
    if (
        said.card is not None
        and actual.card is not None
        and said.card.casefold() != actual.card.casefold()
    ):
        return f"The card on top is the {actual.card}, not the {said.card}."
    return ""
