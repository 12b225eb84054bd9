"""The typed actions: equal to the old tuples, safe to copy, and keys read back
without the position."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from companion.engines.base import sample_chance
from companion.engines.le_petit_poucet import GAME
from companion.engines.le_petit_poucet.actions import (
    Draw,
    First,
    Grab,
    Leave,
    PutInBox,
    Reveal,
    Take,
    Vote,
    coerce,
    parse,
)
from companion.engines.le_petit_poucet.box import packaged_box


def test_actions_equal_the_tuples_they_replace() -> None:
    assert First(2) == ("first", 2) and hash(Grab(1)) == hash(("grab", 1))
    assert Draw() == ("draw",) and PutInBox() == ("box",) and Reveal(3) == ("reveal", 3)
    assert First(1) != Grab(1)
    for action in (First(1), Take(), Reveal(4)):
        assert copy.deepcopy(action) == action
        again = pickle.loads(pickle.dumps(action))
        assert again == action and type(again) is type(action)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (("vote", 2), Vote(2)),
        (["leave"], Leave()),
        (Reveal(1), Reveal(1)),
        (("vote", True), None),
        (("draw", 1), None),
        (("grab",), None),
        (("dance", 1), None),
        ("vote", None),
        (None, None),
    ],
)
def test_coerce_reads_every_spelling_and_nothing_else(value: object, expected: object) -> None:
    typed = coerce(value)
    assert typed == expected and (expected is None or type(typed) is type(expected))


def test_keys_of_the_variant_read_as_answers() -> None:
    box = packaged_box()
    grab = parse("P2 takes the oak (no hole) card", box, less_quick=False)
    assert grab is not None and grab.action == Grab(1) and grab.said.card == "oak (no hole)"
    answer = parse("P2 takes the oak (no hole) card", box, less_quick=True)
    assert answer is not None and answer.action == Take() and answer.said.actor == 1
    assert parse("reveal the pine card", box, False) is None
    assert parse("P9 votes for", box, False) is None


@pytest.mark.parametrize("seed", range(12))
def test_every_legal_key_reads_back_to_its_action(seed: int) -> None:
    """``key_to_action`` (no position needed) agrees with the engine's own keys at
    every step, the variant included."""
    rng = random.Random(seed)
    state = GAME.new_initial_state(rng.choice([2, 3, 4, 5]), {"less_quick": seed % 2 == 1})
    while not state.is_terminal():
        for action in state.legal_actions():
            assert state.key_to_action(state.action_to_string(action)) == action
        state.apply(
            sample_chance(state, rng)
            if state.is_chance_node()
            else rng.choice(state.legal_actions())
        )
