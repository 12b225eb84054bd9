"""A simulated turntable: the magnet on the wolf's axis and the AS5600 that reads it.

The magnet turns (set an angle, or flick it and let friction stop it, with the
physics of simulated.py) and sits at some gap above the chip.  The AS5600 model answers I2C register reads the way the
datasheet describes: STATUS with MD/ML/MH, the 12-bit RAW ANGLE, AGC and
MAGNITUDE, so the firmware cannot tell it from the real chip.
"""

from __future__ import annotations

import copy
import random
import threading
import time
from collections.abc import Callable

from companion.devices.turntable.simulated import Physics, SpinModel

GAP_TOO_CLOSE_MM = 0.5
GAP_TOO_FAR_MM = 3.0
GAP_UNDETECTED_MM = 4.5
GOOD_GAP_MM = 1.5

MD, ML, MH = 0x20, 0x10, 0x08
AGC_MAX = 128  # in 3.3 V mode


class SimMagnet:
    """The diametric magnet on the wolf's axis: where it points and how far from the chip.

    The motion is simulated.py's SpinModel (friction, drag, bounce-back, wobble and
    an off-centre magnet), advanced to the injected clock whenever it is read.
    """

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        angle: float = 0.0,
        gap_mm: float = GOOD_GAP_MM,
        present: bool = True,
        physics: Physics | None = None,
        seed: int = 0,
    ) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._physics = physics or Physics()
        self._rng = random.Random(seed)
        self._model = SpinModel(self._physics, angle=angle % 360.0, t=clock(), rng=self._rng)
        self.gap_mm = gap_mm
        self.present = present

    def _now(self, t: float | None) -> SpinModel:
        self._model.advance(self._clock() if t is None else t)
        return self._model

    def angle(self, t: float | None = None) -> float:
        """Where the magnet points (degrees, clockwise seen from above), as the chip sees it."""
        with self._lock:
            return self._now(t).noiseless_reading()

    def true_angle(self, t: float | None = None) -> float:
        """Where the wolf really points, without the reading's wobble and eccentricity."""
        with self._lock:
            return self._now(t).theta % 360.0

    def is_moving(self, t: float | None = None) -> bool:
        with self._lock:
            return self._now(t).moving

    def set_angle(self, degrees: float) -> None:
        """Turn the wolf by hand to ``degrees`` and leave it there."""
        with self._lock:
            self._model = SpinModel(
                self._physics, angle=degrees % 360.0, t=self._clock(), rng=self._rng
            )

    def spin(self, speed_dps: float) -> float:
        """Flick the wolf from where it is now; returns the angle where it will stop."""
        with self._lock:
            model = self._now(None)
            model.flick(speed_dps)
            future = copy.deepcopy(model)
        while future.moving:
            future.advance(future.t + 10.0)
        return future.noiseless_reading()

    def remove(self) -> None:
        """Lift the turntable out of the board."""
        self.present = False

    def place(self, gap_mm: float = GOOD_GAP_MM) -> None:
        self.present = True
        self.gap_mm = gap_mm


class SimAS5600:
    """The AS5600 register map over a SimMagnet; ``connected = False`` unplugs its wires."""

    address = 0x36

    def __init__(self, magnet: SimMagnet, *, noise_lsb: int = 1, seed: int = 0) -> None:
        self.magnet = magnet
        self.noise_lsb = noise_lsb
        self.connected = True
        self._rng = random.Random(seed)
        self._lock = threading.Lock()
        self._config = bytearray(9)  # ZMCO, ZPOS, MPOS, MANG, CONF (0x00-0x08)

    def _registers(self) -> bytearray:
        """A consistent snapshot of the whole register file, as one conversion."""
        regs = bytearray(0x1D)
        regs[0:9] = self._config
        gap, present = self.magnet.gap_mm, self.magnet.present
        detected = present and gap < GAP_UNDETECTED_MM
        status = 0
        if detected:
            status |= MD
            if gap > GAP_TOO_FAR_MM:
                status |= ML
            elif gap < GAP_TOO_CLOSE_MM:
                status |= MH
        if detected:
            agc = round(AGC_MAX * (gap - GAP_TOO_CLOSE_MM) / (GAP_TOO_FAR_MM - GAP_TOO_CLOSE_MM))
            magnitude = 2200 * min(1.0, (GAP_TOO_FAR_MM / gap) ** 3)
            if gap < GAP_TOO_CLOSE_MM:
                magnitude = 2200 * (GAP_TOO_CLOSE_MM / max(gap, 0.05)) ** 3
            raw = round(self.magnet.angle() * 4096 / 360.0)
            if self.noise_lsb:
                raw += self._rng.randint(-self.noise_lsb, self.noise_lsb)
        else:
            agc = AGC_MAX
            magnitude = self._rng.randint(0, 40)
            raw = self._rng.randrange(4096)
        agc = min(max(agc, 0), AGC_MAX)
        magnitude = min(max(round(magnitude), 0), 4095)
        raw %= 4096
        zpos = ((self._config[1] & 0x0F) << 8) | self._config[2]
        angle = (raw - zpos) % 4096
        regs[0x0B] = status
        regs[0x0C], regs[0x0D] = raw >> 8, raw & 0xFF
        regs[0x0E], regs[0x0F] = angle >> 8, angle & 0xFF
        regs[0x1A] = agc
        regs[0x1B], regs[0x1C] = magnitude >> 8, magnitude & 0xFF
        return regs

    def read(self, register: int, n: int) -> bytes:
        with self._lock:
            regs = self._registers()
        return bytes(regs[r] if r < len(regs) else 0 for r in range(register, register + n))

    def write(self, register: int, data: bytes) -> None:
        """Only the volatile configuration registers (0x01-0x08) take writes."""
        with self._lock:
            for offset, value in enumerate(data):
                r = register + offset
                if 0x01 <= r <= 0x08:
                    self._config[r] = value
