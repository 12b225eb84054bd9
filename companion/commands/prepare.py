"""``companion prepare``: do once, at install time, what a game would otherwise do at its
first use at the table.

The Lost in the Woods advisor's playouts are compiled (numba) on their first use: a few
seconds here, longer on a Raspberry Pi, with the screen held still meanwhile; compiled
once, they load from numba's cache in about a tenth of a second.  ``make run`` runs this
after installing, and ``make install-kiosk`` runs it as the kiosk's user (the cache is
per user where the app's folder is read-only).

A game offers this by shipping a module ``prepare`` in its engine package (or in the
package's ``advisor`` subpackage) with ``prepare() -> str`` saying what it did; this
command finds it, so adding one never edits this file.
"""

from __future__ import annotations

import argparse
import sys
import time

from companion.commands.odds import engine_module
from companion.engines import registry


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "prepare", help="compile what the games compile on first use (run once after installing)"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    failed = 0
    for game in registry.all_games():
        if game.unavailable() is not None:
            continue
        module = engine_module(game.id, "prepare")
        if module is None:
            continue
        began = time.perf_counter()
        try:
            done = module.prepare()
        except Exception as err:  # noqa: BLE001 - said, and the app still works without it
            print(f"{game.name}: could not prepare ({type(err).__name__}: {err})", file=sys.stderr)
            failed += 1
            continue
        print(f"{game.name}: {done} ({time.perf_counter() - began:.1f} s)")
    return 1 if failed else 0
