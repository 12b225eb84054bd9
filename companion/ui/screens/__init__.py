"""The app shell's screens; each is a .py with its kv file beside it."""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder


def load_kv(module_file: str) -> None:
    """Load the kv file that sits beside a screen module (once)."""
    kv = str(Path(module_file).with_suffix(".kv"))
    if kv not in Builder.files:
        Builder.load_file(kv)
