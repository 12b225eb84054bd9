"""Where a saved game stood: rebuilt from its journal and told in the view's words,
so the resume prompt and the saved-games list say more than a date."""

from __future__ import annotations

import time

from companion.engines import registry
from companion.session.journal import GameRecord, Journal
from companion.session.session import ResumeFailed, Session


def title(record: GameRecord) -> str:
    """ "Lost in the Woods with Ann, started Tue 01 Dec, 19:48" """
    try:
        name = registry.get(record.game).name
    except KeyError:
        name = record.game
    started = time.strftime("%a %d %b, %H:%M", time.localtime(record.started))
    return f"{name} with {', '.join(record.names)}, started {started}"


def standing(journal: Journal, record: GameRecord) -> str:
    """What the table would see now: the steps played and the headline, which says
    whose turn it is (or why the game cannot be resumed)."""
    try:
        session = Session.resume(journal, record.id)
    except ResumeFailed as err:
        return f"It cannot be resumed: {err}"
    steps = len(session.steps)
    return f"{steps} step{'' if steps == 1 else 's'} played. {session.state.view().headline}"
