"""Moves the UI tests make for the table, said once: a game played on to its end at
random, and Le Petit Poucet turns in which no child ever finds the tree."""

from __future__ import annotations

import random
from typing import Any

from companion.engines.base import sample_chance
from companion.engines.le_petit_poucet.steps import REVEAL
from tests.ui.conftest import table_source


def play_to_the_end(controller: Any, seed: int) -> None:
    """Random legal moves and the table's random draws until the game is over."""
    rng = random.Random(seed)
    while not controller.state.is_terminal():
        state = controller.state
        action = (
            sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
        assert controller.apply(action, table_source(controller))


def nobody_finds(controller: Any, tokens: tuple[int, ...] = (0, 1, 2)) -> None:
    """Le Petit Poucet from its start: the first child begins, and in every turn the token
    goes round, no card is taken, and the token out of the box is ``tokens``' next one.
    Three such turns and the Ogre has eaten every child (PP2)."""
    controller.apply(("first", 0), table_source(controller))
    for token in tokens:
        controller.apply(("draw",), table_source(controller))
        for _ in range(controller.state.num_players - 1):
            controller.apply(("pass",), table_source(controller))
        controller.apply(("box",), table_source(controller))
        while controller.state.phase == REVEAL:
            controller.apply(("reveal", controller.state.unrevealed()[0]), table_source(controller))
            controller.apply(("leave",), table_source(controller))
        controller.apply(("token", token), table_source(controller))
