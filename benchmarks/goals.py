"""The goal lines ``make bench`` ends with: one per goal, exactly
``goal NAME: met|missed MEASURED (target TARGET)``, so a run is read at a glance and a
script can check it.  Benchmarks report here; ``python -m benchmarks`` prints them last."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Goal:
    name: str
    met: bool
    measured: str
    target: str

    def line(self) -> str:
        return f"goal {self.name}: {'met' if self.met else 'missed'} {self.measured} (target {self.target})"


_reported: list[Goal] = []


def report(name: str, met: bool, measured: str, target: str) -> Goal:
    """Record one goal's outcome (and print it where it was measured, too)."""
    goal = Goal(name, bool(met), measured, target)
    _reported.append(goal)
    print(goal.line())
    return goal


def reported() -> list[Goal]:
    return list(_reported)
