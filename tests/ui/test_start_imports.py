"""A cold start reaches the home screen without numpy, any game's engine or any game
screen: those are most of a start, and each loads when its game is opened, its house
rules shown or its saved game resumed (issue 15, item 6).  Nor does it load the
command line's tools, the device code (gpiozero, the turntable's serial link) or
any shell screen but Home: each of those loads when first used.

Each case starts the app in a fresh interpreter, as ``companion --sim`` does, through
the start benchmark's own probe (``benchmarks/start_probe.py``), which prints every
module imported once the home screen has been drawn.  Nothing here is timed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from benchmarks.bench_start import start_on
from companion import paths
from companion import settings as settings_mod
from companion.engines import registry
from companion.session.journal import Journal
from companion.session.session import Session
from companion.ui.option_row import OptionRow
from tests.ui.conftest import Driver

ROOT = Path(__file__).resolve().parents[2]
GAME_PACKAGES = sorted(
    p.name for p in (ROOT / "companion" / "engines").iterdir() if (p / "__init__.py").is_file()
)
RESUMED = "beware-of-the-wolf"


def start_app(data_dir: Path) -> dict[str, Any]:
    """Start the app on ``data_dir``; what the probe saw at the home screen."""
    return start_on(str(data_dir))


def engines_imported(modules: list[str]) -> set[str]:
    return {
        package
        for package in GAME_PACKAGES
        for name in modules
        if name == f"companion.engines.{package}"
        or name.startswith(f"companion.engines.{package}.")
    }


HOME_MODULES = ("companion.ui.screens.home", "companion.ui.screens.shell")


def start_extras(modules: list[str]) -> list[str]:
    """Modules a start has no use for before Home is drawn."""
    later = ("companion.commands", "companion.devices.hub", "companion.devices.turntable")
    return [
        name
        for name in modules
        if name.split(".")[0] in ("gpiozero", "serial")
        or name.startswith(later)
        or (name.startswith("companion.ui.screens.") and name not in HOME_MODULES)
    ]


def game_screens_imported(modules: list[str]) -> list[str]:
    return [
        name
        for name in modules
        if name == "companion.ui.game_screen" or name.startswith("companion.ui.games")
    ]


@pytest.fixture(scope="module")
def game_packages() -> list[str]:
    assert len(GAME_PACKAGES) == 5, GAME_PACKAGES  # the five games of the box
    return GAME_PACKAGES


def test_a_first_start_shows_home_without_numpy_engines_or_game_screens(
    tmp_path: Path, game_packages: list[str]
) -> None:
    probe = start_app(tmp_path)
    assert probe["screen"] == "home"
    modules = probe["modules"]
    assert "numpy" not in modules
    assert engines_imported(modules) == set()
    assert game_screens_imported(modules) == []
    assert start_extras(modules) == []


def test_saved_house_rules_and_a_saved_game_import_only_the_resumed_games_engine(
    tmp_path: Path, game_packages: list[str]
) -> None:
    """Every game has a saved house rule, and one game is unfinished: the resume prompt
    says where that game stood (its engine replays it), the others wait to be opened."""
    saved = settings_mod.Settings()
    for game in registry.all_games():
        if game.options:
            option = game.options[0]
            saved.set_option(game.id, option.key, option.default, game)
    assert len(saved.house_rules) >= 4
    settings_mod.save(saved, paths.settings_path(tmp_path))
    journal = Journal(paths.journal_path(tmp_path))
    Session.start(journal, RESUMED, 2, seed=5, names=["Ann", "Bo"])
    journal.close()

    probe = start_app(tmp_path)
    assert probe["screen"] == "home"
    modules = probe["modules"]
    assert "numpy" not in modules
    resumed_package = RESUMED.replace("-", "_")
    assert engines_imported(modules) == {resumed_package}
    assert game_screens_imported(modules) == []


def test_settings_lists_every_game_and_shows_its_house_rules_when_opened(
    ui: Driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sections come from the listings; a game's rules are read from its engine
    when its section is tapped, and a saved rule this version no longer has is named."""
    games = registry.all_games()
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"house_rules": {games[0].id: {"zz": 1}}}))
    loaded, problem = settings_mod.load(path, check_now=False)
    assert problem is None
    monkeypatch.setattr(ui.app.services, "settings", loaded)
    ui.app.go("settings")
    ui.pump(3)
    screen = ui.screen()
    sections = {button.text: button for button in screen.ids.sections.children}
    assert set(sections) == {"Devices & sound", *(game.name for game in games)}
    for game in games:
        ui.tap(sections[game.name])
        if game is games[0]:
            ui.screenshot("settings-game-rules")
            ui.screenshot("settings-game-rules", (1280, 720))
        texts = [w.text for w in screen.ids.body.children if hasattr(w, "text")]
        assert f"House rules: {game.name}" in texts
        rows = [w for w in screen.ids.body.children if isinstance(w, OptionRow)]
        assert len(rows) == len(game.options), game.name
    reset = f'{games[0].name}: "zz", a rule this version does not have'
    assert [text for _, text in ui.app.messages if reset in text] != []
