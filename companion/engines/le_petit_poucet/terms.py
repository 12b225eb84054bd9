"""The words shared by the rules, texts and save modules: phases, action kinds,
option values and player names."""

from __future__ import annotations

START = "start"  # chance: who is the first player of the first turn
DRAW = "draw"  # step 1: the first player draws a tree token
TOUCH = "touch"  # step 1: the token goes round the table
REVEAL = "reveal"  # step 2: chance: which tree card turns up
GRAB = "grab"  # step 2: who grabs the card (the speed grab)
ASK = "ask"  # step 2: Variant for the Less Quick, one child asked at a time
VOTE = "vote"  # step 3: secret pebble votes
CHECK = "check"  # step 4: chance: which tree the token in the box is
OVER = "over"
PHASES = (START, DRAW, TOUCH, REVEAL, GRAB, ASK, VOTE, CHECK, OVER)

KINDS = ("first", "draw", "pass", "box", "reveal", "grab", "take", "leave", "vote", "token")

FURTHEST_WIN = "furthest-win"
EVERYONE_LOSES = "everyone-loses"


def player_name(player: int) -> str:
    return f"P{player + 1}"


def removed_series(option: str) -> frozenset[str]:
    """The series keys named by the ``removed_series`` option ("" or "a,b")."""
    return frozenset(key for key in option.split(",") if key)
