"""Readable, unique texts for every Gingerdead House action ("place Gummy Grunt at lane 2 row 3")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.engines.gingerdead_house.board import player_name
from companion.engines.gingerdead_house.effects import EFFECTS

if TYPE_CHECKING:
    from companion.engines.gingerdead_house.rules import GingerdeadState


def _field_suffix(field: int, player: int) -> str:
    return "" if field == player else f" of {player_name(field)}'s field"


def action_text(state: GingerdeadState, action: Any) -> str:
    board = state.board
    if isinstance(action, list):
        action = tuple(action)
    if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
        return repr(action)
    kind, args = action[0], action[1:]
    cards = board.catalogue.cards

    def name(card_id: Any) -> str:
        return cards[card_id].name if card_id in cards else repr(card_id)

    player = state.current_player()
    if kind == "reveal":
        return f"reveal {name(args[0])}"
    if kind == "draw":
        return f"draw {name(args[0])}" if args[0] else "draw a card"
    if kind == "flip":
        return f"flip {name(args[0])}"
    if kind == "setup":
        return f"place {name(args[0])} at lane {args[1]} row {args[2]}"
    if kind == "place":
        card_id, field, lane, row = args
        here = board.at(field, lane, row) if 0 <= field < board.num_players else None
        replacing = f" replacing {board.name(here)}" if here is not None else ""
        return f"place {name(card_id)} at lane {lane} row {row}{_field_suffix(field, player)}{replacing}"
    if kind == "rise":
        rising = board.name(board.resurrections[0][0]) if board.resurrections else "the monster"
        return f"raise {rising} in lane {args[1]} of {player_name(args[0])}'s field"
    if kind == "put":
        return f"put the stolen defense at lane {args[0]} row {args[1]}"
    if kind == "pass":
        return "pass (no more tricks)"
    if kind == "end":
        return "end the player step"
    if kind == "trick":
        card = cards.get(args[0])
        effect = EFFECTS.get(card.effect) if card is not None and card.effect else None
        if card is None or effect is None or effect.trick_text is None:
            return f"play {name(args[0])} {args[1:]}"
        return f"play {card.name}: {effect.trick_text(board, player, tuple(args[1:]))}"
    if kind == "ability":
        lane, row, target = args[0], args[1], tuple(args[2:])
        piece = board.at(player, lane, row)
        effect = board.effect(piece) if piece is not None else None
        if piece is None or effect is None or effect.ability_text is None:
            return f"use the ability at lane {lane} row {row} on {target}"
        return (
            f"{board.name(piece)} at lane {lane} row {row}: "
            f"{'move to' if effect.id == 'mobile' else 'hit'} "
            f"{effect.ability_text(board, (player, lane, row), target)}"
        )
    return repr(action)
