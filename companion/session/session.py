"""A played game: the engine state, its journal and undo.

Every action is checked on a copy first, then written to the journal, and only
then becomes the live state, so the journal never holds an action the engine
refused and the screen never shows a state the journal lacks.  The app's own
chance draws are committed before anyone sees them; undo never re-draws them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from companion.engines import registry
from companion.engines.base import Game, IllegalAction, State, sample_chance
from companion.session.journal import GAME_FORMAT, GameRecord, Journal, Source

CHANCE_SOURCES = (Source.APP_DRAW, Source.SENSOR, Source.MANUAL)
"""Who may decide a chance node: the app's RNG, a sensor, or a tap saying what the table showed."""


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
        self._past: list[State] = []
        self.steps: list[Step] = []

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
        for event in journal.events(game_row):
            if upto is not None and event.seq > upto:
                break
            try:
                if event.kind == "undo":
                    session._pop()
                else:
                    action = session.state.string_to_action(event.action or "")
                    session._advance(session.state.child(action), event.action or "", event.source)
            except (IllegalAction, UndoRefused, IndexError) as err:
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
        self._check_source(text, source)
        finished = self._result(nxt) if nxt.is_terminal() else None
        self.journal.append(self.game_row, "action", text, source, finished=finished)
        self._advance(nxt, text, source)

    def _check_source(self, text: str, source: Source) -> None:
        if self.state.is_chance_node():
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

    def draw_rng(self) -> random.Random:
        """The RNG for an app draw at this step (``draw`` and the app's own devices).

        Derived from the seed and the step, so the same game draws the same way."""
        return random.Random(f"{self.record.seed}/{len(self.steps)}")

    def undo(self) -> Step:
        """Take back the last decision; refuses across an app draw or a sensor reading."""
        if not self.steps:
            raise UndoRefused("There is nothing to undo: this is the start of the game.")
        last = self.steps[-1]
        if not last.source.undoable:
            raise UndoRefused(
                f"'{last.text}' was {last.source.described} and really happened: "
                "it cannot be taken back."
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

    def _advance(self, nxt: State, text: str, source: Source) -> None:
        self.steps.append(Step(self.state.current_player(), text, source))
        self._past.append(self.state)
        self.state = nxt

    def _pop(self) -> Step:
        if not self._past:
            raise UndoRefused("There is nothing to undo.")
        self.state = self._past.pop()
        return self.steps.pop()
