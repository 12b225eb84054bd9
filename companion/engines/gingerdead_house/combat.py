"""Monsters on the move: entry with pushing (GH2), one-row steps lane by lane (GH3),
combat (GH4), a house falling, and a resurrected monster rising (GH6).

Each step says its event line on the board ("Troll moves to row 3 in lane 2") before it
changes the tiles, so a replay pairs each line with the change that follows it.
"""

from __future__ import annotations

from companion.engines.gingerdead_house.board import MONSTER, Board, Piece
from companion.engines.gingerdead_house.cards import LANES, ROWS, power_less
from companion.engines.gingerdead_house.effect_api import Pos

PAST_ROW_1 = "gets past row 1"
"""The words of a breakthrough log line (a presenter counts them for the cue)."""


def enter(board: Board, field: int, piece: Piece, lane: int, first_time: bool) -> None:
    """A monster enters row 5 of ``lane``, pushing monsters there down (GH2)."""
    board.say(f"{board.name(piece)} enters {board.where(field, lane)}")
    occupant = board.at(field, lane, ROWS)
    if occupant is not None and occupant[1] == MONSTER:
        board.say(f"{board.name(piece)} pushes {board.name(occupant)}")
        step(board, field, lane, ROWS)
        if not board.alive[field]:
            board.route(piece, None)
            return
        occupant = board.at(field, lane, ROWS)
    if occupant is None:
        board.put(field, lane, ROWS, piece)
    elif occupant[1] == MONSTER:  # a push that could not clear the tile
        board.route(piece, None)
        return
    else:
        collide(board, field, piece, None, (field, lane, ROWS))
    effect = board.effect(piece)
    if first_time and effect is not None and effect.on_enter and board.find(field, piece[2]):
        effect.on_enter(board, field, piece)


def step(board: Board, field: int, lane: int, row: int) -> None:
    """The monster on this tile moves one row down: push, combat or elimination."""
    piece = board.at(field, lane, row)
    assert piece is not None and piece[1] == MONSTER
    if row == 1:
        board.say(f"{board.name(piece)} {PAST_ROW_1} {board.where(field, lane)}")
        board.put(field, lane, row, None)
        board.route(piece, None)
        eliminate(board, field)
        return
    ahead = board.at(field, lane, row - 1)
    if ahead is not None and ahead[1] == MONSTER:
        board.say(f"{board.name(piece)} pushes {board.name(ahead)}")
        step(board, field, lane, row - 1)
        if not board.alive[field] or board.at(field, lane, row) != piece:
            return
        ahead = board.at(field, lane, row - 1)
    if ahead is None:
        board.say(f"{board.name(piece)} moves to row {row - 1} {board.where(field, lane)}")
        board.put(field, lane, row, None)
        board.put(field, lane, row - 1, piece)
    elif ahead[1] != MONSTER:
        collide(board, field, piece, (field, lane, row), (field, lane, row - 1))


def collide(board: Board, field: int, monster: Piece, source: Pos | None, target: Pos) -> None:
    """Combat: ``monster`` (at ``source``, or entering) runs into the defense at ``target``.

    Higher power wins, ties destroy both, a winning monster takes the tile (GH4).
    The field's owner is credited with a destroyed monster (Monster Hunter, GH6)."""
    _, lane, row = target
    defense = board.at(*target)
    assert defense is not None
    effect = board.effect(defense)
    if effect is not None and effect.on_collision is not None:
        effect.on_collision(board, field, monster, target, source)
        return
    m_power, d_power = board.card(monster).power, board.card(defense).power
    m_name, d_name = board.name(monster), board.name(defense)
    where = board.where(field, lane)
    monster_wins, defense_wins = power_less(d_power, m_power), power_less(m_power, d_power)
    if monster_wins:
        board.say(f"{m_name} destroys {d_name} {where}")
    elif defense_wins:
        board.say(f"{d_name} destroys {m_name} {where}")
    else:
        board.say(f"{m_name} and {d_name} destroy each other {where}")
    if source is not None:
        board.put(*source, None)
    if monster_wins:
        board.put(field, lane, row, monster)
        board.route(defense, None)
    elif defense_wins:
        board.route(monster, field)
    else:
        board.put(field, lane, row, None)
        board.route(defense, None)
        board.route(monster, field)


def start_moving(board: Board, field: int) -> None:
    """Queue every monster of a field: lanes left to right, front-most first (GH3)."""
    order = [
        piece[2]
        for lane in range(1, LANES + 1)
        for row in range(1, ROWS + 1)
        if (piece := board.at(field, lane, row)) is not None and piece[1] == MONSTER
    ]
    board.moving = (field, order)


def run_moving(board: Board) -> None:
    """Move queued monsters until done or a resurrection waits for a player's choice."""
    while board.moving is not None and not board.resurrections:
        field, order = board.moving
        if not order or not board.alive[field]:
            board.moving = None
            return
        uid = order.pop(0)
        place = board.find(field, uid)
        if place is not None:
            step(board, field, *place)


def eliminate(board: Board, field: int) -> None:
    """A monster got past row 1: this house falls (in Co-op, with the teammate's)."""
    fallen = [
        p
        for p in range(board.num_players)
        if board.alive[p] and board.teams[p] == board.teams[field]
    ]
    if board.mode != "co-op":
        fallen = [field] if board.alive[field] else []
    for player in fallen:
        board.alive[player] = False
        board.say(f"{board.player_name(player)}'s house falls")
        for i, piece in enumerate(board.fields[player]):
            if piece is not None:
                board.fields[player][i] = None
                board.route(piece, None)
    if board.moving is not None and not board.alive[board.moving[0]]:
        board.moving = None


def resurrect(board: Board, field: int, lane: int) -> None:
    """Place the first waiting resurrection monster in row 5 of ``lane`` (GH6)."""
    piece, chooser = board.resurrections.pop(0)
    board.resurrected.add(piece[2])
    board.say(
        f"{board.player_name(chooser)} raises {board.name(piece)} "
        f"on {board.player_name(field)}'s field"
    )
    enter(board, field, piece, lane, first_time=False)
