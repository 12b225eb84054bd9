"""Spinner health: is this turntable fair?  A polar histogram and two uniformity tests.

A worn bearing or a tilted table makes the wolf favour some directions, which
quietly changes the game.  From the settled angles of past spins:

* ``polar_histogram``: counts per equal sector, for the screen's rose plot;
* ``rayleigh_test``: sensitive to one preferred direction (a tilt);
* ``chi_square_test``: sensitive to any lumpiness across sectors.

Small p-values mean "unlikely if the spinner were fair".  Pure math (stdlib);
the chi-square tail is the regularised upper incomplete gamma function.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

MIN_SPINS = 30
"""Fewer spins than this say nothing useful about fairness."""
SUSPICIOUS_P = 0.01


@dataclass(frozen=True)
class UniformityResult:
    statistic: float
    p_value: float
    dof: int = 0


def polar_histogram(angles: Sequence[float], bins: int = 12) -> list[int]:
    """How many angles fall in each of ``bins`` equal sectors starting at 0 degrees."""
    if bins < 1:
        raise ValueError("bins must be at least 1")
    counts = [0] * bins
    for a in angles:
        counts[int((a % 360.0) / 360.0 * bins) % bins] += 1
    return counts


def mean_direction(angles: Sequence[float]) -> tuple[float, float]:
    """The mean direction (degrees) and mean resultant length R-bar (0 = spread, 1 = all equal)."""
    if not angles:
        raise ValueError("no angles")
    c = sum(math.cos(math.radians(a)) for a in angles)
    s = sum(math.sin(math.radians(a)) for a in angles)
    n = len(angles)
    return math.degrees(math.atan2(s, c)) % 360.0, math.hypot(c, s) / n


def rayleigh_test(angles: Sequence[float]) -> UniformityResult:
    """Rayleigh's test of uniformity against one preferred direction.

    p-value from Zar's approximation (Biostatistical Analysis, eq. 27.4):
    p = exp(sqrt(1 + 4n + 4(n^2 - R^2)) - (1 + 2n)), R = n * R-bar; statistic z = R^2 / n.
    """
    n = len(angles)
    if n < 2:
        raise ValueError("the Rayleigh test needs at least 2 angles")
    _, rbar = mean_direction(angles)
    big_r = n * rbar
    z = big_r * big_r / n
    p = math.exp(math.sqrt(1 + 4 * n + 4 * (n * n - big_r * big_r)) - (1 + 2 * n))
    return UniformityResult(z, min(1.0, max(0.0, p)))


def chi_square_test(angles: Sequence[float], bins: int | None = None) -> UniformityResult:
    """Pearson's chi-square test of equal counts per sector (>= 5 expected per sector)."""
    n = len(angles)
    if bins is None:
        bins = max(2, min(36, n // 5))
    if n < 2 * bins:
        raise ValueError(f"{n} angles are too few for {bins} sectors")
    counts = polar_histogram(angles, bins)
    expected = n / bins
    stat = sum((c - expected) ** 2 / expected for c in counts)
    dof = bins - 1
    return UniformityResult(stat, chi2_sf(stat, dof), dof)


def chi2_sf(x: float, dof: int) -> float:
    """P(X >= x) for X ~ chi-square with ``dof`` degrees of freedom."""
    if dof < 1:
        raise ValueError("dof must be at least 1")
    if x <= 0:
        return 1.0
    return _gamma_q(dof / 2.0, x / 2.0)


def _gamma_q(a: float, x: float) -> float:
    """Regularised upper incomplete gamma Q(a, x) (series below a+1, continued fraction above)."""
    log_prefix = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1.0:
        term = total = 1.0 / a
        ap = a
        for _ in range(1000):
            ap += 1.0
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_prefix))
    # Lentz's continued fraction for Q.
    tiny = 1e-300
    b = x + 1.0 - a
    c = 1.0 / tiny
    d = 1.0 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return min(1.0, math.exp(log_prefix) * h)


@dataclass(frozen=True)
class HealthReport:
    spins: int
    histogram: list[int]
    mean_deg: float | None
    rayleigh: UniformityResult | None
    chi_square: UniformityResult | None
    verdict: str


def spinner_health(angles: Sequence[float], bins: int = 12) -> HealthReport:
    """Everything the spinner-health screen shows, with a sentence an owner can act on."""
    n = len(angles)
    histogram = polar_histogram(angles, bins)
    if n < MIN_SPINS:
        return HealthReport(
            n,
            histogram,
            None,
            None,
            None,
            f"{n} spin{'' if n == 1 else 's'} recorded so far; at least {MIN_SPINS} are needed "
            "before judging fairness.",
        )
    mean_deg, _ = mean_direction(angles)
    rayleigh = rayleigh_test(angles)
    chi = chi_square_test(angles, bins if n >= 5 * bins else None)
    if rayleigh.p_value < SUSPICIOUS_P:
        verdict = (
            f"The wolf favours the direction near {mean_deg:.0f} degrees "
            f"(Rayleigh p = {rayleigh.p_value:.2g}). Check that the table is level and "
            "the turntable turns freely."
        )
    elif chi.p_value < SUSPICIOUS_P:
        verdict = (
            f"Some sectors come up more often than others (chi-square p = {chi.p_value:.2g}). "
            "Check the turntable for sticky spots."
        )
    else:
        verdict = (
            f"No sign of bias in {n} spins (Rayleigh p = {rayleigh.p_value:.2f}, "
            f"chi-square p = {chi.p_value:.2f})."
        )
    return HealthReport(n, histogram, mean_deg, rayleigh, chi, verdict)
