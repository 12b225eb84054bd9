"""Echoing what a person typed or wrote back to them, at a readable length.

A message names the wrong value, but a 10 MB action text or a line of garbage
must not be printed back whole: it is cut, and the cut says how long it was.
"""

from __future__ import annotations

LIMIT = 80


def shorten(text: str, limit: int = LIMIT) -> str:
    """``text`` itself when short; otherwise its start and how many characters it had."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text):,} characters)"


def shown(value: object, limit: int = LIMIT) -> str:
    """``repr(value)`` shortened; never fails (a 5,000-digit int has no repr in 3.11)."""
    try:
        return shorten(repr(value), limit)
    except ValueError:
        return "a number too long to show"
