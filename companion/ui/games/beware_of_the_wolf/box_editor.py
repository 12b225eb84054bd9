"""Beware of the Wolf's rows on the My box screen: the board drawn, where a tap on an
outer space puts a tree there or takes it away, and the houses' colours.

Each part says whether it is assumed (shipped, BW1) or checked (the owner saved it).
A board taught with the turntable is the owner's own and carries no assumption, so
its parts read checked: the word the screen already explains for every part the owner
has set (a third word, "taught", would need explaining beside it).
Every change goes through ``box_edits``, so the board on screen is always one the
game can play.  Where the spaces lie and where the arrows lead are taught with the
turntable (Wolf tools), which the screen says.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp

from companion.engines.beware_of_the_wolf import Board, board_to_toml, box_edits
from companion.ui.box_editor_base import BoxEditor
from companion.ui.box_rows import button, line, marked
from companion.ui.games.beware_of_the_wolf.board_view import (
    HOUSE_COLOURS,
    BoardPicture,
    WolfBoardView,
)
from companion.ui.pick_list import PickList
from companion.ui.players import ink

BOARD_HEIGHT = 300
"""The drawn board's height (dp): its outer spaces are then a finger wide."""
SAVED_HEADER = "Beware of the Wolf: the board in this box (written by the My box screen)."
TAUGHT = (
    "Where the spaces lie and where the arrows lead are taught with the turntable: "
    "Wolf tools, Teach the board. The board saved last (here or there) is the one "
    "new games use."
)


def _saved(board: Board) -> str:
    """The board as My box writes it: under a header saying so."""
    return board_to_toml(board, header=SAVED_HEADER)


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


class WolfBoxEditor(BoxEditor):
    """The board's trees (tap the drawn board) and its houses' colours (pick-lists)."""

    box: Board
    edits = box_edits
    to_text = _saved
    view: WolfBoardView | None = None
    """The drawn board on screen (its taps put trees on it)."""

    def parts(self) -> list[Any]:
        board = self.box
        trees = box_edits.trees(board)
        view = WolfBoardView(size_hint_y=None, height=dp(BOARD_HEIGHT))
        view.show(board, BoardPicture())
        view.on_space = lambda space, _angle: self._toggle(space)
        view.on_house = self._pick_for_colour
        rows: list[Any] = [
            Factory.BoxPart(
                text=marked(
                    f"Trees: {trees} on the board (the box holds {box_edits.BOX_TREES})",
                    box_edits.assumed(board, box_edits.TREES),
                )
            ),
            Factory.BoxPart(
                text="Tap a space of the outer path to put a tree there or take it away."
            ),
            view,
            Factory.BoxPart(
                text=marked("House colours", box_edits.assumed(board, box_edits.COLOURS))
            ),
        ]
        for index, house in enumerate(board.houses):
            where = "at the top" if index == 0 else "clockwise"
            tap = button(house.colour.capitalize(), partial(self._pick_colour, index))
            if house.colour in HOUSE_COLOURS:
                tap.background_color = (*HOUSE_COLOURS[house.colour], 1)
                tap.color = ink(tap.background_color)
            rows.append(line(f"The {_ordinal(index + 1)} house ({where})", tap))
        rows.append(Factory.BoxPart(text=TAUGHT, font_size="15sp"))
        self.view = view
        return rows

    def _toggle(self, space: str) -> None:
        self.apply(lambda: box_edits.with_tree_toggled(self.box, space))

    def _pick_for_colour(self, colour: str) -> None:
        self._pick_colour(self.box.house_index[colour])

    def _pick_colour(self, house: int) -> None:
        choices = [(c, c.capitalize()) for c in HOUSE_COLOURS]
        picker = PickList(
            f"The {_ordinal(house + 1)} house's colour",
            choices,
            lambda c: self.apply(lambda: box_edits.with_house_colour(self.box, house, c)),
        )
        for choice in picker.ids.rows.children:  # each button in the colour it names
            choice.background_color = (*HOUSE_COLOURS[choice.picked], 1)
            choice.color = ink(choice.background_color)
        picker.open()
