"""How a Gingerdead House game ends: the last house (or team) standing, Monster Hunter's
scores, or the round limit's tie-break (GH7, GH8).  Each returns (returns, reason)."""

from __future__ import annotations

from companion.engines.gingerdead_house.board import MONSTER, Board

Ending = tuple[list[float], str]


def scores(board: Board) -> list[int]:
    """Monster Hunter points: the power of every monster each player destroyed (X = 0)."""
    cards = board.catalogue.cards
    return [sum(cards[c].power or 0 for c in trophies) for trophies in board.trophies]


def monster_power_on(board: Board, field: int) -> int:
    """How threatened a house is: the total power of the monsters on its field."""
    cards = board.catalogue.cards
    return sum(
        cards[p[0]].power or 0 for p in board.fields[field] if p is not None and p[1] == MONSTER
    )


def hunt_ending(board: Board, why: str) -> Ending:
    """Monster Hunter: the points decide (the view lists them as the ending's scores)."""
    return [float(s) for s in scores(board)], why


def ending_now(board: Board) -> Ending | None:
    """The ending reached in this position, if any."""
    alive = [p for p in range(board.num_players) if board.alive[p]]
    if board.mode == "monster-hunter":
        if not alive:
            return hunt_ending(board, "every house has fallen")
        if not board.monsters_left() and board.moving is None and not board.resurrections:
            return hunt_ending(board, "every monster has been destroyed")
        return None
    if len({board.teams[p] for p in alive}) > 1:
        return None
    names = " and ".join(board.player_name(p) for p in alive)
    result = [1.0 if board.alive[p] else 0.0 for p in range(board.num_players)]
    if not alive:
        return result, "every house has fallen"
    if len(alive) > 1:
        return result, f"{names} have the last houses standing"
    return result, f"{names} has the last house standing"


def round_limit_ending(board: Board, limit: int) -> Ending:
    """GH8: after the last round the least threatened surviving house(s) (or team) win."""
    reached = f"the {limit}-round limit is reached"
    if board.mode == "monster-hunter":
        return hunt_ending(board, reached)
    danger: dict[int, int] = {}
    for p in range(board.num_players):
        if board.alive[p]:
            team = board.teams[p]
            danger[team] = danger.get(team, 0) + monster_power_on(board, p)
    best = min(danger.values())
    result = [
        1.0 if board.alive[p] and danger[board.teams[p]] == best else 0.0
        for p in range(board.num_players)
    ]
    winners = " and ".join(board.player_name(p) for p in range(board.num_players) if result[p])
    verb = "has" if sum(result) == 1 else "have"
    return result, f"{reached}: {winners} {verb} the least monster power on the field"
