"""``companion games``: the registered game ids and names, and any game package that
could not be loaded or game whose box file is broken, with the reason."""

from __future__ import annotations

import argparse

from companion.engines import registry
from companion.messages import shorten


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser("games", help="list the games the companion can run")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    for game in registry.all_games():
        reason = game.unavailable()
        if reason is None:
            print(f"{game.id:28} {game.name} ({game.players_text})")
        else:
            print(f"{game.id:28} unavailable: {shorten(reason, 300)}")
    for package, reason in sorted(registry.unavailable().items()):
        print(f"{package:28} unavailable: {shorten(reason, 300)}")
    return 0
