"""Start the Kivy app: configure Kivy before it is imported, wire services, run.

Kivy reads its configuration at import time, so window size, argument handling
and log routing are set here first.  Before any of that: the data directory
must be usable, and no other companion may hold it (``instance_lock``).  Each
start is counted (``start_guard``) until the app is up (``on_start``), so repeated failures
open safe mode instead of a restart loop.  Anything that escapes the app is
logged to the data directory and reported as a sentence, never a traceback.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

from companion import instance_lock, paths
from companion.private_files import private_file
from companion.start_guard import StartGuard

log = logging.getLogger("companion")

IMAGE_READERS = "tex,dds,sdl2"
"""Kivy's image providers for the app: its own texture formats and SDL2_image (PNG, JPEG)."""


def configure_kivy(fullscreen: bool = False, width: int = 800, height: int = 480) -> None:
    """Set Kivy's window and logging before its first import."""
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
    # SDL2 reads every image the app shows; Kivy's PIL reader would import numpy at start
    os.environ.setdefault("KIVY_IMAGE", IMAGE_READERS)
    from kivy.config import Config

    Config.set("graphics", "width", str(width))
    Config.set("graphics", "height", str(height))
    Config.set("graphics", "resizable", "1")
    Config.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    Config.set("kivy", "exit_on_escape", "0")
    Config.set("input", "mouse", "mouse,multitouch_on_demand")


def configure_logging(base: Path) -> str:
    path = private_file(paths.log_path(base))
    logging.basicConfig(
        filename=path,
        level=logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    return str(path)


def launch_app(args: argparse.Namespace) -> int:
    try:
        base = paths.data_dir(args.data_dir)
        log_file = configure_logging(base)
        lock = instance_lock.acquire(base)
    except (paths.DataDirError, instance_lock.AlreadyRunning, OSError) as err:
        # OSError: the log or the lock file itself cannot be made
        print(f"The companion cannot start: {err}", file=sys.stderr)
        return 2
    guard = StartGuard(base)
    try:
        configure_kivy(fullscreen=args.fullscreen)
        if guard.safe_mode_needed():
            from companion.ui.safe_mode import run_safe_mode

            log.warning("safe mode: %s", guard.read())
            return run_safe_mode(guard, base, log_file)
        return _run_app(args, base, log_file, guard)
    finally:
        lock.release()


def _run_app(args: argparse.Namespace, base: Path, log_file: str, guard: StartGuard) -> int:
    guard.starting()
    try:
        from companion.ui.app import CompanionApp
        from companion.ui.services import build_services

        services = build_services(base, simulated=True if args.sim else None)
        app = CompanionApp(services)
        app.bind(on_start=lambda *_: guard.started())
        app.run()
    except Exception as err:
        log.exception("the app stopped")
        guard.failed(str(err))
        print(
            f"The companion stopped: {err}. Details are in {log_file}.",
            file=sys.stderr,
        )
        return 1
    return 0
