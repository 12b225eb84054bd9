"""The other hardware files: the parts list, the udev rule, the service, the mount."""

from __future__ import annotations

import csv
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.devices.turntable.discovery import MICROPYTHON_PID, PICO_VID, UDEV_LINK

HW = Path(__file__).parents[2] / "hw"


def service() -> dict[str, list[str]]:
    """The unit's Service and Unit keys (systemd allows repeated keys: keep them all)."""
    keys: dict[str, list[str]] = {}
    for line in (HW / "companion.service").read_text(encoding="utf-8").splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, _, value = line.partition("=")
            keys.setdefault(key.strip(), []).append(value.strip())
    return keys


def test_the_parts_list_is_complete_and_well_formed() -> None:
    with open(HW / "bom.csv", encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0]) == [
        "part",
        "quantity",
        "example_supplier_part",
        "approx_price_eur",
        "needed_for",
    ]
    for row in rows:
        assert row["part"] and row["example_supplier_part"], row
        assert int(row["quantity"]) >= 1, row
        assert float(row["approx_price_eur"]) >= 0, row
    parts = " ".join(row["part"] for row in rows)
    for needed in ("Pico", "AS5600", "Diametrically magnetised", "MCP3008", "RGB LED", "buzzer"):
        assert needed in parts


def test_the_udev_rule_gives_the_name_the_app_looks_for() -> None:
    rule = (HW / "99-companion-turntable.rules").read_text(encoding="utf-8")
    line = next(x for x in rule.splitlines() if x and not x.startswith("#"))
    assert f'ATTRS{{idVendor}}=="{PICO_VID:04x}"' in line
    assert f'ATTRS{{idProduct}}=="{MICROPYTHON_PID:04x}"' in line
    assert f'SYMLINK+="{Path(UDEV_LINK).name}"' in line
    assert 'GROUP="dialout"' in line and 'ENV{ID_MM_DEVICE_IGNORE}="1"' in line


def test_the_service_runs_as_a_plain_user_with_the_device_groups() -> None:
    keys = service()
    assert keys["User"] == ["companion"] and keys["User"] != ["root"]
    groups = set(keys["SupplementaryGroups"][0].split())
    assert {"gpio", "dialout", "video", "render", "input"} <= groups


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("NoNewPrivileges", "yes"),
        ("ProtectSystem", "strict"),
        ("ProtectHome", "yes"),
        ("PrivateNetwork", "yes"),
        ("IPAddressDeny", "any"),
        ("RestrictAddressFamilies", "AF_UNIX AF_NETLINK"),
        ("CapabilityBoundingSet", ""),
        ("PrivateTmp", "yes"),
        ("DevicePolicy", "closed"),
        ("SystemCallFilter", "@system-service"),
        ("RuntimeDirectoryMode", "0700"),
        ("ProtectProc", "invisible"),
        ("ProcSubset", "pid"),
        ("RemoveIPC", "yes"),
    ],
)
def test_the_service_is_locked_down(key: str, value: str) -> None:
    assert service()[key] == [value]


def test_the_service_opens_only_the_devices_the_app_needs() -> None:
    allowed = {line.split()[0] for line in service()["DeviceAllow"]}
    assert allowed == {
        "char-drm",
        "char-input",
        "/dev/tty1",
        "char-gpiochip",
        "char-spidev",
        "char-ttyACM",
        "char-alsa",
    }


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze missing")
def test_the_unit_exposure_is_at_most_1_5(tmp_path: Path) -> None:
    unit = tmp_path / "companion.service"
    unit.write_text((HW / "companion.service").read_text(encoding="utf-8"))
    result = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", str(unit)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    found = re.search(r"Overall exposure level for companion.service: (\d+\.\d)", result.stdout)
    assert found is not None, result.stdout[-500:] + result.stderr[-500:]
    assert float(found.group(1)) <= 1.5


def test_the_service_writes_only_to_its_data_folder() -> None:
    keys = service()
    assert keys["StateDirectory"] == ["companion"]
    assert "--data-dir /var/lib/companion" in keys["ExecStart"][0]
    assert keys["PAMName"] == ["companion"] and (HW / "companion.pam").is_file()


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze missing")
def test_systemd_accepts_every_line_of_the_unit(tmp_path: Path) -> None:
    unit = tmp_path / "companion.service"
    unit.write_text((HW / "companion.service").read_text(encoding="utf-8"))
    result = subprocess.run(
        ["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=60
    )
    unknown = [x for x in result.stderr.splitlines() if "Unknown" in x or "Invalid" in x]
    assert unknown == []


def test_the_mount_has_the_parameters_the_guide_names() -> None:
    scad = (HW / "mount.scad").read_text(encoding="utf-8")
    for name in ("opening_d", "drop", "gap", "magnet_d", "pcb_w", "pcb_l", "chip_dx", "chip_dy"):
        assert re.search(rf"^{name} = ", scad, re.M), name
    assert scad.count("{") == scad.count("}") and scad.count("(") == scad.count(")")


@pytest.mark.skipif(shutil.which("openscad") is None, reason="OpenSCAD is not installed")
@pytest.mark.parametrize("part", ["cup", "bridge"])
def test_the_mount_renders_to_a_printable_solid(part: str, tmp_path: Path) -> None:
    out = tmp_path / f"{part}.stl"
    result = subprocess.run(
        ["openscad", "-D", f'part="{part}"', "-o", str(out), str(HW / "mount.scad")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert "WARNING" not in result.stderr and "ERROR" not in result.stderr
    assert out.stat().st_size > 10_000


@pytest.mark.skipif(shutil.which("openscad") is None, reason="OpenSCAD is not installed")
def test_the_mount_refuses_a_gap_the_sensor_cannot_use(tmp_path: Path) -> None:
    result = subprocess.run(
        ["openscad", "-D", "gap=5", "-D", 'part="bridge"', "-o", str(tmp_path / "x.stl"),
         str(HW / "mount.scad")],
        capture_output=True,
        text=True,
        timeout=300,
    )  # fmt: skip
    assert "0.5-3 mm" in result.stderr
