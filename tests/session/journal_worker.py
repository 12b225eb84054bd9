"""Plays seeded random Die Race games (or, with ``shuffle``, Lost in the Woods games
whose digital shuffles are journaled as one run of app draws) through a Session
until killed.

After each event is journaled it prints ``ACK <game row> <event count> <state digest>``
so the parent knows what the journal must hold after a SIGKILL.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys

from companion.engines import registry
from companion.session.journal import Journal, Source
from companion.session.session import Session, UndoRefused
from tests.engines.toy_game import GAME


def digest(session: Session) -> str:
    return hashlib.sha256(json.dumps(session.state.to_dict(), sort_keys=True).encode()).hexdigest()


def main(path: str, seed: int) -> None:
    rng = random.Random(seed)
    journal = Journal(path)
    events = 0
    while True:
        session = Session.start(journal, GAME, rng.randint(1, 3), seed=rng.randrange(1000))
        events = 0
        while not session.state.is_terminal():
            if session.state.is_chance_node():
                if rng.random() < 0.5:
                    session.draw()
                else:
                    session.apply(rng.choice(session.state.legal_actions()), Source.MANUAL)
            elif rng.random() < 0.2 and session.can_undo():
                try:
                    session.undo()
                except UndoRefused:
                    continue
            else:
                session.apply(rng.choice(session.state.legal_actions()))
            events += 1
            print(f"ACK {session.game_row} {events} {digest(session)}", flush=True)


def shuffling(session: Session) -> bool:
    return bool(session.state.view().table.shuffling)


def shuffles(path: str, seed: int) -> None:
    """Lost in the Woods: every shuffle one ``draw_while`` run, acknowledged after it."""
    rng = random.Random(seed)
    journal = Journal(path)
    woods = registry.get("lost-in-the-woods")
    while True:
        session = Session.start(journal, woods, 1, {"max_shuffles": 100}, seed=rng.randrange(1000))
        while not session.state.is_terminal():
            if shuffling(session):
                session.draw_while(lambda state: bool(state.view().table.shuffling))
            elif session.state.is_chance_node():
                session.draw()
            else:
                session.apply(rng.choice(session.state.legal_actions()))
            events = len(journal.events(session.game_row))
            print(f"ACK {session.game_row} {events} {digest(session)}", flush=True)


if __name__ == "__main__":
    (shuffles if sys.argv[3:] == ["shuffle"] else main)(sys.argv[1], int(sys.argv[2]))
