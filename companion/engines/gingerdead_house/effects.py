"""Card effects: small named functions registered by effect id.

The catalogue names an effect id per card; this module is the only place that
gives an id its behaviour.  Damage from an ability destroys a card when it reaches
the card's power (X needs 1), and is not kept from one use to the next (GH4, GH5).
"""

from __future__ import annotations

from itertools import combinations

from companion.engines.gingerdead_house import combat
from companion.engines.gingerdead_house.board import MONSTER, Board, Piece, all_tiles, key_player
from companion.engines.gingerdead_house.cards import (
    LANES,
    ROWS,
    damage_needed,
    power_less,
)
from companion.engines.gingerdead_house.effect_api import Effect, Pos, Target

STEAL_BELOW = 6


def _power(board: Board, piece: Piece) -> int:
    """An ability's damage: the defense's power (X deals none)."""
    power = board.card(piece).power
    return power or 0


def _shooter(board: Board, pos: Pos) -> Piece:
    piece = board.at(*pos)
    assert piece is not None
    return piece


# -- action cards ----------------------------------------------------------
def _godfather_death(board: Board, card_name: str) -> None:
    """Before monsters enter, destroy all cards in rows 4 and 5 (of the active field).

    From rules edition 2 a rival's Wizard of What stays: the FAQ says it "must be destroyed
    by a monster", and an action card is not one; the log says why it was spared.
    """
    field = board.active
    for lane in range(1, LANES + 1):
        for row in (4, 5):
            piece = board.at(field, lane, row)
            if piece is None:
                continue
            if board.rules_edition >= 2 and board.guarded(field, piece):
                board.say(
                    f"{card_name} cannot destroy {board.name(piece)} {board.where(field, lane)}:"
                    " on an opponent's field only a monster can destroy it"
                )
                continue
            board.destroy(field, lane, row, None, card_name)


# -- monsters --------------------------------------------------------------
def _dragon_enters(board: Board, field: int, piece: Piece) -> None:
    """When Dragon enters the game, destroy all (other) cards in the same lane."""
    place = board.find(field, piece[2])
    assert place is not None
    lane = place[0]
    for row in range(1, ROWS + 1):
        other = board.at(field, lane, row)
        if other is not None and other[2] != piece[2]:
            board.destroy(field, lane, row, None, board.name(piece))


# -- defenses --------------------------------------------------------------
def _mines_explode(
    board: Board, field: int, monster: Piece, target: Pos, source: Pos | None
) -> None:
    """The Mines and every monster in their row are destroyed, and the colliding monster."""
    _, lane, row = target
    mines = board.at(*target)
    assert mines is not None
    name = board.name(mines)
    # each line is said just before its change, so a replay shows the change with it
    board.say(f"{name} explode {board.where(field, lane)}")
    board.put(*target, None)
    board.say(f"{name} destroy {board.name(monster)} {board.where(field, lane)}")
    if source is not None:
        board.put(*source, None)
    board.route(mines, None)
    board.route(monster, field)
    for other_lane in range(1, LANES + 1):
        other = board.at(field, other_lane, row)
        if other is not None and other[1] == MONSTER:
            board.destroy(field, other_lane, row, field, name)


def _single_targets(board: Board, pos: Pos, tiles: list[tuple[int, int, int]]) -> list[Target]:
    budget = _power(board, _shooter(board, pos))
    found: list[Target] = []
    for f, lane, row in tiles:
        piece = board.at(f, lane, row)
        if piece is None or (f, lane, row) == pos or board.guarded(f, piece):
            continue
        if budget and damage_needed(board.card(piece).power) <= budget:
            found.append((f, lane, row))
    return found


def _row_targets(board: Board, pos: Pos) -> list[Target]:
    field, _, row = pos
    tiles = [(field, lane, row) for lane in range(1, LANES + 1)]
    return [t for t in _single_targets(board, pos, tiles) if board.at(*t)[1] == MONSTER]  # type: ignore[index]


def _hit_one(board: Board, pos: Pos, target: Target) -> None:
    shooter = _shooter(board, pos)
    f, lane, row = target
    board.say(f"{board.name(shooter)} deals {_power(board, shooter)} damage")
    board.destroy(f, lane, row, board.active, board.name(shooter))


