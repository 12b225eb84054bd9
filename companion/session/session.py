"""A played game: the engine state, its journal and undo.

Every action is checked on a copy first, then written to the journal, and only
then becomes the live state, so the journal never holds an action the engine
refused and the screen never shows a state the journal lacks.  The app's own
chance draws are committed before anyone sees them; undo never re-draws them.

Undo stops at the last app draw or sensor reading (the *floor*), so only positions
from there on are kept: the last few whole, and one every ``CHECKPOINT_EVERY`` steps,
from which an older position is rebuilt by re-applying the steps after it.  Resuming
re-applies the journal's actions to one state in place (no copy per action).
"""

from __future__ import annotations

import gc
import random
from bisect import bisect_right
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from companion.engines import registry
from companion.engines.base import CHANCE, Game, IllegalAction, State, sample_chance
from companion.session.journal import GAME_FORMAT, Event, GameRecord, Journal, Source

CHANCE_SOURCES = (Source.APP_DRAW, Source.SENSOR, Source.MANUAL)
"""Who may decide a chance node: the app's RNG, a sensor, or a tap saying what the table showed."""
CHECKPOINT_EVERY = 32
"""A kept position every this many steps: an undo re-applies at most this many actions."""
RECENT = 4
"""The last positions kept whole, so the first few undos copy nothing."""
MAX_RUN = 1_000
"""At most this many app draws in one run (``draw_while``): a predicate that never turns
false cannot hang the screen."""


class UndoRefused(Exception):
    """Undo would take back something that really happened; ``str`` says what."""


class ResumeFailed(Exception):
    """A saved game could not be rebuilt; ``str`` names the game and the step."""


class SavedByNewerVersion(Exception):
    """A saved game written by a newer app: refused, and kept for that version."""


class WrongSource(IllegalAction):
    """The action's source does not fit the node (a decision drawn, a chance outcome chosen)."""


@dataclass(frozen=True)
class Step:
    """One applied action as the history view shows it."""

    player: int  # the player who acted, or CHANCE
    text: str
    source: Source


