"""Turntable calibration: from the sensor's raw angle to the board's angle.

The magnet can sit at any angle under the wolf and the sensor can be mounted
either way up, so two numbers map a raw reading to the board: ``zero_deg`` (the
raw reading when the snout points at the first house, red on the default board)
and ``direction`` (+1 if raw angles grow clockwise as seen from above, else -1).

``CalibrationWizard`` is the two-tap procedure the settings screen walks
through; it takes raw readings and never touches hardware.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MIN_TURN_DEG = 15.0
"""How far the owner must turn the wolf for the direction tap to be trusted."""


class CalibrationError(ValueError):
    """A calibration step or saved calibration that cannot be used; says why."""


def _signed(delta: float) -> float:
    return (delta + 180.0) % 360.0 - 180.0


@dataclass(frozen=True)
class TurntableCalibration:
    zero_deg: float = 0.0
    direction: int = 1

    def __post_init__(self) -> None:
        if self.direction not in (1, -1):
            raise CalibrationError(f"direction must be 1 or -1, got {self.direction!r}")
        if not 0.0 <= self.zero_deg < 360.0:
            raise CalibrationError(f"zero_deg must be in [0, 360), got {self.zero_deg!r}")

    def to_board(self, raw_deg: float) -> float:
        """A raw sensor angle as a board angle (degrees clockwise from the first house)."""
        return (self.direction * (raw_deg - self.zero_deg)) % 360.0

    def to_raw(self, board_deg: float) -> float:
        return (self.zero_deg + self.direction * board_deg) % 360.0

    def to_dict(self) -> dict[str, Any]:
        return {"zero_deg": self.zero_deg, "direction": self.direction}

    @classmethod
    def from_dict(cls, data: Any) -> TurntableCalibration:
        if not isinstance(data, dict):
            raise CalibrationError("a saved calibration must be an object")
        zero = data.get("zero_deg")
        direction = data.get("direction")
        if isinstance(zero, bool) or not isinstance(zero, int | float):
            raise CalibrationError(f"saved calibration: zero_deg must be a number, got {zero!r}")
        if isinstance(direction, bool) or not isinstance(direction, int):
            raise CalibrationError(
                f"saved calibration: direction must be 1 or -1, got {direction!r}"
            )
        return cls(float(zero) % 360.0, direction)


class CalibrationWizard:
    """Tap 1: snout at the first house.  Tap 2: snout turned a little clockwise."""

    def __init__(self, first_house: str = "red") -> None:
        self.first_house = first_house
        self.zero: float | None = None
        self.result: TurntableCalibration | None = None

    @property
    def done(self) -> bool:
        return self.result is not None

    def prompt(self) -> str:
        if self.zero is None:
            return f"Point the wolf's snout exactly at the {self.first_house} house, then tap."
        if self.result is None:
            return (
                "Now turn the wolf clockwise (the way the hands of a clock go) by about "
                "a quarter of the board, then tap."
            )
        return "Calibrated. The snout on screen now follows the wolf on the board."

    def tap(self, raw_deg: float) -> str:
        """Record the current raw reading for this step; returns the next prompt."""
        if self.zero is None:
            self.zero = raw_deg % 360.0
        elif self.result is None:
            turned = _signed(raw_deg - self.zero)
            if abs(turned) < MIN_TURN_DEG:
                raise CalibrationError(
                    f"the wolf moved only {abs(turned):.0f} degrees; turn it further "
                    f"(at least {MIN_TURN_DEG:.0f}) and tap again"
                )
            self.result = TurntableCalibration(self.zero, 1 if turned > 0 else -1)
        return self.prompt()

    def restart(self) -> None:
        self.zero = None
        self.result = None
