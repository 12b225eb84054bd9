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
    box_edits,
    box_toml,
)
from companion.ui.box_editor_base import BoxEditor
from companion.ui.box_rows import mark, marked, stepper, steppers


class HoodBoxEditor(BoxEditor):
    """The board's columns, the tile pool and the event deck, by steppers."""

    box: Box
    edits = box_edits
    to_text = box_toml
    keeps_shape = True

    def parts(self) -> list[Any]:
        return [*self._board_rows(), *self._tile_rows(), *self._card_rows()]

    def _board_rows(self) -> list[Any]:
        box = self.box
        return [
            Factory.BoxPart(text=marked(f"The board: {box.rows} rows", box.assumed("board"))),
            stepper(
                self.words(partial(self._spare, "Spare columns between two lanes", "gap_columns")),
                partial(self._columns, "gap_columns"),
            ),
            stepper(
                self.words(
                    partial(self._spare, "Spare columns beside the outer lanes", "edge_columns")
                ),
                partial(self._columns, "edge_columns"),
            ),
        ]

    def _spare(self, words: str, where: str) -> str:
        return f"{words}: [b]{getattr(self.box, where)}[/b]"

    def _columns(self, where: str, direction: int) -> None:
        columns = getattr(self.box, where) + direction
        self.apply(lambda: box_edits.with_spare_columns(self.box, where, columns))

    def _tile_rows(self) -> list[Any]:
        rows: list[Any] = [self.words(self._pool, "Heading")]
        for kind in TILE_KINDS:
            rows.append(stepper(self.words(partial(self._tile, kind)), partial(self._tiles, kind)))
        return rows

    def _pool(self) -> str:
        return f"Forest tiles: {sum(self.box.tiles.values())} in the pool"

    def _tile(self, kind: str) -> str:
        count = self.box.tiles.get(kind, 0)
        return f"{TILE_KINDS[kind].capitalize()}: [b]{count}[/b]  ({mark(self.box.assumed(kind))})"

    def _tiles(self, kind: str, direction: int) -> None:
        count = self.box.tiles.get(kind, 0) + direction
        self.apply(lambda: box_edits.with_tiles(self.box, kind, count))

    def _card_rows(self) -> list[Any]:
        rows: list[Any] = [
            self.words(self._deck, "Heading"),
            Factory.BoxPart(text="How many cards of each effect move 1, 2 or 3 spaces."),
        ]
        for effect in EFFECTS:
            rows.append(self.words(partial(self._effect, effect, self.box.assumed(effect))))
            rows.append(
                steppers(
                    *(
                        (
                            self.words(partial(self._copies, effect, m), halign="right"),
                            partial(self._cards, effect, m),
                        )
                        for m in MOVEMENT_VALUES
                    )
                )
            )
        return rows

    def _deck(self) -> str:
        return f"Event cards: {sum(self.box.cards.values())} in the deck"

    def _effect(self, effect: str, assumed: bool) -> str:
        total = sum(box_edits.copies(self.box, effect, m) for m in MOVEMENT_VALUES)
        return marked(f"{EFFECTS[effect]}: {total}", assumed)

    def _copies(self, effect: str, movement: int) -> str:
        return f"move {movement}: [b]{box_edits.copies(self.box, effect, movement)}[/b]"

    def _cards(self, effect: str, movement: int, direction: int) -> None:
        count = box_edits.copies(self.box, effect, movement) + direction
        self.apply(lambda: box_edits.with_cards(self.box, effect, movement, count))
