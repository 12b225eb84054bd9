"""Resume re-applies actions in place and keeps only the positions undo can reach;
both must show exactly what the copy-per-step way shows, on every real engine.

Each seeded game is played through a Session with decisions, app draws (single and
in runs), entered outcomes and take-backs, beside a reference that copies the
position at every step.  Every position shown, the resumed game, and every undo
after resuming must equal the reference (saved data, public log and history).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engines import registry
from companion.engines.base import State
from companion.session.journal import Journal
from companion.session.session import CHECKPOINT_EVERY, RECENT, Session, UndoRefused
from tests.session.table_play import table_play

GAMES = registry.all_games()
SEEDS = (3, 11)
ACTIONS = 400


def same(shown: State, reference: State) -> None:
    assert shown.to_dict() == reference.to_dict()
    assert shown.log == reference.log


def undo_to_the_floor(session: Session, reference: list[State]) -> int:
    """Undo while allowed, checking each position; return how many were taken back."""
    taken = 0
    while session.can_undo():
        session.undo()
        reference.pop()
        same(session.state, reference[-1])
        taken += 1
    return taken


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_resume_and_undo_show_the_step_by_step_positions(
    tmp_path: Path, game: object, seed: int
) -> None:
    journal = Journal(tmp_path / "journal.sqlite3")
    play = table_play(journal, game, seed)  # type: ignore[arg-type]
    session = play.session
    for _ in play.events(ACTIONS):
        same(session.state, play.reference[-1])
        since_floor = len(session.steps) - session._floor
        assert session.kept_positions() <= RECENT + 2 + since_floor // CHECKPOINT_EVERY
    resumed = Session.resume(journal, session.game_row)
    same(resumed.state, play.reference[-1])
    assert resumed.steps == session.steps
    assert resumed.can_undo() == session.can_undo()
    both = list(play.reference)
    assert undo_to_the_floor(resumed, play.reference) == undo_to_the_floor(session, both)
    with pytest.raises(UndoRefused):
        resumed.undo()
    journal.close()


def test_undo_stops_at_the_last_app_draw_and_drops_what_lies_before_it(tmp_path: Path) -> None:
    game = registry.get("little-dead-riding-hood")
    journal = Journal(tmp_path / "journal.sqlite3")
    play = table_play(journal, game, seed=5, undo_chance=0.0)
    session = play.session
    play.play_to(300)
    draws = [i for i, step in enumerate(session.steps) if not step.source.undoable]
    assert draws, "the game had app draws"
    floor = draws[-1] + 1
    assert session._floor == floor
    assert all(at >= session._kept_at[0] for at in session._kept_at)
    assert session._kept_at[0] <= floor < (session._kept_at[1:] or [len(session.steps) + 1])[0]
    reachable = len(session.steps) - floor
    assert undo_to_the_floor(session, play.reference) == reachable
    journal.close()