class Session:
    """The live game: apply, draw and undo, each durably journaled."""

    def __init__(
        self, journal: Journal, record: GameRecord, game: Game, state: State | None = None
    ) -> None:
        self.journal = journal
        self.record = record
        self.game = game
        self.state: State = state or game.new_initial_state(
            record.players, record.options, record.seed
        )
        self.state.names = list(record.names)
        self.steps: list[Step] = []
        self._actions: list[Any] = []
        """The engine action of each step, to rebuild a position from a kept one."""
        self._kept_at: list[int] = []
        """Step counts of the kept positions, ascending (``_kept`` holds them)."""
        self._kept: list[State] = []
        """Kept positions: never changed in place, so the live state may be one of them."""
        self._floor = 0
        """The step count undo cannot go below: just after the last app draw or reading."""

    # -- creating and resuming --------------------------------------------------
    @classmethod
    def start(
        cls,
        journal: Journal,
        game: Game | str,
        players: int,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        names: list[str] | None = None,
        setup: dict[str, Any] | None = None,
    ) -> Session:
        game = registry.get(game) if isinstance(game, str) else game
        game = game.with_setup(setup or {})
        resolved = game.resolve_options(options)
        game.check_players(players)
        seed = random.SystemRandom().randrange(2**31) if seed is None else seed
        names = names or [f"Player {i + 1}" for i in range(players)]
        # Built before the row is written: a start that fails leaves no phantom game.
        state = game.new_initial_state(players, resolved, seed)
        row = journal.start_game(game.id, players, resolved, seed, names, setup)
        return cls(journal, journal.game(row), game, state)

    @classmethod
    def resume(
        cls, journal: Journal, game_row: int, game: Game | None = None, upto: int | None = None
    ) -> Session:
        """Rebuild a saved game by replaying its journal (up to event ``upto``, if given)."""
        record = journal.game(game_row)
        if record.format > GAME_FORMAT:
            raise SavedByNewerVersion(
                f"Saved game {game_row} ({record.game}) was saved by a newer version of the "
                f"companion (format {record.format}; this version reads up to {GAME_FORMAT}). "
                "It is kept for that version."
            )
        try:
            game = (game or registry.get(record.game)).with_setup(record.setup)
            session = cls(journal, record, game)
        except (KeyError, ValueError) as err:
            raise ResumeFailed(
                f"saved game {game_row} ({record.game}) cannot start: {err}"
            ) from err
        with _no_collection():
            for event in _surviving(journal.events(game_row), upto, game_row, record.game):
                text = event.action or ""
                try:
                    session._replay(session._action_for(text), text, event.source)
                except (IllegalAction, IndexError) as err:
                    raise ResumeFailed(
                        f"saved game {game_row} ({record.game}) breaks at step {event.seq} "
                        f"({event.action!r}): {err}"
                    ) from err
        if upto is None:
            session._repair_finished_mark()
        return session

    def _repair_finished_mark(self) -> None:
        """Make the "finished" mark say what the replayed state says (journals of older
        versions could lose it between two transactions)."""
        terminal = self.state.is_terminal()
        if terminal and self.record.finished is None:
            self.journal.finish_game(self.game_row, self._result(self.state))
        elif not terminal and self.record.finished is not None:
            self.journal.reopen_game(self.game_row)

    # -- playing -----------------------------------------------------------------
    @property
    def game_row(self) -> int:
        return self.record.id

    def apply(self, action: Any, source: Source = Source.PLAYER) -> None:
        """Check, journal, then show ``action``; IllegalAction leaves everything as it was."""
        nxt = self.state.child(action)
        text = self.state.action_to_string(action)
        self._check_source(self.state, text, source)
        finished = self._result(nxt) if nxt.is_terminal() else None
        self.journal.append(self.game_row, "action", text, source, finished=finished)
        self._advance(nxt, [(action, text, source)])

    @staticmethod
    def _check_source(state: State, text: str, source: Source) -> None:
        if state.is_chance_node():
            if source not in CHANCE_SOURCES:
                raise WrongSource(
                    f"'{text}' is a chance outcome: it cannot come from {source.described}; "
                    "let the app draw it or enter what the table showed"
                )
        elif source is not Source.PLAYER:
            raise WrongSource(
                f"'{text}' is a player's decision: it cannot come from {source.described}"
            )

    def apply_text(self, text: str, source: Source = Source.PLAYER) -> None:
        self.apply(self.state.string_to_action(text), source)

    def draw(self) -> Any:
        """The app decides the chance node: the outcome is on disk before it is returned."""
        if not self.state.is_chance_node():
            raise IllegalAction("nothing is drawn now: it is a player's decision")
        action = sample_chance(self.state, self.draw_rng())
        self.apply(action, Source.APP_DRAW)
        return action

    def draw_while(self, keep_going: Callable[[State], bool]) -> list[Any]:
        """App draws one after another while the position is a chance node and
        ``keep_going(position)`` holds (a whole deck shuffled card by card).

        The run is journaled in one transaction before any of it becomes the live
        state, and each draw is the one ``draw`` would have made at its step."""
        work = self.state.clone()
        run: list[tuple[Any, str, Source]] = []
        while work.is_chance_node() and keep_going(work) and len(run) < MAX_RUN:
            action = sample_chance(work, self._rng_at(len(self.steps) + len(run)))
            text = work.action_to_string(action)
            work.apply(action)
            run.append((action, text, Source.APP_DRAW))
        if not run:
            return []
        self._commit_run(work, run)
        return [a for a, _, _ in run]

    def enter_repeated(self, text: str, count: int, source: Source = Source.MANUAL) -> int:
        """The same outcome entered up to ``count`` times while it stays legal (a hand
        refilled from a real deck, card by card): each step checked as if entered alone,
        journaled in one transaction, then shown once.  Returns how many were entered;
        IllegalAction (the first one is not legal) leaves everything as it was."""
        work = self.state
        run: list[tuple[Any, str, Source]] = []
        while len(run) < count:
            try:
                action = work.key_to_action(text)
                key = work.action_to_string(action)
                self._check_source(work, key, source)
                work = work.child(action)
            except IllegalAction:
                if not run:
                    raise
                break
            run.append((action, key, source))
        self._commit_run(work, run)
        return len(run)

    def _commit_run(self, work: State, run: list[tuple[Any, str, Source]]) -> None:
        """Journal ``run`` in one transaction, then make ``work`` (the position after it)
        the live one: nothing of a run is shown before all of it is on disk."""
        finished = self._result(work) if work.is_terminal() else None
        self.journal.append_many(
            self.game_row, [("action", t, s) for _, t, s in run], finished=finished
        )
        self._advance(work, run)

    def draw_rng(self) -> random.Random:
        """The RNG for an app draw at this step (``draw`` and the app's own devices).

        Derived from the seed and the step, so the same game draws the same way."""
        return self._rng_at(len(self.steps))

    def _rng_at(self, step: int) -> random.Random:
        return random.Random(f"{self.record.seed}/{step}")

    def undo(self) -> Step:
        """Take back the last decision; refuses across an app draw or a sensor reading."""
        if not self.steps:
            raise UndoRefused("There is nothing to undo: this is the start of the game.")
        last = self.steps[-1]
        if not last.source.undoable:
            raise UndoRefused(  # in a player's words: never the step's key
                f"The last step was {last.source.described}: it really happened, "
                "so it cannot be taken back."
            )
        reopen = self.state.is_terminal()
        self.journal.append(self.game_row, "undo", None, Source.PLAYER, reopen=reopen)
        return self._pop()

    def can_undo(self) -> bool:
        return bool(self.steps) and self.steps[-1].source.undoable

    # -- internals ---------------------------------------------------------------
    @staticmethod
    def _result(state: State) -> str:
        outcome = state.outcome()
        return outcome.reason if outcome else ""

    def _action_for(self, text: str) -> Any:
        """The action a journaled key names: the engine's own parser, else a search
        of the legal actions (which also reads keys whose spacing or case differs)."""
        try:
            return self.state.key_to_action(text)
        except IllegalAction:
            return self.state.string_to_action(text)

    def _advance(self, nxt: State, run: list[tuple[Any, str, Source]]) -> None:
        """``nxt`` (a new object) is the position after ``run``, applied to the live one."""
        self._keep(len(self.steps), self.state)
        player = self.state.current_player()
        for action, text, source in run:
            self._record(player, action, text, source)
            player = CHANCE
        self.state = nxt
        self._forget()

    def _replay(self, action: Any, text: str, source: Source) -> None:
        """Apply a journaled action to the live state in place (only while resuming,
        when the live state is not a kept position)."""
        count = len(self.steps)
        if count % CHECKPOINT_EVERY == 0:
            self._keep(count, self.state.clone())
        player = self.state.current_player()
        self.state.apply(action)
        self._record(player, action, text, source)
        self._forget()

    def _record(self, player: int, action: Any, text: str, source: Source) -> None:
        self.steps.append(Step(player, text, source))
        self._actions.append(action)
        if not source.undoable:
            self._floor = len(self.steps)

    def _keep(self, count: int, state: State) -> None:
        if self._kept_at and self._kept_at[-1] == count:  # undone to a kept position
            self._kept[-1] = state
            return
        self._kept_at.append(count)
        self._kept.append(state)

    def _forget(self) -> None:
        """Drop positions undo can no longer need: all but the newest at or below the
        floor, and whole positions that left the recent window between checkpoints."""
        base = bisect_right(self._kept_at, self._floor) - 1
        if base > 0:
            del self._kept_at[:base], self._kept[:base]
        old = len(self.steps) - 1 - RECENT
        at = bisect_right(self._kept_at, old) - 1
        if at >= 0 and self._kept_at[at] == old > self._floor and old % CHECKPOINT_EVERY:
            del self._kept_at[at], self._kept[at]

    def kept_positions(self) -> int:
        """How many whole positions are held for undo (few: see the module docstring)."""
        return len(self._kept)

    def _pop(self) -> Step:
        if not self.steps:
            raise UndoRefused("There is nothing to undo.")
        target = len(self.steps) - 1
        at = bisect_right(self._kept_at, target) - 1
        del self._kept_at[at + 1 :], self._kept[at + 1 :]
        start = self._kept_at[at]
        if start == target:
            self.state = self._kept[at]
        else:
            state = self._kept[at].clone()
            for action in self._actions[start:target]:
                state.apply(action)
            self.state = state
        self._actions.pop()
        return self.steps.pop()


@contextmanager
def _no_collection() -> Iterator[None]:
    """No garbage collection while a game is replayed: a replay makes many short-lived
    objects, and a full collection of the app's heap (tens of ms) would land in it."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _surviving(events: list[Event], upto: int | None, row: int, game: str) -> list[Event]:
    """The journal's actions that still stand (each undo cancels the action before it),
    up to event ``upto``: an undone action never needs replaying."""
    standing: list[Event] = []
    for event in events:
        if upto is not None and event.seq > upto:
            break
        if event.kind != "undo":
            standing.append(event)
        elif standing:
            standing.pop()
        else:
            raise ResumeFailed(
                f"saved game {row} ({game}) breaks at step {event.seq}: there is nothing to undo"
            )
    return standing
