"""What the round screen shows, computed from the engine state (no Kivy here).

The screen draws these values; every rule question goes to the engine (its legal
actions and its board helpers), so the widgets never decide what is allowed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.engines.base import CHANCE, TERMINAL
from companion.engines.little_dead_riding_hood.bag import BagContents, win_probability
from companion.engines.little_dead_riding_hood.board import Cell
from companion.engines.little_dead_riding_hood.components import (
    EFFECTS,
    HELPERS,
    HIDDEN,
    card_effect,
    card_movement,
)
from companion.engines.little_dead_riding_hood.hidden import card_in, hand_cards, is_table, unseen
from companion.engines.little_dead_riding_hood.state import LdrhState

PAWN_COLOURS: list[tuple[str, tuple[float, float, float]]] = [
    ("Red", (0.86, 0.16, 0.14)),
    ("Blue", (0.20, 0.42, 0.90)),
    ("Black", (0.10, 0.10, 0.10)),
    ("Green", (0.18, 0.66, 0.26)),
    ("Yellow", (0.95, 0.82, 0.16)),
]
"""Little Red, Blue, Black, Green and Yellow Riding Hood, in seat order."""

CELL_VERBS = (
    "place",
    "step",
    "prince-step",
    "switch-from",
    "switch-with",
    "queen-take",
    "queen-put",
    "flowers-from",
    "flowers-with",
    "retreat",
)
"""Actions whose last two values are a board space: a tap on that space plays them."""

PHASE_TITLES = {
    "deal": "Dealing",
    "helpers": "Helpers",
    "combat": "Pre-movement combat",
    "cards": "Card play",
    "over": "Game over",
}


@dataclass(frozen=True)
class PlayerRow:
    index: int
    name: str
    colour: tuple[float, float, float]
    bullets: int
    cards: int
    helper: str
    marker: bool
    """Holds the starting marker this round."""
    acting: bool
    sitting_out: bool
    face_down: bool = False
    """Table cards: the app only knows how many cards the hand holds."""

    @property
    def text(self) -> str:
        cards = _count(self.cards, "face-down card" if self.face_down else "card")
        parts = [_count(self.bullets, "bullet"), cards]
        if self.helper:
            parts.append(self.helper)
        if self.sitting_out:
            parts.append("sits out")
        star = "* " if self.marker else ""
        return f"{star}{self.name}: " + ", ".join(parts)


def space_actions(state: LdrhState) -> dict[Cell, list[Any]]:
    """Legal actions that a tap on a space plays, by space."""
    found: dict[Cell, list[Any]] = {}
    if state.current_player() in (CHANCE, TERMINAL):
        return found
    for action in state.legal_actions():
        if action[0] in CELL_VERBS:
            found.setdefault((action[-2], action[-1]), []).append(action)
    return found


def reachable(state: LdrhState) -> set[Cell]:
    """Spaces the acting pawn could end on: during a move, with the movement left; in a
    card turn, with the best movement card in hand."""
    if state.phase == "over" or not state.tasks:
        return set()
    task = state.tasks[-1]
    player = task.get("player", -1)
    if task["type"] == "move":
        movement = task["left"]
    elif task["type"] == "card-turn" and state.may_play_card(player):
        movement = max(card_movement(k) for k in hand_cards(state, player))
    else:
        return set()
    return set(state.board.landing_spaces(state.pawns[player], movement, state.other_pawns(player)))


@dataclass(frozen=True)
class CardOption:
    """One card identity in the table-card chooser."""

    key: str
    movement: int
    unseen: int
    """How many copies of it can still be face down."""


def card_groups(state: LdrhState, actions: list[Any]) -> dict[str, list[Any]]:
    """Table cards: the actions (or revealing outcomes) that name a card, by card.

    The screen shows these through the card chooser instead of one button each,
    because a face-down hand could hold any card that can still be unseen."""
    groups: dict[str, list[Any]] = {}
    if not is_table(state):
        return groups
    for action in actions:
        key = card_in(action)
        if key is not None:
            groups.setdefault(key, []).append(action)
    return groups


def chooser_rows(state: LdrhState, keys: list[str]) -> list[tuple[str, list[CardOption]]]:
    """The chooser's rows: each effect's title with its movement values and unseen copies."""
    left = unseen(state)
    rows = []
    for effect, title in EFFECTS.items():
        options = [
            CardOption(key, card_movement(key), left[key])
            for key in sorted(keys, key=card_movement)
            if card_effect(key) == effect
        ]
        if options:
            rows.append((title, options))
    return rows


def is_face_down_draw(state: LdrhState) -> bool:
    """Table cards: the draw of a face-down event card (its identity stays unknown)."""
    return state.current_player() == CHANCE and [a for a, _ in state.chance_outcomes()] == [
        ("card", HIDDEN)
    ]


def combat_bag(state: LdrhState) -> BagContents | None:
    """The bag about to be drawn from, if a combat draw is pending."""
    if state.phase == "over" or not state.tasks:
        return None
    task = state.tasks[-1]
    if task["type"] == "combat" and task["stage"] == "draw":
        return BagContents(bullets=task["bag"])
    return None


def bag_summary(contents: BagContents) -> str:
    chance = win_probability(contents)
    plural = "s" if contents.bullets != 1 else ""
    return f"1 wolf and {contents.bullets} bullet{plural}: {chance:.0%} chance to kill the wolf"


def player_rows(state: LdrhState, names: list[str]) -> list[PlayerRow]:
    acting = state.current_player()
    rows = []
    for p in range(state.num_players):
        name = names[p] if p < len(names) else f"Player {p + 1}"
        colour_name, colour = PAWN_COLOURS[p % len(PAWN_COLOURS)]
        rows.append(
            PlayerRow(
                index=p,
                name=f"{name} ({colour_name})",
                colour=colour,
                bullets=state.bullets[p],
                cards=len(state.hands[p]),
                helper=HELPERS.get(state.helpers.get(p, ""), ""),
                marker=p == state.start_player,
                acting=p == acting,
                sitting_out=state.sitting_out[p],
                face_down=is_table(state),
            )
        )
    return rows


def headline(state: LdrhState, names: list[str]) -> str:
    """The one line at the top: round, phase and who acts (or the winner)."""
    player = state.current_player()
    if player == TERMINAL:
        outcome = state.outcome()
        if outcome is None or not outcome.winners:
            return f"Game over: {state.end_reason()}"
        winners = " and ".join(_name(names, p) for p in outcome.winners)
        return f"{winners} won! {state.end_reason()}"
    phase = PHASE_TITLES.get(state.phase, state.phase)
    who = "a draw" if player == CHANCE else _name(names, player)
    prefix = f"Round {state.round} - " if state.round else ""
    return f"{prefix}{phase} - {who}"


def prompt(state: LdrhState, names: list[str]) -> str:
    """The engine's own sentence, with "player 2" replaced by the player's name."""
    text = state.prompt()
    for p in reversed(range(state.num_players)):
        text = text.replace(f"player {p + 1}", _name(names, p))
    return text[:1].upper() + text[1:]


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _name(names: list[str], p: int) -> str:
    return names[p] if p < len(names) else f"Player {p + 1}"
