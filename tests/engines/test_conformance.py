"""Every registered game (and the test-only Die Race) passes the contract checks."""

from __future__ import annotations

import pytest

from companion.engines import registry
from companion.engines.base import Game
from tests.engines.conformance import check_playouts
from tests.engines.toy_game import GAME as DIE_RACE

PLAYOUTS = 200
PARTS = 4
"""Each game's seeds are checked in this many interleaved parts, so the two test workers
share the slow games instead of one worker finishing a whole slow game alone."""


def _cases() -> list[tuple[Game, int]]:
    games = [*registry.all_games(), DIE_RACE]
    return [(g, n) for g in games for n in g.player_counts]


@pytest.mark.parametrize("part", range(PARTS), ids=lambda k: f"part{k + 1}of{PARTS}")
@pytest.mark.parametrize(("game", "players"), _cases(), ids=lambda v: getattr(v, "id", v))
def test_random_playouts_follow_the_contract(game: Game, players: int, part: int) -> None:
    check_playouts(game, players, count=PLAYOUTS, part=(part, PARTS))
