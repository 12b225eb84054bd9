"""The Lost in the Woods Game: its id, house rules and box data (loaded when first needed)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engines.base import Game, Option
from companion.engines.box_edit import box_from_setup
from companion.engines.datafile import DataFileError
from companion.engines.lost_in_the_woods.box import Box, box_toml, shipped_box
from companion.engines.lost_in_the_woods.clock import CLOCK_END
from companion.engines.lost_in_the_woods.state import LostInTheWoodsState

MAX_SHUFFLES = 100


class LostInTheWoodsGame(Game):
    id = "lost-in-the-woods"
    name = "Lost in the Woods"
    min_players = 1
    max_players = 1
    options = (
        Option(
            key="deck",
            default="digital",
            description=(
                "Whether the app shuffles and deals the Journey deck, or you shuffle the "
                "real cards and tap what each one was."
            ),
            rulebook="Shuffle the remaining cards to make the Journey deck.",
            choices=("digital", "table"),
            title="Journey deck",
            choice_labels=("The app's deck", "Your real cards"),
        ),
        Option(
            key="max_shuffles",
            default=20,
            description=(
                "The game is lost if the Journey deck would be shuffled more often than "
                "this; real games shuffle far fewer times."
            ),
            rulebook="If there are no cards in the Journey deck, reshuffle the discard pile.",
            decision="LW12",
            minimum=1,
            maximum=MAX_SHUFFLES,
            title="Shuffle limit",
            step=1,
        ),
    )

    def __init__(self, box: Box | None = None) -> None:
        self._box = box

    @property
    def box(self) -> Box:
        """The box data; the shipped ``box.toml`` is read on first use, never at import."""
        if self._box is None:
            self._box = shipped_box()
        return self._box

    # -- the owner's box (the My box screen), saved with each game ---------------------
    def box_from_text(self, text: str, source: str) -> Box:
        """Validate a box file's text; BoxError names the file, place and problem."""
        return Box.from_text(text, source)

    def box_text(self) -> str:
        """This game's box as box file text (the shipped box unless an owner's is set)."""
        return box_toml(self.box)

    def with_setup(self, setup: Mapping[str, Any]) -> LostInTheWoodsGame:
        """``{"box": "<box file text>"}`` plays with that box (a saved game keeps it)."""
        box = box_from_setup(self.name, setup, Box.from_text)
        return self if box is None else LostInTheWoodsGame(box)

    def unavailable(self) -> str | None:
        try:
            _ = self.box
        except DataFileError as err:
            return f"{self.name} cannot start: {err}"
        return None

    @property  # type: ignore[misc]
    def max_game_length(self) -> int:  # type: ignore[override]
        # Each draw is followed by at most: its chance node (table) or one shuffled card
        # (digital), one act decision, one event choice, and one round end (end, compass
        # choices, three placements, a torch use).  Draws are bounded by the deck size times
        # the number of decks (LW12); LW10 rounds without draws each cost time (12 at most).
        per_draw = 8 + self.box.count("compass")
        return int(self.box.total * (MAX_SHUFFLES + 1) * per_draw + CLOCK_END * per_draw)

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> LostInTheWoodsState:
        return LostInTheWoodsState(self, players, options, seed)


GAME = LostInTheWoodsGame()
