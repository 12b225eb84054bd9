"""The Gingerdead House game: its id, house-rule options and its box of cards.

Each option carries the rulebook sentence it interprets.  The box (``box.toml``) is
read the first time a game needs it, never at import: a broken file makes only this
game unavailable (``unavailable()`` says why) instead of stopping the app.
"""

from __future__ import annotations

from typing import Any

from companion.engines.base import Game, InvalidOptions, InvalidState, Option, State
from companion.engines.datafile import DataFileError
from companion.engines.gingerdead_house.board import MODES
from companion.engines.gingerdead_house.box import load_box
from companion.engines.gingerdead_house.cards import HAND_SIZE, MAX_FLIPS, SETUP_DEFENSES, Catalogue
from companion.engines.gingerdead_house.state import GingerdeadState

MODE = Option(
    key="mode",
    default="last-house",
    description=(
        "last-house: the last house standing wins. co-op: 2 vs 2 (4 players), you win and lose "
        "as a team. monster-hunter: score the power of the monsters you destroy (X = 0)."
    ),
    rulebook=(
        "If your gingerbread house is the last standing, congratulations you won! ... "
        "Co-op: This is a team-based version where it is a 2 vs. 2 deathmatch! ... Monster "
        "Hunter: In this version, you keep all monsters that you destroy in a pile next to your deck."
    ),
    decision="GH7",
    choices=MODES,
)

TEAMS = Option(
    key="teams",
    default="across",
    description=(
        "Co-op teams: across = players 1 and 3 against 2 and 4 (partners sit opposite); "
        "side-by-side = players 1 and 2 against 3 and 4."
    ),
    rulebook="Co-op: This is a team-based version where it is a 2 vs. 2 deathmatch!",
    decision="GH7",
    choices=("across", "side-by-side"),
)

PLAYER_DECKS = Option(
    key="player_decks",
    default="digital",
    description=(
        "digital: the app shuffles and deals each player's deck and knows every hand. table: "
        "players draw real cards; the app counts hands and learns a card when it is played."
    ),
    rulebook="Draw from your deck until you reveal 3 defense cards.",
    decision="GH14",
    choices=("digital", "table"),
)

ROUND_LIMIT = Option(
    key="round_limit",
    default=30,
    description=(
        "The game ends after this many rounds. Last house standing and Co-op: the surviving "
        "house(s) with the least monster power on their fields win (ties share). Monster "
        "Hunter: the scores decide as usual."
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

    def __init__(self, catalogue: Catalogue | None = None) -> None:
        self._catalogue = catalogue

    @property
    def catalogue(self) -> Catalogue:
        """The box's cards, read from ``box.toml`` on first use (DataFileError if broken)."""
        if self._catalogue is None:
            self._catalogue = load_box()
        return self._catalogue

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
