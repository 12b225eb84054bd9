"""No screen a family reads speaks the engines' language.

Each game is played for a few dozen seeded random steps through its own screen; after
every step every label and button on screen is read.  None may hold a space id, grid
coordinates, "chance", "app draw", a rule code, "manifest", "policy" or "P1"-style
names (the developer words of tests/engines/view_checks.py).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from kivy.uix.label import Label

from companion.engines import registry
from companion.session.journal import Source
from tests.engines.view_checks import JARGON
from tests.ui.conftest import Driver

STEPS = 40
WORDS = [(p, what) for p, what in JARGON if what != "a sentence in lower case"]
MARKUP = re.compile(r"\[/?[a-z]+(=[^\]]*)?\]")


def on_screen_texts(ui: Driver) -> list[str]:
    texts = []
    for widget in ui.app.root.walk(restrict=True):
        if isinstance(widget, Label) and widget.opacity > 0 and widget.text.strip():
            texts.append(MARKUP.sub("", widget.text))
    return texts


def check_words(ui: Driver, where: str) -> None:
    for text in on_screen_texts(ui):
        for pattern, what in WORDS:
            assert not pattern.search(text), f"{what} on screen {where}: {text!r}"


def start_named_game(ui: Driver, game_id: str) -> Any:
    """A game of up to three players with real names (so "Player N" never hides a gap)."""
    players = min(3, registry.get(game_id).max_players)
    ui.app.start_game(game_id, players, {}, [f"Name{i}" for i in range(players)])
    ui.pump(3)
    return ui.app.controller


def seeded_step(controller: Any, rng: random.Random) -> bool:
    """One step of a seeded random game (False once it has ended): a chance outcome by
    its odds, as the table saw it, or one of the players' choices."""
    view = controller.view()
    if view.end is not None:
        return False
    if view.chance is not None:
        outcomes = view.chance.outcomes
        weights = [o.probability or 0 for o in outcomes]
        key = rng.choices([o.key for o in outcomes], weights)[0]
        assert controller.choose(key, Source.MANUAL), key
    else:
        assert controller.choose(rng.choice(view.choices).key), view.headline
    return True


@pytest.mark.parametrize("game_id", sorted(g.id for g in registry.all_games()))
def test_every_screen_of_a_seeded_game_speaks_player_words(ui: Driver, game_id: str) -> None:
    controller = start_named_game(ui, game_id)
    rng = random.Random(7)
    check_words(ui, "at the start")
    for step in range(STEPS):
        if not seeded_step(controller, rng):
            break
        ui.pump(2)
        check_words(ui, f"after step {step + 1}")
    ui.screenshot(f"words-{game_id}")
