"""The rulebook's turn, as the phases a position can be in.

A turn is five steps (touch, find, help each other, advance, the Ogre); the engine
splits them where a different person acts or the table must say what turned up.
"""

from __future__ import annotations

START = "start"  # chance: who is the first player of the first turn
DRAW = "draw"  # step 1: the first player draws a tree token
TOUCH = "touch"  # step 1: the token goes round the table
REVEAL = "reveal"  # step 2: chance: which tree card turns up
GRAB = "grab"  # step 2: who grabs the card (the speed grab)
ASK = "ask"  # step 2: Variant for the Less Quick, one child asked at a time
VOTE = "vote"  # step 3: secret pebble votes
CHECK = "check"  # step 4: chance: which tree the token in the box is (step 5 follows at once)
OVER = "over"
PHASES = (START, DRAW, TOUCH, REVEAL, GRAB, ASK, VOTE, CHECK, OVER)

STEP_OF_PHASE = {
    START: 0,
    DRAW: 1,
    TOUCH: 1,
    REVEAL: 2,
    GRAB: 2,
    ASK: 2,
    VOTE: 3,
    CHECK: 4,
    OVER: 0,
}
"""The rulebook's step number (1-5) each phase belongs to; 0 outside the turn."""
