"""Readable words for Le Petit Poucet: each action's text, what the table must do
next, and why an action is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.engines.le_petit_poucet import ogre
from companion.engines.le_petit_poucet.terms import (
    ASK,
    CHECK,
    DRAW,
    GRAB,
    KINDS,
    OVER,
    REVEAL,
    START,
    TOUCH,
    VOTE,
    player_name,
)

if TYPE_CHECKING:
    from companion.engines.le_petit_poucet.rules import PoucetState


def _is_player(state: PoucetState, value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < state.num_players


def _is_tree(state: PoucetState, value: Any) -> bool:
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and 0 <= value < len(state.manifest.trees)
    )


def _top(state: PoucetState) -> str:
    top = state.top_card()
    return "top" if top is None else state.tree_label(top)


def _shape(action: Any) -> tuple[Any, ...] | None:
    """``action`` as a tuple whose first item is a known kind, else None."""
    if isinstance(action, list):
        action = tuple(action)
    if isinstance(action, tuple) and action and action[0] in KINDS:
        return action
    return None


def describe_action(state: PoucetState, action: Any) -> str:
    shaped = _shape(action)
    if shaped is None:
        return repr(action)
    kind, args = shaped[0], shaped[1:]
    arg: Any = args[0] if args else None
    if kind == "first":
        return f"{player_name(arg)} is the first player" if _is_player(state, arg) else repr(action)
    if kind == "draw":
        return "draw a tree token from the bag"
    if kind == "pass":
        order = state.touch_order()
        if state.phase == TOUCH and state.holder + 1 < len(order):
            return (
                f"{player_name(order[state.holder])} passes the token "
                f"to {player_name(order[state.holder + 1])}"
            )
        return "pass the token on"
    if kind == "box":
        return "put the token in the box"
    if kind == "reveal":
        return f"reveal the {state.tree_label(arg)} card" if _is_tree(state, arg) else repr(action)
    if kind == "grab":
        return (
            f"{player_name(arg)} takes the {_top(state)} card"
            if _is_player(state, arg)
            else repr(action)
        )
    if kind == "take":
        who = player_name(state.current_player()) if state.phase == ASK else "the asked player"
        return f"{who} takes the {_top(state)} card"
    if kind == "leave":
        if state.phase == ASK:
            return f"{player_name(state.current_player())} leaves the {_top(state)} card"
        return f"nobody takes the {_top(state)} card"
    if kind == "vote":
        voter = state.voter() if state.phase == VOTE else None
        who = "" if voter is None else f"{player_name(voter)} "
        return f"{who}votes for {player_name(arg)}" if _is_player(state, arg) else repr(action)
    if _is_tree(state, arg):
        return f"the token is the {state.tree_label(arg)}"
    return repr(action)


SECRET_VOTE = "votes in secret"
"""What a not-yet-revealed vote reads as in a history everyone can see."""


def public_step_text(state: PoucetState, text: str, steps_after: int) -> str:
    """A past step's text as the whole table may read it now.

    Step 3's votes are secret until the last one is cast: the votes of the turn in
    progress are the latest steps (nothing else happens while votes are cast), so
    while ``state`` is voting, the last ``cast`` steps read ``SECRET_VOTE``.
    ``steps_after`` is how many steps were played after that one (0: the latest).
    """
    cast = sum(vote is not None for vote in state.votes) if state.phase == VOTE else 0
    return SECRET_VOTE if 0 <= steps_after < cast else text


def describe_phase(state: PoucetState) -> str:
    phase = state.phase
    if phase == OVER:
        return state.end_reason()
    if phase == START:
        return "choose the first player at random"
    if phase == REVEAL:
        return f"{player_name(state.first_player or 0)}: reveal the next tree card"
    if phase == CHECK:
        return f"{player_name(state.first_player or 0)}: take the token out of the box and say which tree it is"
    who = player_name(state.current_player())
    if phase == DRAW:
        return f"{who}: draw a tree token without looking at it"
    if phase == TOUCH:
        last = state.holder == len(state.touch_order()) - 1
        then = "then put it in the box" if last else "then pass it to the left"
        return f"{who} feels the token while the others count to ten, {then}"
    if phase == GRAB:
        return f"who takes the {_top(state)} card?"
    if phase == ASK:
        return f"{who}: do you take the {_top(state)} card?"
    return f"{who}: vote in secret for the child who found the tree"


def describe_position(state: PoucetState) -> list[str]:
    """The position in a few lines (plain table screen, logs, bug reports)."""
    lines = [
        f"Turn {state.turn}"
        + (
            f", first player {player_name(state.first_player)}"
            if state.first_player is not None
            else ""
        )
    ]
    pawns = []
    for p in range(state.num_players):
        if not state.in_forest(p):
            pawns.append(f"{player_name(p)} eaten in turn {state.eaten_turn[p]}")
        elif state.positions[p] == state.cottage:
            pawns.append(f"{player_name(p)} home at the cottage")
        else:
            pawns.append(f"{player_name(p)} on space {state.positions[p]}")
    lines.append("; ".join(pawns))
    first, second = state.boots()
    lines.append(f"Ogre: first boot {ogre.describe(first)}, second boot {ogre.describe(second)}")
    lines.append(f"Tree tokens left: {len(state.unseen_tokens())}")
    held = [
        f"{player_name(p)} holds the {state.tree_label(t)}"
        for p, t in enumerate(state.taken)
        if t is not None
    ]
    if held:
        lines.append("; ".join(held))
    lines.append(describe_phase(state))
    return lines


def refusal(state: PoucetState, action: Any) -> str:
    """Why ``action`` cannot be played now, in words a player can read."""
    shaped = _shape(action)
    if shaped is None:
        return f"{action!r} is not a Le Petit Poucet action"
    kind = shaped[0]
    arg: Any = shaped[1] if len(shaped) > 1 else None
    wanted = {
        START: ("first",),
        DRAW: ("draw",),
        TOUCH: ("pass", "box"),
        REVEAL: ("reveal",),
        GRAB: ("grab", "leave"),
        ASK: ("take", "leave"),
        VOTE: ("vote",),
        CHECK: ("token",),
    }.get(state.phase, ())
    if kind not in wanted:
        return f"not now: {describe_phase(state)}"
    if kind in ("first", "grab", "vote") and not _is_player(state, arg):
        return f"there is no player {arg!r} in this {state.num_players}-player game"
    if kind in ("reveal", "token") and not _is_tree(state, arg):
        return f"there is no tree {arg!r}"
    if kind in ("reveal", "token") and arg not in state.trees_in_play:
        return f"the {state.tree_label(arg)} is not in this game (its series was left out)"
    if kind in ("reveal", "token") and arg in state.set_aside:
        return f"the {state.tree_label(arg)} was set aside in an earlier turn"
    if kind == "reveal":
        return f"the {state.tree_label(arg)} card has already been revealed this turn"
    if kind in ("grab", "vote") and not state.in_forest(arg):
        return f"{player_name(arg)} has been eaten by the Ogre"
    if kind == "grab":
        return f"{player_name(arg)} already has a tree card: each child takes only one"
    if kind == "vote":
        return f"{player_name(arg)} took no tree card, so {player_name(arg)} cannot have found the tree"
    if kind == "pass":
        return "the last child puts the token in the box instead of passing it"
    if kind == "box":
        return "the token must go round the whole table before it goes in the box"
    return f"{describe_action(state, action)} is not possible now: {describe_phase(state)}"
