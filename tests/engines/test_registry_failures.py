"""One game package that fails to import takes down that game, not the list."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import companion.engines as engines_package
from companion.cli import main
from companion.engines import registry


@pytest.fixture
def broken_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    package = tmp_path / "broken_forest"
    package.mkdir()
    (package / "__init__.py").write_text(
        'raise ValueError("manifest.toml, forest_spaces: must be at least 1, got -3")\n'
    )
    monkeypatch.setattr(engines_package, "__path__", [*engines_package.__path__, str(tmp_path)])
    monkeypatch.setattr(registry, "_games", {})
    monkeypatch.setattr(registry, "_unavailable", {})
    monkeypatch.setattr(registry, "_discovered", False)
    yield


@pytest.mark.usefixtures("broken_package")
def test_the_other_games_are_listed_and_the_failure_is_exposed() -> None:
    ids = {g.id for g in registry.all_games()}
    assert {"beware-of-the-wolf", "le-petit-poucet", "lost-in-the-woods"} <= ids
    assert registry.unavailable() == {
        "broken_forest": "ValueError: manifest.toml, forest_spaces: must be at least 1, got -3"
    }


@pytest.mark.usefixtures("broken_package")
def test_companion_games_prints_the_unavailable_one_with_its_reason(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "beware-of-the-wolf" in out
    assert "broken_forest                unavailable: ValueError: manifest.toml" in out


def test_companion_games_prints_a_game_whose_box_file_is_broken(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.engines.datafile import DataFileError
    from companion.engines.le_petit_poucet import game as game_module

    def broken() -> None:
        raise DataFileError("le-petit-poucet box.toml", "[path] forest_spaces is missing")

    game = registry.get("le-petit-poucet")
    monkeypatch.setattr(game_module, "packaged_box", broken)
    monkeypatch.setattr(game, "_box", None)
    monkeypatch.setattr(game, "_problem", None)
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert (
        "le-petit-poucet              unavailable: its box file is broken: "
        "le-petit-poucet box.toml: [path] forest_spaces is missing"
    ) in out
    assert "Le Petit Poucet (" not in out
    assert "beware-of-the-wolf" in out
