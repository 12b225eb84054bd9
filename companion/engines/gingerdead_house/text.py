"""The words of Gingerdead House: action keys, refusals, log lines and a short summary.

An action's key is its version-1 text ("place Gummy Grunt at lane 2 row 3"); the
journal stores it, so these texts never change.  Keys word players as "player 2"
(``key_player``); ``public_line`` puts the table's names in for what players read.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.engines.base import CHANCE, IllegalAction
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
from companion.engines.gingerdead_house.board import key_player

if TYPE_CHECKING:
    from companion.engines.gingerdead_house.state import GingerdeadState

PLAYER_WORD = re.compile(r"\bplayer ([1-9])\b")
"""How the board and the endings name a player ("player 2")."""

TILE_NAMES = {
    "Burnt Biscuit Brute": "Biscuit Brute",
    "Candy Cane Wraith": "Cane Wraith",
    "Chocolate Chimera": "Chimera",
    "Cotton Candy Cloud": "Candy Cloud",
    "Flaming Marshmallow Catapult": "Flaming Catapult",
    "Gingerbread Giant": "Giant",
    "Gingerdead Man": "Gingerdead",
    "Gumdrop Gatling Gun": "Gatling Gun",
    "Jawbreaker Wall": "Jawbreaker",
    "Marzipan Minotaur": "Minotaur",
    "Peppermint Picket": "Peppermint",
    "Rock Candy Tower": "Candy Tower",
    "Stale Scone Ghoul": "Scone Ghoul",
    "Will-o'-the-Wisp": "Wisp",
}
"""Shorter names, made of the printed name's own words, for the shipped cards whose full
name does not fit a field tile of the 7" panel in two lines (the log and the hand keep
the full name; a tile uses it wherever it fits)."""


UNKNOWN_DRAW = "draw a card"
"""The key of a card drawn from a real deck: the app never learns which card it was."""


def tile_name(name: str) -> str:
    """The name a field tile falls back to when the printed one does not fit."""
    return TILE_NAMES.get(name, name)


def named(line: str, name: Callable[[int], str]) -> str:
    """``line`` with every "player N" replaced by that player's name."""
    return PLAYER_WORD.sub(lambda m: name(int(m.group(1)) - 1), line)


def public_line(line: str, name: Callable[[int], str]) -> str:
    """A board event line as the public log shows it: names in, a capital first letter."""
    line = named(line, name)
    return line[:1].upper() + line[1:]


def draws_line(who: str, count: int) -> str:
    """The public log's line for ``count`` cards drawn in a row (never naming them)."""
    return f"{who} draws a card" if count == 1 else f"{who} draws {count} cards"


def drawn_count(line: str, who: str) -> int:
    """How many cards ``line`` says ``who`` drew in a row (0: it is another line)."""
    if line == draws_line(who, 1):
        return 1
    match = re.fullmatch(rf"{re.escape(who)} draws (\d+) cards", line)
    return int(match[1]) if match else 0


def _field_suffix(field: int, player: int) -> str:
    return "" if field == player else f" of {key_player(field)}'s field"


