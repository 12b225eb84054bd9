"""`make install-kiosk` and `make flash` in their dry runs: every step shown, every file checked."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
HW = ROOT / "hw"
FIRMWARE = ROOT / "companion" / "firmware"
INSTALLED = {
    "companion.service": "/etc/systemd/system/companion.service",
    "companion.pam": "/etc/pam.d/companion",
    "99-companion-turntable.rules": "/etc/udev/rules.d/99-companion-turntable.rules",
    "50-companion-poweroff.rules": "/etc/polkit-1/rules.d/50-companion-poweroff.rules",
    "README.md": "/opt/companion/hw/README.md",
}


def run(command: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command,
        cwd=ROOT,
        env={**os.environ, "DRY_RUN": "1", **(env or {})},
        capture_output=True,
        text=True,
        timeout=120,
    )


def steps(out: str) -> list[str]:
    return [line[2:] for line in out.splitlines() if line.startswith("+ ")]


def broken_hw(tmp_path: Path, name: str, old: str, new: str) -> Path:
    copy = tmp_path / "hw"
    shutil.copytree(HW, copy)
    text = (copy / name).read_text()
    assert old in text
    (copy / name).write_text(text.replace(old, new, 1))
    return copy


def test_make_install_kiosk_dry_run_shows_every_step_and_changes_nothing() -> None:
    result = run(["make", "--no-print-directory", "install-kiosk", "DRY_RUN=1"])
    assert result.returncode == 0, result.stdout + result.stderr
    done = steps(result.stdout)
    copied = {Path(s.split()[-2]).name: s.split()[-1] for s in done if s.startswith("install -m")}
    assert copied == INSTALLED
    groups = re.search(r"^SupplementaryGroups=(.*)$", (HW / "companion.service").read_text(), re.M)
    assert groups is not None
    assert f"usermod -a -G {groups[1].replace(' ', ',')} companion" in done
    assert done[-1] == "systemctl enable companion.service"
    assert "ok: systemd-analyze verify hw/companion.service" in result.stdout
    assert "dry run: nothing was changed" in result.stdout


@pytest.mark.parametrize(
    ("name", "old", "new", "complaint"),
    [
        ("companion.service", "[Service]\n", "[Service]\nNoSuchSetting=yes\n", "systemd-analyze"),
        ("companion.pam", "pam_systemd.so", "pam_nowhere.so", "pam_nowhere.so"),
        (
            "50-companion-poweroff.rules",
            '"org.freedesktop.login1.power-off"',
            '"org.freedesktop.login1.power-off" || action.id === "org.freedesktop.login1.reboot"'
            ") { return polkit.Result.YES; } if (true",
            "polkit rule must allow exactly power-off",
        ),
        ("99-companion-turntable.rules", 'GROUP="dialout"', "GROUP=dialout", "is not KEY"),
    ],
)
def test_a_file_that_fails_its_check_stops_the_install_before_any_step(
    tmp_path: Path, name: str, old: str, new: str, complaint: str
) -> None:
    result = run(["scripts/install-kiosk"], {"HW_DIR": str(broken_hw(tmp_path, name, old, new))})
    assert result.returncode == 1
    assert any(complaint in line for line in result.stdout.splitlines() if "FAILED" in line)
    assert steps(result.stdout) == []


def test_for_real_it_needs_root(tmp_path: Path) -> None:
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "id").write_text("#!/bin/sh\necho 1000\n")
    (fake / "id").chmod(0o755)
    result = run(["scripts/install-kiosk"], {"DRY_RUN": "", "PATH": f"{fake}:{os.environ['PATH']}"})
    assert result.returncode == 1 and "run it as root" in result.stdout
    assert steps(result.stdout) == []


def test_flash_dry_run_copies_and_verifies_every_firmware_file(tmp_path: Path) -> None:
    uf2 = tmp_path / "micropython.uf2"
    uf2.write_bytes(b"UF2\n")
    result = run(
        ["scripts/flash-pico"],
        {"PY": sys.executable, "UF2": str(uf2), "DRIVE": "/media/x/RPI-RP2", "PORT": "/dev/ttyX"},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    done = steps(result.stdout)
    assert f"cp {uf2} /media/x/RPI-RP2/" in done
    files = sorted(p.name for p in FIRMWARE.glob("*.py"))
    copy = next(s for s in done if " fs cp companion/" in s)
    assert copy.startswith(".venv/bin/mpremote connect /dev/ttyX fs cp ")
    assert sorted(Path(w).name for w in copy.split()[5:-1]) == files and copy.endswith(" :")
    checked = [Path(s.split()[1]).name for s in done if s.startswith("cmp ")]
    assert sorted(checked) == files
    assert done[-1] == ".venv/bin/mpremote connect /dev/ttyX reset"
    assert all(
        f"ok: companion/firmware/{f} compiles for MicroPython" in result.stdout for f in files
    )


def test_flash_refuses_firmware_that_micropython_cannot_compile(tmp_path: Path) -> None:
    bad = tmp_path / "firmware"
    shutil.copytree(FIRMWARE, bad)
    (bad / "main.py").write_text("def broken(:\n")
    result = run(["scripts/flash-pico"], {"PY": sys.executable, "FIRMWARE_DIR": str(bad)})
    assert result.returncode == 1 and "main.py does not compile" in result.stdout
    assert steps(result.stdout) == []


def test_flash_refuses_a_uf2_that_is_not_there(tmp_path: Path) -> None:
    result = run(["scripts/flash-pico"], {"PY": sys.executable, "UF2": str(tmp_path / "no.uf2")})
    assert result.returncode == 1 and "is not a file" in result.stdout
