"""Rebuilding a saved Le Petit Poucet position, refusing data that no game could reach.

Each check names the field at fault so a broken save file says what is wrong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.engines.base import require
from companion.engines.le_petit_poucet import ogre
from companion.engines.le_petit_poucet.terms import (
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
    from companion.engines.le_petit_poucet.rules import PoucetState

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


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_in(value: Any, low: int, high: int) -> bool:
    return _is_int(value) and low <= value <= high


def _player_list(data: dict[str, Any], key: str, players: int) -> list[Any]:
    value = data[key]
    require(
        isinstance(value, list) and len(value) == players,
        f"'{key}' must list one entry per player ({players})",
    )
    return list(value)


def _tree_list(state: PoucetState, data: dict[str, Any], key: str) -> list[int]:
    value = data[key]
    require(isinstance(value, list), f"'{key}' must be a list of trees")
    for tree in value:
        require(
            tree in state.trees_in_play and _is_int(tree),
            f"'{key}' names {tree!r}, not a tree in this game",
        )
    require(len(set(value)) == len(value), f"'{key}' names a tree twice")
    return list(value)


def load_into(state: PoucetState, data: dict[str, Any]) -> None:
    """Restore ``state`` from ``_dump`` data, or raise InvalidState."""
    n = state.num_players
    phase = data["phase"]
    require(phase in PHASES, f"'phase' must be one of {', '.join(PHASES)}; got {phase!r}")
    first = data["first_player"]
    if phase == START:
        require(first is None, "'first_player' must be empty before the first player is chosen")
    else:
        require(
            _int_in(first, 0, n - 1), f"'first_player' must be a player 0-{n - 1}; got {first!r}"
        )
    turns_possible = len(state.trees_in_play)
    turn = data["turn"]
    require(_int_in(turn, 1, turns_possible), f"'turn' must be 1-{turns_possible}; got {turn!r}")
    require(phase != START or turn == 1, "the first player is chosen in turn 1")

    positions = _player_list(data, "positions", n)
    for p, where in enumerate(positions):
        require(
            _int_in(where, 0, state.cottage),
            f"'positions'[{p}] must be a space 0-{state.cottage}; got {where!r}",
        )
    eaten_turn = _player_list(data, "eaten_turn", n)
    last_finished = turn if phase == OVER else turn - 1
    for p, when in enumerate(eaten_turn):
        require(
            when is None or _int_in(when, 3, last_finished),
            f"'eaten_turn'[{p}] must be empty or a finished turn from 3 on; got {when!r}",
        )
    set_aside = _tree_list(state, data, "set_aside")
    require(
        len(set_aside) == last_finished,
        f"'set_aside' must hold one tree per finished turn ({last_finished}); got {len(set_aside)}",
    )
    winners = data["winners"]
    require(
        isinstance(winners, list) and all(_int_in(w, 0, n - 1) for w in winners),
        "'winners' must list players",
    )
    require(len(set(winners)) == len(winners), "'winners' names a player twice")
    require(phase == OVER or not winners, "only a finished game has winners")
    reason = data["reason"]
    require(
        isinstance(reason, str) and (phase == OVER) == bool(reason),
        "'reason' is set exactly when the game is over",
    )

    state.phase, state.first_player, state.turn = phase, first, turn
    state.positions, state.eaten_turn, state.set_aside = positions, eaten_turn, set_aside
    state.winners, state.reason = winners, reason
    _load_turn(state, data)
    _check_board(state)
    last_turn = data["last_turn"]
    require(
        last_turn is None or isinstance(last_turn, dict), "'last_turn' must be empty or an object"
    )
    require((last_turn is None) == (last_finished == 0), "'last_turn' is set once a turn has ended")
    if last_turn is not None:
        missing = sorted(LAST_TURN_KEYS - set(last_turn))
        require(not missing, f"'last_turn' lacks {', '.join(missing)}")
    state.last_turn = None if last_turn is None else dict(last_turn)


def _load_turn(state: PoucetState, data: dict[str, Any]) -> None:
    """The fields that only live during steps 1-4 of a turn."""
    n, phase = state.num_players, state.phase
    revealed = _tree_list(state, data, "revealed")
    taken = _player_list(data, "taken", n)
    votes = _player_list(data, "votes", n)
    holder, asked = data["holder"], data["asked"]
    require(_is_int(holder) and _is_int(asked), "'holder' and 'asked' must be whole numbers")
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
        require(
            _int_in(holder, 0, len(order) - 1), f"'holder' must be 0-{len(order) - 1}; got {holder}"
        )
    else:
        require(holder == 0, "'holder' is only used while the token goes round")
    state.holder = holder
    if phase == ASK:
        require(_int_in(asked, 0, len(state.ask_order()) - 1), f"'asked' is out of range: {asked}")
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
            require(state.positions[p] > front, f"P{p + 1} stands where the Ogre has already been")
    else:
        require(len(at_home) <= 1, "only one pawn can reach the cottage")
        require(not at_home or state.winners == at_home, "the child at the cottage is the winner")
        for w in state.winners:
            require(state.in_forest(w), f"the winner P{w + 1} was eaten")
