"""A step's entry, movement and combat replayed picture by picture (no Kivy here).

The engine resolves a step at once; its view lists the step's events, each with the
tiles it changed (``GingerdeadTable.events``).  Working back from the final fields,
each event gets the picture just after it, so a screen can show a monster entering,
each row it moves and each fight, one at a time, at a pace the players choose.  The
game itself is already final: this is only what the screen shows meanwhile, down to
whose turn it was and which houses still stood at each picture.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.engines.gingerdead_house import FieldView, PhaseEvent

PACES = (("Slow", 2.4), ("Normal", 1.4), ("Fast", 0.7))
"""The Auto speeds: the name on the button and the seconds each picture stays."""


@dataclass(frozen=True)
class Frame:
    """One event as shown: its line, every field just after it, the tiles it changed."""

    text: str
    fields: tuple[FieldView, ...]
    changed: frozenset[tuple[int, int, int]]
    """(field, lane, row) of each tile this event changed."""
    active: int = 0
    """Whose turn it was at this picture."""

    @property
    def field(self) -> int | None:
        """The field this event happened on (None when it changed no tile)."""
        return min(self.changed)[0] if self.changed else None


def worth_replaying(events: Sequence[PhaseEvent]) -> bool:
    """A step where a monster entered, moved, fought or was destroyed (a defense placed
    on its own is seen at once: no replay)."""
    return any(
        "monster" in (change.before.kind, change.after.kind)
        for event in events
        for change in event.changes
    )


def frames(fields: Sequence[FieldView], events: Sequence[PhaseEvent]) -> tuple[Frame, ...]:
    """Each event with the picture just after it, the last one being ``fields``."""
    picture = list(fields)
    found: list[Frame] = []
    for event in reversed(events):
        changed = frozenset((c.field, c.after.lane, c.after.row) for c in event.changes)
        shown = tuple(f.standing(event.alive[f.player]) if event.alive else f for f in picture)
        found.append(Frame(event.text, shown, changed, event.active))
        for change in event.changes:  # back to the picture before this event
            picture[change.field] = picture[change.field].with_tile(change.before)
    return tuple(reversed(found))


class PhaseReplay:
    """Where a replay stands: which event shows, and whether it is over."""

    def __init__(self, fields: Sequence[FieldView], events: Sequence[PhaseEvent]) -> None:
        self.frames = frames(fields, events)
        self.index = 0
        self.done = not self.frames

    @property
    def frame(self) -> Frame:
        return self.frames[self.index]

    @property
    def field(self) -> int | None:
        """The field to show now: this event's, or (for a line that changes no tile,
        such as "Player 1's monsters move") the next event's that does."""
        for frame in self.frames[self.index :]:
            if frame.field is not None:
                return frame.field
        return None

    @property
    def hidden(self) -> int:
        """Events not shown yet (their lines stay out of the log until then)."""
        return 0 if self.done else len(self.frames) - 1 - self.index

    @property
    def at_last(self) -> bool:
        return self.index == len(self.frames) - 1

    def next(self) -> None:
        """Show the next event; past the last one the replay is over."""
        if self.at_last:
            self.done = True
        else:
            self.index += 1

    def skip(self) -> None:
        self.index = len(self.frames) - 1
        self.done = True

    def counter(self) -> str:
        return f"{self.index + 1} of {len(self.frames)}"
