"""``companion odds GAME``: how often each built-in playing policy wins, with 95% intervals.

A game offers odds by shipping a module ``odds`` in its engine package (or in the
package's ``advisor`` subpackage) with
``policy_names() -> list[str]`` and ``win_rates(names, playouts, seed)`` returning rows with
``name``, ``description``, ``wins``, ``games``, ``win_rate`` and ``interval``.  This command
finds that module, so adding odds for another game never edits this file.

A game whose luck is physical may offer *chance rows* instead: ``chance_rows(records)``
returning a table with ``title``, ``rows`` (each with ``name``, ``chance`` and ``note``)
and ``notes``.  ``records`` maps what the table's devices have recorded (read-only) by
name, e.g. ``"turntable spins"``; a game reads the records it knows and ignores the rest.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from companion.devices.turntable.store import TurntableStore
from companion.engines import registry
from companion.owner_board import board_setup
from companion.paths import DataDirError, data_dir


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "odds", help="win rates of a game's built-in playing policies, from simulated games"
    )
    parser.add_argument("game", help="the game id, e.g. lost-in-the-woods")
    parser.add_argument(
        "--playouts", type=int, default=20000, help="simulated games per policy (default 20000)"
    )
    parser.add_argument("--policy", help="only this policy (default: every built-in policy)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.set_defaults(func=run)


def odds_module(game_id: str) -> ModuleType | None:
    """The game's odds provider, or None if it has none (yet)."""
    return engine_module(game_id, "odds")


def engine_module(game_id: str, leaf: str) -> ModuleType | None:
    """The module ``leaf`` of the game's engine package (or of its ``advisor``
    subpackage), or None if the game has none: how a command finds what a game offers."""
    game = registry.get(game_id)
    package = type(game).__module__.rsplit(".", 1)[0]
    for name in (f"{package}.advisor.{leaf}", f"{package}.{leaf}"):
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as err:
            if err.name not in (name, name.rsplit(".", 1)[0]):
                raise
    return None


def run(args: argparse.Namespace) -> int:
    try:
        module = odds_module(args.game)
    except KeyError as err:
        print(f"companion odds: {err.args[0]}", file=sys.stderr)
        return 2
    if module is None:
        print(f"companion odds: {args.game} has no odds yet", file=sys.stderr)
        return 2
    if args.playouts < 1:
        print("companion odds: --playouts must be at least 1", file=sys.stderr)
        return 2
    if hasattr(module, "chance_rows"):
        return print_chances(module.chance_rows(table_records(args.data_dir)))
    names = [args.policy] if args.policy else module.policy_names()
    try:
        rows = module.win_rates(names, args.playouts, args.seed)
    except ValueError as err:
        print(f"companion odds: {err}", file=sys.stderr)
        return 2
    print(f"{registry.get(args.game).name}: win rate from a fresh game (95% interval)")
    width = max(len(row.name) for row in rows)
    for row in rows:
        low, high = row.interval
        print(
            f"  {row.name:<{width}}  {row.win_rate:6.1%}  [{low:6.1%} - {high:6.1%}]"
            f"  {row.games:>6} games  {row.description}"
        )
    return 0


def table_records(override: str | None) -> dict[str, Any]:
    """What the table's devices have recorded in the data directory, for chance rows."""
    try:
        base = data_dir(override)
    except DataDirError:
        return {}
    store = TurntableStore(Path(base) / "turntable")
    setup, problem = board_setup(Path(base))  # the board a new game would use
    return {
        "turntable spins": store.load_spins(),
        "owner board": setup.get("board"),
        "owner board problem": problem,
    }


def print_chances(table: Any) -> int:
    """A game's chance rows: each name and its chance, then the table's notes."""
    print(table.title)
    width = max((len(row.name) for row in table.rows), default=0)
    for row in table.rows:
        print(f"  {row.name:<{width}}  {row.chance:6.1%}  {row.note}".rstrip())
    for note in table.notes:
        print(note)
    return 0
