"""Where the companion keeps its files: saved games, settings, logs, caches.

``COMPANION_DATA_DIR`` (or ``--data-dir``) overrides the platform's user data
directory, so tests and kiosks can point it anywhere.  A directory the app
cannot use (a regular file in its place, no write permission, a read-only
disk) is refused with a sentence naming it, before anything else starts.
"""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

import platformdirs

from companion.private_files import private_dir


class DataDirError(Exception):
    """The data directory cannot hold the app's files; ``str`` says which and why."""


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The data directory, created (0700) and proven writable, or DataDirError."""
    chosen = override or os.environ.get("COMPANION_DATA_DIR")
    path = (
        Path(chosen) if chosen else Path(platformdirs.user_data_dir("companion", appauthor=False))
    )
    try:
        private_dir(path)
        with tempfile.TemporaryFile(dir=path, prefix=".write-test-"):
            pass
    except OSError as err:
        raise DataDirError(_explain(path, err)) from err
    return path


def _explain(path: Path, err: OSError) -> str:
    fix = "choose another with --data-dir or COMPANION_DATA_DIR"
    if isinstance(err, FileExistsError | NotADirectoryError) or (
        path.exists() and not path.is_dir()
    ):
        return f"the data directory {path} is not a directory (a file is in its place): {fix}"
    if err.errno == errno.EROFS:
        return f"the data directory {path} is on a read-only disk: {fix}"
    if isinstance(err, PermissionError):
        return (
            f"the data directory {path} cannot be written (permission denied): "
            f"give this user write access to it, or {fix}"
        )
    return f"the data directory {path} cannot be used ({err.strerror or err}): {fix}"


def journal_path(base: Path) -> Path:
    return base / "journal.sqlite3"


def settings_path(base: Path) -> Path:
    return base / "settings.json"


def log_path(base: Path) -> Path:
    return base / "companion.log"


def lock_path(base: Path) -> Path:
    return base / "companion.lock"


def start_failures_path(base: Path) -> Path:
    return base / "start-failures.json"


def roster_path(base: Path) -> Path:
    return base / "roster.json"


def owner_box_path(base: Path, game_id: str) -> Path:
    """The owner's corrected box of one game (the My box screen writes it)."""
    return base / "my-box" / f"{game_id}.toml"
