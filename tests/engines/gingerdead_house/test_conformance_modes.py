"""The contract checks in every mode and deck mode, and with the catalogue that uses every
effect (the registry's suite covers the default options only)."""

from __future__ import annotations

import pytest

from companion.engines.gingerdead_house import GAME
from tests.engines.conformance import check_playouts
from tests.engines.gingerdead_house.helpers import TEST_GAME

CASES = [
    (3, {"player_decks": "table"}),
    (4, {"mode": "co-op"}),
    (4, {"mode": "co-op", "teams": "side-by-side"}),
    (2, {"mode": "monster-hunter"}),
    (3, {"mode": "monster-hunter", "player_decks": "table"}),
    (2, {"round_limit": 5}),
]


@pytest.mark.parametrize(("players", "options"), CASES, ids=str)
@pytest.mark.parametrize("game", [GAME, TEST_GAME], ids=["shipped cards", "every effect"])
def test_playouts_follow_the_contract(game, players: int, options: dict) -> None:  # type: ignore[no-untyped-def]
    check_playouts(game, players, count=5, deep_playouts=1, options=options)
