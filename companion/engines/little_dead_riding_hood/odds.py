"""``companion odds little-dead-riding-hood``: the chance to kill a zombie wolf.

Each row is one way to fight: a number of bullets committed, alone or with Cake and
Wine.  The exact chance comes from the bag's tokens (``bag.fight_odds``, the figure the
round screen shows where the bullets are chosen); the win rate beside it is counted
from seeded draws through the same bag maths the bag device uses, so the two can be
compared.  A row is named like its button: "fight with 2 bullets and Cake and Wine".
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.engines.little_dead_riding_hood.bag import (
    BULLET,
    draw_from,
    fight_odds,
    fill_bag,
)
from companion.engines.lost_in_the_woods.advisor.odds import PolicyOdds

MOST_BULLETS = 6
"""Rows for 1..6 bullets: a fighter starts with 3 and rarely holds more than 6."""
CAKE = " and Cake and Wine"


@dataclass(frozen=True)
class FightRow(PolicyOdds):
    """A way to fight, as ``companion odds`` prints a policy, with its exact chance."""

    exact: float


def _name(bullets: int, cake: bool) -> str:
    noun = "bullet" if bullets == 1 else "bullets"
    return f"fight with {bullets} {noun}{CAKE if cake else ''}"


def policy_names() -> list[str]:
    return [_name(k, cake) for k in range(1, MOST_BULLETS + 1) for cake in (False, True)]


def win_rates(names: list[str], playouts: int, seed: int) -> list[FightRow]:
    """``playouts`` seeded bag draws for each way to fight in ``names``."""
    unknown = [n for n in names if n not in policy_names()]
    if unknown:
        raise ValueError(f"no such fight {unknown[0]!r}; try {policy_names()[0]!r}")
    exact = {
        _name(row.bullets, cake): p
        for row in fight_odds(MOST_BULLETS)
        for cake, p in ((False, row.alone), (True, row.with_cake))
    }
    rows = []
    for index, name in enumerate(names):
        bullets = int(name.split()[2])
        bag = fill_bag(bullets, name.endswith(CAKE))
        rng = random.Random(seed * 1_000 + index)
        wins = sum(draw_from(bag, rng) == BULLET for _ in range(playouts))
        tokens = f"{bag.bullets} bullet{'' if bag.bullets == 1 else 's'}"
        words = f"1 wolf and {tokens} in the bag: exactly {exact[name]:.1%}"
        rows.append(FightRow(name, words, wins, playouts, exact[name]))
    return rows
