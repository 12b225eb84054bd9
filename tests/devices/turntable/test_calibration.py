"""Zero and direction, and the spinner-health statistics."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.devices.turntable.calibration import (
    CalibrationError,
    CalibrationWizard,
    TurntableCalibration,
)
from companion.devices.turntable.health import (
    chi2_sf,
    chi_square_test,
    polar_histogram,
    rayleigh_test,
    spinner_health,
)


def test_wizard_finds_zero_and_a_clockwise_sensor() -> None:
    wizard = CalibrationWizard()
    assert "red house" in wizard.prompt()
    wizard.tap(200.0)
    wizard.tap(290.0)
    assert wizard.result == TurntableCalibration(200.0, 1)
    assert wizard.result.to_board(200.0) == 0.0
    assert wizard.result.to_board(290.0) == 90.0


def test_wizard_finds_a_sensor_mounted_upside_down_across_zero() -> None:
    wizard = CalibrationWizard()
    wizard.tap(10.0)
    wizard.tap(330.0)  # turned clockwise on the board, the raw angle went down through 0
    calibration = wizard.result
    assert calibration == TurntableCalibration(10.0, -1)
    assert calibration.to_board(330.0) == pytest.approx(40.0)


def test_wizard_wants_a_real_turn() -> None:
    wizard = CalibrationWizard()
    wizard.tap(100.0)
    with pytest.raises(CalibrationError, match="moved only 5 degrees"):
        wizard.tap(105.0)
    assert not wizard.done
    wizard.restart()
    assert wizard.zero is None


@given(zero=st.floats(0, 359.99), direction=st.sampled_from([1, -1]), board=st.floats(0, 359.99))
def test_board_and_raw_angles_convert_both_ways(zero: float, direction: int, board: float) -> None:
    calibration = TurntableCalibration(zero, direction)
    back = calibration.to_board(calibration.to_raw(board))
    assert abs((back - board + 180) % 360 - 180) < 1e-6


def test_saved_calibration_is_checked() -> None:
    assert TurntableCalibration.from_dict(
        {"zero_deg": 370, "direction": -1}
    ) == TurntableCalibration(10.0, -1)
    with pytest.raises(CalibrationError, match="direction must be 1 or -1"):
        TurntableCalibration.from_dict({"zero_deg": 0, "direction": 2})
    with pytest.raises(CalibrationError, match="zero_deg must be a number"):
        TurntableCalibration.from_dict({"zero_deg": "north", "direction": 1})


# -- spinner health ---------------------------------------------------------------------
def test_chi_square_tail_matches_known_values() -> None:
    assert chi2_sf(3.841458820694124, 1) == pytest.approx(0.05, rel=1e-9)
    assert chi2_sf(11.070497693516351, 5) == pytest.approx(0.05, rel=1e-9)
    assert chi2_sf(4.0, 2) == pytest.approx(math.exp(-2.0), rel=1e-12)  # 2 dof: exp(-x/2)
    assert chi2_sf(100.0, 50) == pytest.approx(3.4549e-5, rel=1e-3)
    assert chi2_sf(0.0, 3) == 1.0


def test_polar_histogram_counts_sectors_from_zero() -> None:
    assert polar_histogram([0, 29.9, 30, 359.9, 360, -1], bins=12) == [3, 1] + [0] * 9 + [2]


def test_a_fair_spinner_passes_and_a_tilted_one_fails() -> None:
    rng = random.Random(11)
    fair = [rng.uniform(0, 360) for _ in range(600)]
    tilted = [rng.vonmisesvariate(math.radians(120), 1.0) * 180 / math.pi for _ in range(600)]
    assert rayleigh_test(fair).p_value > 0.01
    assert chi_square_test(fair, 12).p_value > 0.01
    assert rayleigh_test(tilted).p_value < 1e-6
    assert chi_square_test(tilted, 12).p_value < 1e-6
    report = spinner_health(tilted)
    assert report.mean_deg is not None and abs(report.mean_deg - 120) < 10
    assert f"favours the direction near {report.mean_deg:.0f} degrees" in report.verdict
    assert "No sign of bias" in spinner_health(fair).verdict


def test_lumpy_but_balanced_spinner_is_caught_by_chi_square() -> None:
    # two opposite sticky spots: no mean direction, so Rayleigh is blind, chi-square is not
    rng = random.Random(4)
    lumpy = [rng.choice((45.0, 225.0)) + rng.uniform(-10, 10) for _ in range(400)]
    assert rayleigh_test(lumpy).p_value > 0.01
    assert "Some sectors come up more often" in spinner_health(lumpy).verdict


def test_too_few_spins_are_not_judged() -> None:
    report = spinner_health([10.0, 20.0, 30.0])
    assert report.rayleigh is None and "at least 30" in report.verdict
