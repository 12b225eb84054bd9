"""Saving a Le Petit Poucet position as plain data, and rebuilding it, refusing data
that no game could reach.

Types and ranges go through the shared ``checks`` reader; the rules that tie fields
together (a pawn behind the Ogre, a vote for a child without a card) are checked
here.  Each fault names the field so a broken save file says what is wrong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.engines import checks
from companion.engines.base import require
from companion.engines.le_petit_poucet import ogre
from companion.engines.le_petit_poucet.steps import (
    ASK,
    CHECK,
    GRAB,
    OVER,
    PHASES,
    REVEAL,
    START,
    TOUCH,
    VOTE,
)

if TYPE_CHECKING:
    from companion.engines.le_petit_poucet.state import PoucetState

PER_TURN_PHASES = (REVEAL, GRAB, ASK, VOTE, CHECK)
"""Phases in which tree cards may be out on the table."""
LAST_TURN_KEYS = frozenset(
    (
        "turn",
        "first_player",
        "token",
        "finder",
        "taken",
        "votes",
        "moved",
        "boot",
        "landing",
        "eaten",
    )
)


def dump(state: PoucetState) -> dict[str, Any]:
    """The position's own fields as plain JSON data (the shape saves always had)."""
    return {
        "phase": state.phase,
        "first_player": state.first_player,
        "turn": state.turn,
        "positions": list(state.positions),
        "eaten_turn": list(state.eaten_turn),
        "set_aside": list(state.set_aside),
        "holder": state.holder,
        "revealed": list(state.revealed),
        "taken": list(state.taken),
        "asked": state.asked,
        "votes": list(state.votes),
        "winners": list(state.winners),
        "reason": state.reason,
        "last_turn": None if state.last_turn is None else dict(state.last_turn),
    }


def _per_player(data: dict[str, Any], key: str, players: int) -> list[Any]:
    return list(checks.items(data[key], f"'{key}'", players))


def _trees(state: PoucetState, data: dict[str, Any], key: str) -> list[int]:
    value = checks.items(data[key], f"'{key}'")
    for i, tree in enumerate(value):
        checks.choice(tree, f"'{key}'[{i}] (a tree in this game)", state.trees_in_play)
    require(len(set(value)) == len(value), f"'{key}' names a tree twice")
    return list(value)


def load_into(state: PoucetState, data: dict[str, Any]) -> None:
    """Restore ``state`` from ``dump`` data, or raise InvalidState."""
    n = state.num_players
    phase = checks.choice(data["phase"], "'phase'", PHASES)
    first = data["first_player"]
    if phase == START:
        require(first is None, "'first_player' must be empty before the first player is chosen")
    else:
        checks.player(first, "'first_player'", n)
    turns_possible = len(state.trees_in_play)
    turn = checks.whole(data["turn"], "'turn'", 1, turns_possible)
    require(phase != START or turn == 1, "the first player is chosen in turn 1")

    positions = _per_player(data, "positions", n)
    for p, where in enumerate(positions):
        checks.whole(where, f"'positions'[{p}]", 0, state.cottage)
    eaten_turn = _per_player(data, "eaten_turn", n)
    last_finished = turn if phase == OVER else turn - 1
    for p, when in enumerate(eaten_turn):
        if when is not None:
            require(
                checks.whole(when, f"'eaten_turn'[{p}]") in range(3, last_finished + 1),
                f"'eaten_turn'[{p}] must be empty or a finished turn from 3 on; got {when!r}",
            )
    set_aside = _trees(state, data, "set_aside")
    require(
        len(set_aside) == last_finished,
        f"'set_aside' must hold one tree per finished turn ({last_finished}); got {len(set_aside)}",
    )
    winners = checks.items(data["winners"], "'winners'")
    for i, w in enumerate(winners):
        checks.player(w, f"'winners'[{i}]", n)
    require(len(set(winners)) == len(winners), "'winners' names a player twice")
    require(phase == OVER or not winners, "only a finished game has winners")
    reason = checks.text(data["reason"], "'reason'", empty=True)
    require((phase == OVER) == bool(reason), "'reason' is set exactly when the game is over")

    state.phase, state.first_player, state.turn = phase, first, turn
    state.positions, state.eaten_turn, state.set_aside = positions, eaten_turn, set_aside
    state.winners, state.reason = list(winners), reason
    _load_turn(state, data)
    _check_board(state)
    last_turn = data["last_turn"]
    require((last_turn is None) == (last_finished == 0), "'last_turn' is set once a turn has ended")
    if last_turn is not None:
        checks.table(last_turn, "'last_turn'")
        missing = sorted(LAST_TURN_KEYS - set(last_turn))
        require(not missing, f"'last_turn' lacks {', '.join(missing)}")
    state.last_turn = None if last_turn is None else dict(last_turn)


