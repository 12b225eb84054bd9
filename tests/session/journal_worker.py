"""Plays seeded random Die Race games through a Session until killed.

After each event is journaled it prints ``ACK <game row> <event count> <state digest>``
so the parent knows what the journal must hold after a SIGKILL.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys

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


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
