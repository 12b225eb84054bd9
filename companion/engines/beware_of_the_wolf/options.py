"""House-rule options for Beware of the Wolf (BW2-BW12), each citing the rulebook line it reads.

Kept beside ``game.py`` rather than in it: the list is long and is read by the
settings screen and the docs, while the Game only hands it on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.engines.base import Option
from companion.engines.beware_of_the_wolf.die import DEFAULT_FACES, parse_faces


@dataclass(frozen=True)
class FacesOption(Option):
    """A text option that must read as a list of die faces."""

    def validate(self, value: Any) -> Any:
        value = super().validate(value)
        parse_faces(value)
        return value


OPTIONS: tuple[Option, ...] = (
    FacesOption(
        key="die_faces",
        default=DEFAULT_FACES,
        description="The die's faces, separated by spaces; 'wolf' is the wolf's head.",
        rulebook="If a player rolls the wolf's head, they may spin the wolf.",
        decision="BW2",
        title="Die faces",
    ),
    Option(
        key="guard_blocks_passing",
        default=False,
        description=(
            "Off: a move may pass through the guarded zone but not end on an unprotected "
            "space in it. On: it may not pass through such a space either."
        ),
        rulebook="No player may enter the zone guarded by the wolf, unless they can hide behind a tree.",
        decision="BW4",
        title="No passing the wolf",
    ),
    Option(
        key="midline_tolerance",
        default=2.0,
        description="How close (degrees) the snout must be to a boundary to count as 'exactly at the midline'.",
        rulebook=(
            "If the wolf's snout points exactly at the midline between two spaces, "
            "both spaces are affected."
        ),
        decision="BW5",
        title="Midline width (degrees)",
        step=0.5,
        minimum=0.0,
        maximum=10.0,
    ),
    Option(
        key="thrown_out",
        default="home",
        description=(
            "Where a thrown-out pawn goes: 'home' = back to its house to start its round again; "
            "'back4' = back 4 spaces on the outer path, like a wolf hit."
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
        description="Whether the wolf also sends back the pawn of the player who spun it.",
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
            "The game ends after this many rounds of turns; then the pawn(s) furthest "
            "along win. Only reached by very unlucky games; it keeps every game finite."
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
