"""The Journey deck's card kinds and the manifest that says how many of each a box holds.

Cards of the same kind are identical for the rules, so the engine tracks kinds and counts.
The index order of ``KINDS`` is shared with the vectorised simulator.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

SYMBOLS = ("acorn", "shamrock", "distelfink")
"""The three good luck symbols of the Progress cards."""
ANIMALS = ("wolf", "owl", "bat")
"""The three forest animals of the Fright cards."""
EVENTS = (
    "well",
    "torch",
    "compass",
    "lightning",
    "gravestone",
    "signpost",
    "scarecrow",
    "horseman",
)
KINDS = SYMBOLS + ANIMALS + EVENTS
INDEX = {kind: i for i, kind in enumerate(KINDS)}

NAMES = {
    "acorn": "Acorn",
    "shamrock": "Shamrock",
    "distelfink": "Double Distelfink",
    "wolf": "Wolf",
    "owl": "Owl",
    "bat": "Bat",
    "well": "Wishing Well",
    "torch": "Torch",
    "compass": "Compass",
    "lightning": "Lightning",
    "gravestone": "Gravestone",
    "signpost": "Signpost",
    "scarecrow": "Scarecrow",
    "horseman": "Headless Horseman",
}

SECTIONS = {"progress": SYMBOLS, "fright": ANIMALS, "event": EVENTS}
MAX_PER_KIND = 50
MIN_PER_SYMBOL = 2
MIN_PROGRESS = 10
"""9 Forest cards plus one: round setup can always find a Progress card (LW2)."""


class ManifestError(ValueError):
    """A manifest that does not describe a usable Journey deck; says what and where."""


def is_progress(kind: str) -> bool:
    return kind in SYMBOLS


def is_fright(kind: str) -> bool:
    return kind in ANIMALS


def plural(kind: str, count: int) -> str:
    """'1 Wolf', '2 Wolves', '3 Wishing Wells' - for messages a player reads."""
    name = NAMES[kind]
    if count == 1:
        return f"1 {name}"
    if name.endswith("f"):
        return f"{count} {name[:-1]}ves"
    if name.endswith("man"):
        return f"{count} {name[:-3]}men"
    if name.endswith(("ch", "ss")):
        return f"{count} {name}es"
    return f"{count} {name}s"


@dataclass(frozen=True)
class Manifest:
    """How many cards of each kind the Journey deck holds."""

    counts: Mapping[str, int]
    source: str = "built-in manifest"

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def count(self, kind: str) -> int:
        return self.counts.get(kind, 0)

    @classmethod
    def from_dict(cls, data: Any, source: str) -> Manifest:
        """Validate parsed TOML; every fault names the section and key."""
        if not isinstance(data, dict):
            raise ManifestError(f"{source}: the manifest must be a table of sections")
        unknown = sorted(set(data) - set(SECTIONS))
        if unknown:
            raise ManifestError(
                f"{source}: unknown section(s) {', '.join(map(repr, unknown))}; "
                f"expected {', '.join(SECTIONS)}"
            )
        counts: dict[str, int] = {}
        for section, kinds in SECTIONS.items():
            table = data.get(section)
            if not isinstance(table, dict):
                raise ManifestError(f"{source}: section [{section}] is missing or not a table")
            extra = sorted(set(table) - set(kinds))
            if extra:
                raise ManifestError(
                    f"{source}: [{section}] has unknown card(s) {', '.join(map(repr, extra))}; "
                    f"known: {', '.join(kinds)}"
                )
            for kind in kinds:
                value = table.get(kind)
                where = f"{source}: [{section}] {kind}"
                if value is None:
                    raise ManifestError(f"{where} is missing")
                if not isinstance(value, int) or isinstance(value, bool):
                    raise ManifestError(f"{where} must be a whole number, got {value!r}")
                if not 0 <= value <= MAX_PER_KIND:
                    raise ManifestError(
                        f"{where} must be between 0 and {MAX_PER_KIND}, got {value}"
                    )
                counts[kind] = value
        for symbol in SYMBOLS:
            if counts[symbol] < MIN_PER_SYMBOL:
                raise ManifestError(
                    f"{source}: [progress] {symbol} must be at least {MIN_PER_SYMBOL}, "
                    f"or no set of it could ever be made"
                )
        progress = sum(counts[s] for s in SYMBOLS)
        if progress < MIN_PROGRESS:
            raise ManifestError(
                f"{source}: the Progress cards must total at least {MIN_PROGRESS} (9 fill the "
                f"Forest row), got {progress}"
            )
        return cls(counts=counts, source=source)

    @classmethod
    def from_text(cls, text: str, source: str) -> Manifest:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as err:
            raise ManifestError(f"{source}: not valid TOML: {err}") from err
        return cls.from_dict(data, source)

    @classmethod
    def from_path(cls, path: Path) -> Manifest:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as err:
            raise ManifestError(f"{path}: cannot read the manifest: {err}") from err
        return cls.from_text(text, str(path))


def default_manifest() -> Manifest:
    """The manifest shipped in this package (LW1's counts)."""
    text = resources.files(__package__).joinpath("manifest.toml").read_text(encoding="utf-8")
    return Manifest.from_text(text, "lost_in_the_woods/manifest.toml")
