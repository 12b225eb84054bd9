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


def test_a_game_with_a_broken_box_file_has_an_unavailable_tile(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.engines.datafile import DataFileError
    from companion.engines.le_petit_poucet import game as game_module

    def broken() -> None:
        raise DataFileError("le-petit-poucet box.toml", "[path] forest_spaces must be at least 1")

    game = registry.get("le-petit-poucet")
    monkeypatch.setattr(game_module, "packaged_box", broken)
    monkeypatch.setattr(game, "_box", None)
    monkeypatch.setattr(game, "_problem", None)
    home = ui.screen()
    home.on_pre_enter()
    ui.pump(3)
    tiles = [t for t in home.ids.tiles.children if getattr(t, "game_id", None)]
    assert game.id not in {t.game_id for t in tiles}  # no playable tile for it
    tile = ui.button(game.name, home.ids.tiles)
    assert "unavailable" in tile.text
    ui.tap(tile)
    assert ui.app.message == (
        f"{game.name} is unavailable: its box file is broken: "
        "le-petit-poucet box.toml: [path] forest_spaces must be at least 1"
    )
    assert ui.screen().name == "home"
    ui.app.open_new_game(game.id)  # a resume or a script: still refused, with the reason
    assert ui.screen().name == "home"
    assert "forest_spaces must be at least 1" in ui.app.message
    monkeypatch.undo()
    home.on_pre_enter()


def test_a_listed_game_that_fails_to_load_when_chosen_says_why_and_turns_grey(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib

    real_import = importlib.import_module
    reason = "ValueError: box.toml, forest_spaces: must be at least 1, got -3"

    def failing(name: str, *args: object) -> object:
        if name == "companion.engines.gingerdead_house":
            raise ValueError("box.toml, forest_spaces: must be at least 1, got -3")
        return real_import(name, *args)  # type: ignore[arg-type]

    games = {k: g for k, g in registry._games.items() if k != "gingerdead-house"}
    monkeypatch.setattr(registry, "_games", games)  # as at a start: not imported yet
    monkeypatch.setattr(registry, "_unavailable", {})
    monkeypatch.setattr(importlib, "import_module", failing)
    home = ui.screen()
    home.on_pre_enter()
    ui.pump(3)
    ui.tap(ui.button("Gingerdead House", home.ids.tiles))
    assert ui.app.message == f"Gingerdead House is unavailable: {reason}"
    assert ui.screen().name == "home"
    tile = ui.button("Gingerdead house", home.ids.tiles)
    assert "unavailable" in tile.text
    monkeypatch.undo()
    home.on_pre_enter()
