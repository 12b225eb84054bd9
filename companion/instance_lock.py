"""One companion per data directory.

Two apps on one journal interleave their events and break both games, so the
app holds an exclusive ``flock`` on a lock file in the data directory for as
long as it runs.  The kernel releases it when the process ends, however it
ends (a crash or SIGKILL leaves no stale lock behind).
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from companion import paths
from companion.private_files import FILE_MODE


class AlreadyRunning(Exception):
    """Another companion holds the data directory; ``str`` says so and what to do."""


class InstanceLock:
    """Held from ``acquire`` until ``release`` (or the end of the process)."""

    def __init__(self, fd: int, path: Path) -> None:
        self._fd: int | None = fd
        self.path = path

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor drops the flock
            self._fd = None


def acquire(base: Path) -> InstanceLock:
    """Lock ``base`` for this process, or AlreadyRunning if another app has it."""
    path = paths.lock_path(base)
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, FILE_MODE)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise AlreadyRunning(
            f"Another companion is already running with the data directory {base}. "
            "Use that one, or close it first (only one app may write the saved games)."
        ) from None
    except BaseException:
        os.close(fd)
        raise
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode())
    return InstanceLock(fd, path)
