"""Little Dead Riding Hood's rows on the My box screen: the board's spare columns,
the tile pool by kind, and the event deck by effect and movement value.

Each part says whether it is assumed (shipped, LD1/LD2) or checked (the owner saved
it).  Every change goes through ``box_edits``, so the box on screen is always one
the game can play; a refused change is said in a sentence.  Steppers only: no typing.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.factory import Factory

from companion.engines.little_dead_riding_hood import (
    EFFECTS,
    MOVEMENT_VALUES,
    TILE_KINDS,
    Box,
    BoxEditRefused,
    box_edits,
    box_toml,
)
from companion.ui.box_rows import BoxEditor, mark, marked, stepper, steppers


class HoodBoxEditor(BoxEditor):
    """The board's columns, the tile pool and the event deck, by steppers."""

    box: Box
    refused = BoxEditRefused

    def saved_text(self) -> str:
        return box_toml(box_edits.checked(self.box))

    def rows(self) -> list[Any]:
        return [*self._board_rows(), *self._tile_rows(), *self._card_rows()]

    def _board_rows(self) -> list[Any]:
        box = self.box
        return [
            Factory.BoxPart(text=marked(f"The board: {box.rows} rows", box.assumed("board"))),
            stepper(
                f"Spare columns between two lanes: [b]{box.gap_columns}[/b]",
                partial(self._columns, "gap_columns"),
            ),
            stepper(
                f"Spare columns beside the outer lanes: [b]{box.edge_columns}[/b]",
                partial(self._columns, "edge_columns"),
            ),
        ]

    def _columns(self, where: str, direction: int) -> None:
        columns = getattr(self.box, where) + direction
        self.apply(lambda: box_edits.with_spare_columns(self.box, where, columns))

    def _tile_rows(self) -> list[Any]:
        rows: list[Any] = [
            Factory.Heading(text=f"Forest tiles: {sum(self.box.tiles.values())} in the pool")
        ]
        for kind, name in TILE_KINDS.items():
            text = (
                f"{name.capitalize()}: [b]{self.box.tiles.get(kind, 0)}[/b]  "
                f"({mark(self.box.assumed(kind))})"
            )
            rows.append(stepper(text, partial(self._tiles, kind)))
        return rows

    def _tiles(self, kind: str, direction: int) -> None:
        count = self.box.tiles.get(kind, 0) + direction
        self.apply(lambda: box_edits.with_tiles(self.box, kind, count))

    def _card_rows(self) -> list[Any]:
        rows: list[Any] = [
            Factory.Heading(text=f"Event cards: {sum(self.box.cards.values())} in the deck"),
            Factory.BoxPart(text="How many cards of each effect move 1, 2 or 3 spaces."),
        ]
        for effect, name in EFFECTS.items():
            total = sum(box_edits.copies(self.box, effect, m) for m in MOVEMENT_VALUES)
            rows.append(Factory.BoxPart(text=marked(f"{name}: {total}", self.box.assumed(effect))))
            rows.append(
                steppers(
                    *(
                        (
                            f"move {m}: [b]{box_edits.copies(self.box, effect, m)}[/b]",
                            partial(self._cards, effect, m),
                        )
                        for m in MOVEMENT_VALUES
                    )
                )
            )
        return rows

    def _cards(self, effect: str, movement: int, direction: int) -> None:
        count = box_edits.copies(self.box, effect, movement) + direction
        self.apply(lambda: box_edits.with_cards(self.box, effect, movement, count))
