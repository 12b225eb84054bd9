"""The table's roster: the names players gave, and the piece each played in each
game, remembered for the next game.

New game offers the recent names as one-tap choices and fills each game's rows
with the players who played it last.  The file is small and untrusted: a damaged
one is moved aside (never deleted) and the app starts with an empty roster.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.engines import checks
from companion.session.journal import move_aside

RECENT_NAMES = 12
MAX_NAME = 20


class RosterError(ValueError):
    """roster.json does not hold a roster."""


@dataclass
class Roster:
    recent: list[str] = field(default_factory=list)
    """Names, most recently used first."""
    games: dict[str, list[str]] = field(default_factory=dict)
    """Each game's last players, in seat order."""
    pieces: dict[str, dict[str, int]] = field(default_factory=dict)
    """Each game's piece (an index into its ``piece_colours``) by player name."""

    def remember(self, game_id: str, names: list[str], pieces: list[int] | None = None) -> None:
        """Record who played ``game_id`` (and with which pieces): they lead the recent
        names next time, and each name is offered its piece again."""
        self.games[game_id] = list(names)
        fresh = [n for n in names if n and not is_default_name(n)]
        self.recent = (fresh + [n for n in self.recent if n not in fresh])[:RECENT_NAMES]
        if pieces is not None:
            kept = self.pieces.get(game_id, {})
            kept.update({n: p for n, p in zip(names, pieces, strict=False) if n in fresh})
            self.pieces[game_id] = {n: p for n, p in kept.items() if n in self.recent}

    def last_players(self, game_id: str, players: int) -> list[str]:
        """Names for ``players`` seats: last time's players, then recent names, then
        "Player N" for the rest."""
        names: list[str] = []
        for name in [*self.games.get(game_id, []), *self.recent]:
            if name not in names and len(names) < players:
                names.append(name)
        while len(names) < players:
            names.append(default_name(len(names)))
        return names


def default_name(index: int) -> str:
    return f"Player {index + 1}"


def is_default_name(name: str) -> bool:
    head, _, number = name.partition(" ")
    return head == "Player" and number.isdigit()


def clean_name(text: str) -> str:
    """A name as typed, tidied: single spaces, at most MAX_NAME characters."""
    return " ".join(text.split())[:MAX_NAME]


def _check(data: Any) -> Roster:
    error = RosterError
    top = checks.table(data, "roster", ("recent", "games", "pieces"), error)
    recent = checks.items(top.get("recent", []), "recent", None, error)
    games = checks.table(top.get("games", {}), "games", None, error)
    roster = Roster()
    roster.recent = [checks.text(n, f"recent[{i}]", error)[:MAX_NAME] for i, n in enumerate(recent)]
    for game_id, names in games.items():
        listed = checks.items(names, f"games.{game_id}", None, error)
        roster.games[game_id] = [
            checks.text(n, f"games.{game_id}[{i}]", error)[:MAX_NAME] for i, n in enumerate(listed)
        ]
    for game_id, chosen in checks.table(top.get("pieces", {}), "pieces", None, error).items():
        where = f"pieces.{game_id}"
        table = checks.table(chosen, where, None, error)
        roster.pieces[game_id] = {
            name[:MAX_NAME]: checks.whole(piece, f"{where}.{name}", 0, None, error)
            for name, piece in table.items()
        }
    return roster


def load(path: Path) -> tuple[Roster, str | None]:
    """The saved roster (or an empty one), plus a message if the file was moved aside."""
    if not path.exists():
        return Roster(), None
    try:
        return _check(json.loads(path.read_text(encoding="utf-8"))), None
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as err:
        moved = move_aside(path)  # a unique name: two damaged files never collide
        return Roster(), (
            f"The players' names in {path} could not be read ({err}). The file was moved to "
            f"{moved}; names start afresh."
        )


def save(roster: Roster, path: Path) -> None:
    """Write atomically: a crash leaves the old file or the new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".roster-", suffix=".json")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(
            {"recent": roster.recent, "games": roster.games, "pieces": roster.pieces},
            f,
            indent=2,
            sort_keys=True,
        )
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
