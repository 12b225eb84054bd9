"""JSON from people's files, with numbers that are numbers.

Python's ``json`` accepts ``NaN`` and ``Infinity``, turns ``1e999`` into an
infinity, builds integers of any length (and raises deep inside for 5,000
digits) and recurses once per bracket.  Settings and scenario files are read
through here instead, so each of those is refused with a sentence, never a
traceback or a value no rule can compare.
"""

from __future__ import annotations

import json
import math
from typing import Any

MAX_DEPTH = 32
MAX_INT_DIGITS = 18  # beyond any count, seed or setting the companion uses


class JsonRefused(ValueError):
    """Valid JSON syntax the companion will not read; ``str`` says why."""


def loads(text: str) -> Any:
    """Parse ``text``; json.JSONDecodeError for bad syntax, JsonRefused for bad numbers or
    nesting deeper than MAX_DEPTH."""
    try:
        data = json.loads(text, parse_int=_integer, parse_float=_float, parse_constant=_constant)
    except RecursionError:
        raise JsonRefused(f"it is nested more than {MAX_DEPTH} levels deep") from None
    _check_depth(data)
    return data


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise JsonRefused(
            f"the number {digits[:12]}... has {len(digits)} digits "
            f"(at most {MAX_INT_DIGITS} are accepted)"
        )
    return int(digits)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonRefused(f"the number {text[:20]} is too large")
    return value


def _constant(name: str) -> Any:
    raise JsonRefused(f"{name} is not a number the companion accepts")


def _check_depth(data: Any) -> None:
    level = [data]
    for _depth in range(MAX_DEPTH + 1):
        level = [
            child
            for item in level
            if isinstance(item, dict | list)
            for child in (item.values() if isinstance(item, dict) else item)
        ]
        if not level:
            return
    raise JsonRefused(f"it is nested more than {MAX_DEPTH} levels deep")
