"""``companion games``: the registered game ids and names."""

from __future__ import annotations

import argparse

from companion.engines import registry


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser("games", help="list the games the companion can run")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    for game in registry.all_games():
        print(f"{game.id:28} {game.name} ({game.players_text})")
    return 0
