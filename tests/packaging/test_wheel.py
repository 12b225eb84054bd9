"""A wheel that works: `pip install .` (not editable) is enough to play and to simulate the kit.

The wheel is built without network (this venv's setuptools) and installed with --no-deps
into a fresh venv that borrows only the dependencies (kivy, numpy...) from this one, so
the companion that runs is the installed copy, never the source tree.
"""

from __future__ import annotations

import json
import os
import selectors
import site
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
import serial

from companion.devices.turntable.protocol import FrameSplitter, Hello, frame_line, parse_frame

ROOT = Path(__file__).parents[2]
DATA_SUFFIXES = (".kv", ".toml", ".json", ".wav")
TIMEOUT = 120

pytestmark = pytest.mark.slow


def run(*args: str | Path, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(a) for a in args], capture_output=True, text=True, timeout=TIMEOUT, **kwargs
    )  # type: ignore[call-overload]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("wheel")
    build = run(
        sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "--no-build-isolation",
        "-w", out, ROOT,
    )  # fmt: skip
    assert build.returncode == 0, build.stdout + build.stderr
    (path,) = out.glob("companion-*.whl")
    return path, build.stdout + build.stderr


@pytest.fixture(scope="module")
def installed(wheel: tuple[Path, str], tmp_path_factory: pytest.TempPathFactory) -> Path:
    venv = tmp_path_factory.mktemp("venv") / "v"
    assert run(sys.executable, "-m", "venv", "--without-pip", venv).returncode == 0
    python = venv / "bin" / "python"
    done = run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps",
               "--no-index", wheel[0])  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    own = run(python, "-c", "import site; print(site.getsitepackages()[0])").stdout.strip()
    (Path(own) / "borrowed-dependencies.pth").write_text("\n".join(site.getsitepackages()))
    return venv


def companion(venv: Path, *args: str | Path) -> subprocess.CompletedProcess[str]:
    return run(venv / "bin" / "companion", *args, cwd=venv, env=clean_env())


def clean_env() -> dict[str, str]:
    """No way back to the source tree: no PYTHONPATH, no firmware override."""
    return {
        k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "COMPANION_FIRMWARE_DIR")
    }


def test_the_build_prints_no_warnings(wheel: tuple[Path, str]) -> None:
    warnings = [line for line in wheel[1].splitlines() if "Warning" in line or "!!" in line]
    assert warnings == []


def test_the_wheel_ships_every_data_file_and_the_firmware(wheel: tuple[Path, str]) -> None:
    tracked = run("git", "ls-files", "companion", cwd=ROOT).stdout.split()
    wanted = {
        p for p in tracked if p.endswith(DATA_SUFFIXES) or p.startswith("companion/firmware/")
    }
    assert {"companion/firmware/main.py", "companion/firmware/link.py"} <= wanted
    with zipfile.ZipFile(wheel[0]) as whl:
        assert wanted - set(whl.namelist()) == set()


def test_the_installed_companion_lists_its_games(installed: Path) -> None:
    result = companion(installed, "games")
    assert result.returncode == 0, result.stderr
    assert "beware-of-the-wolf" in result.stdout and "lost-in-the-woods" in result.stdout
    where = run(installed / "bin" / "python", "-c", "import companion; print(companion.__file__)",
                cwd=installed, env=clean_env())  # fmt: skip
    assert where.stdout.startswith(str(installed)), "the source tree ran, not the wheel"


def test_the_installed_companion_plays_a_scenario(installed: Path) -> None:
    scenario = installed / "scenario.json"
    scenario.write_text(json.dumps({"game": "beware-of-the-wolf", "players": 2, "seed": 1,
                                    "actions": []}))  # fmt: skip
    result = companion(installed, "scenario", scenario)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["terminal"] is False and out["legal_actions"]


def test_the_installed_sim_turntable_runs_the_bundled_firmware(installed: Path) -> None:
    kit = subprocess.Popen(
        [str(installed / "bin" / "companion"), "sim-turntable"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, cwd=installed, env=clean_env(),
    )  # fmt: skip
    try:
        assert kit.stdout is not None and kit.stdin is not None
        chooser = selectors.DefaultSelector()
        chooser.register(kit.stdout, selectors.EVENT_READ)
        assert chooser.select(timeout=TIMEOUT), "sim-turntable printed no port"
        port = kit.stdout.readline().strip()
        assert port.startswith("/dev/"), port
        assert hello_from(port) is not None, f"no HELLO frame from the kit on {port}"
        kit.stdin.write("quit\n")
        kit.stdin.flush()
        assert kit.wait(timeout=TIMEOUT) == 0
        assert f"firmware from {installed}" in (kit.stderr.read() if kit.stderr else "")
    finally:
        if kit.poll() is None:
            kit.kill()
            kit.wait(timeout=TIMEOUT)


def hello_from(port: str) -> Hello | None:
    """Say HELLO to the kit and read its answer, as the app's handshake does."""
    splitter = FrameSplitter()
    with serial.Serial(port, timeout=0.2) as link:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            link.write(frame_line(b"HELLO"))
            for line in splitter.feed(link.read(4096)):
                frame = parse_frame(line)
                if isinstance(frame, Hello):
                    return frame
    return None
