"""One validating reader for saved games and data files.

A saved state and an owner's data file are both untrusted input: each value is
checked for its type and range, and a fault says where it is.  Every check takes
the place (``where``) and the exception to raise, so the same checks serve
``save.py`` (InvalidState) and the data loaders (DataFileError).  Hand-written
rather than msgspec or pydantic: the checks are few, domain-shaped (players, card
counts) and must word their messages for a family, and the engines stay stdlib.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Collection, Mapping
from typing import Any

from companion.engines.base import InvalidState

Error = Callable[[str], Exception]
"""Builds the exception to raise from a message."""


def fail(where: str, problem: str, error: Error = InvalidState) -> Exception:
    """The exception for ``problem`` at ``where`` (raise it)."""
    return error(f"{where} {problem}" if where else problem)


def whole(
    value: Any,
    where: str,
    low: int | None = None,
    high: int | None = None,
    error: Error = InvalidState,
) -> int:
    """A whole number (never a bool) within ``low``..``high``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise fail(where, f"must be a whole number, got {_shown(value)}", error)
    if (low is not None and value < low) or (high is not None and value > high):
        raise fail(where, f"must be {_range(low, high)}, got {value}", error)
    return value


def number(
    value: Any,
    where: str,
    low: float | None = None,
    high: float | None = None,
    error: Error = InvalidState,
) -> float:
    """A finite number (int or float, never a bool, NaN or infinity) within range."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise fail(where, f"must be a number, got {_shown(value)}", error)
    if isinstance(value, float) and not math.isfinite(value):
        raise fail(where, f"must be a finite number, got {value}", error)
    if (low is not None and value < low) or (high is not None and value > high):
        raise fail(where, f"must be {_range(low, high)}, got {value}", error)
    return float(value)


def flag(value: Any, where: str, error: Error = InvalidState) -> bool:
    """true or false (a string such as "yes" is refused)."""
    if not isinstance(value, bool):
        raise fail(where, f"must be true or false, got {_shown(value)}", error)
    return value


def text(value: Any, where: str, error: Error = InvalidState, empty: bool = False) -> str:
    """A string; empty (or blank) only when ``empty``."""
    if not isinstance(value, str):
        raise fail(where, f"must be text, got {_shown(value)}", error)
    if not empty and not value.strip():
        raise fail(where, "must not be empty", error)
    return value


def choice(value: Any, where: str, choices: Collection[Any], error: Error = InvalidState) -> Any:
    """One of ``choices``."""
    if isinstance(value, bool) and not any(isinstance(c, bool) for c in choices):
        raise fail(where, f"must be one of {_listed(choices)}, got {value!r}", error)
    try:
        ok = value in choices
    except TypeError:
        ok = False
    if not ok:
        raise fail(where, f"must be one of {_listed(choices)}, got {_shown(value)}", error)
    return value


def optional_choice(
    value: Any, where: str, choices: Collection[Any], error: Error = InvalidState
) -> Any:
    """None or one of ``choices``."""
    return None if value is None else choice(value, where, choices, error)


def player(value: Any, where: str, players: int, error: Error = InvalidState) -> int:
    """A player index (0-based) in a game of ``players``."""
    return whole(value, where, 0, players - 1, error)


def items(
    value: Any, where: str, length: int | None = None, error: Error = InvalidState
) -> list[Any]:
    """A list (of ``length`` entries, when given)."""
    if not isinstance(value, list):
        raise fail(where, f"must be a list, got {_shown(value)}", error)
    if length is not None and len(value) != length:
        raise fail(where, f"must list {length} entries, got {len(value)}", error)
    return value


def table(
    value: Any, where: str, keys: Collection[str] | None = None, error: Error = InvalidState
) -> dict[str, Any]:
    """An object whose keys are text; with ``keys``, no key outside them."""
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise fail(where, f"must be a table of named values, got {_shown(value)}", error)
    if keys is not None:
        unknown = sorted(set(value) - set(keys))
        if unknown:
            raise fail(where, f"has unknown key(s) {_listed(unknown)}", error)
    return value


def card_counts(
    value: Any,
    where: str,
    known: Mapping[str, int] | Collection[str],
    error: Error = InvalidState,
) -> Counter[str]:
    """``{kind: count}`` of known kinds, each count whole and >= 0 (and at most the
    box's count when ``known`` maps kinds to box counts)."""
    counts = table(value, where, None, error)
    result: Counter[str] = Counter()
    for kind, count in counts.items():
        choice(kind, f"{where}: card kind", known, error)
        limit = known[kind] if isinstance(known, Mapping) else None
        result[kind] = whole(count, f"{where}.{kind}", 0, limit, error)
    return +result


def _range(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f"from {low:g} to {high:g}"
    if low is not None:
        return f"at least {low:g}"
    return f"at most {high:g}"


def _listed(choices: Collection[Any]) -> str:
    shown = [repr(c) for c in list(choices)[:12]]
    more = len(choices) - len(shown)
    return ", ".join(shown) + (f" (and {more} more)" if more > 0 else "")


def _shown(value: Any) -> str:
    """A value in a message, cut short (a 10 MB string is not echoed whole)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
