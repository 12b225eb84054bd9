"""Safe mode: after repeated failed starts, say what is wrong and how to fix it.

Started by ``launch`` instead of the app when ``StartGuard`` counted too many
failed starts in a row.  It opens no journal and no device, so whatever broke
the app cannot break this screen.  "Try a normal start" clears the count and
exits with RESTART_CODE, which the systemd unit's Restart=on-failure turns into
a fresh start.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.lang import Builder
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.start_guard import Failures, StartGuard

HERE = Path(__file__).parent
RESTART_CODE = 75  # EX_TEMPFAIL: "try again"


def explain(failures: Failures, base: Path, log_file: str) -> str:
    """What went wrong and the steps that fix it, in player words."""
    problem = failures.last or "the app stopped without a message (it may have crashed)"
    if "newer version" in problem:
        steps = [
            "Install the newer version of the companion that wrote these files, or",
            "start with another data directory: companion --data-dir DIR.",
        ]
    else:
        steps = [
            f"Read the details at the end of {log_file}.",
            f"If a file in {base} is the cause (journal.sqlite3 holds the saved games, "
            "settings.json the settings), move it out of that directory: the companion "
            "starts clean without it, and the file stays yours.",
            "If a library is missing, reinstall the companion (make run does it).",
            "Then tap 'Try a normal start'.",
        ]
    numbered = "\n".join(f"{i}. {step}" for i, step in enumerate(steps, 1))
    return (
        f"The companion failed to start {failures.count} times in a row, so it opened in "
        f"safe mode. Nothing was deleted.\n\nWhat went wrong: {problem}\n\n"
        f"How to fix it:\n{numbered}"
    )


class SafeModeView(BoxLayout):
    """The one screen of safe mode (safe_mode.kv)."""

    text = StringProperty("")


class SafeModeApp(App):
    title = "Forest Table Companion (safe mode)"
    text_scale = NumericProperty(1.0)  # the shared widgets' reading size, as on the 7" panel

    def __init__(self, guard: StartGuard, text: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.guard = guard
        self.text = text
        self.exit_code = 0

    def build(self) -> SafeModeView:
        Builder.load_file(str(HERE / "widgets.kv"))
        Builder.load_file(str(HERE / "safe_mode.kv"))
        return SafeModeView(text=self.text)

    def try_normal_start(self) -> None:
        self.guard.started()
        self.exit_code = RESTART_CODE
        self.stop()


def run_safe_mode(guard: StartGuard, base: Path, log_file: str) -> int:
    app = SafeModeApp(guard, explain(guard.read(), base, log_file))
    app.run()
    return app.exit_code
