"""The die's faces are picked by touch (issue 13.4): each face from a pick-list of the
faces the game allows, a face added or taken away, no keyboard, at both screen sizes."""

from __future__ import annotations

from typing import Any

import pytest

from companion.ui.option_row import OptionRow
from companion.ui.pick_list import ListEditor, PickList
from tests.ui.conftest import SIZES, Driver


def _dialog(kind: type) -> Any:
    from kivy.core.window import Window

    found = [w for w in Window.children if isinstance(w, kind)]
    assert found, f"no {kind.__name__} is open"
    return found[0]


def _faces_row(ui: Driver) -> OptionRow:
    rows = ui.screen().ids.options.children
    return next(r for r in rows if isinstance(r, OptionRow) and r.option.key == "die_faces")


@pytest.mark.parametrize("size", SIZES)
def test_the_die_faces_are_picked_face_by_face(ui: Driver, size: tuple[int, int]) -> None:
    ui.resize(size)
    ui.app.open_new_game("beware-of-the-wolf")
    ui.pump(3)
    row = _faces_row(ui)
    assert "Die faces: 1, 2, 3, 4, 5, Wolf's head" in row.label_text
    assert not [b for b in row.ids.controls.children if b.text == "Type"]
    ui.tap(ui.button("Change", row.ids.controls))
    editor = _dialog(ListEditor)
    faces = list(reversed(editor.ids.item_grid.children))
    assert [f.text for f in faces] == ["1", "2", "3", "4", "5", "Wolf's head"]
    ui.tap(faces[0])  # the first face becomes a second wolf's head
    picker = _dialog(PickList)
    labels = [b.text for b in reversed(picker.ids.rows.children)]
    assert labels == [str(n) for n in range(1, 13)] + ["Wolf's head"]
    ui.screenshot("die-face-pick-list", size)
    ui.tap(ui.button("Wolf's head", picker))
    ui.settle_dialogs()
    ui.tap(editor.ids.add_button)  # a seventh face, then made a 6
    faces = list(reversed(editor.ids.item_grid.children))
    assert len(faces) == 7
    ui.tap(faces[6])
    ui.tap(ui.button("6", _dialog(PickList)))
    ui.settle_dialogs()
    ui.screenshot("die-faces-editor", size)
    ui.tap(editor.ids.done_button)
    ui.settle_dialogs()
    assert ui.screen().options["die_faces"] == "wolf 2 3 4 5 wolf 6"
    assert "Die faces: Wolf's head, 2, 3, 4, 5, Wolf's head, 6" in _faces_row(ui).label_text


def test_a_die_without_a_number_is_refused_in_a_sentence(ui: Driver) -> None:
    ui.app.open_new_game("beware-of-the-wolf")
    ui.pump(3)
    ui.screen().options["die_faces"] = "1 wolf"
    row = _faces_row(ui)
    row.value = "1 wolf"
    ui.tap(ui.button("Change", row.ids.controls))
    editor = _dialog(ListEditor)
    assert editor.ids.remove_button.disabled is False
    ui.tap(list(reversed(editor.ids.item_grid.children))[0])
    ui.tap(ui.button("Wolf's head", _dialog(PickList)))
    ui.settle_dialogs()
    ui.tap(editor.ids.done_button)
    assert editor.problem_text == '"Die faces" needs at least one number face.'
    assert "'" not in editor.problem_text and "option" not in editor.problem_text
    assert ui.screen().options["die_faces"] == "1 wolf"  # nothing changed
    ui.tap(editor.ids.cancel_button)
