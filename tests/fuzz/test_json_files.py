"""settings.json and roster.json, mutated: moved aside with a message naming the file
and the field, or loaded as a file that really is valid (it saves and reloads the same).
Never a traceback, never accepted nonsense."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import roster as roster_mod
from companion import settings as settings_mod
from companion.devices.pins import DEFAULT_PINS
from companion.engines import registry
from tests.fuzz.mutations import Mutation, mutations

FUZZ = settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
JUNK = [b"\xff\xfe", b"[" * 100_000, b"1" * 5000, b"{", b"\x00", b"NaN", b'"', b"]"]


def sample_settings() -> dict[str, Any]:
    return {
        "serial_port": "/dev/ttyACM0",
        "turntable_analog": False,
        "pins": dict(DEFAULT_PINS),
        "sound": True,
        "tempo": 1.25,
        "house_rules": {
            game.id: game.resolve_options(None)
            for game in registry.all_games()
            if game.unavailable() is None
        },
    }


SAMPLE_ROSTER = {"recent": ["Ann", "Bob", "Chloé"], "games": {"le-petit-poucet": ["Ann", "Bob"]}}


def _settings_keep(mutation: Mutation) -> bool:
    """Changes the loader keeps by design: unknown top-level keys (for a newer version),
    and house rules of a game this version lacks."""
    path, kind = mutation.path, mutation.kind
    top_level = kind in ("unknown", "rename") and len(path) == 1
    return top_level or (kind == "rename" and path[0] == "house_rules" and len(path) == 2)


def _roster_keep(mutation: Mutation) -> bool:
    """A game id in the roster is free text: renaming one is a valid roster."""
    return mutation.kind == "rename" and mutation.path[:1] == ("games",) and len(mutation.path) == 2


def _check(
    path: Path,
    raw: bytes,
    load: Callable[[Path], tuple[Any, str | None]],
    save: Callable[[Any, Path], None],
    must_refuse: bool,
    what: str,
) -> None:
    path.write_bytes(raw)
    loaded, problem = load(path)
    if problem is None:
        assert not must_refuse, f"accepted nonsense: {what}"
        save(loaded, path)
        again, problem = load(path)
        assert problem is None and again == loaded, f"{what}: does not save and reload"
        return
    assert str(path) in problem, f"{what}: {problem!r} does not name the file"


@FUZZ
@given(mutation=mutations(sample_settings()))
def test_mutated_settings_are_moved_aside_or_valid(tmp_path: Path, mutation: Mutation) -> None:
    path = tmp_path / "settings.json"
    refuse = mutation.must_refuse and not _settings_keep(mutation)
    raw = json.dumps(mutation.data).encode()
    _check(path, raw, settings_mod.load, settings_mod.save, refuse, mutation.what)


@FUZZ
@given(mutation=mutations(SAMPLE_ROSTER))
def test_mutated_rosters_are_moved_aside_or_valid(tmp_path: Path, mutation: Mutation) -> None:
    path = tmp_path / "roster.json"
    refuse = mutation.must_refuse and not _roster_keep(mutation)
    raw = json.dumps(mutation.data).encode()
    _check(path, raw, roster_mod.load, roster_mod.save, refuse, mutation.what)


@pytest.mark.parametrize("which", ["settings", "roster"])
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(cut=st.integers(min_value=0, max_value=10**4), junk=st.sampled_from(JUNK))
def test_broken_json_bytes_are_moved_aside(
    tmp_path: Path, which: str, cut: int, junk: bytes
) -> None:
    module = settings_mod if which == "settings" else roster_mod
    data = sample_settings() if which == "settings" else SAMPLE_ROSTER
    good = json.dumps(data).encode()
    at = cut % (len(good) + 1)
    path = tmp_path / f"{which}.json"
    _check(path, good[:at] + junk + good[at:], module.load, module.save, False, f"{junk!r}@{at}")
