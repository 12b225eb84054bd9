"""What the Gingerdead House screen shows, computed from the engine state (no Kivy here).

The screen keeps only a *selection* (a hand card or a defense on the field); everything
else comes from the engine: the tiles, which tiles a tap would play, the move buttons and
the headline.  A tap is always turned into one of the engine's legal actions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from companion.engines.base import CHANCE, TERMINAL
from companion.engines.gingerdead_house.board import MONSTER
from companion.engines.gingerdead_house.catalogue import LANES, ROWS
from companion.engines.gingerdead_house.rules import GingerdeadState
from companion.engines.gingerdead_house.texts import action_tile

_PLAYER = re.compile(r"\bplayer ([1-9])\b")

Tile = tuple[int, int, int]
"""(field, lane, row)."""


@dataclass(frozen=True)
class Selection:
    """What the player has picked before tapping a target."""

    card: str = ""
    """A card id from the hand (or, in table mode, the card they are about to play)."""
    tile: Tile | None = None
    """A defense on the field whose ability they want to use."""


NOTHING = Selection()


@dataclass(frozen=True)
class TileView:
    lane: int
    row: int
    text: str
    kind: str
    """"empty", "monster", "defense" or "guest" (a defense owned by another player)."""
    target: bool
    """Tapping this tile plays a legal action for the current selection."""
    selected: bool


def card_name(state: GingerdeadState, card_id: str) -> str:
    return state.board.catalogue.cards[card_id].name


def decider(state: GingerdeadState) -> int:
    """Whose decision it is, or -1 at chance nodes and the end."""
    player = state.current_player()
    return player if player >= 0 else -1


def chance_kind(state: GingerdeadState) -> str:
    """ "action" / "monster" flips, "reveal" (setup), "draw" (player deck), or ""."""
    if state.current_player() != CHANCE:
        return ""
    kind = state.legal_actions()[0][0]
    if kind == "flip":
        return "action" if state.phase == "action" else "monster"
    return str(kind)


def relevant_actions(state: GingerdeadState, selection: Selection) -> list[Any]:
    """The legal actions the current selection narrows down to."""
    legal = state.legal_actions()
    if state.current_player() < 0:
        return []
    forced = [a for a in legal if a[0] in ("rise", "put", "setup")]
    if forced:
        return [
            a for a in forced if a[0] != "setup" or not selection.card or a[1] == selection.card
        ]
    if selection.card:
        return [a for a in legal if a[0] in ("place", "trick") and a[1] == selection.card]
    if selection.tile is not None:
        _, lane, row = selection.tile
        return [a for a in legal if a[0] == "ability" and a[1:3] == (lane, row)]
    return []


def tile_actions(state: GingerdeadState, selection: Selection) -> dict[Tile, Any]:
    """Tile -> the action a tap there plays (only tiles with exactly one such action)."""
    found: dict[Tile, list[Any]] = {}
    for action in relevant_actions(state, selection):
        tile = action_tile(state, action)
        if tile is not None:
            found.setdefault(tile, []).append(action)
    return {tile: actions[0] for tile, actions in found.items() if len(actions) == 1}


def button_actions(state: GingerdeadState, selection: Selection) -> list[tuple[str, Any]]:
    """Moves shown as buttons: those no single tile tap can express, plus end / pass."""
    by_tile = set(map(repr, tile_actions(state, selection).values()))
    buttons = [
        (state.action_to_string(a), a)
        for a in relevant_actions(state, selection)
        if repr(a) not in by_tile
    ]
    buttons += [
        (state.action_to_string(a), a) for a in state.legal_actions() if a[0] in ("end", "pass")
    ]
    return buttons


def selectable_tiles(state: GingerdeadState) -> set[Tile]:
    """Defenses of the decider whose once-per-turn ability can be used now."""
    return {
        (state.board.active, a[1], a[2])
        for a in state.legal_actions()
        if a[0] == "ability" and state.current_player() == state.board.active
    }


def tile_views(state: GingerdeadState, field: int, selection: Selection) -> list[TileView]:
    """The 4 x 5 field, row 5 (where monsters enter) first, lanes left to right."""
    board = state.board
    targets = tile_actions(state, selection)
    cards = board.catalogue.cards
    views = []
    for row in range(ROWS, 0, -1):
        for lane in range(1, LANES + 1):
            piece = board.at(field, lane, row)
            if piece is None:
                text, kind = "", "empty"
            else:
                card = cards[piece[0]]
                text = f"{card.name}\n{card.power_text}"
                kind = (
                    "monster"
                    if piece[1] == MONSTER
                    else "defense"
                    if piece[1] == field
                    else "guest"
                )
            views.append(
                TileView(
                    lane,
                    row,
                    text,
                    kind,
                    (field, lane, row) in targets,
                    selection.tile == (field, lane, row),
                )
            )
    return views


def hand_cards(state: GingerdeadState, player: int) -> list[tuple[str, str]]:
    """(card id, label) of the cards this player can pick: the digital hand, or in table
    mode every defense and trick that can still be in their hand."""
    if player < 0:
        return []
    if state.phase == "setup":
        return [(c, card_name(state, c)) for c in sorted(set(state.setup_revealed))]
    cards = state.board.cards[player]
    if cards.hand is not None:
        return [
            (c, f"{card_name(state, c)}" + (f" x{n}" if n > 1 else ""))
            for c, n in sorted(cards.hand.items(), key=lambda kv: card_name(state, kv[0]))
        ]
    ids = state.playable(player, "defense") + state.playable(player, "trick")
    return sorted(((c, card_name(state, c)) for c in ids), key=lambda kv: kv[1])


def field_names(state: GingerdeadState, names: list[str]) -> list[str]:
    return [
        f"{names[p]}" + ("" if state.board.alive[p] else " (fallen)")
        for p in range(state.num_players)
    ]


def headline(state: GingerdeadState, names: list[str]) -> str:
    player = state.current_player()
    board = state.board
    if player == TERMINAL:
        outcome = state.outcome()
        reason = named_lines([state.end_reason()], names)[0]
        if outcome is None or not outcome.winners:
            return f"Game over, nobody wins: {reason}"
        winners = " and ".join(names[i] for i in outcome.winners)
        return f"{winners} win{'s' if len(outcome.winners) == 1 else ''}! {reason}"
    if player == CHANCE:
        kind = chance_kind(state)
        who = names[state.setup_player if state.phase == "setup" else board.active]
        return {
            "action": f"{who}: flip the action card",
            "monster": f"{who}: flip a monster ({state.flips_left} to go)",
            "reveal": f"{who}: search the deck for a defense",
            "draw": f"{who}: draw a card",
        }.get(kind, "The table's turn")
    if board.resurrections:
        return (
            f"{names[player]}: raise {board.name(board.resurrections[0][0])} in row 5 of "
            "an opponent's field (tap a lit tile)"
        )
    if board.steal is not None:
        return f"{names[player]}: put the stolen {board.name(board.steal[1])} on an empty tile"
    if state.phase == "setup":
        return f"{names[player]}: place your defense on your field"
    if state.phase == "tricks":
        return f"{names[player]}: play tricks on {names[board.active]}'s turn, or pass"
    return f"{names[player]}: play defenses, tricks and abilities, then end the step"


def named_lines(lines: list[str], names: list[str]) -> list[str]:
    """The engine's log with "player 2" replaced by that player's name."""

    def name(match: re.Match[str]) -> str:
        index = int(match.group(1)) - 1
        return names[index] if index < len(names) else match.group(0)

    return [_PLAYER.sub(name, line) for line in lines]


def status_line(state: GingerdeadState, names: list[str]) -> str:
    """Round, action card, cards in hand and (Monster Hunter) points, on one line."""
    board = state.board
    parts = [f"Round {state.round}"]
    if state.action_card:
        parts.append(f"action: {card_name(state, state.action_card)}")
    parts.append(
        "hands: "
        + ", ".join(
            f"{names[p]} {c.hand_size}" for p, c in enumerate(board.cards) if board.alive[p]
        )
    )
    if board.mode == "monster-hunter":
        parts.append(
            "points: " + ", ".join(f"{names[p]} {s}" for p, s in enumerate(state.scores()))
        )
    return " - ".join(parts)
