"""Property: any mix of moves, manual entries, app draws and undos resumes to the same game."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.session.journal import Journal, Source
from companion.session.session import Session, UndoRefused
from tests.engines.toy_game import GAME

OPS = st.lists(st.sampled_from(["move", "manual", "draw", "undo"]), min_size=1, max_size=60)


@settings(max_examples=60, deadline=None)
@given(ops=OPS, seed=st.integers(0, 10_000), players=st.integers(1, 3))
def test_resume_equals_the_live_game(ops: list[str], seed: int, players: int) -> None:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        journal = Journal(Path(tmp) / "j.sqlite3")
        session = Session.start(journal, GAME, players, seed=seed)
        for op in ops:
            state = session.state
            if state.is_terminal():
                break
            if op == "undo":
                try:
                    session.undo()
                except UndoRefused:
                    assert not session.can_undo()
            elif state.is_chance_node() and op == "draw":
                session.draw()
            else:
                source = Source.MANUAL if state.is_chance_node() else Source.PLAYER
                session.apply(rng.choice(state.legal_actions()), source)
        resumed = Session.resume(journal, session.game_row, GAME)
        assert resumed.state == session.state
        assert resumed.steps == session.steps
        journal.close()
