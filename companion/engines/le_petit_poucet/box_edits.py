"""The owner's corrections to a Le Petit Poucet box, one touch at a time.

Each edit returns a new ``Box`` (or raises ``BoxEditRefused`` with a sentence the
owner can read), so the My box screen never holds a box the game could not play:
the path stays within its bounds, every seat keeps a colour of its own, every
series keeps a tree and the box keeps a series.  ``checked`` marks the whole box as
the owner's (no longer assumed) when they save it.
"""

from __future__ import annotations

import dataclasses

from companion.engines.box_edit import BoxEditRefused
from companion.engines.le_petit_poucet.box import (
    MAX_FOREST_SPACES,
    MAX_TREES,
    PAWN_HEX,
    Box,
    Series,
    Tree,
)

MAX_NAME = 24
"""The longest tree or series name the screens can show on one button."""


def _renumbered(box: Box, series: list[Series]) -> Box:
    """``box`` with ``series``, its trees numbered again in box order."""
    index = 0
    fixed: list[Series] = []
    for s in series:
        trees = tuple(Tree(index + i, s.key, s.name, t.name) for i, t in enumerate(s.trees))
        index += len(trees)
        fixed.append(dataclasses.replace(s, trees=trees))
    return dataclasses.replace(box, series=tuple(fixed))


def with_path_length(box: Box, spaces: int) -> Box:
    if not 1 <= spaces <= MAX_FOREST_SPACES:
        raise BoxEditRefused(f"The path has 1 to {MAX_FOREST_SPACES} forest spaces.")
    return dataclasses.replace(box, forest_spaces=spaces)


def colour_choices() -> tuple[str, ...]:
    """The pawn colours the app can draw."""
    return tuple(PAWN_HEX)


def with_colour(box: Box, seat: int, colour: str) -> Box:
    """Seat ``seat`` plays ``colour``; a seat that had it takes this seat's old colour."""
    if colour not in PAWN_HEX:
        raise BoxEditRefused(f"The app cannot draw a {colour} pawn.")
    colours = list(box.colours)
    if colour in colours:
        colours[colours.index(colour)] = colours[seat]
    colours[seat] = colour
    return dataclasses.replace(box, colours=tuple(colours))


def _tidy(name: str, what: str) -> str:
    tidy = " ".join(name.split()).casefold()
    if not tidy:
        raise BoxEditRefused(f"A {what} needs a name.")
    if len(tidy) > MAX_NAME or any(c in tidy for c in ",()"):
        raise BoxEditRefused(
            f"A {what} name is up to {MAX_NAME} letters, without commas or brackets."
        )
    return tidy


def _replace_series(box: Box, key: str, change: Series | None) -> Box:
    """``box`` with series ``key`` replaced by ``change`` (removed when None)."""
    kept = [change if s.key == key else s for s in box.series]
    return _renumbered(box, [s for s in kept if s is not None])


def _series(box: Box, key: str) -> Series:
    return next(s for s in box.series if s.key == key)


def with_tree(box: Box, key: str, name: str) -> Box:
    """Series ``key`` holds one more tree, ``name``."""
    series = _series(box, key)
    tree = _tidy(name, "tree")
    if any(t.name.casefold() == tree for t in series.trees):
        raise BoxEditRefused(f"The series \u201c{series.name}\u201d already has a {tree}.")
    if len(box.trees) >= MAX_TREES:
        raise BoxEditRefused(f"A box holds at most {MAX_TREES} trees.")
    grown = (*series.trees, Tree(0, key, series.name, tree))
    return _replace_series(box, key, dataclasses.replace(series, trees=grown))


def without_tree(box: Box, key: str, name: str) -> Box:
    """Series ``key`` without its tree ``name`` (a series keeps at least one tree)."""
    series = _series(box, key)
    trees = tuple(t for t in series.trees if t.name != name)
    if not trees:
        raise BoxEditRefused(
            f"The series \u201c{series.name}\u201d needs a tree: remove the whole series instead."
        )
    return _replace_series(box, key, dataclasses.replace(series, trees=trees))


def without_series(box: Box, key: str) -> Box:
    """The box without series ``key`` (a box keeps at least one series)."""
    if len(box.series) == 1:
        raise BoxEditRefused("The box needs at least one series of trees.")
    return _replace_series(box, key, None)


def with_series(box: Box, name: str, tree: str) -> Box:
    """A new series ``name`` holding one tree ``tree``."""
    tidy = _tidy(name, "series")
    if any(s.name.casefold() == tidy for s in box.series):
        raise BoxEditRefused(f"The box already has a series called {tidy}.")
    if len(box.trees) >= MAX_TREES:
        raise BoxEditRefused(f"A box holds at most {MAX_TREES} trees.")
    keys = {s.key for s in box.series}
    key = next(f"series-{n}" for n in range(1, len(keys) + 2) if f"series-{n}" not in keys)
    added = Series(key, tidy, False, (Tree(0, key, tidy, _tidy(tree, "tree")),))
    return _renumbered(box, [*box.series, added])


def checked(box: Box) -> Box:
    """The box as its owner saved it: every part checked, none assumed."""
    series = [dataclasses.replace(s, assumption=False) for s in box.series]
    owned = dataclasses.replace(box, path_assumption=False, pawns_assumption=False)
    return _renumbered(owned, series)
