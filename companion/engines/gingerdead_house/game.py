"""The Gingerdead House game: its id, house-rule options and its box of cards.

Each option carries the rulebook sentence it interprets.  The box (``box.toml``) is
read the first time a game needs it, never at import: a broken file makes only this
game unavailable (``unavailable()`` says why) instead of stopping the app.

The shipped box has versions: a game's setup data names the version it started with
(``{"box_version": 2}``) or carries the owner's own box (``{"box": text}``, the My box
screen); without either it is version 1, the decks every game was played with before
versions existed, so old saves and recorded replays keep their decks.  The rules have
editions the same way (``{"rules": 2}``, see ``rules_edition``): edition 2 keeps a
rival's Wizard of What from Godfather Death.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engines.base import (
    Game,
    InvalidOptions,
    InvalidState,
    Option,
    State,
    without_pieces,
)
from companion.engines.datafile import DataFileError
from companion.engines.gingerdead_house.board import MODES
from companion.engines.gingerdead_house.box import box_from_text, shipped_box
from companion.engines.gingerdead_house.box_text import box_toml
from companion.engines.gingerdead_house.cards import HAND_SIZE, MAX_FLIPS, SETUP_DEFENSES, Catalogue
from companion.engines.gingerdead_house.state import GingerdeadState
from companion.engines.rules_edition import RULES_KEY, edition_in, without_edition

RULES_EDITION = 2
"""The newest rules edition: 2 spares a rival's Wizard of What from Godfather Death."""

MODE = Option(
    key="mode",
    default="last-house",
    title="Way to play",
    description=(
        "The last house standing wins; in Co-op two teams of two win or lose together "
        "(4 players); in Monster Hunter you score the power of the monsters you destroy."
    ),
    rulebook=(
        "If your gingerbread house is the last standing, congratulations you won! ... "
        "Co-op: This is a team-based version where it is a 2 vs. 2 deathmatch! ... Monster "
        "Hunter: In this version, you keep all monsters that you destroy in a pile next to your deck."
    ),
    decision="GH7",
    choices=MODES,
    choice_labels=("Last house standing", "Co-op, 2 against 2", "Monster Hunter"),
)

TEAMS = Option(
    key="teams",
    default="across",
    title="Co-op teams",
    description=(
        "Who plays together in Co-op: partners sitting opposite each other (players 1 "
        "and 3 against 2 and 4) or side by side (1 and 2 against 3 and 4)."
    ),
    rulebook="Co-op: This is a team-based version where it is a 2 vs. 2 deathmatch!",
    decision="GH7",
    choices=("across", "side-by-side"),
    choice_labels=("Partners sit opposite", "Partners sit side by side"),
    only_with=("mode", "co-op"),
)

PLAYER_DECKS = Option(
    key="player_decks",
    default="digital",
    title="Player decks",
    description=(
        "Whether the app shuffles and deals each player's deck, or you draw your real "
        "cards and the app learns each card when it is played."
    ),
    rulebook="Draw from your deck until you reveal 3 defense cards.",
    decision="GH14",
    choices=("digital", "table"),
    choice_labels=("The app's decks", "Your real cards"),
)

ROUND_LIMIT = Option(
    key="round_limit",
    default=30,
    title="Round limit",
    description=(
        "After this many rounds the standing houses with the least monster power on their "
        "fields win (ties share); in Monster Hunter the scores decide."
    ),
    rulebook="If your gingerbread house is the last standing, congratulations you won!",
    decision="GH8",
    minimum=5,
    maximum=100,
)

OPTIONS = (MODE, TEAMS, PLAYER_DECKS, ROUND_LIMIT)


_TURN_BOUND = 1 + MAX_FLIPS + 3 * (2 * HAND_SIZE + 1) + 2 * HAND_SIZE + 30 + 1 + 50 + HAND_SIZE
"""Most actions in one turn: flips, the trick window, plays, abilities, resurrections, draws."""


