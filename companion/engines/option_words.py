"""Why a house rule refuses a value, in the words a player reads on Settings.

The sentence names the rule by its short name and says what it can be (On or Off, a
choice's label, a range of numbers, the things it may pick), never the option's key:
it is shown after a game's name when a saved house rule no longer fits, and when a
game cannot start.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.engines.base import Option

KINDS = {bool: "On or Off", int: "a whole number", float: "a number", str: "words"}
LARGEST = 2**53
"""Numbers beyond this are no sensible house rule (and floats stop being exact)."""


def refusal(option: Option, value: Any) -> str:
    """The sentence refusing ``value``: '"Round limit" can be a whole number from 5 to
    100, not 200'."""
    return f'"{option.name}" can be {allowed(option)}, not {shown(option, value)}'


def allowed(option: Option) -> str:
    """Every value the rule takes, in words."""
    if option.members:
        return _members(option)
    if option.choices:
        return either([f'"{option.value_words(c)}"' for c in option.choices])
    if option.words:
        item = getattr(option, "item_word", "item")
        return f"a list of {item}s, each {either(_runs([name for _, name in option.words]))}"
    kind = type(option.default)
    return KINDS.get(kind, "a value like its default") + _range(option, kind)


def shown(option: Option, value: Any) -> str:
    """A refused value as a player would recognise it (a long text is cut short)."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "On" if value else "Off"
    if isinstance(value, int | float):
        if isinstance(value, float) and math.isnan(value):
            return "something that is not a number"
        if not -LARGEST <= value <= LARGEST:
            return "a number that large"
        return _number(value, type(value))
    if isinstance(value, str):
        named = dict(option.members)
        parts = [p for p in value.split(",") if p]
        if option.members and parts and all(p in named for p in parts):
            return f'"{option.value_words(value)}"'
        return f'"{value}"' if len(value) <= 40 else f'"{value[:36]}..."'
    return "a list" if isinstance(value, list | tuple) else "a value of another kind"


def either(names: list[str]) -> str:
    """ "A", "A or B", "A, B or C"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def _runs(names: list[str]) -> list[str]:
    """Names with each run of whole numbers told as one: "1 to 12", "Wolf's head"."""
    found: list[str] = []
    numbers: list[int] = []
    for name in [*names, ""]:
        if name.isdigit() and (not numbers or int(name) == numbers[-1] + 1):
            numbers.append(int(name))
            continue
        if numbers:
            found.append(str(numbers[0]) if len(numbers) == 1 else f"{numbers[0]} to {numbers[-1]}")
        numbers = [int(name)] if name.isdigit() else []
        if name and not name.isdigit():
            found.append(name)
    return found


def _members(option: Option) -> str:
    """A rule that picks a set of things (series left out): which sets it takes."""
    names = [f'"{name}"' for _, name in option.members]
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    every = ",".join(key for key, _ in option.members)
    if option.choices and every not in option.choices:
        return f"any of {listed}, except all of them together"
    return f"any of {listed}"


def _range(option: Option, kind: type) -> str:
    low, high = option.minimum, option.maximum
    if kind not in (int, float) or (low is None and high is None):
        return ""
    if low is not None and high is not None:
        return f" from {_number(low, kind)} to {_number(high, kind)}"
    if low is not None:
        return f" of at least {_number(low, kind)}"
    return f" up to {_number(high or 0, kind)}"


def _number(number: float, kind: type) -> str:
    """A bound or value as printed: 5, 0.5 (a whole-number rule's bound has no ".0")."""
    if kind is int or float(number).is_integer():
        return str(int(number))
    return f"{number:g}"
