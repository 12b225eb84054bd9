"""The games are listed without importing their engines, and each loads when chosen."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

import companion.engines as engines_package
from companion.engines import registry

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = sorted(
    p for p in (ROOT / "companion" / "engines").iterdir() if (p / "__init__.py").exists()
)

PROBE = """
import json, sys
from companion.engines import registry
listed = [(l.id, l.name, l.players_text) for l in registry.listings()]
before = sorted(m for m in sys.modules if m.startswith("companion.engines.") and m.count(".") >= 3)
numpy = "numpy" in sys.modules
registry.get("le-petit-poucet")
after = sorted({m.split(".")[2] for m in sys.modules if m.startswith("companion.engines.") and m.count(".") >= 3})
print(json.dumps({"listed": listed, "before": before, "after": after, "numpy": numpy}))
"""


@pytest.mark.parametrize(
    "folder", PACKAGES + [ROOT / "examples" / "die_race"], ids=lambda p: p.name
)
def test_each_listing_says_what_its_game_says(folder: Path) -> None:
    listing = tomllib.loads((folder / registry.LISTING_FILE).read_text(encoding="utf-8"))
    module = ".".join(folder.relative_to(ROOT).parts)
    game = __import__(module, fromlist=["GAME"]).GAME
    assert listing == {
        "id": game.id,
        "name": game.name,
        "min_players": game.min_players,
        "max_players": game.max_players,
    }


def test_listing_the_games_imports_no_engine_and_choosing_one_imports_that_one() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, cwd=ROOT, check=True
    )
    probe = json.loads(done.stdout.splitlines()[-1])
    assert probe["before"] == []
    assert probe["after"] == ["le_petit_poucet"]
    assert not probe["numpy"]
    assert ["Le Petit Poucet", "2-5 players"] in [row[1:] for row in probe["listed"]]
    assert [row[0] for row in probe["listed"]] == [
        g.id for g in registry.all_games() if g.id != "die-race"
    ]


@pytest.fixture
def extra_packages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A second folder of game packages, and a registry that has loaded nothing yet."""
    monkeypatch.setattr(engines_package, "__path__", [*engines_package.__path__, str(tmp_path)])
    monkeypatch.setattr(registry, "_games", {})
    monkeypatch.setattr(registry, "_unavailable", {})
    monkeypatch.setattr(registry, "_discovered", False)
    monkeypatch.setattr(registry, "_read", {})
    yield tmp_path
    for name in [m for m in sys.modules if m.startswith("companion.engines.tiny_race")]:
        del sys.modules[name]


def write_listing(folder: Path, game_id: str, name: str) -> None:
    (folder / registry.LISTING_FILE).write_text(
        f'id = "{game_id}"\nname = "{name}"\nmin_players = 2\nmax_players = 4\n', encoding="utf-8"
    )


def test_a_listed_game_that_fails_to_load_is_refused_with_its_reason(extra_packages: Path) -> None:
    package = extra_packages / "broken_forest"
    package.mkdir()
    (package / "__init__.py").write_text(
        'raise ValueError("box.toml, lanes: must be at least 1")\n'
    )
    write_listing(package, "broken-forest", "Broken Forest")
    assert "Broken Forest" in [entry.name for entry in registry.listings()]
    with pytest.raises(registry.GameUnavailable) as refused:
        registry.get("broken-forest")
    assert (
        str(refused.value)
        == "Broken Forest is unavailable: ValueError: box.toml, lanes: must be at least 1"
    )
    assert registry.unavailable() == {
        "broken_forest": "ValueError: box.toml, lanes: must be at least 1"
    }
    assert "Broken Forest" not in [entry.name for entry in registry.listings()]  # now a grey tile


def test_a_package_without_a_readable_listing_is_imported_to_list_it(extra_packages: Path) -> None:
    package = extra_packages / "tiny_race"
    package.mkdir()
    (package / "__init__.py").write_text(
        "from examples.die_race.game import DieRaceGame\n\n\n"
        "class TinyRace(DieRaceGame):\n    id = 'tiny-race'\n    name = 'Tiny Race'\n\n\n"
        "GAME = TinyRace()\n"
    )
    (package / registry.LISTING_FILE).write_text("id = 'tiny-race'\nname = \n")  # not TOML
    assert registry.loaded("tiny-race") is None
    entry = next(e for e in registry.listings() if e.id == "tiny-race")
    assert (entry.name, entry.players_text, entry.package) == (
        "Tiny Race",
        "1-3 players",
        "tiny_race",
    )
    assert registry.loaded("tiny-race") is registry.get("tiny-race")


def test_an_unknown_id_names_the_known_games() -> None:
    with pytest.raises(KeyError, match="no game 'hide-and-seek' .known: .*lost-in-the-woods"):
        registry.get("hide-and-seek")
