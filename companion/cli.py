"""The ``companion`` command: the app by default, plus tools as subcommands.

Subcommands live in ``companion.commands``: each module there defines
``add_parser(subparsers)``, which registers a parser whose ``func`` default takes
the parsed arguments and returns an exit code.  Adding a tool never edits this file.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

from companion import __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="The forest-table companion: rules engines and table devices for five games.",
    )
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    parser.add_argument("--sim", action="store_true", help="use simulated devices")
    parser.add_argument("--fullscreen", action="store_true", help="fill the screen")
    parser.add_argument("--data-dir", help="where saved games live (default: the user data dir)")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    import companion.commands as package

    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        add_parser = getattr(module, "add_parser", None)
        if add_parser is not None:
            add_parser(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        from companion.ui.launch import launch_app

        return launch_app(args)
    return int(func(args) or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
