"""Files only the owner may read, whatever the umask.

Saved games name the players and the log records what they did: the data
directory is 0700 and every file in it 0600, set explicitly, because a umask of
022 (the usual default) would otherwise leave them world-readable.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

DIR_MODE = 0o700
FILE_MODE = 0o600


def private_dir(path: Path) -> Path:
    """Create ``path`` (and its parents) if needed and make it 0700."""
    path.mkdir(mode=DIR_MODE, parents=True, exist_ok=True)
    if path.stat().st_mode & 0o777 != DIR_MODE:
        try:
            os.chmod(path, DIR_MODE)
        except PermissionError:  # a directory another user owns: usable, not ours to change
            pass
    return path


def private_file(path: Path) -> Path:
    """Create ``path`` empty if it is missing, and make it 0600 (it keeps its content)."""
    fd = os.open(path, os.O_CREAT | os.O_WRONLY | os.O_APPEND, FILE_MODE)
    try:
        if os.fstat(fd).st_mode & 0o777 != FILE_MODE:
            os.fchmod(fd, FILE_MODE)
    finally:
        os.close(fd)
    return path


def write_private_text(path: Path, text: str) -> Path:
    """Write ``text`` atomically (0600): a crash leaves the old file or the new one."""
    private_dir(path.parent)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}-", suffix=path.suffix)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    return path
