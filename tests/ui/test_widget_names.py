"""Kivy's Factory and kv rules are global by class name: two screens must never share one."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "companion" / "ui"


def test_widget_classes_and_kv_rules_have_unique_names() -> None:
    classes = Counter(
        m for f in UI.rglob("*.py") for m in re.findall(r"^class (\w+)", f.read_text(), re.M)
    )
    rules = Counter(
        m.split("@")[0]
        for f in UI.rglob("*.kv")
        for m in re.findall(r"^<([\w@]+)>:", f.read_text(), re.M)
    )
    assert [c for c, n in classes.items() if n > 1] == []
    assert [r for r, n in rules.items() if n > 1] == []
