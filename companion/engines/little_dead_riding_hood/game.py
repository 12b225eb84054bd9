"""The Little Dead Riding Hood game: its id, house-rule options, box data and state factory."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.engines.base import Game, InvalidOptions, Option
from companion.engines.box_edit import box_from_setup
from companion.engines.datafile import DataFileError
from companion.engines.little_dead_riding_hood.box import Box, box_toml, default_box, parse_box
from companion.engines.little_dead_riding_hood.components import PAWNS
from companion.engines.little_dead_riding_hood.state import LdrhState

MAX_ROUNDS_LIMIT = 200
ACTIONS_PER_ROUND = 600
"""A bound on the actions of one round with five players: helper choices and the
Fairest windows (< 70), helper resolutions (Huntsman 11 tiles with redraws, the
Godmother's gifts, Prince, Queen, Stepmother: < 100), pre-movement combat (< 40)
and two card plays per player each with up to three fights (< 250)."""


class LittleDeadRidingHoodGame(Game):
    id = "little-dead-riding-hood"
    name = "Little Dead Riding Hood"
    min_players = 2
    max_players = 5
    options = (
        Option(
            key="max_rounds",
            default=40,
            description="The game stops after this many rounds if nobody reached Grandma's house.",
            rulebook="The first player to land on a path piece that crosses the line out of "
            "the woods wins the game.",
            decision="LD11",
            minimum=5,
            maximum=MAX_ROUNDS_LIMIT,
        ),
        Option(
            key="stalled_result",
            default="furthest",
            description="Who wins a game that stops without a pawn at Grandma's house: the "
            "pawn(s) furthest into the woods, or nobody.",
            rulebook="Game Objective: Be the first Little Riding Hood to get to Grandma's House.",
            decision="LD11",
            choices=("furthest", "nobody"),
        ),
        Option(
            key="reshuffle_discards",
            default=False,
            description="When the event deck runs out, shuffle the discard pile into a new deck "
            "(off: no more cards are drawn).",
            rulebook="You draw a card when you place a path piece that does not have an icon "
            "on it ... or by card effect. That is the only way you get cards.",
            decision="LD12",
        ),
        Option(
            key="event_cards",
            default="digital",
            description="digital: the app deals and draws the event cards and knows every "
            "hand. table: you play with the real cards; the app only counts the cards in each "
            "hand and asks which card was played when one is revealed.",
            rulebook="Hidden cards are unknown until played. With real cards the app cannot see "
            "a hand or a deck. An engine that plays with table cards keeps what the table "
            "knows: how many cards each hand holds and which cards can still be unseen.",
            decision="LD23",
            choices=("digital", "table"),
        ),
        Option(
            key="fairest_window",
            default="each",
            description="After a helper is chosen, each: ask every player who could play Who In "
            "The Land Is Fairest Of All? in turn, clockwise. table: ask the table once; whoever "
            "plays it taps it (fewer taps with table cards, where anyone with a card could).",
            rulebook="Cards can be played at any time during a turn, even when another player "
            "is taking an action.",
            decision="LD24",
            choices=("each", "table"),
        ),
        Option(
            key="wolf_stacking",
            default="stack",
            description="stack: a Wolf!!! played on a player who already skips their next "
            "turn makes them skip the turn after as well. once: it cannot be played on them.",
            rulebook="Wolf!!!: Target player skips their next turn.",
            decision="LD26",
            choices=("stack", "once"),
        ),
    )
    max_game_length = 20 + MAX_ROUNDS_LIMIT * ACTIONS_PER_ROUND
    piece_colours = PAWNS

    def __init__(self, box: Box | None = None, load: Callable[[], Box] = default_box) -> None:
        self._box = box
        self._load_box = load

    @property
    def box(self) -> Box:
        """The box's components, loaded on first use so a broken file names its fault."""
        if self._box is None:
            self._box = self._load_box()
        return self._box

    # -- the owner's box (the My box screen), saved with each game ---------------------
    def box_from_text(self, text: str, source: str) -> Box:
        """Validate a box file's text; DataFileError names the file, place and problem."""
        return parse_box(text, source)

    def box_text(self) -> str:
        """This game's box as box file text (the shipped box unless an owner's is set)."""
        return box_toml(self.box)

    def with_setup(self, setup: Mapping[str, Any]) -> LittleDeadRidingHoodGame:
        """``{"box": "<box file text>"}`` plays with that box (a saved game keeps it)."""
        box = box_from_setup(self.name, setup, parse_box)
        return self if box is None else LittleDeadRidingHoodGame(box)

    def unavailable(self) -> str | None:
        try:
            _ = self.box
        except DataFileError as err:
            return f"{self.name} cannot be played: {err}"
        return None

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> LdrhState:
        try:
            box = self.box
        except DataFileError as err:
            raise InvalidOptions(str(err)) from err
        return LdrhState(self, players, options, seed, box)


GAME = LittleDeadRidingHoodGame()
