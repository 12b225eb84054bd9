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


def action_tile(state: GingerdeadState, action: Any) -> tuple[int, int, int] | None:
    """The one tile a player taps to choose this action, as (field, lane, row), or None when
    the action is not about a single tile (ending the step, a swap, a split volley)."""
    if not isinstance(action, tuple) or not action:
        return None
    kind, args = action[0], action[1:]
    player = state.current_player()
    if kind == "place" and len(args) == 4:
        return args[1], args[2], args[3]
    if kind == "setup" and len(args) == 3:
        return player, args[1], args[2]
    if kind == "put" and len(args) == 2:
        return player, args[0], args[1]
    if kind == "rise" and len(args) == 2:
        return args[0], args[1], 5
    target = args[2:] if kind == "ability" else args[1:] if kind == "trick" else ()
    if len(target) == 3:
        return target[0], target[1], target[2]
    if kind == "ability" and len(target) == 2:  # a defense moving to a tile of its field
        return player, target[0], target[1]
    return None


def describe(state: GingerdeadState) -> list[str]:
    """A few lines about the position (plain table screen, logs)."""
    board = state.board
    lines = []
    if state.phase == "setup":
        lines.append(f"Setup: {player_name(state.setup_player)} finds three defenses")
    elif state.result is None:
        lines.append(f"Round {state.round}: {player_name(board.active)}'s turn ({state.phase})")
    if state.action_card:
        lines.append(f"Action card: {board.catalogue.cards[state.action_card].name}")
    hands = ", ".join(f"{player_name(p)} {c.hand_size}" for p, c in enumerate(board.cards))
    lines.append(f"Cards in hand: {hands}")
    fallen = [player_name(p) for p in range(board.num_players) if not board.alive[p]]
    if fallen:
        lines.append(f"Fallen: {', '.join(fallen)}")
    if board.mode == "monster-hunter":
        lines.append(
            "Points: " + ", ".join(f"{player_name(p)} {s}" for p, s in enumerate(state.scores()))
        )
    return lines + board.log[-6:]
