"""What can happen now: each player's legal moves and each chance node's outcomes.

In table mode the app does not see the hands: a player may play any card that can
still be unseen (neither on a field, in the discard pile nor revealed), and the
engine refuses one that cannot (design.md: hidden cards are unknown until played).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from companion.engines.base import CHANCE, TERMINAL
from companion.engines.gingerdead_house import decks
from companion.engines.gingerdead_house.actions import (
    END,
    PASS,
    Ability,
    Action,
    Draw,
    End,
    Flip,
    Pass,
    Place,
    Put,
    Reveal,
    Rise,
    Setup,
    Trick,
)
from companion.engines.gingerdead_house.board import MONSTER, all_tiles
from companion.engines.gingerdead_house.cards import LANES, ROWS, SETUP_DEFENSES

if TYPE_CHECKING:
    from companion.engines.gingerdead_house.state import GingerdeadState


def legal_actions(state: GingerdeadState) -> list[Action]:
    player = state.current_player()
    if player == TERMINAL:
        return []
    if player == CHANCE:
        return [a for a, _ in chance_outcomes(state)]
    board = state.board
    if board.resurrections:
        chooser = board.resurrections[0][1]
        return [Rise(f, lane) for f in board.opponents(chooser) for lane in range(1, LANES + 1)]
    if board.steal is not None:
        return [Put(lane, row) for lane, row in board.empty_tiles(board.steal[0])]
    if state.phase == "setup":
        return [
            Setup(card_id, lane, row)
            for card_id in sorted(set(state.setup_revealed))
            for lane, row in board.empty_tiles(player)
        ]
    actions: list[Action] = [PASS] if state.phase == "tricks" else [END]
    actions += _trick_actions(state, player)
    if state.phase == "player":
        actions += _place_actions(state, player)
        actions += _ability_actions(state, player)
    return actions


def is_legal(state: GingerdeadState, action: Action) -> bool:
    """``action in legal_actions(state)``, building only the part of that list an action
    of its kind can be in (one card's placements, one tile's abilities, one trick's
    targets): applying a saved game's moves checks each one this way."""
    player = state.current_player()
    board = state.board
    special = board.resurrections or board.steal is not None or state.phase == "setup"
    if player < 0 or special:
        return action in legal_actions(state)
    if isinstance(action, Pass | End):
        return action == (PASS if state.phase == "tricks" else END)
    if isinstance(action, Trick):
        return action in _trick_actions(state, player, action.card)
    if state.phase != "player":
        return False
    if isinstance(action, Place):
        return action in _place_actions(state, player, action.card)
    if isinstance(action, Ability):
        return action in _ability_actions(state, player, ((action.lane, action.row),))
    return False


def chance_outcomes(state: GingerdeadState) -> list[tuple[Action, float]]:
    if state.current_player() != CHANCE:
        return []
    board = state.board
    if state.phase == "setup":
        if len(state.setup_revealed) + state.placed_in_setup() < SETUP_DEFENSES:
            pool = unseen(state, state.setup_player)
            defenses = {c: n for c, n in pool.items() if board.catalogue.cards[c].type == "defense"}
            return [(Reveal(c), p) for c, p in decks.odds(defenses)]
        return [(Draw(c), p) for c, p in board.cards[state.setup_player].draw_odds()]
    if state.phase == "action":
        return [(Flip(c), p) for c, p in decks.odds(board.action_pile)]
    if state.phase == "monsters":
        return [(Flip(c), p) for c, p in decks.odds(board.monster_pile)]
    return [(Draw(c), p) for c, p in board.cards[board.active].draw_odds()]


def unseen(state: GingerdeadState, player: int) -> dict[str, int]:
    """Cards of this player's deck not visible anywhere: in the pile or the hand."""
    board = state.board
    cards = board.cards[player]
    if cards.pile is not None and cards.hand is not None:
        merged = dict(cards.pile)
        for card_id, n in cards.hand.items():
            decks.add(merged, card_id, n)
        return merged
    left = board.catalogue.deck("player")
    seen: list[str] = (
        list(state.setup_revealed)
        if state.setup_player == player and state.phase == "setup"
        else []
    )
    seen += [p[0] for field in board.fields for p in field if p is not None and p[1] == player]
    if board.steal is not None and board.steal[1][1] == player:
        seen.append(board.steal[1][0])
    for card_id, n in cards.discard.items():
        left[card_id] -= n
    for card_id in seen:
        left[card_id] -= 1
    return {c: n for c, n in left.items() if n > 0}


def playable(state: GingerdeadState, player: int, card_type: str) -> list[str]:
    """Card ids of this type the player can play now (table mode: any unseen one)."""
    cards = state.board.cards[player]
    catalogue = state.board.catalogue
    if cards.hand is not None:
        pool = cards.hand
    elif cards.hand_size > 0:
        pool = unseen(state, player)
    else:
        return []
    return sorted(c for c in pool if catalogue.cards[c].type == card_type)


def _trick_actions(state: GingerdeadState, player: int, only: str | None = None) -> list[Action]:
    """The player's tricks and their targets (of the card ``only``, if given)."""
    board = state.board
    actions: list[Action] = []
    for card_id in playable(state, player, "trick"):
        if only is not None and card_id != only:
            continue
        effect_id = board.catalogue.cards[card_id].effect
        effect = board.effects[effect_id] if effect_id else None
        if effect is None or effect.trick_targets is None:
            continue
        actions += [Trick(card_id, t) for t in effect.trick_targets(board, player)]
    return actions


def _place_actions(state: GingerdeadState, player: int, only: str | None = None) -> list[Action]:
    """Where the player's defenses may go (the card ``only``'s, if given)."""
    board = state.board
    own = board.own_fields(player)
    spots: list[tuple[int, int, int]] = []
    """Tiles of the player's (team's) fields: empty, or a defense that may be replaced."""
    open_spots: list[tuple[int, int, int]] = []
    """Empty tiles of opponents' fields (for defenses placed on any field)."""
    for f in range(board.num_players):
        if not board.alive[f]:
            continue
        for i, here in enumerate(board.fields[f]):
            spot = (f, i // ROWS + 1, i % ROWS + 1)
            if f in own:
                if here is None or (here[1] != MONSTER and not board.guarded(f, here)):
                    spots.append(spot)
            elif here is None:
                open_spots.append(spot)
    actions: list[Action] = []
    for card_id in playable(state, player, "defense"):
        if only is not None and card_id != only:
            continue
        effect_id = board.catalogue.cards[card_id].effect
        anywhere = bool(effect_id) and board.effects[effect_id].placed_on_any_field
        targets = sorted(spots + open_spots) if anywhere else spots
        actions += [Place(card_id, f, lane, row) for f, lane, row in targets]
    return actions


def _ability_actions(
    state: GingerdeadState, player: int, tiles: Iterable[tuple[int, int]] | None = None
) -> list[Action]:
    """The abilities of the player's defenses (on ``tiles``, if given) and their targets."""
    board = state.board
    actions: list[Action] = []
    for lane, row in all_tiles() if tiles is None else tiles:
        piece = board.at(player, lane, row)
        if piece is None or piece[1] == MONSTER or piece[2] in board.used:
            continue
        effect = board.effect(piece)
        if effect is None or effect.ability_targets is None:
            continue
        for target in effect.ability_targets(board, (player, lane, row)):
            actions.append(Ability(lane, row, tuple(target)))
    return actions
