"""Where calibration and spin history are kept: round trips, damaged files, the history cap."""

from __future__ import annotations

from pathlib import Path

from companion.devices.turntable.calibration import TurntableCalibration
from companion.devices.turntable.store import MAX_SPINS, TurntableStore


def test_calibration_round_trips_and_defaults_when_missing(tmp_path: Path) -> None:
    store = TurntableStore(tmp_path / "turntable")
    assert store.load_calibration() == TurntableCalibration()
    store.save_calibration(TurntableCalibration(123.5, -1))
    assert TurntableStore(tmp_path / "turntable").load_calibration() == TurntableCalibration(
        123.5, -1
    )
    assert not list((tmp_path / "turntable").glob("*.tmp"))


def test_damaged_files_are_reported_and_replaced_by_defaults(tmp_path: Path) -> None:
    store = TurntableStore(tmp_path)
    store.calibration_path.write_text("{not json", encoding="utf-8")
    store.spins_path.write_text('["north"]', encoding="utf-8")
    assert store.load_calibration() == TurntableCalibration()
    assert store.load_spins() == []
    assert any("calibration.json could not be read" in p for p in store.problems)
    assert any("spins.json: not a list of angles" in p for p in store.problems)
    store.calibration_path.write_text('{"zero_deg": 5, "direction": 3}', encoding="utf-8")
    assert store.load_calibration() == TurntableCalibration()
    assert any("direction must be 1 or -1" in p for p in store.problems)


def test_spin_history_keeps_the_newest_spins(tmp_path: Path) -> None:
    store = TurntableStore(tmp_path)
    store.spins_path.write_text(str([float(i % 360) for i in range(MAX_SPINS)]), encoding="utf-8")
    spins = store.add_spin(725.0)
    assert len(spins) == MAX_SPINS and spins[-1] == 5.0 and spins[0] == 1.0


def test_a_taught_board_is_saved_beside_the_calibration(tmp_path: Path) -> None:
    store = TurntableStore(tmp_path / "t")
    path = store.save_board_text("[board]\nname = 'x'\n")
    assert path == store.board_path and path.read_text(encoding="utf-8").startswith("[board]")
