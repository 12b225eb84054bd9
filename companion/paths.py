"""Where the companion keeps its files: saved games, settings, logs, caches.

``COMPANION_DATA_DIR`` (or ``--data-dir``) overrides the platform's user data
directory, so tests and kiosks can point it anywhere.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    chosen = override or os.environ.get("COMPANION_DATA_DIR")
    path = (
        Path(chosen) if chosen else Path(platformdirs.user_data_dir("companion", appauthor=False))
    )
    path.mkdir(parents=True, exist_ok=True)
    return path


def journal_path(base: Path) -> Path:
    return base / "journal.sqlite3"


def settings_path(base: Path) -> Path:
    return base / "settings.json"


def log_path(base: Path) -> Path:
    return base / "companion.log"


def roster_path(base: Path) -> Path:
    return base / "roster.json"