def action_text(state: GingerdeadState, action: Any) -> str:
    """The key of ``action`` in this position (today's text, unchanged since version 1)."""
    board = state.board
    cards = board.catalogue.cards

    def name(card_id: Any) -> str:
        return cards[card_id].key_name if card_id in cards else repr(card_id)

    player = state.current_player()
    match action:
        case Reveal(card):
            return f"reveal {name(card)}"
        case Draw(card):
            return f"draw {name(card)}" if card else UNKNOWN_DRAW
        case Flip(card):
            return f"flip {name(card)}"
        case Setup(card, lane, row):
            return f"place {name(card)} at lane {lane} row {row}"
        case Place(card, field, lane, row):
            here = board.at(field, lane, row) if 0 <= field < board.num_players else None
            replacing = f" replacing {board.key_name(here)}" if here is not None else ""
            return (
                f"place {name(card)} at lane {lane} row {row}"
                f"{_field_suffix(field, player)}{replacing}"
            )
        case Rise(field, lane):
            rising = (
                board.key_name(board.resurrections[0][0]) if board.resurrections else "the monster"
            )
            return f"raise {rising} in lane {lane} of {key_player(field)}'s field"
        case Put(lane, row):
            return f"put the stolen defense at lane {lane} row {row}"
        case Pass():
            return "pass (no more tricks)"
        case End():
            return "end the player step"
        case Trick(card_id, target):
            trick = cards.get(card_id)
            effect = board.effects.get(trick.effect) if trick is not None and trick.effect else None
            if trick is None or effect is None or effect.trick_text is None:
                return f"play {name(card_id)} {target}"
            return f"play {trick.key_name}: {effect.trick_text(board, player, target)}"
        case Ability(lane, row, target):
            piece = board.at(player, lane, row) if player >= 0 else None
            effect = board.effect(piece) if piece is not None else None
            if piece is None or effect is None or effect.ability_text is None:
                return f"use the ability at lane {lane} row {row} on {target}"
            return (
                f"{board.key_name(piece)} at lane {lane} row {row}: "
                f"{'move to' if effect.id == 'mobile' else 'hit'} "
                f"{effect.ability_text(board, (player, lane, row), target)}"
            )
    return repr(action)


_PLACE = re.compile(
    r"place (.+) at lane (\d) row (\d)(?: of player (\d)'s field)?(?: replacing .+)?"
)
_RISE = re.compile(r"raise .+ in lane (\d) of player (\d)'s field")
_PUT = re.compile(r"put the stolen defense at lane (\d) row (\d)")
_ABILITY = re.compile(r"(?:.+ )?at lane (\d) row (\d): (?:hit|move to) .+")


def parse_key(state: GingerdeadState, key: str) -> Action:
    """The action a key names, legal here or not, so that applying an illegal one gives
    the engine's own reason.  Keys are read with the box's card names; a trick's or an
    ability's target is worded from the board, so those are found among the legal moves.

    A key read directly stands when the position words it back the same (no list of
    legal moves is built: resuming a saved game reads hundreds of keys); any other is
    looked up among the legal moves, and failing that, read as far as it goes."""
    words = " ".join(str(key).split())
    problem: IllegalAction | None = None
    try:
        read = _read_key(state, key, words)
    except IllegalAction as err:
        problem = err
    fully_read = problem is None and not isinstance(read, Trick | Ability)
    if fully_read and action_text(state, read) == words:
        return read
    try:
        return state.string_to_action(key)  # type: ignore[no-any-return]
    except IllegalAction:
        if problem is not None:
            raise problem from None
        return read


def _read_key(state: GingerdeadState, key: str, words: str) -> Action:
    """The action ``key`` (``words`` once its spaces are normalised) names, read with the
    box's card names (a trick's or an ability's target left empty: the board words it)."""
    by_name = state.board.catalogue.by_name

    def card(name: str) -> str:
        if name not in by_name:
            raise IllegalAction(f"there is no card {name!r} in {state.game.name}")
        return by_name[name]

    if words == "pass (no more tricks)":
        return PASS
    if words == "end the player step":
        return END
    if words == UNKNOWN_DRAW:
        return Draw("")
    for verb, kind in (("reveal ", Reveal), ("draw ", Draw), ("flip ", Flip)):
        if words.startswith(verb):
            return kind(card(words[len(verb) :]))
    if match := _PLACE.fullmatch(words):
        card_id, lane, row = card(match[1]), int(match[2]), int(match[3])
        if state.phase == "setup" and match[4] is None:
            return Setup(card_id, lane, row)
        field = int(match[4]) - 1 if match[4] else max(state.current_player(), 0)
        return Place(card_id, field, lane, row)
    if match := _RISE.fullmatch(words):
        return Rise(int(match[2]) - 1, int(match[1]))
    if match := _PUT.fullmatch(words):
        return Put(int(match[1]), int(match[2]))
    if words.startswith("play "):
        name = next(
            (n for n in sorted(by_name, key=len, reverse=True) if words.startswith(f"play {n}")),
            None,
        )
        if name is not None:
            return Trick(by_name[name], ())
    if match := _ABILITY.fullmatch(words):
        return Ability(int(match[1]), int(match[2]), ())
    raise IllegalAction(f"{key!r} is not a {state.game.name} move")


