"""A step: one pending thing on the state's stack (a helper's effect, a draw, a fight).

Every step is a frozen dataclass: its fields are all it remembers, so a position
saves and resumes at any moment, even between drawing a combat token and applying
it, and ``save.py`` reads the schema from the fields themselves.  A step answers,
while it is on top of the stack: who acts (``actor``), what they may do
(``actions``, or chance ``outcomes``; ``quick_check`` may tell one action's
legality without the list), what an action does (``apply``, only ever
called with a legal action) and which steps need nobody (``auto``, True when it
changed the stack).  A step changes by putting its changed copy back on the stack
(``s.replace_top``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from companion.engines.little_dead_riding_hood.actions import Act

if TYPE_CHECKING:
    from companion.engines.little_dead_riding_hood.state import LdrhState


@dataclass(frozen=True)
class Step:
    """Default behaviour: the step's player decides; nothing is automatic."""

    kind: ClassVar[str]
    """The step's type as saves name it (``"combat"``)."""
    stages: ClassVar[tuple[str, ...]] = ()
    """The values a ``stage`` field may take."""

    player: int

    def actor(self, s: LdrhState) -> int:
        return self.player

    def actions(self, s: LdrhState) -> list[Act]:
        return []

    def outcomes(self, s: LdrhState) -> list[tuple[Act, float]]:
        return []

    def quick_check(self, s: LdrhState, action: Act) -> bool | None:
        """Whether ``action`` is among this step's actions or outcomes, when that is
        cheaper to tell than the whole list (a saved game replays many); None: look it
        up in the list."""
        return None

    def apply(self, s: LdrhState, action: Any) -> None:
        raise NotImplementedError

    def auto(self, s: LdrhState) -> bool:
        return False
