"""Counting failed starts, so a broken start becomes a safe mode, not a restart loop.

The systemd unit restarts the app when it fails.  If it fails at every start
(a file it cannot cope with, a missing library), that is a black screen that
blinks forever.  Each start is counted in a small file in the data directory
*before* anything can fail, with the last failure's message; a start that
reaches the app's ``on_start`` (window built, home screen shown) resets the count.  After ``LIMIT`` starts in a row that
did not, the app opens the safe mode screen instead (``companion.ui.safe_mode``),
which says what went wrong and how to fix it.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from companion import json_input, paths

LIMIT = 3


@dataclass(frozen=True)
class Failures:
    count: int = 0
    last: str = ""  # the last failure's message ("" when the app died without one)


class StartGuard:
    """The failure counter of one data directory."""

    def __init__(self, base: Path) -> None:
        self.path = paths.start_failures_path(base)

    def read(self) -> Failures:
        """The count so far; an unreadable file counts as none (it is only a counter)."""
        try:
            data = json_input.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return Failures()
        count, last = (data.get("count"), data.get("last")) if isinstance(data, dict) else (0, "")
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            count = 0
        return Failures(count, last if isinstance(last, str) else "")

    def safe_mode_needed(self) -> bool:
        return self.read().count >= LIMIT

    def starting(self) -> None:
        """Count this start as failed until ``started`` says otherwise."""
        before = self.read()
        self._write(Failures(before.count + 1, before.last))

    def failed(self, message: str) -> None:
        """Keep the reason of the start that is failing now."""
        self._write(Failures(max(self.read().count, 1), message[:2000]))

    def started(self) -> None:
        """The app is up: the count starts over."""
        self.path.unlink(missing_ok=True)

    def _write(self, failures: Failures) -> None:
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".start-failures-")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({"count": failures.count, "last": failures.last}, f)
        os.replace(tmp, self.path)
