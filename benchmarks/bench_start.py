"""Cold start to the home screen, and resident memory there, against an eager start.

Each run is a fresh interpreter (``benchmarks/start_probe.py``) starting the app as
``companion --sim`` does, on an empty data directory, in the X display ``make bench``
provides (Xvfb: software GL).  Start time is from just before the process is spawned
to the frame after the home screen was entered; its CPU time to then is shown beside
it (less disturbed by other work on the machine).  Memory is the resident set there,
without the software GL driver's own mappings (llvmpipe/swrast and LLVM, which a Pi's
hardware GL does not have), read from /proc/self/smaps.  The eager start imports
every engine, numpy and the advisor first, as a start that loads all up front would.

Python's bytecode is cached as on an installed companion (this shell may forbid
writing it: ``PYTHONDONTWRITEBYTECODE``), in a cache of the benchmark's own: its
first start compiles every module (Kivy's too, whose installed bytecode a cache
elsewhere does not use), every later one reads them compiled.  That first start is
run first and shown on its own row.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.goals import report
from benchmarks.table import print_table

RUNS = 5
START_TARGET_S = 1.0
MEMORY_TARGET_MB = 120.0
ROOT = Path(__file__).resolve().parents[1]


def start_env(bytecode: str | None = None) -> dict[str, str]:
    """The app's environment; with ``bytecode``, its compiled bytecode kept there."""
    env = {
        **os.environ,
        "SDL_AUDIODRIVER": os.environ.get("SDL_AUDIODRIVER", "dummy"),
        "GPIOZERO_PIN_FACTORY": "mock",
        "KIVY_NO_ARGS": "1",
    }
    if bytecode is not None:
        env["PYTHONPYCACHEPREFIX"] = bytecode
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def start_on(data: str, eager: bool = False, bytecode: str | None = None) -> dict[str, Any]:
    """Start the app on the data directory ``data`` in a fresh interpreter: what the probe
    saw at the home screen, and ``seconds`` from the spawn to the frame it was drawn in."""
    command = [sys.executable, "-m", "benchmarks.start_probe", data]
    spawned = time.time()
    done = subprocess.run(
        [*command, "--eager"] if eager else command,
        capture_output=True,
        text=True,
        env=start_env(bytecode),
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if not lines:
        raise RuntimeError(f"the app did not reach the home screen: {done.stderr[-2000:]}")
    probe: dict[str, Any] = json.loads(lines[-1])
    probe["seconds"] = probe["shown"] - spawned
    return probe


def one_start(eager: bool, bytecode: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as data:
        return start_on(data, eager, bytecode)


def spread(values: list[float], fmt: str = "{:.2f}") -> str:
    return "/".join(fmt.format(v) for v in (min(values), statistics.median(values), max(values)))


def main() -> None:
    if not os.environ.get("DISPLAY"):
        print("\nbench_start: no X display (run it through `make bench`, which starts Xvfb)")
        report("start", False, "not measured (no display)", f"<= {START_TARGET_S:.1f} s")
        report("memory", False, "not measured (no display)", f"<= {MEMORY_TARGET_MB:.0f} MB")
        return
    with tempfile.TemporaryDirectory() as bytecode:
        first = one_start(False, bytecode)  # compiles and caches the bytecode
        measured = {
            eager: [one_start(eager, bytecode) for _ in range(RUNS)] for eager in (False, True)
        }
    rows, results = [], {}
    for name, runs in (
        ("first start, no bytecode yet (compiles all)", [first]),
        ("the app's start", measured[False]),
        ("eager (all engines, numpy, advisor)", measured[True]),
    ):
        seconds = [float(r["seconds"]) for r in runs]
        cpu = [float(r["cpu"]) for r in runs]
        rss = [int(r["rss_kb"]) / 1024 for r in runs]
        gl = [int(r["gl_kb"]) / 1024 for r in runs]
        own = [a - b for a, b in zip(rss, gl, strict=True)]
        rows.append(
            [
                name,
                spread(seconds),
                spread(cpu),
                spread(rss, "{:.0f}"),
                spread(gl, "{:.0f}"),
                spread(own, "{:.0f}"),
                ", ".join(runs[-1]["heavy"]) or "none",
                len(runs[-1]["engines"]),
            ]
        )
        results[name] = (statistics.median(seconds), statistics.median(own))
    print_table(
        f"Cold start to the home screen ({RUNS} runs each after the first, min/median/max)",
        [
            "start",
            "seconds",
            "CPU s",
            "RSS MB",
            "GL driver MB",
            "RSS without GL MB",
            "heavy",
            "engines",
        ],
        rows,
    )
    seconds, own = results["the app's start"]
    report(
        "start", seconds <= START_TARGET_S, f"{seconds:.2f} s median", f"<= {START_TARGET_S:.1f} s"
    )
    report(
        "memory",
        own <= MEMORY_TARGET_MB,
        f"{own:.0f} MB median without software GL",
        f"<= {MEMORY_TARGET_MB:.0f} MB",
    )