def _load_turn(state: PoucetState, data: dict[str, Any]) -> None:
    """The fields that only live during steps 1-4 of a turn."""
    n, phase = state.num_players, state.phase
    revealed = _trees(state, data, "revealed")
    taken = _per_player(data, "taken", n)
    votes = _per_player(data, "votes", n)
    holder = checks.whole(data["holder"], "'holder'")
    asked = checks.whole(data["asked"], "'asked'")
    for tree in revealed:
        require(tree not in state.set_aside, f"'revealed' names the set-aside tree {tree}")
    if phase not in PER_TURN_PHASES:
        require(not revealed, f"no card is revealed in phase {phase!r}")
    for p, tree in enumerate(taken):
        require(tree is None or tree in revealed, f"'taken'[{p}] must be empty or a revealed card")
        require(
            tree is None or state.eaten_turn[p] is None,
            f"'taken'[{p}]: an eaten player holds no card",
        )
    held = [t for t in taken if t is not None]
    require(len(set(held)) == len(held), "'taken': two players hold the same card")
    state.revealed, state.taken, state.votes = revealed, taken, votes
    if phase not in (VOTE, CHECK):
        require(all(v is None for v in votes), f"no votes are cast in phase {phase!r}")
    for p, vote in enumerate(votes):
        require(
            vote is None or vote in state.card_holders(), f"'votes'[{p}] must name a card holder"
        )
        require(
            vote is None or p in state.touch_order(),
            f"'votes'[{p}]: only children in the forest vote",
        )
    order = state.touch_order()
    if phase == TOUCH:
        checks.whole(holder, "'holder'", 0, len(order) - 1)
    else:
        require(holder == 0, "'holder' is only used while the token goes round")
    state.holder = holder
    if phase == ASK:
        checks.whole(asked, "'asked'", 0, len(state.ask_order()) - 1)
    else:
        require(asked == 0, "'asked' is only used in the Variant for the Less Quick")
    state.asked = asked
    _check_step_two(state)


def _check_step_two(state: PoucetState) -> None:
    phase = state.phase
    top = state.top_card()
    if phase in (GRAB, ASK):
        require(
            top is not None and top not in state.taken, "a card must be waiting on top of the pile"
        )
        require(bool(state.card_seekers()), "somebody must still be without a card")
        require(
            (phase == ASK) == state.less_quick,
            f"phase {phase!r} does not match the less_quick option",
        )
    if phase == REVEAL:
        require(bool(state.unrevealed()), "'reveal' needs a card left in the deck")
        require(bool(state.card_seekers()), "'reveal' needs a child still without a card")
    if phase == VOTE:
        require(
            bool(state.card_holders()) and state.voter() is not None,
            "'vote' needs a card holder and a voter",
        )
    if phase == CHECK:
        require(
            not state.card_holders() or state.voter() is None,
            "every child in the forest votes before the token is checked",
        )


def _check_board(state: PoucetState) -> None:
    """Pawns and boots must agree: no pawn left behind the Ogre, one winner at most home."""
    at_home = [p for p, where in enumerate(state.positions) if where == state.cottage]
    if state.phase != OVER:
        require(not at_home, "a pawn reached the cottage but the game is not over")
        survivors = [p for p in range(state.num_players) if state.in_forest(p)]
        require(len(survivors) >= 2, "a running game needs two children in the forest")
        require(
            state.first_player is None or state.in_forest(state.first_player),
            "the first player was eaten",
        )
        require(bool(state.unseen_tokens()), "a running game needs a token in the bag")
        front = ogre.front(state.turn - 1)
        for p in survivors:
            require(
                state.positions[p] > front,
                f"player {p + 1} stands where the Ogre has already been",
            )
    else:
        require(len(at_home) <= 1, "only one pawn can reach the cottage")
        require(not at_home or state.winners == at_home, "the child at the cottage is the winner")
        for w in state.winners:
            require(state.in_forest(w), f"the winner, player {w + 1}, was eaten")
