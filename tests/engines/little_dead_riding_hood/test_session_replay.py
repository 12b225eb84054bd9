"""A played game survives the journal: resuming replays every step by its text."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.engines.base import sample_chance
from companion.engines.little_dead_riding_hood import GAME
from companion.session.journal import Journal, Source
from companion.session.session import Session


@pytest.mark.parametrize("cards", ["digital", "table"])
def test_a_journaled_game_resumes_to_the_same_position(tmp_path: Path, cards: str) -> None:
    journal = Journal(tmp_path / "journal.sqlite3")
    session = Session.start(journal, GAME, 3, options={"event_cards": cards}, seed=11)
    rng = random.Random(11)
    for _ in range(250):
        state = session.state
        if state.is_terminal():
            break
        if state.is_chance_node():
            session.apply(sample_chance(state, rng), Source.MANUAL)
        else:
            session.apply(rng.choice(state.legal_actions()))
    if session.can_undo():
        session.undo()
    resumed = Session.resume(journal, session.game_row)
    assert resumed.state.to_dict() == session.state.to_dict()
    assert [s.text for s in resumed.steps] == [s.text for s in session.steps]
    journal.close()
