"""A house rule's "Why?" reads in a family's words (issue 29): the rulebook's sentence
and that the table may decide otherwise, never the decision's code ("LD11"), which only
the docs keep."""

from __future__ import annotations

import re

import pytest
from kivy.core.window import Window

from companion.engines.registry import all_games
from companion.ui.info import Info
from companion.ui.option_row import OptionRow
from tests.ui.conftest import SIZES, Driver

CODE = re.compile(r"\b[A-Z]{2}\d+\b")
"""A decision's code as docs/ name it: two capitals and a number."""


@pytest.mark.parametrize("size", SIZES)
def test_why_names_no_rule_code(ui: Driver, size: tuple[int, int]) -> None:
    ui.resize(size)
    opened = 0
    for game in all_games():
        if not any(option.decision for option in game.options):
            continue
        ui.app.open_new_game(game.id)
        ui.pump(3)
        rows = [w for w in ui.screen().walk(restrict=True) if isinstance(w, OptionRow)]
        decided = [row for row in rows if row.option.decision]
        assert decided, f"{game.name} shows none of its decided rules"
        ui.tap(decided[0].ids.why_button)
        (info,) = [w for w in Window.children if isinstance(w, Info)]
        assert decided[0].option.rulebook in info.text
        assert "decide otherwise" in info.text
        assert not CODE.search(info.text), f"{game.name}'s Why? names a code: {info.text!r}"
        if opened == 0:
            ui.screenshot("house-rule-why-words", size)
        ui.tap(info.ids.close_button)
        ui.settle_dialogs()
        opened += 1
    assert opened >= 3
