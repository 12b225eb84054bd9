"""Build Little Dead Riding Hood positions for rule scenarios.

Positions start from a real new game (the deal is applied as chance outcomes)
and are then arranged by hand: tiles, tokens, pawns and the pending step.  Every
helper keeps the box's totals straight so saved positions still load.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.engines.little_dead_riding_hood import GAME, LittleDeadRidingHoodGame
from companion.engines.little_dead_riding_hood.board import Cell
from companion.engines.little_dead_riding_hood.save import load_step
from companion.engines.little_dead_riding_hood.state import LdrhState

EDITION_2 = GAME.with_setup({"rules": 2})
"""The game as new games play it: rules edition 2, the rules audit's fixes."""

DEFAULT_HANDS = [
    ["whos-been-sitting:1", "whos-been-sitting:2", "whos-been-sitting:3"],
    ["picking-flowers:1", "picking-flowers:2", "picking-flowers:3"],
    ["off-the-path:1", "off-the-path:2", "off-the-path:3"],
    ["big-hands:1", "big-hands:2", "big-hands:3"],
    ["wolf:1", "wolf:2", "wolf:3"],
]


def new_game(
    players: int = 2,
    hands: list[list[str]] | None = None,
    game: LittleDeadRidingHoodGame = GAME,
    **options: Any,
) -> LdrhState:
    """A game after the deal (DEFAULT_HANDS, drawn as chance outcomes); ``hands``
    then replaces each player's cards.  ``game``: GAME plays rules edition 1 (saved
    games and replays), EDITION_2 the rules new games get."""
    state = game.new_initial_state(players, options or None)
    assert isinstance(state, LdrhState)
    for player in range(players):
        for key in DEFAULT_HANDS[player]:
            assert state.steps[-1].player == player
            state.apply(("card", key))
    assert state.phase == "helpers"
    if hands is not None:
        for player in range(players):
            give(state, player, [])
        for player, cards in enumerate(hands):
            give(state, player, cards)
    return state


def lay(
    state: LdrhState,
    tiles: dict[Cell, str],
    wolves: Iterable[Cell] = (),
    bullets: Iterable[Cell] = (),
) -> None:
    """Put tiles (taken from the pool) and tokens (from the supplies) on the board."""
    for cell, kind in tiles.items():
        state.pool[kind] -= 1
        state.board.tiles[cell] = kind
    for cell in wolves:
        state.board.wolves.add(cell)
        state.supply_wolves -= 1
    for cell in bullets:
        state.board.bullets.add(cell)
        state.supply_bullets -= 1
    state.invalidate()


def column(state: LdrhState, lane: int, rows: int, kind: str = "path-plain") -> dict[Cell, str]:
    """Path pieces straight up ``lane`` from the start line."""
    col = state.board.lane_columns[lane]
    return {(r, col): kind for r in range(rows)}


def set_bullets(state: LdrhState, player: int, count: int) -> None:
    state.supply_bullets += state.bullets[player] - count
    state.bullets[player] = count
    state.invalidate()


def give(state: LdrhState, player: int, cards: list[str]) -> None:
    """Replace a hand, returning its cards to the deck and taking the new ones from it."""
    for key in state.hands[player]:
        state.deck[key] += 1
    for key in cards:
        assert state.deck[key] > 0, f"no {key} left in the deck"
        state.deck[key] -= 1
    state.hands[player] = sorted(cards)
    state.invalidate()


def task(state: LdrhState, phase: str, **fields: Any) -> None:
    """Make ``fields`` (a step as saves write it) the only pending step in ``phase``."""
    state.phase = phase
    state.cursor = state.num_players
    state.steps = [load_step(state, dict(fields))]
    state.invalidate()
    state._settle()  # run the steps that need nobody, as apply would


def card_turn(state: LdrhState, player: int) -> None:
    """It is ``player``'s card play (the last of the round)."""
    task(state, "cards", type="card-turn", player=player, stage="choose")


def texts(state: LdrhState) -> list[str]:
    return state.legal_action_strings()


def play(state: LdrhState, *moves: str) -> None:
    """Apply actions by their text (as a player would read them)."""
    for text in moves:
        state.apply(state.string_to_action(text))


def roundtrip(state: LdrhState) -> LdrhState:
    rebuilt = GAME.state_from_dict(state.to_dict())
    assert isinstance(rebuilt, LdrhState)
    assert rebuilt.to_dict() == state.to_dict()
    return rebuilt
