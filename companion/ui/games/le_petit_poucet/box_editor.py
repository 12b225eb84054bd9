"""Le Petit Poucet's rows on the My box screen: path length, pawn colours, tree series.

Each part says whether it is assumed (shipped) or checked (the owner saved it).
Every change goes through ``box_edits``, so the box on screen is always one the
game can play; a refused change is said in a sentence.  Trees and series are named
on the on-screen keyboard, colours picked from the colours the app can draw.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.stacklayout import StackLayout

from companion.engines.le_petit_poucet import PAWN_HEX, Box, box_edits, box_toml
from companion.ui.box_editor_base import BoxEditor
from companion.ui.box_rows import button, line, marked, stepper
from companion.ui.confirm import Confirm
from companion.ui.name_keyboard import NameKeyboard
from companion.ui.pick_list import PickList
from companion.ui.players import from_hex, ink


def _hex_rgba(colour: str) -> tuple[float, float, float, float]:
    return from_hex(PAWN_HEX[colour])


class PoucetBoxEditor(BoxEditor):
    """Holds the box being corrected and builds its rows for the My box screen."""

    box: Box
    edits = box_edits
    to_text = box_toml

    # -- rows ------------------------------------------------------------------
    def parts(self) -> list[Any]:
        return [*self._path_rows(), *self._pawn_rows(), *self._series_rows()]

    def _path_rows(self) -> list[Any]:
        spaces = self.box.forest_spaces
        return [
            Factory.BoxPart(text=marked("The path", self.box.path_assumption)),
            stepper(
                f"Forest spaces between the start and the cottage: [b]{spaces}[/b]", self._step
            ),
        ]

    def _step(self, direction: int) -> None:
        spaces = self.box.forest_spaces + direction
        self.apply(lambda: box_edits.with_path_length(self.box, spaces))

    def _pawn_rows(self) -> list[Any]:
        rows: list[Any] = [Factory.BoxPart(text=marked("Child pawns", self.box.pawns_assumption))]
        for seat, colour in enumerate(self.box.colours):
            pawn = button(colour.capitalize(), partial(self._pick_colour, seat))
            if colour in PAWN_HEX:
                pawn.background_color = _hex_rgba(colour)
                pawn.color = ink(pawn.background_color)
            rows.append(line(f"Player {seat + 1}'s pawn", pawn))
        return rows

    def _pick_colour(self, seat: int) -> None:
        choices = [(c, c.capitalize()) for c in box_edits.colour_choices()]
        picker = PickList(
            f"Player {seat + 1}'s pawn colour",
            choices,
            lambda c: self.apply(lambda: box_edits.with_colour(self.box, seat, c)),
        )
        for choice in picker.ids.rows.children:  # each button in the colour it names
            choice.background_color = _hex_rgba(choice.picked)
            choice.color = ink(choice.background_color)
        picker.open()

    def _series_rows(self) -> list[Any]:
        rows: list[Any] = [Factory.Heading(text="Tree series")]
        for series in self.box.series:
            rows.append(
                line(
                    marked(series.name.capitalize(), series.assumption),
                    button("Add a tree", partial(self._add_tree, series.key)),
                    button("Remove series", partial(self._remove_series, series.key)),
                )
            )
            trees = StackLayout(size_hint_y=None, spacing=dp(6))
            for tree in series.trees:
                trees.add_widget(
                    button(
                        f"{tree.name}  \u00d7",
                        partial(self._remove_tree, series.key, tree.name),
                        width=140,
                    )
                )
            trees.bind(width=lambda w, _width: _fit(w))
            rows.append(trees)
        rows.append(button("Add a series", self._add_series, quiet=False, width=200))
        return rows

    def _add_tree(self, key: str) -> None:
        name = next(s.name for s in self.box.series if s.key == key)
        _ask_name(
            f"A new tree in the series \u201c{name}\u201d",
            lambda tree: self.apply(lambda: box_edits.with_tree(self.box, key, tree)),
        )

    def _remove_tree(self, key: str, tree: str) -> None:
        name = next(s.name for s in self.box.series if s.key == key)
        Confirm(
            f"Remove the {tree} from the series \u201c{name}\u201d?",
            "Remove it",
            lambda: self.apply(lambda: box_edits.without_tree(self.box, key, tree)),
        ).open()

    def _remove_series(self, key: str) -> None:
        name = next(s.name for s in self.box.series if s.key == key)
        Confirm(
            f"Remove the whole series \u201c{name}\u201d (all its trees) from your box?",
            "Remove the series",
            lambda: self.apply(lambda: box_edits.without_series(self.box, key)),
        ).open()

    def _add_series(self) -> None:
        _ask_name("The new series: how do its tokens feel? (e.g. 4 holes)", self._name_first_tree)

    def _name_first_tree(self, series: str) -> None:
        if not series:
            return
        _ask_name(
            f"The first tree of the series \u201c{series}\u201d",
            lambda tree: self.apply(lambda: box_edits.with_series(self.box, series, tree)),
        )


def _ask_name(title: str, on_name: Callable[[str], Any]) -> None:
    """A tree's or a series' name, typed on the on-screen keyboard (as typed, lower case)."""
    NameKeyboard(title, "", on_name, names=False, limit=box_edits.MAX_NAME).open()


def _fit(trees: StackLayout) -> None:
    """The tree buttons wrap to the screen's width: the row grows to hold them."""
    if not trees.children:
        return
    tree = trees.children[0]
    per_line = max(1, int((trees.width + trees.spacing[0]) // (tree.width + trees.spacing[0])))
    lines = -(-len(trees.children) // per_line)
    trees.height = lines * (tree.height + trees.spacing[1])
