"""``companion bag``: draw from the Little Dead Riding Hood combat bag in the terminal.

Uses the engine's bag maths (the same odds the app and the engine use) and
prints each token, or with ``--count`` a tally checked against the expected odds.
"""

from __future__ import annotations

import argparse
import json
import random

from companion.engines.little_dead_riding_hood import (
    BULLET,
    WOLF,
    chi_square_sf_1dof,
    chi_square_two_cells,
    draw_from,
    fill_bag,
    win_probability,
)

LISTED_DRAWS = 20
"""Up to this many draws are listed one by one in text output."""


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "bag",
        help="draw from the Little Dead Riding Hood combat bag",
        description="Fill the combat bag with one wolf and K bullets and draw a token.",
    )
    parser.add_argument(
        "--bullets",
        type=_positive,
        required=True,
        metavar="K",
        help="bullets the fighter puts in the bag (at least 1)",
    )
    parser.add_argument(
        "--cake-and-wine",
        action="store_true",
        help="Cake and Wine: double the bullet tokens for this draw",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed the draws (repeatable)")
    parser.add_argument(
        "--count",
        type=_positive,
        default=1,
        metavar="N",
        help="how many independent draws to make (default 1)",
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    bag = fill_bag(args.bullets, args.cake_and_wine)
    rng = random.Random(args.seed)
    draws = [draw_from(bag, rng) for _ in range(args.count)]
    wolves = draws.count(WOLF)
    bullets = len(draws) - wolves
    chance = win_probability(bag)
    p_value = chi_square_sf_1dof(chi_square_two_cells(wolves, len(draws), bag))
    if args.json:
        print(
            json.dumps(
                {
                    "bullets": args.bullets,
                    "cake_and_wine": args.cake_and_wine,
                    "bag": {"bullets": bag.bullets, "wolves": bag.wolves},
                    "chance_of_bullet": chance,
                    "seed": args.seed,
                    "count": len(draws),
                    "counts": {BULLET: bullets, WOLF: wolves},
                    "p_value": p_value,
                    "draws": draws,
                }
            )
        )
        return 0
    cake = " (Cake and Wine doubled the bullets)" if args.cake_and_wine else ""
    print(f"Combat bag: 1 wolf and {bag.bullets} bullets{cake}")
    print(f"Chance of drawing a bullet: {chance:.1%}")
    if len(draws) <= LISTED_DRAWS:
        for number, outcome in enumerate(draws, 1):
            verdict = "the zombie wolf is killed" if outcome == BULLET else "move back a tile"
            print(f"draw {number}: {outcome} - {verdict}")
    if len(draws) > 1:
        print(
            f"{len(draws)} draws: {bullets} bullets ({bullets / len(draws):.1%}), "
            f"{wolves} wolves ({wolves / len(draws):.1%}); "
            f"chi-square p = {p_value:.3g} against the expected {chance:.1%}"
        )
    return 0
