"""The Little Dead Riding Hood game: its id, house-rule options, box data and state factory."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.engines.base import Game, InvalidOptions, Option, without_pieces
from companion.engines.box_edit import box_from_setup
from companion.engines.datafile import DataFileError
from companion.engines.little_dead_riding_hood.box import Box, box_toml, default_box, parse_box
from companion.engines.little_dead_riding_hood.components import PAWNS
from companion.engines.little_dead_riding_hood.state import LdrhState
from companion.engines.rules_edition import RULES_KEY, edition_in, without_edition

RULES_EDITION = 2
"""The newest rules edition (see ``rules_edition``): 2 is the rules audit's fixes (Trail
of Bread Crumbs draws a path piece; a pawn on a wolf's tile fights before it moves)."""

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
            title="Round limit",
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
            title="If the game stops",
            description="Who wins a game stopped by the round limit before a pawn reached "
            "Grandma's house.",
            rulebook="Game Objective: Be the first Little Riding Hood to get to Grandma's House.",
            decision="LD11",
            choices=("furthest", "nobody"),
            choice_labels=("The pawns furthest along win", "Nobody wins"),
        ),
        Option(
            key="reshuffle_discards",
            default=False,
            title="Reshuffle the event cards",
            description="When on, an empty event deck is made again from the shuffled discard "
            "pile; when off, no more cards are drawn.",
            rulebook="You draw a card when you place a path piece that does not have an icon "
            "on it ... or by card effect. That is the only way you get cards.",
            decision="LD12",
        ),
        Option(
            key="event_cards",
            default="digital",
            title="Event cards",
            description="Whether the app deals and draws the event cards, or you play with the "
            "real cards and tell the app each card when it is played.",
            rulebook="Shuffle the remaining cards and give each player 3.",
            decision="LD23",
            choices=("digital", "table"),
            choice_labels=("The app's cards", "Your real cards"),
        ),
        Option(
            key="fairest_window",
            default="each",
            title="Asking for Who In The Land Is Fairest",
            description="After a helper is chosen, who is asked about playing Who In The Land "
            "Is Fairest Of All?: each player who could, in turn, or the whole table once.",
            rulebook="Cards can be played at any time during a turn, even when another player "
            "is taking an action.",
            decision="LD24",
            choices=("each", "table"),
            choice_labels=("Each player in turn", "The table once"),
        ),
        Option(
            key="bread_crumbs",
            default="path",
            title="Trail of Bread Crumbs",
            description="What the redraw of Trail of Bread Crumbs brings: tiles are drawn "
            "until a path piece comes (an obstacle drawn on the way goes back), or an ordinary "
            "draw that may bring an obstacle to place.",
            rulebook="Trail of Bread Crumbs: Play to draw a different path piece. ... Place "
            "the first path piece back with the other tiles, face down.",
            decision="LD27",
            choices=("path", "any"),
            choice_labels=("A path piece comes", "An ordinary draw"),
        ),
        Option(
            key="wolf_stacking",
            default="stack",
            title="Wolf!!! on a skipping player",
            description="What a Wolf!!! does to a player who already skips their next turn: "
            "they skip the turn after as well, or it cannot be played on them.",
            rulebook="Wolf!!!: Target player skips their next turn.",
            decision="LD26",
            choices=("stack", "once"),
            choice_labels=("They skip one more turn", "It cannot be played"),
        ),
    )
    max_game_length = 20 + MAX_ROUNDS_LIMIT * ACTIONS_PER_ROUND
    piece_colours = PAWNS
    first_player = "youngest"  # "The youngest player goes first."

    def __init__(
        self,
        box: Box | None = None,
        load: Callable[[], Box] = default_box,
        rules_edition: int = 1,
    ) -> None:
        self._box = box
        self._load_box = load
        self.rules_edition = rules_edition
        """The rules edition this game plays (1: as games were played before editions)."""

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

    def new_game_setup(self) -> dict[str, Any]:
        """Setup data every new game starts with: the newest rules."""
        return {RULES_KEY: RULES_EDITION}

    def with_setup(self, setup: Mapping[str, Any]) -> LittleDeadRidingHoodGame:
        """``{"box": "<box file text>"}`` plays with that box (a saved game keeps it);
        ``"rules"`` names the rules edition; ``"pieces"`` gives each seat its hood."""
        edition = edition_in(self.name, setup, RULES_EDITION)
        box = box_from_setup(self.name, without_edition(without_pieces(setup)), parse_box)
        game = self
        if box is not None or edition != self.rules_edition:
            game = LittleDeadRidingHoodGame(
                box if box is not None else self._box, self._load_box, edition
            )
        return game.with_pieces(setup)

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
