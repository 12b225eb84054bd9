"""Where the turntable's calibration and its spin history live on disk (JSON, written atomically).

The spinner-health view needs many past spins, so every settled spin angle (board
degrees) is kept, newest last, up to ``MAX_SPINS``.  A damaged file is reported
and replaced by defaults: it never stops a game.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from companion.devices.turntable.calibration import CalibrationError, TurntableCalibration

MAX_SPINS = 2000


class TurntableStore:
    def __init__(self, directory: str | Path) -> None:
        self.directory = Path(directory)
        self.problems: list[str] = []
        """Readable notes about files that were damaged and ignored."""

    @property
    def calibration_path(self) -> Path:
        return self.directory / "calibration.json"

    @property
    def spins_path(self) -> Path:
        return self.directory / "spins.json"

    @property
    def board_path(self) -> Path:
        """Where "teach the board" saves the owner's board file."""
        return self.directory / "my_board.toml"

    def load_calibration(self) -> TurntableCalibration:
        data = self._read(self.calibration_path)
        if data is None:
            return TurntableCalibration()
        try:
            return TurntableCalibration.from_dict(data)
        except CalibrationError as err:
            self.problems.append(f"{self.calibration_path.name}: {err}; using no calibration")
            return TurntableCalibration()

    def save_calibration(self, calibration: TurntableCalibration) -> None:
        self._write(self.calibration_path, calibration.to_dict())

    def load_spins(self) -> list[float]:
        data = self._read(self.spins_path)
        if data is None:
            return []
        if not isinstance(data, list) or not all(
            isinstance(a, int | float) and not isinstance(a, bool) for a in data
        ):
            self.problems.append(f"{self.spins_path.name}: not a list of angles; starting afresh")
            return []
        return [float(a) % 360.0 for a in data][-MAX_SPINS:]

    def add_spin(self, board_deg: float) -> list[float]:
        spins = [*self.load_spins(), round(board_deg % 360.0, 2)][-MAX_SPINS:]
        self._write(self.spins_path, spins)
        return spins

    def save_board_text(self, text: str) -> Path:
        self.directory.mkdir(parents=True, exist_ok=True)
        tmp = self.board_path.with_suffix(".tmp")
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, self.board_path)
        return self.board_path

    def _read(self, path: Path) -> Any:
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as err:
            self.problems.append(f"{path.name} could not be read ({err}); using defaults")
            return None

    def _write(self, path: Path, data: Any) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data), encoding="utf-8")
        os.replace(tmp, path)
