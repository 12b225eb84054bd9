"""The box data (``box.toml``): how many cards of each kind the Journey deck holds.

The rulebook gives only the totals (LW1), so the split is data an owner corrects to match
their box.  It is read through ``datafile`` when the game first needs it, never at import,
so a broken file makes this one game unavailable with a message naming the file, the table
and the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from companion.engines.datafile import DataFileError, TableReader, parse_toml, read_toml
from companion.engines.lost_in_the_woods.cards import ANIMALS, EVENTS, SYMBOLS

SECTIONS = {"progress": SYMBOLS, "fright": ANIMALS, "event": EVENTS}
MAX_PER_KIND = 50
MIN_PER_SYMBOL = 2
MIN_PROGRESS = 10
"""9 Forest cards plus one: round setup can always find a Progress card (LW2)."""
SHIPPED = "lost_in_the_woods/box.toml"

BoxError = DataFileError
"""A box file that does not describe a usable Journey deck (names file, place, problem)."""


@dataclass(frozen=True)
class Box:
    """How many cards of each kind the Journey deck holds."""

    counts: Mapping[str, int]
    source: str = SHIPPED
    checked: frozenset[str] = frozenset()
    """The sections (progress, fright, event) the owner checked against their box; the
    others are assumed (LW1).  A file marks a checked section ``assumption = false``."""

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def count(self, kind: str) -> int:
        return self.counts.get(kind, 0)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], source: str) -> Box:
        """Validate parsed TOML (a table of sections); every fault names the section and key."""
        return cls.read(TableReader(data, source, ""))

    @classmethod
    def from_text(cls, text: str | bytes, source: str) -> Box:
        return cls.read(parse_toml(text, source))

    @classmethod
    def from_path(cls, path: Path) -> Box:
        return cls.read(read_toml(path))

    @classmethod
    def read(cls, top: TableReader) -> Box:
        unknown = sorted(set(top.keys()) - set(SECTIONS))
        if unknown:
            raise top.error(
                f"unknown section(s) {', '.join(map(repr, unknown))}; "
                f"expected {', '.join(SECTIONS)}"
            )
        counts: dict[str, int] = {}
        checked: set[str] = set()
        for section, kinds in SECTIONS.items():
            if not top.has(section):
                raise top.error(f"section [{section}] is missing")
            table = top.table(section)
            extra = sorted(set(table.keys()) - set(kinds) - {"assumption"})
            if extra:
                raise table.error(
                    f"[{section}] has unknown card(s) {', '.join(map(repr, extra))}; "
                    f"known: {', '.join(kinds)}"
                )
            for kind in kinds:
                counts[kind] = table.whole(kind, 0, MAX_PER_KIND)
            if not table.flag("assumption", default=True):
                checked.add(section)
            table.done()
        top.done()
        for symbol in SYMBOLS:
            if counts[symbol] < MIN_PER_SYMBOL:
                raise top.error(
                    f"[progress] {symbol} must be at least {MIN_PER_SYMBOL}, "
                    f"or no set of it could ever be made"
                )
        progress = sum(counts[s] for s in SYMBOLS)
        if progress < MIN_PROGRESS:
            raise top.error(
                f"the Progress cards must total at least {MIN_PROGRESS} (9 fill the Forest "
                f"row), got {progress}"
            )
        return cls(counts=counts, source=top.file, checked=frozenset(checked))


def box_toml(box: Box) -> str:
    """The box file text of ``box``: ``Box.from_text(box_toml(box), ...)`` reads it back."""
    lines = [
        "# Lost in the Woods: the Journey deck in this box (written by the My box screen).",
        "# assumption = false: checked against the real box by its owner.",
    ]
    for section, kinds in SECTIONS.items():
        lines += ["", f"[{section}]"]
        lines += [f"{kind} = {box.count(kind)}" for kind in kinds]
        lines.append(f"assumption = {'false' if section in box.checked else 'true'}")
    return "\n".join(lines) + "\n"


def shipped_box() -> Box:
    """The box file shipped in this package (LW1's counts)."""
    return Box.read(read_toml(resources.files(__package__).joinpath("box.toml"), SHIPPED))
