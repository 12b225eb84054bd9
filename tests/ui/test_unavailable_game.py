"""A game package that could not load has a home tile saying so, and why when tapped."""

from __future__ import annotations

import pytest

from companion.engines import registry
from tests.ui.conftest import Driver


def test_an_unavailable_game_has_its_own_tile(ui: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    reason = "ValueError: manifest.toml, forest_spaces: must be at least 1, got -3"
    monkeypatch.setattr(registry, "unavailable", lambda: {"gingerdead_house": reason})
    home = ui.screen()
    home.on_pre_enter()
    ui.pump(3)
    tile = ui.button("unavailable", home.ids.tiles)
    assert "Gingerdead house" in tile.text
    ui.screenshot("home-unavailable-game")
    ui.tap(tile)
    assert ui.app.message == f"Gingerdead house is unavailable: {reason}"
    assert ui.screen().name == "home"
    monkeypatch.undo()
    home.on_pre_enter()
