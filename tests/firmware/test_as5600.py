"""companion/firmware/as5600.py: register reads and status letters."""

from __future__ import annotations

import errno
from typing import Any

import pytest

from tests.firmware.rig import Rig


@pytest.fixture(scope="module")
def as5600() -> Any:
    return Rig().modules()["as5600"]


class FakeI2C:
    def __init__(self, registers: dict[int, int], fail: bool = False) -> None:
        self.registers = registers
        self.fail = fail
        self.reads: list[tuple[int, int, int]] = []

    def readfrom_mem_into(self, addr: int, memaddr: int, buf: bytearray) -> None:
        self.reads.append((addr, memaddr, len(buf)))
        if self.fail:
            raise OSError(errno.EIO, "no ack")
        for i in range(len(buf)):
            buf[i] = self.registers.get(memaddr + i, 0)


def test_the_raw_angle_joins_twelve_bits_high_byte_first(as5600: Any) -> None:
    i2c = FakeI2C({0x0C: 0xFA, 0x0D: 0xBC})  # the top nibble is not part of the angle
    sensor = as5600.AS5600(i2c)
    assert sensor.read_raw_angle() == 0xABC
    assert i2c.reads == [(0x36, 0x0C, 2)]


def test_a_sample_reads_status_then_angle(as5600: Any) -> None:
    i2c = FakeI2C({0x0B: 0x20, 0x0C: 0x04, 0x0D: 0x00})
    assert as5600.AS5600(i2c).read() == (0x20, 1024)


def test_agc_and_magnitude(as5600: Any) -> None:
    i2c = FakeI2C({0x1A: 64, 0x1B: 0x08, 0x1C: 0x9A})
    sensor = as5600.AS5600(i2c)
    assert (sensor.read_agc(), sensor.read_magnitude()) == (64, 0x89A)


@pytest.mark.parametrize(
    ("status", "letter"),
    [(0x20, "K"), (0x30, "W"), (0x28, "S"), (0x00, "N"), (0x10, "N")],
)
def test_status_letters(as5600: Any, status: int, letter: str) -> None:
    assert as5600.status_letter(status) == letter


def test_i2c_errors_surface_as_oserror_only(as5600: Any) -> None:
    sensor = as5600.AS5600(FakeI2C({}, fail=True))
    with pytest.raises(OSError):
        sensor.read()
