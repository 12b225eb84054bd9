"""Which choices the board takes by a tap, read from the choices' picture hints.

Every choice whose hint names a space (``{"cell": (row, col)}``) is played by tapping
that space: where a tile goes, where a pawn steps or is moved back, the Wicked Queen's
wolves, the Prince's switch, Picking Flowers.  A card played onto a space (My...What Big
Hands You Have?, Off The Path) is one button per card; it turns the board to that card's
spaces.  Only a space that two choices share keeps its buttons, so the list stays short;
the keys are the choices' own keys, never rebuilt here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from companion.engines.view import Choice

Cell = tuple[int, int]


@dataclass
class BoardInput:
    """The spaces a tap plays now, and the choices that stay buttons."""

    taps: dict[Cell, list[Choice]] = field(default_factory=dict)
    buttons: list[Choice] = field(default_factory=list)
    cards: dict[str, list[Choice]] = field(default_factory=dict)
    """Card plays aimed at a space, by card: each card is one button that picks a space."""

    def keys_at(self, cell: Cell) -> list[str]:
        return [c.key for c in self.taps.get(cell, [])]

    @property
    def targets(self) -> set[Cell]:
        return set(self.taps)


def _cell(choice: Choice) -> Cell | None:
    cell = choice.hint.get("cell")
    return (int(cell[0]), int(cell[1])) if cell is not None else None


def split(choices: Sequence[Choice], picking: str | None = None) -> BoardInput:
    """Sort ``choices`` into board taps and buttons; with ``picking`` (a card key) the
    board offers that card's spaces and the other choices wait."""
    result = BoardInput()
    for choice in choices:
        cell = _cell(choice)
        card = choice.hint.get("card")
        if cell is not None and card:
            result.cards.setdefault(card, []).append(choice)
        elif cell is not None:
            result.taps.setdefault(cell, []).append(choice)
        else:
            result.buttons.append(choice)
    if picking is not None and picking in result.cards:
        taps: dict[Cell, list[Choice]] = {}
        for choice in result.cards[picking]:
            cell = _cell(choice)
            assert cell is not None
            taps.setdefault(cell, []).append(choice)
        result.taps, result.cards, result.buttons = taps, {}, []
    shared = [c for spot in result.taps.values() if len(spot) > 1 for c in spot]
    result.buttons = shared + result.buttons
    return result
