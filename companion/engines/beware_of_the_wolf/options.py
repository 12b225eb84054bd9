"""House-rule options for Beware of the Wolf (BW2-BW12), each citing the rulebook line it reads.

Kept beside ``game.py`` rather than in it: the list is long and is read by the
settings screen and the docs, while the Game only hands it on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.engines.base import InvalidOptions, Option
from companion.engines.beware_of_the_wolf.die import DEFAULT_FACES, WOLF_FACE, parse_faces

FACE_WORDS = (*((str(n), str(n)) for n in range(1, 13)), (WOLF_FACE, "Wolf's head"))
"""Every face a die may show (numbers 1-12 and the wolf's head), as ``parse_faces`` reads them."""


@dataclass(frozen=True)
class FacesOption(Option):
    """A text option that must read as a list of die faces."""

    item_word: str = "face"
    """What a screen calls one item of the list."""

    def validate(self, value: Any) -> Any:
        value = super().validate(value)
        try:
            parse_faces(value)
        except InvalidOptions as err:
            raise InvalidOptions(f'"{self.name}" {err}') from err
        return value


OPTIONS: tuple[Option, ...] = (
    FacesOption(
        key="die_faces",
        default=DEFAULT_FACES,
        description=(
            "What each face of the die shows; a roll of the wolf's head lets the roller "
            "spin the wolf."
        ),
        rulebook="If a player rolls the wolf's head, they may spin the wolf.",
        decision="BW2",
        title="Die faces",
        words=FACE_WORDS,
    ),
    Option(
        key="guard_blocks_passing",
        default=False,
        description=(
            "When on, a pawn may not even pass an unprotected space the wolf guards; "
            "when off, it may pass but not stop there."
        ),
        rulebook="No player may enter the zone guarded by the wolf, unless they can hide behind a tree.",
        decision="BW4",
        title="No passing the wolf",
    ),
    Option(
        key="midline_tolerance",
        default=2.0,
        description=(
            "How close, in degrees, the wolf's snout must be to the line between two "
            "spaces to hit both of them."
        ),
        rulebook=(
            "If the wolf's snout points exactly at the midline between two spaces, "
            "both spaces are affected."
        ),
        decision="BW5",
        title="Snout between two spaces (degrees)",
        step=0.5,
        minimum=0.0,
        maximum=10.0,
    ),
    Option(
        key="thrown_out",
        default="home",
        description=(
            "Where a pawn that is thrown out goes: back to its house to start its round "
            "again, or back 4 spaces on the outer path, as when the wolf hits it."
        ),
        rulebook="Throwing out is permitted; however, not onto a space behind a tree.",
        decision="BW7",
        title="A thrown-out pawn goes",
        choices=("home", "back4"),
        choice_labels=("Back to its house", "Back 4 spaces"),
    ),
    Option(
        key="wolf_hits_spinner",
        default=False,
        description="When on, the wolf also sends back the pawn of the player who spun it.",
        rulebook=(
            "If the wolf's snout points at a space where other players stand unprotected, "
            "that player must move their game piece back 4 spaces on the outer path."
        ),
        decision="BW11",
        title="The wolf hits the spinner too",
    ),
    Option(
        key="round_limit",
        default=150,
        description=(
            "After this many rounds the pawns furthest along win; only a very unlucky "
            "game lasts that long."
        ),
        rulebook=(
            "The game ends when a player can bring their game piece directly back into "
            "their house with an exact throw after a round in the forest."
        ),
        decision="BW12",
        title="Round limit",
        minimum=20,
        maximum=500,
    ),
)

MAX_ROUND_LIMIT = 500
