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

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.stacklayout import StackLayout

from companion.engines.le_petit_poucet import PAWN_HEX, Box, BoxEditRefused, box_edits, box_toml
from companion.ui.confirm import Confirm
from companion.ui.name_keyboard import NameKeyboard
from companion.ui.pick_list import PickList
from companion.ui.players import from_hex, ink


def marked(title: str, assumed: bool) -> str:
    """A part's heading with its mark: assumed (shipped) or checked (the owner's)."""
    mark = "[color=#e0b050]assumed[/color]" if assumed else "[color=#7fd08a]checked[/color]"
    return f"[b]{title}[/b]  ({mark})"


def _hex_rgba(colour: str) -> tuple[float, float, float, float]:
    return from_hex(PAWN_HEX[colour])


class PoucetBoxEditor:
    """Holds the box being corrected and builds its rows for the My box screen."""

    def __init__(self, box: Box, changed: Callable[[], None]) -> None:
        self.box = box
        self._changed = changed

    def saved_text(self) -> str:
        """The box file text to keep: everything on screen, now checked by its owner."""
        return box_toml(box_edits.checked(self.box))

    def _apply(self, edit: Callable[[], Box]) -> None:
        try:
            self.box = edit()
        except BoxEditRefused as err:
            App.get_running_app().notify(str(err))
            return
        self._changed()

    # -- rows ------------------------------------------------------------------
    def rows(self) -> list[Any]:
        return [*self._path_rows(), *self._pawn_rows(), *self._series_rows()]

    def _line(self, text: str, *buttons: Any) -> BoxLayout:
        line = BoxLayout(size_hint_y=None, height=dp(56), spacing=dp(6))
        line.add_widget(Factory.BoxPart(text=text))
        for button in buttons:
            line.add_widget(button)
        return line

    @staticmethod
    def _button(
        text: str, action: Callable[[], Any], quiet: bool = True, width: float = 150
    ) -> Any:
        button = (Factory.QuietTap if quiet else Factory.Tap)(
            text=text, size_hint_x=None, width=dp(width)
        )
        button.bind(on_release=lambda *_: action())
        return button

    def _path_rows(self) -> list[Any]:
        spaces = self.box.forest_spaces
        return [
            Factory.BoxPart(text=marked("The path", self.box.path_assumption)),
            self._line(
                f"Forest spaces between the start and the cottage: [b]{spaces}[/b]",
                self._button("-", lambda: self._step(-1), width=64),
                self._button("+", lambda: self._step(+1), width=64),
            ),
        ]

    def _step(self, direction: int) -> None:
        spaces = self.box.forest_spaces + direction
        self._apply(lambda: box_edits.with_path_length(self.box, spaces))

    def _pawn_rows(self) -> list[Any]:
        rows: list[Any] = [Factory.BoxPart(text=marked("Child pawns", self.box.pawns_assumption))]
        for seat, colour in enumerate(self.box.colours):
            button = self._button(colour.capitalize(), partial(self._pick_colour, seat))
            if colour in PAWN_HEX:
                button.background_color = _hex_rgba(colour)
                button.color = ink(button.background_color)
            rows.append(self._line(f"Player {seat + 1}'s pawn", button))
        return rows

    def _pick_colour(self, seat: int) -> None:
        choices = [(c, c.capitalize()) for c in box_edits.colour_choices()]
        picker = PickList(
            f"Player {seat + 1}'s pawn colour",
            choices,
            lambda c: self._apply(lambda: box_edits.with_colour(self.box, seat, c)),
        )
        for button in picker.ids.rows.children:  # each button in the colour it names
            button.background_color = _hex_rgba(button.picked)
            button.color = ink(button.background_color)
        picker.open()

    def _series_rows(self) -> list[Any]:
        rows: list[Any] = [Factory.Heading(text="Tree series")]
        for series in self.box.series:
            rows.append(
                self._line(
                    marked(series.name.capitalize(), series.assumption),
                    self._button("Add a tree", partial(self._add_tree, series.key)),
                    self._button("Remove series", partial(self._remove_series, series.key)),
                )
            )
            trees = StackLayout(size_hint_y=None, spacing=dp(6))
            for tree in series.trees:
                trees.add_widget(
                    self._button(
                        f"{tree.name}  \u00d7",
                        partial(self._remove_tree, series.key, tree.name),
                        width=140,
                    )
                )
            trees.bind(width=lambda w, _width: _fit(w))
            rows.append(trees)
        rows.append(self._button("Add a series", self._add_series, quiet=False, width=200))
        return rows

    def _add_tree(self, key: str) -> None:
        name = next(s.name for s in self.box.series if s.key == key)
        _ask_name(
            f"A new tree in the series \u201c{name}\u201d",
            lambda tree: self._apply(lambda: box_edits.with_tree(self.box, key, tree)),
        )

    def _remove_tree(self, key: str, tree: str) -> None:
        name = next(s.name for s in self.box.series if s.key == key)
        Confirm(
            f"Remove the {tree} from the series \u201c{name}\u201d?",
            "Remove it",
            lambda: self._apply(lambda: box_edits.without_tree(self.box, key, tree)),
        ).open()

    def _remove_series(self, key: str) -> None:
        name = next(s.name for s in self.box.series if s.key == key)
        Confirm(
            f"Remove the whole series \u201c{name}\u201d (all its trees) from your box?",
            "Remove the series",
            lambda: self._apply(lambda: box_edits.without_series(self.box, key)),
        ).open()

    def _add_series(self) -> None:
        _ask_name("The new series: how do its tokens feel? (e.g. 4 holes)", self._name_first_tree)

    def _name_first_tree(self, series: str) -> None:
        if not series:
            return
        _ask_name(
            f"The first tree of the series \u201c{series}\u201d",
            lambda tree: self._apply(lambda: box_edits.with_series(self.box, series, tree)),
        )


def _ask_name(title: str, on_name: Callable[[str], Any]) -> None:
    """A tree's or a series' name, typed on the on-screen keyboard (as typed, lower case)."""
    NameKeyboard(title, "", on_name, names=False, limit=box_edits.MAX_NAME).open()


def _fit(trees: StackLayout) -> None:
    """The tree buttons wrap to the screen's width: the row grows to hold them."""
    if not trees.children:
        return
    button = trees.children[0]
    per_line = max(1, int((trees.width + trees.spacing[0]) // (button.width + trees.spacing[0])))
    lines = -(-len(trees.children) // per_line)
    trees.height = lines * (button.height + trees.spacing[1])
