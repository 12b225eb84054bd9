"""The steps that can wait on the state's stack, by the type their saves name."""

from companion.engines.little_dead_riding_hood.steps.base import Step
from companion.engines.little_dead_riding_hood.steps.card_turn import CardTurn, PickingFlowers
from companion.engines.little_dead_riding_hood.steps.combat import Combat
from companion.engines.little_dead_riding_hood.steps.draws import DrawCards, PlaceTile
from companion.engines.little_dead_riding_hood.steps.gifts import Godmother, Huntsman
from companion.engines.little_dead_riding_hood.steps.helpers import HelperChoice
from companion.engines.little_dead_riding_hood.steps.movement import Move
from companion.engines.little_dead_riding_hood.steps.prince import Prince
from companion.engines.little_dead_riding_hood.steps.queen import Queen
from companion.engines.little_dead_riding_hood.steps.stepmother import Stepmother

STEP_TYPES: dict[str, type[Step]] = {
    t.kind: t
    for t in (
        DrawCards,
        HelperChoice,
        Prince,
        Queen,
        Huntsman,
        Godmother,
        Stepmother,
        PlaceTile,
        CardTurn,
        Move,
        PickingFlowers,
        Combat,
    )
}

__all__ = [
    "STEP_TYPES",
    "CardTurn",
    "Combat",
    "DrawCards",
    "Godmother",
    "HelperChoice",
    "Huntsman",
    "Move",
    "PickingFlowers",
    "PlaceTile",
    "Prince",
    "Queen",
    "Step",
    "Stepmother",
]
