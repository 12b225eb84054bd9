"""Lost in the Woods's rows on the My box screen: how many cards of each kind.

One stepper per kind, grouped as the deck is (Progress, Fright, Event), each group
marked assumed (the shipped split, LW1) or checked (the owner saved it).  Every
change goes through ``box_edits``, so the deck on screen is one the game can play.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from companion.engines.lost_in_the_woods import NAMES, Box, box_edits, box_toml
from companion.ui.box_editor_base import BoxEditor
from companion.ui.box_rows import marked, stepper


class WoodsBoxEditor(BoxEditor):
    """The Journey deck's counts, one stepper per kind of card."""

    box: Box
    edits = box_edits
    to_text = box_toml
    keeps_shape = True

    def parts(self) -> list[Any]:
        rows: list[Any] = [self.words(self._deck)]
        for section, kinds in box_edits.SECTIONS.items():
            assumed = section not in self.box.checked
            rows.append(self.words(partial(self._heading, section, assumed)))
            for kind in kinds:
                rows.append(
                    stepper(self.words(partial(self._count, kind)), partial(self._step, kind))
                )
        return rows

    def _deck(self) -> str:
        return (
            f"The Journey deck holds [b]{self.box.total}[/b] cards "
            "(besides the Mansion and the Bridge)."
        )

    def _heading(self, section: str, assumed: bool) -> str:
        total = box_edits.section_total(self.box, section)
        return marked(f"{box_edits.TITLES[section]}: {total}", assumed)

    def _count(self, kind: str) -> str:
        return f"{NAMES[kind]}: [b]{self.box.count(kind)}[/b]"

    def _step(self, kind: str, direction: int) -> None:
        count = self.box.count(kind) + direction
        self.apply(lambda: box_edits.with_count(self.box, kind, count))
