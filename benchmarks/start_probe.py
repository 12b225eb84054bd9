"""One cold start of the app, run by ``bench_start`` in a fresh interpreter.

Starts the companion as ``companion --sim --data-dir DIR`` does (the command line's
``main``), and once the home screen has been drawn (the frame after ``on_start``)
prints one JSON line: the wall-clock time then and the CPU time used so far (both
taken before anything is measured), the resident memory, the part of it that is mapped GL driver code and data (the
software GL Xvfb forces), which heavy modules were imported, and every module
imported (``tests/ui/test_start_imports.py`` reads those); then stops the app.
``--eager`` first imports every game's engine, numpy and the advisor, as a start
that loads everything up front would.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

GL_MARKERS = ("llvmpipe", "swrast", "libgallium", "libLLVM", "/dri/", "libGLX_mesa", "mesa")
"""Mapping names of the software GL stack (Mesa's llvmpipe/swrast and LLVM behind it)."""
HEAVY = ("numpy", "companion.engines.lost_in_the_woods.advisor")


def rss_kb() -> tuple[int, int]:
    """(resident KB, resident KB in GL driver mappings), from /proc/self/smaps."""
    total = gl = 0
    name = ""
    with open("/proc/self/smaps", encoding="utf-8") as smaps:
        for line in smaps:
            first = line.split(maxsplit=1)[0]
            if not first.endswith(":"):  # a mapping's header line: range perms ... path
                parts = line.split(maxsplit=5)
                name = parts[5].strip() if len(parts) > 5 else ""
            elif first == "Rss:":
                kb = int(line.split()[1])
                total += kb
                if any(marker in name for marker in GL_MARKERS):
                    gl += kb
    return total, gl


def report(app: Any) -> None:
    shown, cpu = time.time(), time.process_time()
    total, gl = rss_kb()
    engines = sorted(
        {
            m.split(".")[2]
            for m in sys.modules
            if m.startswith("companion.engines.") and m.count(".") >= 3
        }
    )
    print(
        json.dumps(
            {
                "shown": shown,
                "cpu": cpu,
                "screen": app.manager.current,
                "rss_kb": total,
                "gl_kb": gl,
                "heavy": [m for m in HEAVY if m in sys.modules],
                "engines": engines,
                "modules": sorted(sys.modules),
            }
        ),
        flush=True,
    )
    app.stop()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("data_dir")
    parser.add_argument("--eager", action="store_true")
    given = parser.parse_args()
    if given.eager:
        import numpy  # noqa: F401

        from companion.engines import registry
        from companion.engines.lost_in_the_woods import advisor  # noqa: F401

        registry.all_games()
    from companion.cli import main as companion
    from companion.ui.launch import configure_kivy

    configure_kivy()  # as launch_app does before Kivy's first import: Kivy reads it then
    from kivy.clock import Clock

    from companion.ui.app import CompanionApp

    started = CompanionApp.on_start

    def on_start(app: CompanionApp) -> None:
        started(app)
        Clock.schedule_once(lambda _dt: Clock.schedule_once(lambda _dt: report(app)), 0)

    CompanionApp.on_start = on_start  # type: ignore[method-assign]
    return companion(["--sim", "--data-dir", given.data_dir])


if __name__ == "__main__":
    sys.exit(main())
