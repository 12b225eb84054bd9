"""scripts/install-system on a pretend machine: fake apt-get, sudo, id and ldconfig on PATH.

Only the tools the scripts use are on PATH, so each test decides exactly what the machine
has: which libraries ldconfig lists, whether we are root, whether sudo asks for a password,
whether apt-get exists at all.  The fake apt-get "installs" by adding the library to what
the fake ldconfig lists, so the scripts' own re-check after installing is exercised too.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).parents[2] / "scripts"
ALL_LIBS = ["libGL.so.1", "libEGL.so.1", "libmtdev.so.1"]
LIB_OF = {"libgl1": "libGL.so.1", "libegl1": "libEGL.so.1", "libmtdev1": "libmtdev.so.1"}
EXACT_LINE = "sudo apt-get update && sudo apt-get install -y libmtdev1"


class Machine:
    def __init__(self, root: Path) -> None:
        self.bin = root / "bin"
        self.bin.mkdir()
        self.log = root / "calls.log"
        self.libs = root / "libs"
        for tool in ("sh", "grep", "dirname", "env", "cat", "true"):
            (self.bin / tool).symlink_to(shutil.which(tool) or tool)
        (self.bin / "python3").symlink_to(os.path.realpath(sys.executable))
        self.fake("ldconfig", 'cat "$FAKE_LIBS"')
        self.fake("id", 'echo "$FAKE_UID"')
        self.uid = 0
        self.has_libs(*ALL_LIBS)

    def fake(self, name: str, body: str) -> None:
        path = self.bin / name
        path.write_text(f"#!/bin/sh\n{body}\n")
        path.chmod(0o755)

    def has_libs(self, *libs: str) -> None:
        self.libs.write_text("".join(f"\t{lib} (libc6,x86-64) => /lib/{lib}\n" for lib in libs))

    def with_apt_get(self, fails: bool = False) -> None:
        installs = "\n".join(
            f'  [ "$p" = {pkg} ] && echo "\t{lib} => /lib/{lib}" >> "$FAKE_LIBS"'
            for pkg, lib in LIB_OF.items()
        )
        self.fake(
            "apt-get",
            f'echo "uid=$FAKE_UID $DEBIAN_FRONTEND apt-get $*" >> "$FAKE_LOG"\n'
            f"{'exit 100' if fails else ''}\n"
            f'[ "$1" = install ] && for p in "$@"; do\n{installs}\ndone\nexit 0',
        )

    def with_sudo(self, password: bool) -> None:
        if password:
            self.fake(
                "sudo", 'echo "sudo $*" >> "$FAKE_LOG"\necho "a password is required" >&2\nexit 1'
            )
        else:
            self.fake(
                "sudo",
                'echo "sudo $*" >> "$FAKE_LOG"\n[ "$1" = -n ] && shift\nFAKE_UID=0 exec "$@"',
            )

    def run(self, script: str, *args: str) -> subprocess.CompletedProcess[str]:
        env = {
            "PATH": str(self.bin),
            "FAKE_LIBS": str(self.libs),
            "FAKE_LOG": str(self.log),
            "FAKE_UID": str(self.uid),
            "HOME": os.environ.get("HOME", "/"),
        }
        return subprocess.run(
            [str(SCRIPTS / script), *args], env=env, capture_output=True, text=True, timeout=60
        )

    def calls(self) -> list[str]:
        return self.log.read_text().splitlines() if self.log.exists() else []


@pytest.fixture
def machine(tmp_path: Path) -> Machine:
    return Machine(tmp_path)


def test_a_complete_machine_installs_nothing(machine: Machine) -> None:
    machine.with_apt_get()
    result = machine.run("install-system")
    assert (result.returncode, result.stdout, machine.calls()) == (0, "", [])


def test_as_root_it_installs_what_is_missing_and_says_why(machine: Machine) -> None:
    machine.has_libs("libGL.so.1", "libEGL.so.1")
    machine.with_apt_get()
    result = machine.run("install-system")
    assert result.returncode == 0, result.stdout
    assert "libmtdev1: Kivy reads the touch panel" in result.stdout
    assert machine.calls() == [
        "uid=0 noninteractive apt-get update -qq",
        "uid=0 noninteractive apt-get install -y -qq libmtdev1",
    ]
    assert machine.run("check-system").returncode == 0


def test_a_user_with_passwordless_sudo_installs_through_it(machine: Machine) -> None:
    machine.uid = 1000
    machine.has_libs("libmtdev.so.1")
    machine.with_apt_get()
    machine.with_sudo(password=False)
    result = machine.run("install-system")
    assert result.returncode == 0, result.stdout
    assert machine.calls()[-1] == "uid=0 noninteractive apt-get install -y -qq libgl1 libegl1"
    assert "sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libgl1 libegl1" in (
        machine.calls()
    )


@pytest.mark.parametrize("case", ["sudo asks for a password", "no sudo", "no apt-get"])
def test_where_it_cannot_install_it_stops_with_the_exact_line(machine: Machine, case: str) -> None:
    machine.has_libs("libGL.so.1", "libEGL.so.1")
    if case != "no apt-get":
        machine.with_apt_get()
        machine.uid = 1000
    if case == "sudo asks for a password":
        machine.with_sudo(password=True)
    result = machine.run("install-system")
    assert result.returncode == 1
    assert EXACT_LINE in result.stdout.splitlines()[-1]
    assert not [c for c in machine.calls() if "apt-get" in c]


def test_a_failed_apt_get_stops_with_the_exact_line(machine: Machine) -> None:
    machine.has_libs("libGL.so.1", "libEGL.so.1")
    machine.with_apt_get(fails=True)
    result = machine.run("install-system")
    assert result.returncode == 1
    assert "apt-get failed" in result.stdout and EXACT_LINE in result.stdout


def test_tests_also_need_node_and_a_display_and_ci_the_hardware_tools(
    machine: Machine,
) -> None:
    assert machine.run("missing-packages", "run").stdout.strip() == ""
    test = ["xvfb", "xauth", "nodejs", "npm"]
    assert machine.run("missing-packages", "test").stdout.split() == test
    assert machine.run("missing-packages", "ci").stdout.split() == [*test, "systemd", "openscad"]
