"""Quit, restart and shut down, for a kiosk that has only a touchscreen.

Restarting replaces this process with a fresh one (same command line), so a kiosk
under systemd keeps its unit.  Shutting down asks systemd to power off; the polkit
rule in hw/ lets the companion's user do that and nothing more.  Either can fail
(no systemd on a laptop, no rule installed): the failure is a sentence, never a
traceback.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable


def restart_argv() -> list[str]:
    """The command that started this app, to start it again."""
    return [sys.executable, "-m", "companion", *sys.argv[1:]]


def restart(execv: Callable[[str, list[str]], object] = os.execv) -> None:
    """Replace this process with a fresh start of the app (call after closing files)."""
    argv = restart_argv()
    execv(argv[0], argv)


def can_power_off() -> bool:
    """Whether this machine has systemd's poweroff (a Pi kiosk does; a laptop may not)."""
    return shutil.which("systemctl") is not None


def power_off(run: Callable[..., subprocess.CompletedProcess[str]] = subprocess.run) -> str | None:
    """Ask systemd to power the machine off; None when it accepted, else why not."""
    try:
        done = run(
            ["systemctl", "poweroff"], capture_output=True, text=True, timeout=15, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as err:
        return f"The Pi could not be shut down: {err}."
    if done.returncode != 0:
        said = (done.stderr or done.stdout or "").strip().splitlines()
        reason = said[-1] if said else f"systemctl exited {done.returncode}"
        return f"The Pi could not be shut down ({reason}). See hw/README.md for the polkit rule."
    return None
