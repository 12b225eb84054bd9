"""Where a saved game stood: rebuilt from its journal and told in the view's words,
so the resume prompt and the saved-games list say more than a date."""

from __future__ import annotations

import time

from companion.engines import registry
from companion.session.journal import GameRecord, Journal
from companion.session.session import ResumeFailed, Session


def title(record: GameRecord) -> str:
    """ "Lost in the Woods with Ann, started Tue 01 Dec, 19:48" """
    name = registry.name_of(record.game)  # from the listing: no engine is imported
    started = time.strftime("%a %d %b, %H:%M", time.localtime(record.started))
    return f"{name} with {', '.join(record.names)}, started {started}"


def standing(journal: Journal, record: GameRecord) -> str:
    """Where the game stood: its round (in the game's own word), who leads, whose turn,
    then the headline of what it waits for (or why it cannot be resumed)."""
    try:
        session = Session.resume(journal, record.id)
    except ResumeFailed as err:
        return f"It cannot be resumed: {err}"
    state = session.state
    view = state.view()
    round_number = state.log_round()
    parts = [f"{session.game.round_word} {round_number}." if round_number else "", view.standing]
    if view.turn is not None and state.num_players > 1:
        parts.append(f"It is {state.player_name(view.turn)}'s turn.")
    where = " ".join(p for p in parts if p)
    return f"{where}\n{view.headline}" if where else view.headline
