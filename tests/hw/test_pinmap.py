"""The pin map, the app's defaults, the firmware and the build guide must agree."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

from companion.devices.pins import DEFAULT_PINS, MCP3008_CHANNEL
from companion.devices.turntable.fw_host import BUNDLED_FIRMWARE

ROOT = Path(__file__).parents[2]
PINMAP = tomllib.loads((ROOT / "hw" / "pinmap.toml").read_text(encoding="utf-8"))
README = (ROOT / "hw" / "README.md").read_text(encoding="utf-8")

# The Pi's 40-pin header: BCM GPIO -> physical pin.
HEADER = {
    2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 10: 19, 9: 21, 11: 23, 5: 29, 6: 31, 13: 33,
    19: 35, 26: 37, 14: 8, 15: 10, 18: 12, 23: 16, 24: 18, 25: 22, 8: 24, 7: 26, 12: 32,
    16: 36, 20: 38, 21: 40,
}  # fmt: skip
PI_SPI0 = {"ce0": 8, "miso": 9, "mosi": 10, "sclk": 11}
# The Pico's GP pins -> physical pins (the ones the firmware can use for I2C0).
PICO_HEADER = {0: 1, 1: 2, 4: 6, 5: 7, 8: 11, 9: 12, 12: 16, 13: 17, 16: 21, 17: 22}
PICO_I2C0 = {(0, 1), (4, 5), (8, 9), (12, 13), (16, 17), (20, 21)}


def readme_table(name: str) -> list[list[str]]:
    block = re.search(rf"<!-- pinmap:{name} -->\n(.*?)<!-- /pinmap:{name} -->", README, re.S)
    assert block, f"hw/README.md has no pinmap:{name} table"
    rows = [line.strip().strip("|").split("|") for line in block[1].strip().splitlines()]
    return [[cell.strip() for cell in row] for row in rows[2:]]  # skip header and rule


def firmware_constants() -> dict[str, object]:
    tree = ast.parse((BUNDLED_FIRMWARE / "main.py").read_text(encoding="utf-8"))
    return {
        node.targets[0].id: ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign)
        and isinstance(node.targets[0], ast.Name)
        and isinstance(node.value, ast.Constant)
    }


def test_the_apps_default_pins_are_the_pin_map() -> None:
    assert PINMAP["pi"]["gpio"] == DEFAULT_PINS


def test_no_pin_is_used_twice_or_clashes_with_spi0() -> None:
    pins = list(DEFAULT_PINS.values())
    assert len(set(pins)) == len(pins)
    assert not set(pins) & set(PI_SPI0.values())
    assert all(pin in HEADER for pin in pins)


def test_the_mcp3008_uses_spi0_and_the_apps_channel() -> None:
    spi = dict(PINMAP["pi"]["spi0"])
    assert spi.pop("mcp3008_channel") == MCP3008_CHANNEL
    assert spi == PI_SPI0


def test_the_firmware_uses_the_pin_maps_i2c_pins() -> None:
    pico = PINMAP["pico"]
    constants = firmware_constants()
    assert (constants["I2C_ID"], constants["SDA_PIN"], constants["SCL_PIN"]) == (
        pico["i2c_id"],
        pico["sda"],
        pico["scl"],
    )
    assert (pico["sda"], pico["scl"]) in PICO_I2C0 and pico["i2c_id"] == 0


def test_the_guides_pi_table_matches_role_gpio_and_header_pin() -> None:
    rows = readme_table("pi")
    assert [row[0] for row in rows] == list(DEFAULT_PINS)
    for role, gpio, pin, *_ in rows:
        assert gpio == f"GPIO{DEFAULT_PINS[role]}", role
        assert int(pin) == HEADER[DEFAULT_PINS[role]], role


def test_the_guides_pico_table_matches_the_firmware() -> None:
    rows = {row[0]: row for row in readme_table("pico")}
    pico = PINMAP["pico"]
    assert rows["SDA"][1:3] == [str(PICO_HEADER[pico["sda"]]), f"GP{pico['sda']}"]
    assert rows["SCL"][1:3] == [str(PICO_HEADER[pico["scl"]]), f"GP{pico['scl']}"]
    assert rows["VCC"][2] == "3V3(OUT)" and rows["GND"][2] == "GND" and "GND" in rows["DIR"][2]


def test_the_guides_mcp3008_table_matches_spi0() -> None:
    rows = {row[1]: row for row in readme_table("spi")}
    by_name = {"CLK": "sclk", "DOUT": "miso", "DIN": "mosi", "CS/SHDN": "ce0"}
    for name, role in by_name.items():
        gpio = PINMAP["pi"]["spi0"][role]
        assert rows[name][2:4] == [str(HEADER[gpio]), f"GPIO{gpio}"], name
    assert rows[f"CH{MCP3008_CHANNEL}"][2] == "AS5600 OUT"