def _hit_one_text(board: Board, pos: Pos, target: Target) -> str:
    f, lane, row = target
    piece = board.at(f, lane, row)
    assert piece is not None
    where = "" if f == pos[0] else f" on {key_player(f)}'s field"
    return f"{board.key_name(piece)} at lane {lane} row {row}{where}"


def _lane_targets(board: Board, pos: Pos) -> list[Target]:
    """Every set of monsters in the lane whose powers fit the damage (FAQ: 8 kills two 4s)."""
    field, lane, _ = pos
    budget = _power(board, _shooter(board, pos))
    rows = []
    for row in range(1, ROWS + 1):
        piece = board.at(field, lane, row)
        if piece is not None and piece[1] == MONSTER:
            rows.append((row, damage_needed(board.card(piece).power)))
    found: list[Target] = []
    for size in range(1, len(rows) + 1):
        for group in combinations(rows, size):
            if sum(cost for _, cost in group) <= budget:
                found.append(tuple(row for row, _ in group))
    return found


def _lane_spray(board: Board, pos: Pos, target: Target) -> None:
    field, lane, _ = pos
    shooter = _shooter(board, pos)
    board.say(
        f"{board.name(shooter)} splits {_power(board, shooter)} damage {board.where(field, lane)}"
    )
    for row in target:
        board.destroy(field, lane, row, board.active, board.name(shooter))


def _lane_spray_text(board: Board, pos: Pos, target: Target) -> str:
    field, lane, _ = pos
    parts = []
    for row in target:
        piece = board.at(field, lane, row)
        assert piece is not None
        parts.append(f"{board.key_name(piece)} at row {row}")
    return " and ".join(parts)


def _catapult_targets(board: Board, pos: Pos) -> list[Target]:
    """Any monster or defense on any living field (FAQ: opponents' defenses too)."""
    tiles = [
        (f, lane, row)
        for f in range(board.num_players)
        if board.alive[f]
        for lane, row in all_tiles()
    ]
    return _single_targets(board, pos, tiles)


def _step_targets(board: Board, pos: Pos) -> list[Target]:
    """A defense able to move: one tile to an empty orthogonal neighbour."""
    field, lane, row = pos
    found: list[Target] = []
    for d_lane, d_row in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        to_lane, to_row = lane + d_lane, row + d_row
        if (
            1 <= to_lane <= LANES
            and 1 <= to_row <= ROWS
            and board.at(field, to_lane, to_row) is None
        ):
            found.append((to_lane, to_row))
    return found


def _step_apply(board: Board, pos: Pos, target: Target) -> None:
    field, lane, row = pos
    piece = _shooter(board, pos)
    board.put(field, lane, row, None)
    board.put(field, target[0], target[1], piece)
    board.say(f"{board.name(piece)} moves to lane {target[0]} row {target[1]}")


def _step_text(board: Board, pos: Pos, target: Target) -> str:
    return f"lane {target[0]} row {target[1]}"


# -- tricks ----------------------------------------------------------------
def _steal_targets(board: Board, player: int) -> list[Target]:
    """Defenses of power less than 6 (X counts, FAQ) on opponents' fields."""
    if not board.empty_tiles(player):
        return []
    found: list[Target] = []
    for f in board.opponents(player):
        for lane, row in all_tiles():
            piece = board.at(f, lane, row)
            if (
                piece is not None
                and piece[1] != MONSTER
                and not board.guarded(f, piece)
                and power_less(board.card(piece).power, STEAL_BELOW)
            ):
                found.append((f, lane, row))
    return found


def _steal_apply(board: Board, player: int, card_name: str, target: Target) -> None:
    f, lane, row = target
    piece = board.at(f, lane, row)
    assert piece is not None
    board.put(f, lane, row, None)
    board.steal = (player, piece)
    board.say(
        f"{board.player_name(player)} plays {card_name} and steals "
        f"{board.name(piece)} from {board.player_name(f)}'s field"
    )


def _steal_text(board: Board, player: int, target: Target) -> str:
    f, lane, row = target
    piece = board.at(f, lane, row)
    assert piece is not None
    return f"steal {board.key_name(piece)} at lane {lane} row {row} of {key_player(f)}'s field"


