"""Imports point one way: ui -> session -> engines, ui -> devices; engines stay pure."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "companion"

FORBIDDEN = {
    "engines": (
        "kivy",
        "gpiozero",
        "serial",
        "sqlite3",
        "companion.session",
        "companion.devices",
        "companion.ui",
        "companion.commands",
    ),
    "session": ("kivy", "gpiozero", "serial", "companion.devices", "companion.ui"),
    "devices": ("kivy", "companion.ui", "companion.session"),
}


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports_only_what_it_may(layer: str) -> None:
    offenders = []
    for path in sorted((ROOT / layer).rglob("*.py")):
        for name in imports_of(path):
            if any(name == f or name.startswith(f + ".") for f in FORBIDDEN[layer]):
                offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


def test_no_module_is_a_god_module() -> None:
    long = [
        f"{p.relative_to(ROOT)}: {n} lines"
        for p in ROOT.rglob("*.py")
        if (n := len(p.read_text().splitlines())) > 800
    ]
    assert long == []


# -- the shape of a game package (the player's-view issue) ---------------------

ENGINES = ROOT / "engines"
TEMPLATE = ROOT.parent / "examples" / "die_race"
"""The worked template of docs/writing-a-game.md: it has the same shape."""
GAME_PACKAGES = sorted(p for p in ENGINES.iterdir() if (p / "__init__.py").exists()) + [TEMPLATE]
GAME_MODULES = ("__init__", "game", "state", "actions", "text", "save", "view", "box")
"""Every game has these modules; ``box.py`` loads the box data file ``box.toml``."""
SHARED_ENGINE_MODULES = {"base", "registry", "view", "checks", "datafile", "counts"}
"""What ``ui/`` may import from the engines besides each game package itself."""


def _is_type_checking(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def runtime_imports(path: Path) -> list[tuple[str, int]]:
    """Module-level imports (absolute names), leaving out ``if TYPE_CHECKING:`` blocks."""
    tree = ast.parse(path.read_text(), str(path))
    found: list[tuple[str, int]] = []
    for node in tree.body:
        if isinstance(node, ast.If) and _is_type_checking(node):
            continue
        for sub in ast.walk(node):
            if isinstance(sub, ast.Import):
                found += [(alias.name, sub.lineno) for alias in sub.names]
            elif isinstance(sub, ast.ImportFrom) and sub.module and sub.level == 0:
                found.append((sub.module, sub.lineno))
                found += [(f"{sub.module}.{alias.name}", sub.lineno) for alias in sub.names]
    return found


def function_level_imports(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(), str(path))
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            lines += [
                sub.lineno for sub in ast.walk(node) if isinstance(sub, ast.Import | ast.ImportFrom)
            ]
    return lines


@pytest.mark.parametrize("package", GAME_PACKAGES, ids=lambda p: p.name)
def test_every_game_package_has_the_same_shape(package: Path) -> None:
    missing = [m for m in GAME_MODULES if not (package / f"{m}.py").exists()]
    assert missing == [], f"{package.name} lacks {missing}"
    assert (package / "box.toml").exists(), f"{package.name} has no box.toml"


def test_no_function_level_imports_in_engines() -> None:
    offenders = [
        f"{p.relative_to(ROOT.parent)}:{line}"
        for p in sorted([*ENGINES.rglob("*.py"), *TEMPLATE.rglob("*.py")])
        for line in function_level_imports(p)
    ]
    assert offenders == []


@pytest.mark.parametrize("package", GAME_PACKAGES, ids=lambda p: p.name)
def test_imports_inside_a_game_flow_one_way(package: Path) -> None:
    """No import cycle among a game's modules (type-only imports aside)."""
    prefix = ".".join(package.relative_to(ROOT.parent).parts)
    modules = {
        ".".join(p.relative_to(package).with_suffix("").parts): p for p in package.rglob("*.py")
    }
    edges: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets = set()
        for imported, _ in runtime_imports(path):
            if imported.startswith(prefix + "."):
                rest = imported[len(prefix) + 1 :]
                while rest and rest not in modules:
                    rest = rest.rpartition(".")[0]
                if rest and rest != name and not rest.endswith("__init__"):
                    targets.add(rest)
        edges[name] = targets
    visiting: list[str] = []
    done: set[str] = set()

    def visit(node: str) -> None:
        if node in done:
            return
        assert node not in visiting, f"import cycle: {' -> '.join([*visiting, node])}"
        visiting.append(node)
        for nxt in edges.get(node, ()):
            visit(nxt)
        visiting.pop()
        done.add(node)

    for module in edges:
        visit(module)


def test_ui_imports_only_the_public_names_of_the_engines() -> None:
    games = {p.name for p in GAME_PACKAGES if p != TEMPLATE}
    offenders = []
    for path in sorted((ROOT / "ui").rglob("*.py")):
        for name in imports_of(path):
            if not name.startswith("companion.engines"):
                continue
            parts = name.split(".")
            if name == "companion.engines" or (
                len(parts) == 3 and (parts[2] in SHARED_ENGINE_MODULES or parts[2] in games)
            ):
                continue
            offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []
