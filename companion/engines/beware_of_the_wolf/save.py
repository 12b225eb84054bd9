"""Saving and loading a Beware of the Wolf position (``to_dict`` / ``from_dict``).

Every check names the field (and player) that is wrong, so a broken save or a
hand-written scenario says what to fix.  The JSON shape is the one saved games
have always had, so games saved before this module was written still resume.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from companion.engines import checks
from companion.engines.base import InvalidState, require
from companion.engines.beware_of_the_wolf.board import BoardError, parse_board
from companion.engines.beware_of_the_wolf.box import default_board
from companion.engines.beware_of_the_wolf.die import WOLF_FACE
from companion.engines.beware_of_the_wolf.turn import EVENT_KINDS, PHASES

if TYPE_CHECKING:
    from companion.engines.beware_of_the_wolf.state import WolfState

FIELDS = (
    "board",
    "phase",
    "wolf",
    "houses",
    "positions",
    "quarters",
    "turn",
    "roll",
    "turns_taken",
    "winners",
    "end",
    "events",
)


def dump(state: WolfState) -> dict[str, Any]:
    """The position as plain JSON data (the shipped board is saved as "default")."""
    return {
        "board": "default" if state.board is default_board() else state.board.to_dict(),
        "phase": state.phase,
        "wolf": state.wolf,
        "houses": [None if h is None else state.board.houses[h].colour for h in state.houses],
        "positions": list(state.positions),
        "quarters": list(state.quarters),
        "turn": state.turn,
        "roll": state.roll,
        "turns_taken": state.turns_taken,
        "winners": list(state.winners),
        "end": state.end,
        "events": copy.deepcopy(state.events),
    }


def load(state: WolfState, data: dict[str, Any]) -> None:
    """Check ``data`` and restore it into ``state``; InvalidState names any fault."""
    checks.table(data, "saved state", FIELDS)
    missing = [f for f in FIELDS if f not in data]
    require(not missing, f"saved state lacks {', '.join(missing)}")
    raw_board = data["board"]
    if raw_board != "default":
        try:
            state.board = parse_board(raw_board, "saved board")
        except BoardError as err:
            raise InvalidState(str(err)) from None
    else:
        state.board = default_board()
    require(
        state.num_players <= len(state.board.houses),
        f"saved state: {state.num_players} players but the board has "
        f"{len(state.board.houses)} houses",
    )
    check_loaded(state, data)
    state.phase = data["phase"]
    state.wolf = data["wolf"]
    state.houses = [None if c is None else state.board.house_index[c] for c in data["houses"]]
    state.positions = list(data["positions"])
    state.quarters = list(data["quarters"])
    state.turn = data["turn"]
    state.roll = data["roll"]
    state.turns_taken = data["turns_taken"]
    state.winners = list(data["winners"])
    state.end = data["end"]
    state.events = copy.deepcopy(data["events"])


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_loaded(state: WolfState, data: dict[str, Any]) -> None:
    n = state.num_players
    board = state.board
    phase = data["phase"]
    require(
        phase in PHASES, f"saved state: phase must be one of {', '.join(PHASES)}; got {phase!r}"
    )
    wolf = data["wolf"]
    if phase == "set-wolf":
        require(wolf is None, "saved state: the wolf has no angle before it is set")
    else:
        require(
            _is_int(wolf) and 0 <= wolf < 360,
            f"saved state: wolf must be 0-359 degrees, got {wolf!r}",
        )

    houses = data["houses"]
    require(
        isinstance(houses, list) and len(houses) == n,
        "saved state: houses must list one entry per player",
    )
    turn = data["turn"]
    require(
        _is_int(turn) and 0 <= turn < n,
        f"saved state: turn must be a player index 0-{n - 1}, got {turn!r}",
    )
    chosen = [h for h in houses if h is not None]
    for h in chosen:
        require(h in board.house_index, f"saved state: the board has no {h!r} house")
    require(len(set(chosen)) == len(chosen), "saved state: two players chose the same house")
    if phase in ("set-wolf", "choose-house"):
        done = turn if phase == "choose-house" else 0
        for p in range(n):
            require(
                (houses[p] is not None) == (p < done),
                f"saved state: player {p + 1}'s house does not fit the house choosing so far",
            )
    else:
        require(len(chosen) == n, "saved state: every player must have a house once play starts")

    positions = data["positions"]
    require(
        isinstance(positions, list) and len(positions) == n,
        "saved state: positions must list one entry per player",
    )
    open_spaces: dict[str, int] = {}
    for p, pos in enumerate(positions):
        if pos is None:
            continue
        require(
            pos in board.by_id,
            f"saved state: player {p + 1} stands on {pos!r}, which is not a space",
        )
        require(
            houses[p] is not None,
            f"saved state: player {p + 1} is on the board before choosing a house",
        )
        if not board.by_id[pos].tree:
            require(
                pos not in open_spaces,
                f"saved state: players {open_spaces.get(pos, 0) + 1} and {p + 1} share the open space {pos!r}",
            )
            open_spaces[pos] = p

    quarters = data["quarters"]
    require(
        isinstance(quarters, list) and len(quarters) == n,
        "saved state: quarters must list one entry per player",
    )
    for p, q in enumerate(quarters):
        require(
            _is_int(q) and 0 <= q <= 15,
            f"saved state: player {p + 1}'s quarters must be 0-15, got {q!r}",
        )

    roll = data["roll"]
    if phase == "move":
        require(
            _is_int(roll) and roll in state.faces,
            f"saved state: a move needs a number rolled, got {roll!r}",
        )
    elif phase in ("spin-choice", "spin"):
        require(
            roll == WOLF_FACE, "saved state: the wolf is spun only after the wolf's head is rolled"
        )
    else:
        require(roll is None, f"saved state: no die result belongs in phase {phase!r}")

    taken = data["turns_taken"]
    limit = state.options["round_limit"] * n
    require(
        _is_int(taken) and 0 <= taken <= limit,
        f"saved state: turns_taken must be 0-{limit}, got {taken!r}",
    )
    if phase != "over":
        require(taken < limit, "saved state: the round limit was reached but the game is not over")

    winners = data["winners"]
    end = data["end"]
    require(
        isinstance(winners, list) and all(_is_int(w) and 0 <= w < n for w in winners),
        "saved state: winners must be player indexes",
    )
    require(len(set(winners)) == len(winners), "saved state: a winner is listed twice")
    if phase == "over":
        require(bool(winners), "saved state: a finished game names its winners")
        require(
            end in ("home", "limit"), f"saved state: end must be 'home' or 'limit', got {end!r}"
        )
        if end == "home":
            require(
                len(winners) == 1 and positions[winners[0]] is None,
                "saved state: the pawn that came home must be in its house",
            )
    else:
        require(not winners and end == "", "saved state: a running game has no winners yet")

    events = data["events"]
    require(isinstance(events, list), "saved state: events must be a list")
    for e in events:
        require(
            isinstance(e, list)
            and len(e) == 5
            and e[0] in EVENT_KINDS
            and _is_int(e[1])
            and 0 <= e[1] < n
            and isinstance(e[4], list),
            f"saved state: event {e!r} must be [kind, player, from, to, trail]",
        )
