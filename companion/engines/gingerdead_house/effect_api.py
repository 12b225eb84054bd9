"""What a card effect may hook into; the effects themselves live in ``effects.py``.

Each effect is a small named set of functions registered under its effect id (never
an eval of card text).  A hook that is None means the effect does not use that
moment of play.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.engines.gingerdead_house.actions import Target

if TYPE_CHECKING:
    from companion.engines.gingerdead_house.board import Board, Piece

AIMS = ("", "card", "step", "volley", "lane", "row", "field")
"""What a target names, for a screen: "card" a card at (field, lane, row); "step" a tile
(lane, row) of the defense's own field; "volley" rows of its lane; "lane" / "row"
(field, lane or row) of an opponent; "field" an opponent's field (field,)."""

Pos = tuple[int, int, int]
"""(field owner, lane 1-4, row 1-5)."""


@dataclass(frozen=True)
class Effect:
    id: str
    card_type: str
    summary: str
    before_entry: Callable[[Board, str], None] | None = None
    """Action cards: runs after the flip, before any monster enters."""
    opens_trick_window: bool = False
    """Action cards: the opponents may play tricks before the active player."""
    flips_action: bool = False
    """Action cards: the next action card is flipped too and played normally (Flip)."""
    on_enter: Callable[[Board, int, Piece], None] | None = None
    """Monsters: runs the first time the monster enters the game (it is on the field)."""
    resurrects: bool = False
    """Monsters: destroyed by a player, it is placed in row 5 of an opponent's field (GH6)."""
    on_collision: Callable[[Board, int, Piece, Pos, Pos | None], None] | None = None
    """Defenses: replaces ordinary combat when a monster runs into this defense."""
    ability_targets: Callable[[Board, Pos], list[Target]] | None = None
    """Defenses: the once-per-turn ability's choices for the defense at ``pos``."""
    ability_apply: Callable[[Board, Pos, Target], None] | None = None
    ability_text: Callable[[Board, Pos, Target], str] | None = None
    ability_aims: str = ""
    """What the ability's target names (see AIMS)."""
    trick_targets: Callable[[Board, int], list[Target]] | None = None
    """Tricks: the choices open to this player."""
    trick_apply: Callable[[Board, int, str, Target], None] | None = None
    trick_text: Callable[[Board, int, Target], str] | None = None
    trick_aims: str = ""
    """What the trick's target names (see AIMS)."""
    placed_on_any_field: bool = False
    """Defenses: may also go on an empty tile of any living player's field."""
    guarded_on_opponent_field: bool = False
    """Defenses: on a field of its owner's opponent it cannot be replaced, stolen or damaged."""
