"""Mutations of parsed data files for the fuzz tests: each says what it did and
whether any loader may accept the result (unknown keys, NaN, a wrong type never)."""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

Path_ = tuple[Any, ...]


@dataclass(frozen=True)
class Mutation:
    data: Any
    what: str
    must_refuse: bool
    kind: str = ""
    path: Path_ = ()

    def __repr__(self) -> str:
        return f"Mutation({self.what}, must_refuse={self.must_refuse})"


def paths(data: Any, prefix: Path_ = ()) -> list[Path_]:
    """Every place in a parsed file: keys of tables and items of arrays."""
    found: list[Path_] = []
    if isinstance(data, dict):
        for key, value in data.items():
            found.append((*prefix, key))
            found.extend(paths(value, (*prefix, key)))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found.append((*prefix, index))
            found.extend(paths(value, (*prefix, index)))
    return found


def _at(data: Any, path: Path_) -> Any:
    for step in path:
        data = data[step]
    return data


FREE_TEXT = {"text", "effect", "serial_port"}
"""Keys whose text may be empty: a card's rules text, no effect, find the port."""


def _wrong_values(old: Any, key: Any) -> list[tuple[Any, bool]]:
    """Replacement values, each with whether it must be refused."""
    out: list[tuple[Any, bool]] = [
        (math.nan, True),
        (math.inf, True),
        (-math.inf, True),
        ({"x": 1}, not isinstance(old, dict)),
        ("yes", not isinstance(old, str)),
    ]
    if isinstance(old, bool):
        out += [(1, True), ("true", True)]
    elif isinstance(old, int):
        out += [(-1, False), (-(10**12), False), (10**12, False), (0, False), ("3", True)]
    elif isinstance(old, float):
        out += [(-1.0, False), (1e300, False), ("1.5", True)]
    elif isinstance(old, str):
        blank = old != "" and key not in FREE_TEXT
        out += [("", blank), ("   ", blank), (3, True), (True, True), ("zz-unknown", False)]
    elif isinstance(old, list):
        out += [([], False), ("a", True), (7, True)]
    return out


@st.composite
def mutations(draw: st.DrawFn, original: dict[str, Any]) -> Mutation:
    data = copy.deepcopy(original)
    places = paths(data)
    path = draw(st.sampled_from(places))
    parent = _at(data, path[:-1])
    key = path[-1]
    kind = draw(st.sampled_from(["delete", "replace", "unknown", "rename", "duplicate"]))
    if kind == "delete":
        del parent[key]
        return Mutation(data, f"deleted {path}", False, kind, path)
    if kind == "replace":
        value, refuse = draw(st.sampled_from(_wrong_values(parent[key], key)))
        if isinstance(parent[key], float) and isinstance(value, int) and value is not True:
            refuse = False
        parent[key] = value
        return Mutation(data, f"{path} = {value!r}", refuse, kind, path)
    target = parent if isinstance(parent, dict) else parent[key]
    if kind == "unknown" and isinstance(target, dict):
        target["zz_unknown_key"] = 1
        return Mutation(data, f"unknown key in {path}", True, kind, path)
    if kind == "rename" and isinstance(parent, dict) and isinstance(parent[key], (dict, list)):
        parent[f"{key}s_renamed"] = parent.pop(key)
        return Mutation(data, f"renamed {path}", True, kind, path)
    if isinstance(parent, list):
        parent.append(copy.deepcopy(parent[key]))
        return Mutation(data, f"duplicated {path}", False, kind, path)
    del parent[key]
    return Mutation(data, f"deleted {path}", False, "delete", path)
