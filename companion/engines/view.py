"""The player's view: what a screen may show of a position, as plain Kivy-free data.

Every game's presenter (its ``view.py``) fills a ``View``.  Screens draw only from
it, so what a family reads is worded once, in player words, and hidden
information (a shuffle order, a card dealt into a hand, a secret vote) never
reaches the shared screen: only ``private`` holds one player's own secrets, and
only when that player is the viewer.  Like OpenSpiel's Observer, it keeps what
each player may see apart from the rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

Entry = TypeVar("Entry")


@dataclass(frozen=True)
class Choice:
    """One thing the player (or the table, at a chance node) can do now.

    ``key`` is the action's stable key (what the journal stores); ``label`` is
    what the player reads.  ``group`` gathers related choices (a screen shows a
    group together); ``hint`` says where the choice lives in a picture, so a
    screen can offer the board or the cards instead of a list: for example
    ``{"cell": (row, col)}``, ``{"space": "o10"}``, ``{"card": "owl"}``,
    ``{"grid": (row, col)}``.  ``probability`` is set only at a chance node.
    """

    key: str
    label: str
    group: str = ""
    hint: Mapping[str, Any] = field(default_factory=dict)
    probability: float | None = None


@dataclass(frozen=True)
class ChanceEntry:
    """At a chance node: what is drawn, rolled or spun, and what it can come out as.

    A screen offers "let the app do it" or "what did the table show" with these
    outcomes (each a Choice with its probability).
    """

    what: str
    outcomes: tuple[Choice, ...]


@dataclass(frozen=True)
class LogLine:
    """One line of the public log, in player words; never a hidden card or vote."""

    text: str
    player: int | None = None
    round: int | None = None


@dataclass(frozen=True)
class Item:
    """Something a player holds or sees: a card in a hand, a token."""

    label: str
    hint: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Private:
    """One player's own secrets (their hand), shown only to that player."""

    player: int
    heading: str
    items: tuple[Item, ...]


@dataclass(frozen=True)
class PictureRow(Generic[Entry]):
    """One row of a picture grid a screen lays out as the input (a tree series, one
    effect's cards): the row's title, then its entries in the order they are drawn."""

    title: str
    options: tuple[Entry, ...]


@dataclass(frozen=True)
class Ending:
    """How the game ended: winners (maybe none), one sentence why, scores if any."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[float, ...] | None = None
    score_name: str = ""


@dataclass(frozen=True)
class View:
    """The whole player's view of one position.

    ``turn`` is the deciding player's index (None at a chance node or the end);
    ``table`` is the game's own public picture data (its board, rows, pawns), a
    frozen value the game's package exports.
    """

    headline: str
    turn: int | None
    choices: tuple[Choice, ...]
    chance: ChanceEntry | None
    log: tuple[LogLine, ...]
    private: Private | None
    end: Ending | None
    table: Any = None
    standing: str = ""
    """Who leads, in one sentence ("Ann is furthest along."): the resume prompt says it;
    empty at the end and before play begins."""

    def choice(self, key: str) -> Choice:
        """The choice with this key; KeyError when it is not offered now."""
        for c in (*self.choices, *(self.chance.outcomes if self.chance else ())):
            if c.key == key:
                return c
        raise KeyError(key)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON for ``companion scenario`` and bug reports."""
        return {
            "headline": self.headline,
            "turn": self.turn,
            "choices": [_choice_json(c) for c in self.choices],
            "chance": None
            if self.chance is None
            else {
                "what": self.chance.what,
                "outcomes": [_choice_json(c) for c in self.chance.outcomes],
            },
            "log": [line.text for line in self.log],
            "private": None
            if self.private is None
            else {
                "player": self.private.player,
                "heading": self.private.heading,
                "items": [item.label for item in self.private.items],
            },
            "end": None
            if self.end is None
            else {
                "winners": list(self.end.winners),
                "reason": self.end.reason,
                "scores": None if self.end.scores is None else list(self.end.scores),
                "score_name": self.end.score_name,
            },
        }


def _choice_json(choice: Choice) -> dict[str, Any]:
    data: dict[str, Any] = {"key": choice.key, "label": choice.label}
    if choice.group:
        data["group"] = choice.group
    if choice.hint:
        data["hint"] = {k: list(v) if isinstance(v, tuple) else v for k, v in choice.hint.items()}
    if choice.probability is not None:
        data["probability"] = choice.probability
    return data


def leaders(names: list[str], everyone: int, where: str) -> str:
    """Who leads, as a sentence: "Ann is furthest along." or "Everyone is level."."""
    if not names:
        return ""
    if len(names) == everyone > 1:
        return "Everyone is level."
    joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{joined} {'is' if len(names) == 1 else 'are'} {where}."


def sentence(text: str) -> str:
    """``text`` with its first letter capitalised (the rest untouched) and one final stop."""
    text = " ".join(text.split())
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."
