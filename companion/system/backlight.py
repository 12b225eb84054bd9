"""The official 7" panel's backlight (/sys/class/backlight), where one exists.

Brightness is shown in Settings only when the panel has a backlight the app may
write (the udev rule in hw/ gives the video group that right); elsewhere it is
hidden, never shown broken.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

SYSFS = Path("/sys/class/backlight")
STEPS = 10


@dataclass(frozen=True)
class Backlight:
    folder: Path

    @property
    def maximum(self) -> int:
        return int((self.folder / "max_brightness").read_text().strip())

    def level(self) -> int:
        """The brightness now, in tenths (1-10)."""
        now = int((self.folder / "brightness").read_text().strip())
        return max(1, round(STEPS * now / max(1, self.maximum)))

    def set_level(self, tenths: int) -> int:
        """Set the brightness to ``tenths`` (held to 1-10: never a black screen)."""
        tenths = min(STEPS, max(1, tenths))
        value = max(1, round(self.maximum * tenths / STEPS))
        (self.folder / "brightness").write_text(f"{value}\n")
        return tenths

    def switch_off(self) -> int:
        """Dark (the screen sleeps); returns the brightness to give back on waking."""
        before = int((self.folder / "brightness").read_text().strip())
        (self.folder / "brightness").write_text("0\n")
        return before

    def switch_on(self, brightness: int) -> None:
        """Wake at ``brightness`` (from ``switch_off``), never at 0."""
        value = min(self.maximum, max(1, brightness))
        (self.folder / "brightness").write_text(f"{value}\n")


def find_backlight(root: Path = SYSFS) -> Backlight | None:
    """The first backlight the app can read and write, or None."""
    try:
        folders = sorted(p for p in root.iterdir() if (p / "brightness").is_file())
    except OSError:
        return None
    for folder in folders:
        light = Backlight(folder)
        try:
            light.level()
        except (OSError, ValueError):
            continue
        if os.access(folder / "brightness", os.W_OK):
            return light
    return None
