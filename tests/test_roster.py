"""roster.json damaged twice within one second: each copy is kept under its own name."""

from __future__ import annotations

import os
from pathlib import Path

from companion import roster as roster_mod


def test_two_damaged_rosters_in_the_same_second_are_both_kept(tmp_path: Path) -> None:
    path = tmp_path / "roster.json"
    messages = []
    for junk in ("{ first damage", "[second damage"):
        path.write_text(junk, encoding="utf-8")
        os.utime(path, (1_700_000_000, 1_700_000_000))  # the same second both times
        roster, problem = roster_mod.load(path)
        assert roster == roster_mod.Roster()
        assert problem is not None
        messages.append(problem)
    kept = sorted(p for p in tmp_path.iterdir() if p.name != "roster.json")
    assert len(kept) == 2
    assert {p.read_text(encoding="utf-8") for p in kept} == {"{ first damage", "[second damage"}
    assert not path.exists()
    assert all(str(p) in " ".join(messages) for p in kept)
