"""``python -m benchmarks``: run every ``bench_*.py`` module's ``main()`` in turn."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import benchmarks
from benchmarks import goals


def main(selected: list[str]) -> int:
    for info in sorted(pkgutil.iter_modules(benchmarks.__path__), key=lambda i: i.name):
        if not info.name.startswith("bench_"):
            continue
        if selected and not any(s in info.name for s in selected):
            continue
        module = importlib.import_module(f"benchmarks.{info.name}")
        module.main()
    lines = goals.reported()
    if lines:
        print()
        for goal in lines:
            print(goal.line())
    return 0


sys.exit(main(sys.argv[1:]))
