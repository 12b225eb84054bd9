"""The ``companion`` command: the app by default, plus tools as subcommands.

Subcommands live in ``companion.commands``: each module there defines
``add_parser(subparsers)``, which registers a parser whose ``func`` default takes
the parsed arguments and returns an exit code.  Adding a tool never edits this file.
The tools import engines and device code, so a plain start of the app (the app's
options only) is parsed without importing them.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence
from typing import Any

from companion import __version__


def app_parser(**kwargs: Any) -> argparse.ArgumentParser:
    """The command with the app's own options and no tools."""
    parser = argparse.ArgumentParser(
        prog="companion",
        description="The forest-table companion: rules engines and table devices for five games.",
        **kwargs,
    )
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    parser.add_argument("--sim", action="store_true", help="use simulated devices")
    parser.add_argument("--fullscreen", action="store_true", help="fill the screen")
    parser.add_argument("--data-dir", help="where saved games live (default: the user data dir)")
    return parser


def build_parser() -> argparse.ArgumentParser:
    parser = app_parser()
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    import companion.commands as package

    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        add_parser = getattr(module, "add_parser", None)
        if add_parser is not None:
            add_parser(subparsers)
    return parser


def app_start(argv: Sequence[str]) -> argparse.Namespace | None:
    """The app's options when ``argv`` only starts the app; None when it names a tool,
    asks for help or is wrong (the whole command, tools and all, then parses it)."""
    try:
        args, rest = app_parser(add_help=False, exit_on_error=False).parse_known_args(argv)
    except argparse.ArgumentError:
        return None
    return None if rest else args


def main(argv: Sequence[str] | None = None) -> int:
    args = app_start(sys.argv[1:] if argv is None else argv)
    if args is None:
        args = build_parser().parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        from companion.ui.launch import launch_app

        return launch_app(args)
    return int(func(args) or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
