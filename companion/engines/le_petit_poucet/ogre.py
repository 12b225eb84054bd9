"""The Ogre's seven-league boots (decision PP2), as a function of finished turns.

The boots' places follow from the number of finished turns alone, so the state
stores only that count and this module is the one place that knows the strides.
"""

from __future__ import annotations

OFF = -2
"""A boot still standing beside the Ogre's house."""
HOUSE = -1
"""A boot on one of the two footprint marks of the Ogre's house."""

BOOT_NAMES = ("first boot", "second boot")


def stride(turn: int) -> tuple[int, int]:
    """(boot, where it lands) at the end of ``turn`` (1-based).

    Turn 1: the first boot goes on a footprint; turn 2: the second boot on the other;
    turn 3: the first boot steps onto the starting space (0); from then on the rear
    boot jumps over the front boot to the next space, so turn t lands on t - 3.
    """
    if turn < 1:
        raise ValueError(f"turns are numbered from 1, got {turn}")
    if turn <= 2:
        return turn - 1, HOUSE
    return (turn - 3) % 2, turn - 3


def boots_after(turns_done: int) -> tuple[int, int]:
    """Where the two boots stand once ``turns_done`` turns have ended."""
    places = [OFF, OFF]
    for turn in range(1, turns_done + 1):
        boot, place = stride(turn)
        places[boot] = place
    return places[0], places[1]


def front(turns_done: int) -> int:
    """The furthest place either boot has reached (OFF, HOUSE or a space)."""
    return max(boots_after(turns_done))


def describe(place: int) -> str:
    if place == OFF:
        return "beside the Ogre's house"
    if place == HOUSE:
        return "on the Ogre's house"
    if place == 0:
        return "on the starting space"
    return f"on space {place}"
