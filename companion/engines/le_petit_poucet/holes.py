"""Where the holes are on a tree token of each series, as a screen draws them.

The fingers tell the series apart by the holes, so the screens draw each card's
holes as a small picture.  The rulebook names "2 vertical holes" and "2 horizontal
holes"; the packaged box's other series are keyed "none", "one" and "three".  An
owner's box file may name other series: their holes are guessed from the first
number in the series' name ("4 holes" -> four in a row), none without a number.
"""

from __future__ import annotations

import re

Point = tuple[float, float]
"""A hole's centre on the token, x and y from 0 to 1 (y up)."""

KNOWN: dict[str, tuple[Point, ...]] = {
    "none": (),
    "one": ((0.5, 0.5),),
    "vertical": ((0.5, 0.28), (0.5, 0.72)),
    "horizontal": ((0.28, 0.5), (0.72, 0.5)),
    "three": ((0.5, 0.74), (0.28, 0.32), (0.72, 0.32)),
}
MAX_DRAWN = 6


def holes(series_key: str, series_name: str = "") -> tuple[Point, ...]:
    """The holes of a token of this series, for a picture."""
    if series_key in KNOWN:
        return KNOWN[series_key]
    found = re.search(r"\d+", series_name)
    count = min(int(found.group()), MAX_DRAWN) if found else 0
    vertical = "vertical" in series_name.casefold()
    spots = [(i + 1) / (count + 1) for i in range(count)]
    return tuple((0.5, 1 - s) if vertical else (s, 0.5) for s in spots)
