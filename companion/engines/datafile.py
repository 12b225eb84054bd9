"""Loading an engine's TOML data file (a board, a manifest, a catalogue) with one
error type whose message always names the file, the place and the problem.

``TableReader`` walks a parsed table with the checks of ``checks.py`` and refuses
keys it was not asked for (a misspelt or renamed table must not silently drop a
block of tiles).  Data is read when a game needs it, never at import, so one bad
file makes one game unavailable, not the app.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Collection, Iterator, Mapping
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from companion.engines import checks


class DataFileError(ValueError):
    """A data file that does not describe a usable box; says file, place, problem."""

    def __init__(self, file: str, problem: str) -> None:
        super().__init__(f"{file}: {problem}")
        self.file = file
        self.problem = problem


def read_toml(source: Path | Traversable, name: str | None = None) -> TableReader:
    """Parse a TOML file into a ``TableReader``; every fault is a DataFileError."""
    shown = name or str(source)
    try:
        raw = source.read_bytes()
    except OSError as err:
        raise DataFileError(shown, f"cannot be read ({err.strerror or err})") from err
    return parse_toml(raw, shown)


def parse_toml(raw: bytes | str, name: str) -> TableReader:
    """Parse TOML text or bytes (named ``name`` in messages)."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            raise DataFileError(name, f"is not UTF-8 text (byte {err.start})") from err
    try:
        data = tomllib.loads(raw)
    except tomllib.TOMLDecodeError as err:
        raise DataFileError(name, f"is not valid TOML: {err}") from err
    return TableReader(data, name, "")


class TableReader:
    """One table of a data file: typed reads by key, each fault naming its place."""

    def __init__(self, data: Mapping[str, Any], file: str, place: str) -> None:
        self.data = data
        self.file = file
        self.place = place
        self._read: set[str] = set()

    def error(self, message: str) -> DataFileError:
        return DataFileError(self.file, message)

    def where(self, key: str) -> str:
        return f"[{self.place}] {key}" if self.place else key

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str, default: Any = ...) -> Any:
        """The value at ``key`` unchecked (missing: ``default``, or an error)."""
        self._read.add(key)
        if key not in self.data:
            if default is ...:
                raise self.error(f"{self.where(key)} is missing")
            return default
        return self.data[key]

    def whole(
        self, key: str, low: int | None = None, high: int | None = None, default: Any = ...
    ) -> int:
        value = self.raw(key, default)
        return checks.whole(value, self.where(key), low, high, self.error)

    def number(
        self, key: str, low: float | None = None, high: float | None = None, default: Any = ...
    ) -> float:
        return checks.number(self.raw(key, default), self.where(key), low, high, self.error)

    def flag(self, key: str, default: Any = ...) -> bool:
        return checks.flag(self.raw(key, default), self.where(key), self.error)

    def text(self, key: str, default: Any = ..., empty: bool = False) -> str:
        return checks.text(self.raw(key, default), self.where(key), self.error, empty)

    def choice(self, key: str, choices: Collection[Any], default: Any = ...) -> Any:
        return checks.choice(self.raw(key, default), self.where(key), choices, self.error)

    def texts(self, key: str, default: Any = ..., unique: bool = True) -> list[str]:
        """A list of non-empty strings (no repeats when ``unique``)."""
        values = checks.items(self.raw(key, default), self.where(key), None, self.error)
        names = [
            checks.text(v, f"{self.where(key)}[{i}]", self.error) for i, v in enumerate(values)
        ]
        if unique:
            repeated = sorted(n for n, c in Counter(names).items() if c > 1)
            if repeated:
                raise self.error(f"{self.where(key)} repeats {', '.join(map(repr, repeated))}")
        return names

    def counts(self, key: str, known: Mapping[str, int] | Collection[str]) -> Counter[str]:
        return checks.card_counts(self.raw(key), self.where(key), known, self.error)

    def table(self, key: str, optional: bool = False) -> TableReader:
        """The sub-table ``[key]`` (an empty one when missing and ``optional``)."""
        place = f"{self.place}.{key}" if self.place else key
        self._read.add(key)
        if key not in self.data:
            if not optional:
                raise self.error(f"the table [{place}] is missing")
            return TableReader({}, self.file, place)
        value = checks.table(self.data[key], f"[{place}]", None, self.error)
        return TableReader(value, self.file, place)

    def tables(self, key: str) -> Iterator[TableReader]:
        """The tables of an array of tables (``[[key]]``), each with its number."""
        values = checks.items(self.raw(key), self.where(key), None, self.error)
        for number, value in enumerate(values, 1):
            place = f"{self.place}.{key} #{number}" if self.place else f"{key} #{number}"
            yield TableReader(checks.table(value, f"[{place}]", None, self.error), self.file, place)

    def keys(self) -> list[str]:
        return list(self.data)

    def done(self) -> None:
        """Refuse every key that was never read: an unknown or misspelt key is an error."""
        unknown = sorted(set(self.data) - self._read)
        if unknown:
            where = f"[{self.place}]" if self.place else "the top level"
            raise self.error(f"{where} has unknown key(s) {', '.join(map(repr, unknown))}")
