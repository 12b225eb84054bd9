"""Start the Kivy app: configure Kivy before it is imported, wire services, run.

Kivy reads its configuration at import time, so window size, argument handling
and log routing are set here first.  Anything that escapes the app is logged to
the data directory and reported as a sentence, never a traceback.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys

from companion import paths

log = logging.getLogger("companion")


def configure_kivy(fullscreen: bool = False, width: int = 800, height: int = 480) -> None:
    """Set Kivy's window and logging before its first import."""
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
    from kivy.config import Config

    Config.set("graphics", "width", str(width))
    Config.set("graphics", "height", str(height))
    Config.set("graphics", "resizable", "1")
    Config.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    Config.set("kivy", "exit_on_escape", "0")
    Config.set("input", "mouse", "mouse,multitouch_on_demand")


def configure_logging(data_dir: str | None) -> str:
    path = paths.log_path(paths.data_dir(data_dir))
    logging.basicConfig(
        filename=path,
        level=logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    return str(path)


def launch_app(args: argparse.Namespace) -> int:
    log_file = configure_logging(args.data_dir)
    configure_kivy(fullscreen=args.fullscreen)
    try:
        from companion.ui.app import CompanionApp
        from companion.ui.services import build_services

        services = build_services(args.data_dir, simulated=True if args.sim else None)
        CompanionApp(services).run()
    except Exception as err:
        log.exception("the app stopped")
        print(
            f"The companion stopped: {err}. Details are in {log_file}.",
            file=sys.stderr,
        )
        return 1
    return 0
