"""Combat-bag fairness and draw speed.

Fairness: 44,671 seeded draws for each k = 1..10 bullets (enough to detect a bias
of one percentage point), with Pearson's chi-square and its p-value (one degree
of freedom).  Speed: the bag's draw (one ``randrange``) against the obvious
alternative, ``random.choice`` over a list of token names, in the same run.
"""

from __future__ import annotations

import random
import time

from benchmarks.table import print_table
from companion.engines.little_dead_riding_hood.bag import (
    WOLF,
    BagContents,
    chi_square_sf_1dof,
    chi_square_two_cells,
    draw_from,
)

DRAWS = 44_671
ALPHA = 0.001
SPEED_DRAWS = 200_000


def fairness_rows() -> list[list[object]]:
    rows: list[list[object]] = []
    for bullets in range(1, 11):
        bag = BagContents(bullets=bullets)
        rng = random.Random(7_000 + bullets)
        wolves = sum(draw_from(bag, rng) == WOLF for _ in range(DRAWS))
        statistic = chi_square_two_cells(wolves, DRAWS, bag)
        p_value = chi_square_sf_1dof(statistic)
        rows.append(
            [
                bullets,
                DRAWS,
                f"{bag.probability(WOLF):.4f}",
                f"{wolves / DRAWS:.4f}",
                f"{statistic:.3f}",
                f"{p_value:.3f}",
                "fair" if p_value > ALPHA else "BIASED",
            ]
        )
    return rows


def _time(draw: object, count: int) -> float:
    start = time.perf_counter()
    for _ in range(count):
        draw()  # type: ignore[operator]
    return time.perf_counter() - start


def speed_rows() -> list[list[object]]:
    bag = BagContents(bullets=5)
    rng = random.Random(1)
    tokens = ["bullet"] * bag.bullets + ["wolf"] * bag.wolves
    ours = _time(lambda: draw_from(bag, rng), SPEED_DRAWS)
    theirs = _time(lambda: rng.choice(tokens), SPEED_DRAWS)
    return [
        ["draw_from (randrange)", SPEED_DRAWS, f"{ours * 1e9 / SPEED_DRAWS:.0f}", "1.00"],
        [
            "random.choice over tokens",
            SPEED_DRAWS,
            f"{theirs * 1e9 / SPEED_DRAWS:.0f}",
            f"{theirs / ours:.2f}",
        ],
    ]


def main() -> None:
    print_table(
        f"Combat bag fairness ({DRAWS:,} draws per bag, chi-square, alpha = {ALPHA})",
        ["bullets", "draws", "P(wolf)", "observed", "chi2", "p", "verdict"],
        fairness_rows(),
    )
    print_table(
        "Combat bag draw speed (ratio = time / draw_from's time)",
        ["method", "draws", "ns per draw", "ratio"],
        speed_rows(),
    )


if __name__ == "__main__":
    main()