def why_illegal(state: GingerdeadState, action: Action) -> str:
    """Why a well-formed action cannot be played now, in the table's words."""
    player = state.current_player()
    who = "the app" if player == CHANCE else state.player_name(player)
    cards = state.board.catalogue.cards
    if isinstance(action, Reveal | Draw | Flip):
        if player != CHANCE:
            return f"nothing is drawn or flipped now: it is {who}'s decision"
        card = cards.get(action.card)
        if card is None:
            return (
                "the card cannot be drawn now"
                if not action.card
                else (f"there is no card {action.card!r} in this game")
            )
        verb = {Flip: "flipped", Draw: "drawn", Reveal: "revealed"}[type(action)]
        doing = _chance_doing(state)
        due = state.legal_actions()[0]
        wanted = "action" if state.phase == "action" else "monster"
        if type(action) is not type(due) or (isinstance(action, Flip) and card.type != wanted):
            return f"{card.name} cannot be {verb} now: {doing}"
        return f"{card.name} cannot be {verb} now: none is left where it would come from"
    if player == CHANCE:
        return "the table must first draw or flip a card"
    if state.board.resurrections and not isinstance(action, Rise):
        return f"{who} must first place the resurrected monster in row 5 of an opponent's field"
    if state.board.steal is not None and not isinstance(action, Put):
        return f"{who} must first put the stolen defense on an empty tile"
    if isinstance(action, Place | Trick | Setup):
        card = cards.get(action.card)
        if card is None:
            return f"there is no card {action.card!r}"
        if isinstance(action, Setup):
            return f"{who} cannot place {card.name} there now"
        if action.card not in state.playable(player, card.type):
            return f"{who} has no {card.name} to play"
        return f"{who} cannot play {card.name} that way now"
    if isinstance(action, Ability):
        return f"{who} has no defense at lane {action.lane} row {action.row} that can do that now"
    return f"{who} cannot do that now"


def _chance_doing(state: GingerdeadState) -> str:
    """What the table is drawing or flipping now, as a clause."""
    who = state.player_name(state.drawer())
    due = state.legal_actions()[0]
    if isinstance(due, Reveal):
        return f"{who} is searching their deck for a defense"
    if isinstance(due, Draw):
        return f"{who} is drawing a card"
    return f"{who} is flipping {'the action card' if state.phase == 'action' else 'a monster'}"


def describe(state: GingerdeadState) -> list[str]:
    """A few lines about the position (plain table screen, logs)."""
    board = state.board
    name = state.player_name
    lines = []
    if state.phase == "setup":
        lines.append(f"Setup: {name(state.setup_player)} finds three defenses")
    elif state.result is None:
        lines.append(f"Round {state.round}: {name(board.active)}'s turn ({state.phase})")
    if state.action_card:
        lines.append(f"Action card: {board.catalogue.cards[state.action_card].name}")
    hands = ", ".join(f"{name(p)} {c.hand_size}" for p, c in enumerate(board.cards))
    lines.append(f"Cards in hand: {hands}")
    fallen = [name(p) for p in range(board.num_players) if not board.alive[p]]
    if fallen:
        lines.append(f"Fallen: {', '.join(fallen)}")
    if board.mode == "monster-hunter":
        lines.append("Points: " + ", ".join(f"{name(p)} {s}" for p, s in enumerate(state.scores())))
    return lines + [public_line(line, name) for line in board.log[-6:]]
