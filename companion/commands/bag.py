"""``companion bag``: draw from the Little Dead Riding Hood combat bag in the terminal.

Uses the engine's bag maths (the same odds the app and the engine use) and
prints each token, or with ``--count`` a tally checked against the expected odds.
The bag holds only what the box can give: the bullets committed and Cake and Wine's
extra tokens come from the box's bullet chits (47 in the shipped box), and a bag the box
cannot fill is refused with a sentence, as the app's buttons never offer one.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from companion.engines.datafile import DataFileError
from companion.engines.little_dead_riding_hood import (
    BULLET,
    GAME,
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


def refusal(bullets: int, cake_and_wine: bool, chits: int) -> str | None:
    """Why a box of ``chits`` bullet chits cannot fill this bag (None: it can)."""
    if bullets > chits:
        return f"--bullets {bullets} is more than the box holds: it has {chits} bullet chits"
    if cake_and_wine and 2 * bullets > chits:
        return (
            f"Cake and Wine would double {bullets} bullets to {2 * bullets}, but the box has "
            f"only {chits} bullet chits (double at most {chits // 2})"
        )
    return None


def run(args: argparse.Namespace) -> int:
    try:
        chits = GAME.box.bullet_chits
    except DataFileError as err:
        print(f"companion bag: {err}", file=sys.stderr)
        return 2
    problem = refusal(args.bullets, args.cake_and_wine, chits)
    if problem is not None:
        print(f"companion bag: {problem}", file=sys.stderr)
        return 2
    bag = fill_bag(args.bullets, args.cake_and_wine, supply=chits - args.bullets)
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
