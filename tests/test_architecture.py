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