def _swap_lane_targets(board: Board, player: int) -> list[Target]:
    return [(f, lane) for f in board.opponents(player) for lane in range(1, LANES + 1)]


def _swap_tiles(
    board: Board, player: int, other: int, tiles: list[tuple[int, int]], card_name: str, what: str
) -> None:
    """Swap: the tiles are exchanged card for card between the two fields."""
    for lane, row in tiles:
        mine, theirs = board.at(player, lane, row), board.at(other, lane, row)
        board.put(player, lane, row, theirs)
        board.put(other, lane, row, mine)
    board.say(
        f"{board.player_name(player)} plays {card_name}: {what} swapped with "
        f"{board.player_name(other)}'s field"
    )


def _swap_lane(board: Board, player: int, card_name: str, target: Target) -> None:
    """Swap a lane: monsters keep their rows."""
    other, lane = target
    tiles = [(lane, row) for row in range(1, ROWS + 1)]
    _swap_tiles(board, player, other, tiles, card_name, f"lane {lane}")


def _swap_lane_text(board: Board, player: int, target: Target) -> str:
    return f"swap lane {target[1]} with {key_player(target[0])}'s field"


def _swap_row_targets(board: Board, player: int) -> list[Target]:
    return [(f, row) for f in board.opponents(player) for row in range(1, ROWS + 1)]


def _swap_row(board: Board, player: int, card_name: str, target: Target) -> None:
    other, row = target
    tiles = [(lane, row) for lane in range(1, LANES + 1)]
    _swap_tiles(board, player, other, tiles, card_name, f"row {row}")


def _swap_row_text(board: Board, player: int, target: Target) -> str:
    return f"swap row {target[1]} with {key_player(target[0])}'s field"


def _march_targets(board: Board, player: int) -> list[Target]:
    return [
        (f,)
        for f in board.opponents(player)
        if any(p is not None and p[1] == MONSTER for p in board.fields[f])
    ]


def _march(board: Board, player: int, card_name: str, target: Target) -> None:
    """Extra monster movement on an opponent's field: combat happens as usual (FAQ)."""
    board.say(
        f"{board.player_name(player)} plays {card_name}: the monsters on "
        f"{board.player_name(target[0])}'s field move"
    )
    combat.start_moving(board, target[0])
    combat.run_moving(board)


def _march_text(board: Board, player: int, target: Target) -> str:
    return f"march the monsters on {key_player(target[0])}'s field"


# -- action cards that swap or march on their own (the next opponent clockwise) -------
def _next_opponent(board: Board) -> int | None:
    """The first living opponent clockwise from the active player."""
    n = board.num_players
    rivals = board.opponents(board.active)
    return next((p for k in range(1, n) if (p := (board.active + k) % n) in rivals), None)


def _monster_power(board: Board, field: int, tiles: list[tuple[int, int]]) -> int:
    return sum(
        board.card(p).power or 0
        for lane, row in tiles
        if (p := board.at(field, lane, row)) is not None and p[1] == MONSTER
    )


def _switcheroo_lane(board: Board, card_name: str) -> None:
    """Swap the active field's most crowded lane (by monster power) with the next rival's."""
    other = _next_opponent(board)
    if other is None:
        return
    lane = max(
        range(1, LANES + 1),
        key=lambda ln: _monster_power(board, board.active, [(ln, r) for r in range(1, ROWS + 1)]),
    )
    _swap_lane(board, board.active, card_name, (other, lane))


def _switcheroo_row(board: Board, card_name: str) -> None:
    """Swap the active field's row 1 (the one nearest the house) with the next rival's."""
    other = _next_opponent(board)
    if other is not None:
        _swap_row(board, board.active, card_name, (other, 1))


def _whistle(board: Board, card_name: str) -> None:
    """The next rival's monsters move one row before any monster enters (combat as usual)."""
    other = _next_opponent(board)
    if other is not None:
        _march(board, board.active, card_name, (other,))


EFFECTS: dict[str, Effect] = {
    effect.id: effect
    for effect in (
        Effect(
            "godfather-death",
            "action",
            "Before monsters enter, destroy all cards in rows 4 and 5 of the active field.",
            before_entry=_godfather_death,
        ),
        Effect(
            "opponents-tricks",
            "action",
            "The opponents may play trick cards, clockwise, before the active player acts.",
            opens_trick_window=True,
        ),
        Effect(
            "flip-action",
            "action",
            "Flip the next action card too and play it normally: its monsters are added.",
            flips_action=True,
        ),
        Effect(
            "swap-lane-action",
            "action",
            "Before monsters enter, the active field's lane with the most monster power is "
            "swapped with the same lane of the next opponent clockwise.",
            before_entry=_switcheroo_lane,
        ),
        Effect(
            "swap-row-action",
            "action",
            "Before monsters enter, row 1 of the active field is swapped with row 1 of the "
            "next opponent clockwise.",
            before_entry=_switcheroo_row,
        ),
        Effect(
            "march-action",
            "action",
            "Before monsters enter, the monsters on the next opponent's field move one row.",
            before_entry=_whistle,
        ),
        Effect(
            "dragon",
            "monster",
            "When it enters the game, destroy all other cards in the same lane.",
            on_enter=_dragon_enters,
        ),
        Effect(
            "resurrection",
            "monster",
            "Destroyed by a player, it goes to row 5 of an opponent's field, any lane.",
            resurrects=True,
        ),
        Effect(
            "row-shot",
            "defense",
            "Once per turn: deal its power in damage to one monster in the same row.",
            ability_targets=_row_targets,
            ability_apply=_hit_one,
            ability_text=_hit_one_text,
            ability_aims="card",
        ),
        Effect(
            "lane-spray",
            "defense",
            "Once per turn: split its power in damage among monsters in the same lane.",
            ability_targets=_lane_targets,
            ability_apply=_lane_spray,
            ability_text=_lane_spray_text,
            ability_aims="volley",
        ),
        Effect(
            "catapult",
            "defense",
            "Once per turn: deal its power in damage to a monster or defense on any field.",
            ability_targets=_catapult_targets,
            ability_apply=_hit_one,
            ability_text=_hit_one_text,
            ability_aims="card",
        ),
        Effect(
            "maltball-mines",
            "defense",
            "A monster running into it destroys it and every monster in its row.",
            on_collision=_mines_explode,
        ),
        Effect(
            "wizard-of-what",
            "defense",
            "May go on any field; on an opponent's field only a monster can remove it.",
            placed_on_any_field=True,
            guarded_on_opponent_field=True,
        ),
        Effect(
            "mobile",
            "defense",
            "Once per turn: move to an empty neighbouring tile.",
            ability_targets=_step_targets,
            ability_apply=_step_apply,
            ability_text=_step_text,
            ability_aims="step",
        ),
        Effect(
            "steal-below-6",
            "trick",
            "Steal one defense of power less than 6 onto an empty tile of your field.",
            trick_targets=_steal_targets,
            trick_apply=_steal_apply,
            trick_text=_steal_text,
            trick_aims="card",
        ),
        Effect(
            "swap-lane",
            "trick",
            "Swap one lane of your field with the same lane of an opponent's field.",
            trick_targets=_swap_lane_targets,
            trick_apply=_swap_lane,
            trick_text=_swap_lane_text,
            trick_aims="lane",
        ),
        Effect(
            "swap-row",
            "trick",
            "Swap one row of your field with the same row of an opponent's field.",
            trick_targets=_swap_row_targets,
            trick_apply=_swap_row,
            trick_text=_swap_row_text,
            trick_aims="row",
        ),
        Effect(
            "march",
            "trick",
            "Every monster on an opponent's field moves one row (with combat).",
            trick_targets=_march_targets,
            trick_apply=_march,
            trick_text=_march_text,
            trick_aims="field",
        ),
    )
}


def effect_problem(effect_id: str, card_type: str) -> str | None:
    """Why this effect id cannot go on this card type (None if it can)."""
    effect = EFFECTS.get(effect_id)
    if effect is None:
        return f"{effect_id!r} is not a known effect (known: {', '.join(sorted(EFFECTS))})"
    if effect.card_type != card_type:
        return f"{effect_id!r} is an effect for {effect.card_type} cards, not {card_type} cards"
    return None
