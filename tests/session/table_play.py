"""Seeded games played through a Session the way a table plays them: decisions,
app draws (one at a time and in runs), outcomes entered by hand, and take-backs.

Beside the session it keeps the obvious reference: a copy of the position per step
(``State.child``) and a stack of them for undo, so a test can compare every
position the session shows with the step-by-step one.  The benchmarks use the same
games as seeded real-engine journals.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from companion.engines.base import Game, State
from companion.session.journal import Journal, Source
from companion.session.session import Session

LONG_OPTIONS: dict[str, dict[str, object]] = {
    "beware-of-the-wolf": {"round_limit": 500},
    "gingerdead-house": {"round_limit": 100},
    "little-dead-riding-hood": {"max_rounds": 200},
    "lost-in-the-woods": {"max_shuffles": 100},
}
"""House rules that let a game run long (a long journal is what resume must be quick on)."""


@dataclass
class TablePlay:
    """One seeded game in progress, with its step-by-step reference positions."""

    session: Session
    rng: random.Random
    undo_chance: float
    drawn: float = 0.6
    """How often the app decides a chance node (half of those in runs); else the
    table enters the outcome by hand."""
    reference: list[State] = field(default_factory=list)
    """The step-by-step positions (empty: not kept, for long benchmark journals)."""
    actions: int = 0
    """Action events journaled so far (undo events not counted)."""

    def step(self) -> bool:
        """Play one table event; False once nothing more can happen (the game is over
        and its last step cannot be taken back)."""
        session, rng = self.session, self.rng
        state = session.state
        if session.can_undo() and (state.is_terminal() or rng.random() < self.undo_chance):
            session.undo()
            if self.reference:
                self.reference.pop()
            return True
        if state.is_terminal():
            return False
        if state.is_chance_node():
            roll = rng.random()
            if roll < self.drawn / 2:
                self._run()
                return True
            if roll < self.drawn:
                outcome = session.draw()
            else:
                outcome = rng.choice(state.legal_actions())
                session.apply(outcome, Source.MANUAL)
        else:
            outcome = rng.choice(state.legal_actions())
            session.apply(outcome)
        self._follow(outcome)
        return True

    def _follow(self, outcome: object) -> None:
        if self.reference:
            self.reference.append(self.reference[-1].child(outcome))
        self.actions += 1

    def events(self, actions: int) -> Iterator[int]:
        """Step until ``actions`` action events are journaled or the game cannot go
        on, yielding the action count after every event."""
        while self.actions < actions and self.step():
            yield self.actions

    def play_to(self, actions: int) -> None:
        for _ in self.events(actions):
            pass

    def _run(self) -> None:
        """A run of up to three app draws in one go (``Session.draw_while``)."""
        left = [self.rng.randint(1, 3)]

        def more(_state: State) -> bool:
            left[0] -= 1
            return left[0] >= 0

        for outcome in self.session.draw_while(more):
            self._follow(outcome)


def table_play(
    journal: Journal,
    game: Game,
    seed: int,
    undo_chance: float = 0.15,
    players: int = 0,
    drawn: float = 0.6,
    keep_reference: bool = True,
) -> TablePlay:
    """A new seeded game (``players`` 0: the most the game takes) ready to ``step``."""
    count = players or game.max_players
    session = Session.start(journal, game, count, LONG_OPTIONS.get(game.id, {}), seed=seed)
    first = game.new_initial_state(count, session.record.options, seed)
    first.names = list(session.record.names)
    reference = [first] if keep_reference else []
    return TablePlay(session, random.Random(seed), undo_chance, drawn, reference)
