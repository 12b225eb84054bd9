"""The steps of a turn and the round in the forest: the phases a position can be in.

Shared by the state (which moves through them) and the save checks (which refuse
a phase that does not exist), so neither has to import the other.
"""

from __future__ import annotations

PHASES = ("set-wolf", "choose-house", "roll", "move", "spin-choice", "spin", "over")
WOLF_PHASES = ("set-wolf", "spin")
"""The phases in which the table decides where the wolf points."""
ALL_QUARTERS = 0b1111
"""Every quarter of the board passed: the round in the forest is complete (BW8)."""
BACK_STEPS = 4
"""How far the wolf sends a pawn back along the outer path (BW6)."""
EVENT_KINDS = ("move", "wolf-hit", "thrown-out")
