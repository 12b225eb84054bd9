"""The Le Petit Poucet game description: players, house rules and the box.

The box file is read when the game first needs it (its options, a new game), never
at import: a broken box.toml makes this game unavailable (``unavailable()`` says
why) instead of stopping the app.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engines.base import Game, InvalidOptions, Option, without_pieces
from companion.engines.box_edit import box_from_setup
from companion.engines.datafile import DataFileError
from companion.engines.le_petit_poucet.box import Box, box_from_text, box_toml, packaged_box
from companion.engines.le_petit_poucet.house_rules import options_for, removed_series
from companion.engines.le_petit_poucet.state import PoucetState

FALLBACK_LENGTH = 10_000
"""The length bound used only while the box cannot be read (no game can start then)."""


def game_length_bound(box: Box, players: int) -> int:
    """A true upper bound on actions in one game.

    Each turn sets one tree aside, so there are at most as many turns as trees (and
    the Ogre sweeps the path within forest_spaces + 3 turns).  A turn is: draw, one
    touch per player, per card one reveal plus up to one answer per player, one vote
    per player, the check.
    """
    trees = len(box.trees)
    turns = min(trees, box.forest_spaces + 3)
    per_turn = 1 + players + trees * (1 + players) + players + 1
    return 1 + turns * per_turn


class LePetitPoucetGame(Game):
    id = "le-petit-poucet"
    name = "Le Petit Poucet"
    min_players = 2
    max_players = 5
    first_player = "in-game"
    round_word = "Turn"
    """ "A game consists of several turns": the log's rounds are the rulebook's turns."""
    """"A player chosen at random is the first player for the first turn."  The engine
    has its own chance node for it (decision 5, kept so that saved games replay), drawn
    by the app or entered by the table, so New game does not ask."""

    def __init__(self, box: Box | None = None) -> None:
        self._box = box
        self._problem: str | None = None

    # -- the box, read once when first needed ----------------------------------------
    def _load(self) -> Box | None:
        if self._box is None and self._problem is None:
            try:
                self._box = packaged_box()
            except DataFileError as err:
                self._problem = str(err)
        return self._box

    @property
    def box(self) -> Box:
        """The box data; InvalidOptions (saying why) when the file is broken."""
        box = self._load()
        if box is None:
            raise InvalidOptions(f"{self.name} cannot be played here: {self._problem}")
        return box

    def unavailable(self) -> str | None:
        self._load()
        return None if self._problem is None else f"its box file is broken: {self._problem}"

    # -- the owner's box (the My box screen), saved with each game ---------------------
    def box_from_text(self, text: str, source: str) -> Box:
        """Validate a box file's text; DataFileError names the file, place and problem."""
        return box_from_text(text, source)

    def box_text(self) -> str:
        """This game's box as box file text (the shipped box unless an owner's is set)."""
        return box_toml(self.box)

    def with_setup(self, setup: Mapping[str, Any]) -> LePetitPoucetGame:
        """``{"box": "<box file text>"}`` plays with that box (the owner's, as it was when
        the game started: saved games keep the text, so a resumed game keeps its box);
        ``"pieces"`` gives each seat its Child pawn."""
        box = box_from_setup(self.name, without_pieces(setup), box_from_text)
        game = self if box is None else LePetitPoucetGame(box)
        return game.with_pieces(setup)

    # Properties where ``Game`` has class attributes: they depend on the box, which
    # must not be read at import.
    @property
    def options(self) -> tuple[Option, ...]:  # type: ignore[override]
        """The house rules; the easier-game choices come from the box's series."""
        return options_for(self._load())

    @property
    def piece_colours(self) -> tuple[tuple[str, str], ...]:  # type: ignore[override]
        """The Child pawns' colours, from the box file."""
        box = self._load()
        return () if box is None else box.piece_colours()

    @property
    def max_game_length(self) -> int:  # type: ignore[override]
        box = self._load()
        return FALLBACK_LENGTH if box is None else game_length_bound(box, self.max_players)

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> PoucetState:
        box = self.box
        unknown = removed_series(options["removed_series"]) - set(box.series_keys())
        if unknown:
            rule = self.option("removed_series").name
            raise InvalidOptions(
                f'"{rule}" names series this box lacks: {", ".join(sorted(unknown))}'
            )
        return PoucetState(self, players, options, seed, box)


GAME = LePetitPoucetGame()