class GingerdeadHouseGame(Game):
    id = "gingerdead-house"
    name = "Gingerdead House"
    piece_colours = (
        ("Gingerbread", "#b8692e"),
        ("Mint", "#27a37a"),
        ("Frosting Pink", "#d9488f"),
        ("Blueberry", "#3d63c9"),
    )
    """The rulebook names no house colours: four candy colours, apart at a glance."""
    min_players = 2
    max_players = 4
    options = OPTIONS
    max_game_length = 4 * (2 * SETUP_DEFENSES + HAND_SIZE) + 100 * 4 * _TURN_BOUND

    def __init__(
        self, catalogue: Catalogue | None = None, box_version: int = 1, rules_edition: int = 1
    ) -> None:
        self._catalogue = catalogue
        self._own_box = catalogue is not None
        self.box_version = box_version
        """The shipped box's version this game plays (unused with a catalogue of its own)."""
        self.rules_edition = rules_edition
        """The rules edition this game plays (1: as games were played before editions)."""

    @property
    def catalogue(self) -> Catalogue:
        """The box's cards, read from ``box.toml`` on first use (DataFileError if broken)."""
        if self._catalogue is None:
            self._catalogue = shipped_box(self.box_version)
        return self._catalogue

    # -- the box a game starts with (setup data, kept with each saved game) -------------
    def new_game_setup(self) -> dict[str, Any]:
        """Setup data for a new game without an owner's box: the newest shipped box and
        the newest rules."""
        return {"box_version": shipped_box().version, RULES_KEY: RULES_EDITION}

    def box_from_text(self, text: str, source: str) -> Catalogue:
        """Validate a box file's text; DataFileError names the file, place and problem."""
        return box_from_text(text, source)

    def box_text(self) -> str:
        """The box new games would play, as box file text: this game's own box, else the
        newest shipped one (the My box screen starts from it)."""
        return box_toml(self.catalogue if self._own_box else shipped_box())

    def with_setup(self, setup: Mapping[str, Any]) -> GingerdeadHouseGame:
        """The box below, the rules edition and ``"pieces"``: each seat's house colour."""
        edition = edition_in(self.name, setup, RULES_EDITION)
        game = self._with_box(without_edition(without_pieces(setup)))
        if game.rules_edition != edition:
            game = GingerdeadHouseGame(
                game.catalogue if game._own_box else None, game.box_version, edition
            )
        return game.with_pieces(setup)

    def _with_box(self, setup: Mapping[str, Any]) -> GingerdeadHouseGame:
        """``{"box": text}`` plays that box (the owner's, as it was when the game
        started); ``{"box_version": n}`` the shipped box's version n; ``{}`` version 1."""
        unknown = sorted(set(setup) - {"box", "box_version"})
        if unknown:
            raise InvalidOptions(f"{self.name} has no setup {', '.join(unknown)}")
        if "box" in setup:
            try:
                return GingerdeadHouseGame(
                    box_from_text(str(setup["box"]), "the box saved with this game")
                )
            except DataFileError as err:
                raise InvalidOptions(str(err)) from err
        version = setup.get("box_version", 1)
        newest = shipped_box().version
        if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version:
            raise InvalidOptions(f"the box version must be a whole number from 1, not {version!r}")
        if version > newest:
            raise InvalidOptions(
                f"this game was started with box version {version}; this companion has "
                f"versions 1 to {newest}"
            )
        return (
            self
            if version == self.box_version and not self._own_box
            else (GingerdeadHouseGame(box_version=version))
        )

    def unavailable(self) -> str | None:
        try:
            _ = self.catalogue
        except DataFileError as err:
            return f"The Gingerdead House box file is broken: {err}"
        return None

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> GingerdeadState:
        if options["mode"] == "co-op" and players != 4:
            raise InvalidOptions(f"Co-op is 2 vs 2: it needs 4 players, not {players}")
        return GingerdeadState(self, players, options, seed)

    def state_from_dict(self, data: Any) -> State:
        try:
            return super().state_from_dict(data)
        except InvalidOptions as err:
            raise InvalidState(f"saved state: {err}") from err


GAME = GingerdeadHouseGame()
