"""The rules-engine contract every game implements (the OpenSpiel shape).

A ``Game`` describes a board game: its id, name, player range and house-rule
options.  A ``State`` is one position in a played game.  Chance (dice, shuffles,
draws, spins) is never a ``random`` call inside a move: it is a chance node whose
outcomes and probabilities the state lists, so the session can apply an outcome
that came from the app's RNG, a sensor, or a player's tap.

Actions are small JSON-friendly values chosen by each engine (an int, a string,
or a tuple of ints and strings).  Every action has a readable text form, so logs,
scenarios and bug reports stay readable.

What a player reads is not the action text: each game's presenter builds a
``View`` (``companion.engines.view``) with the headline, the choices (key and
label), the chance entry, the public log and the ending, so screens never read an
engine's internals.  The action text is the action's *key*: it never changes
between releases, because the journal and scenario files store it.

Engines import nothing outside ``companion.engines`` (stdlib and numpy only).
"""

from __future__ import annotations

import abc
import copy
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from companion.engines import option_words
from companion.engines.view import LogLine, View

CHANCE = -1
"""``current_player()`` at a chance node."""
TERMINAL = -4
"""``current_player()`` once the game is over."""

Action = Any
"""An engine's action: a hashable, JSON-friendly value (int, str or tuple)."""


class IllegalAction(ValueError):
    """An action that is not legal here; ``str(err)`` is a reason a player can read."""


class InvalidState(ValueError):
    """Saved state data that does not describe a valid position; says what and where."""


class InvalidOptions(ValueError):
    """House-rule options that do not fit the game's option list."""


@dataclass(frozen=True)
class Option:
    """One house rule: its default, what it does, and the rulebook text it interprets."""

    key: str
    default: Any
    description: str
    rulebook: str
    decision: str = ""
    """The id of the entry in rules-decisions.md (e.g. ``"PP8"``), if any."""
    choices: tuple[Any, ...] = ()
    """Allowed values; empty means any value of the default's type."""
    minimum: float | None = None
    maximum: float | None = None
    title: str = ""
    """A short name for the rule ("Round limit"); empty: made from the key."""
    choice_labels: tuple[str, ...] = ()
    """What each of ``choices`` means in words, in the same order (empty: from the value)."""
    step: float | None = None
    """How far one tap of - or + moves a number (None: a sensible step for its range)."""
    members: tuple[tuple[str, str], ...] = ()
    """For a rule that picks a set of things (the tree series left out, say): each
    thing's (key, name).  The value stays text, the picked keys joined by commas in
    this order ("" for none), and a screen offers one toggle per thing."""
    nothing_picked: str = "None"
    """A set-valued rule's value in words when nothing is picked ("All series in play")."""
    words: tuple[tuple[str, str], ...] = ()
    """For a rule that is a list of words (the die's faces): each word it may hold as
    (key, name).  The value stays text, the keys joined by spaces, and a screen offers a
    pick-list for each item instead of a keyboard."""
    only_with: tuple[str, Any] | None = None
    """(another option's key, its value): the rule matters only then (Co-op's teams, in
    Co-op); New game hides it otherwise.  Its value is kept either way."""

    def applies(self, options: Mapping[str, Any]) -> bool:
        """Whether the rule matters with these house rules (see ``only_with``)."""
        return self.only_with is None or options.get(self.only_with[0]) == self.only_with[1]

    @property
    def name(self) -> str:
        """The rule's short name as a player reads it."""
        return self.title or self.key.replace("_", " ").capitalize()

    def picked(self, value: str) -> tuple[str, ...]:
        """The member keys a set-valued ``value`` names, in member order."""
        named = set(value.split(","))
        return tuple(key for key, _ in self.members if key in named)

    def toggled(self, value: str, key: str) -> str:
        """``value`` with member ``key`` picked or unpicked (maybe not a valid value)."""
        named = set(self.picked(value)) ^ {key}
        return ",".join(k for k, _ in self.members if k in named)

    def value_words(self, value: Any) -> str:
        """``value`` in words: On/Off, a choice's label, a number, the things picked."""
        if self.members and isinstance(value, str):
            names = dict(self.members)
            listed = ", ".join(names[k] for k in self.picked(value))
            return listed[:1].upper() + listed[1:] if listed else self.nothing_picked
        if self.words and isinstance(value, str):
            named = dict(self.words)
            return (
                ", ".join(named.get(w.casefold(), w) for w in value.replace(",", " ").split())
                or "None"
            )
        if isinstance(value, bool) and not self.choices:
            return "On" if value else "Off"
        if self.choices and value in self.choices and self.choice_labels:
            return self.choice_labels[self.choices.index(value)]
        if isinstance(value, float):
            return f"{value:g}"
        if isinstance(value, str):
            words = value.replace("-", " ").replace("_", " ").replace(",", ", ").strip()
            return words[:1].upper() + words[1:] if words else "None"
        return str(value)

    def step_size(self) -> float:
        """One tap's change: the given step, else tens on a wide whole-number range."""
        if self.step is not None:
            return self.step
        if not isinstance(self.default, int):
            return 0.1
        span = (self.maximum or 0) - (self.minimum or 0)
        return 10 if span >= 100 else 5 if span >= 40 else 1

    def validate(self, value: Any) -> Any:
        """Return ``value`` checked (and widened int->float) or raise InvalidOptions,
        whose sentence names the rule and what it can be in a player's words."""
        expected = type(self.default)
        if expected is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if (
            type(value) is not expected
            or (expected in (int, float) and not -(2**53) <= value <= 2**53)  # NaN, infinities
            or (self.choices and value not in self.choices)
            or (self.minimum is not None and value < self.minimum)
            or (self.maximum is not None and value > self.maximum)
        ):
            raise InvalidOptions(option_words.refusal(self, value))
        return value


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the winners (maybe none) and a sentence saying why."""

    winners: tuple[int, ...]
    reason: str


def quoted(text: str, limit: int = 60) -> str:
    """``text`` quoted for a message and cut short: a 10 MB key is never echoed whole."""
    shown = repr(text)
    return shown if len(shown) <= limit else shown[: limit - 4] + "...'"


def player_name(index: int) -> str:
    """The default name of player ``index`` (0-based): "Player 1"."""
    return f"Player {index + 1}"


def players_text(low: int, high: int) -> str:
    """ "1 player", "2 players", "2-5 players": for tiles and lists."""
    count = f"{low}" if low == high else f"{low}-{high}"
    return f"{count} player{'' if high == 1 else 's'}"


def furthest_along(progress: list[float] | tuple[float, ...]) -> tuple[int, ...]:
    """The players whose progress is the greatest (all of them tie when equal)."""
    if not progress:
        return ()
    best = max(progress)
    return tuple(i for i, p in enumerate(progress) if p == best)


def win_returns(winners: tuple[int, ...] | list[int], players: int) -> list[float]:
    """``returns()`` for a game won by ``winners``: 1 for each winner, 0 for the rest."""
    chosen = set(winners)
    return [1.0 if i in chosen else 0.0 for i in range(players)]


PIECES_KEY = "pieces"
"""The setup key holding each seat's piece (``Game.seat_pieces``)."""


def without_pieces(setup: Mapping[str, Any]) -> dict[str, Any]:
    """The setup data other than the chosen pieces (the box, say), for ``with_setup``."""
    return {key: value for key, value in setup.items() if key != PIECES_KEY}


class Game(abc.ABC):
    """A board game's static description and its state factory."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    max_game_length: ClassVar[int] = 10_000
    """An upper bound on the number of actions (chance included) in one game."""
    first_player: ClassVar[str] = ""
    """Who begins, as the rulebook says: "youngest", "random", "in-game" (the game's
    own first step chooses) or "" (whoever the table picks)."""
    piece_colours: ClassVar[tuple[tuple[str, str], ...]] = ()
    """The players' pieces in seat order, as (name, "#rrggbb"); empty: the app's own."""
    seat_pieces: tuple[int, ...] = ()
    """The piece each seat plays (indices into ``piece_colours``), chosen at New game
    and kept in the setup data as ``"pieces"``; empty: seat ``i`` plays piece ``i``."""
    round_word: ClassVar[str] = "Round"
    """What the rulebook calls one ``log_round`` ("Turn" in Le Petit Poucet): History's
    headings say it."""

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    @property
    def players_text(self) -> str:
        return players_text(self.min_players, self.max_players)

    def unavailable(self) -> str | None:
        """Why this game cannot be played here (its box data file is broken, say), or
        None.  Games load their data when first needed, never at import, so one bad
        file takes down that game's tile, not the app."""
        return None

    def option(self, key: str) -> Option:
        for opt in self.options:
            if opt.key == key:
                return opt
        raise KeyError(key)

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Fill in defaults and validate every given option; unknown keys are errors."""
        given = dict(options or {})
        known = {opt.key for opt in self.options}
        unknown = sorted(set(given) - known)
        if unknown:
            raise InvalidOptions(f"{self.id} has no option {', '.join(map(repr, unknown))}")
        return {
            opt.key: opt.validate(given[opt.key]) if opt.key in given else opt.default
            for opt in self.options
        }

    def with_setup(self, setup: Mapping[str, Any]) -> Game:
        """This game configured with setup data that is not a house rule (an owner's
        own board, say); saved games keep it so a replay uses the same setup."""
        if setup:
            raise InvalidOptions(f"{self.name} takes no setup data ({', '.join(setup)})")
        return self

    def piece_of(self, seat: int) -> int:
        """The index into ``piece_colours`` of the piece seat ``seat`` plays."""
        return self.seat_pieces[seat] if seat < len(self.seat_pieces) else seat

    def with_pieces(self, setup: Mapping[str, Any]) -> Self:
        """This game with the pieces ``setup["pieces"]`` names (seat order without it);
        InvalidOptions says what is wrong with a bad list."""
        if PIECES_KEY not in setup:
            return self
        pieces = setup[PIECES_KEY]
        count = len(self.piece_colours)
        if not count:
            raise InvalidOptions(f"{self.name} has no pieces to choose")
        if not isinstance(pieces, list | tuple) or not all(
            isinstance(p, int) and not isinstance(p, bool) for p in pieces
        ):
            raise InvalidOptions(
                f"the chosen pieces must be a list of piece numbers, not {pieces!r}"
            )
        if any(not 0 <= p < count for p in pieces):
            raise InvalidOptions(
                f"{self.name} has {count} pieces: the chosen pieces {list(pieces)} name one it lacks"
            )
        if len(set(pieces)) != len(pieces):
            raise InvalidOptions(f"two players cannot play the same piece ({list(pieces)})")
        game = copy.copy(self)
        game.seat_pieces = tuple(pieces)
        return game

    def check_players(self, players: int) -> None:
        if not isinstance(players, int) or isinstance(players, bool):
            raise InvalidOptions(f"the number of players must be a whole number, got {players!r}")
        if players not in self.player_counts:
            raise InvalidOptions(
                f"{self.name} is for {self.min_players}-{self.max_players} players, not {players}"
            )
        if self.seat_pieces and len(self.seat_pieces) != players:
            raise InvalidOptions(
                f"{len(self.seat_pieces)} pieces were chosen for {players} players: "
                "each player needs one"
            )

    def new_initial_state(
        self, players: int, options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> State:
        """A fresh game; ``seed`` is kept in the state for engines that need setup randomness."""
        self.check_players(players)
        return self._new_state(players, self.resolve_options(options), seed)

    @abc.abstractmethod
    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> State:
        """Build the initial state from already-validated arguments."""

    def state_from_dict(self, data: Any) -> State:
        """Rebuild a state saved with ``State.to_dict``; raises InvalidState naming the fault."""
        if not isinstance(data, dict):
            raise InvalidState(f"a saved state must be an object, got {type(data).__name__}")
        if data.get("game") != self.id:
            raise InvalidState(f"saved state is for game {data.get('game')!r}, not {self.id!r}")
        players = data.get("players")
        try:
            self.check_players(players)  # type: ignore[arg-type]
            options = self.resolve_options(data.get("options"))
        except InvalidOptions as err:
            raise InvalidState(f"saved state: {err}") from err
        seed = data.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidState(f"saved state: seed must be an integer, got {seed!r}")
        body = data.get("state")
        if not isinstance(body, dict):
            raise InvalidState("saved state has no 'state' object")
        state = self._new_state(players, options, seed)  # type: ignore[arg-type]
        try:
            state._load(body)
        except InvalidState:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
            raise InvalidState(f"saved state is malformed: {type(err).__name__}: {err}") from err
        return state

    def __repr__(self) -> str:
        return f"<Game {self.id}>"


class State(abc.ABC):
    """One position of a played game.

    Subclasses implement the abstract methods plus ``_dump`` / ``_load`` for
    their own fields.  ``apply`` must raise IllegalAction (never mutate) for an
    action that is not in ``legal_actions()``.
    """

    def __init__(self, game: Game, players: int, options: dict[str, Any], seed: int) -> None:
        self.game = game
        self.num_players = players
        self.options = options
        self.seed = seed
        self.names: list[str] | None = None
        """The players' names, given by the session (not saved: the journal keeps them)."""
        self.log: list[LogLine] = []
        """The public log: lines in player words, appended as actions are applied.
        Not saved in ``to_dict``: a resumed game rebuilds it by replaying its actions."""

    def player_name(self, index: int) -> str:
        """Player ``index``'s name as the table knows it ("Player 2" until named)."""
        if self.names is not None and 0 <= index < len(self.names) and self.names[index]:
            return self.names[index]
        return player_name(index)

    # -- whose turn -------------------------------------------------------
    @abc.abstractmethod
    def current_player(self) -> int:
        """A player index, CHANCE or TERMINAL."""

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    # -- moves ------------------------------------------------------------
    @abc.abstractmethod
    def legal_actions(self) -> list[Action]:
        """The actions the current player may take (the outcomes at a chance node)."""

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """``[(outcome, probability)]`` summing to 1 at a chance node; ``[]`` elsewhere."""
        return []

    def apply(self, action: Action) -> None:
        """Apply ``action`` in place, or raise IllegalAction saying why it cannot be played."""
        if self.is_terminal():
            raise IllegalAction("the game is over")
        self._apply(action)

    def note(self, text: str, player: int | None = None) -> None:
        """Add a line to the public log.  Engines call it from ``_apply`` once the
        action is known legal, worded for everyone at the table: a card drawn into
        a hidden hand or a secret vote is noted without naming it."""
        self.log.append(LogLine(text, player, self.log_round()))

    def log_round(self) -> int | None:
        """The round a log line written now belongs to (None for games without rounds)."""
        return None

    @abc.abstractmethod
    def _apply(self, action: Action) -> None:
        """Apply a (not yet checked) action; raise IllegalAction before changing anything."""

    def child(self, action: Action) -> State:
        """A copy of this state with ``action`` applied."""
        nxt = self.clone()
        nxt.apply(action)
        return nxt

    # -- ends -------------------------------------------------------------
    @abc.abstractmethod
    def returns(self) -> list[float]:
        """Each player's result: 1 for a win, 0 for a loss (or a score), 0s until the end."""

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it is running."""
        if not self.is_terminal():
            return None
        results = self.returns()
        best = max(results) if results else 0
        winners = tuple(i for i, r in enumerate(results) if r == best and best > 0)
        return Outcome(winners, self.end_reason())

    def end_reason(self) -> str:
        return "the game is over"

    # -- text -------------------------------------------------------------
    @abc.abstractmethod
    def action_to_string(self, action: Action) -> str:
        """A readable, unique text for ``action`` in this state."""

    def string_to_action(self, text: str) -> Action:
        """The legal action whose text is ``text``; raises IllegalAction otherwise."""
        wanted = " ".join(str(text).split()).casefold()
        for action in self.legal_actions():
            if " ".join(self.action_to_string(action).split()).casefold() == wanted:
                return action
        raise IllegalAction(f"{quoted(str(text))} is not a legal action here")

    def secrets(self) -> list[str]:
        """Phrases the shared view must not contain now: the hidden information of
        this position as a presenter would word it (a card in a hidden hand, the
        order of a shuffled deck, a vote not yet shown).  The suite checks them."""
        return []

    def key_to_action(self, key: str) -> Action:
        """The action ``key`` names, legal here or not, so that applying it gives the
        engine's own reason when it is refused.  Engines override this with a parser
        that needs no state; the default only finds legal actions."""
        return self.string_to_action(key)

    def describe(self) -> list[str]:
        """A few lines describing the position, for the plain table screen and logs."""
        return []

    @abc.abstractmethod
    def view(self, viewer: int | None = None) -> View:
        """What a screen may show now (see ``companion.engines.view``); ``viewer`` is
        the player looking at their own secrets, None for the shared screen."""

    def public_step_text(self, text: str, steps_after: int) -> str:
        """How the history may show a past step now (a secret vote stays hidden until
        it is revealed); ``steps_after`` steps were played after it."""
        return text

    def legal_action_strings(self) -> list[str]:
        return [self.action_to_string(a) for a in self.legal_actions()]

    # -- copies and saves -------------------------------------------------
    def clone(self) -> State:
        """An independent copy (deep copy of everything but the shared Game)."""
        memo: dict[int, Any] = {id(self.game): self.game, id(self.log): list(self.log)}
        return copy.deepcopy(self, memo)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data; ``game.state_from_dict`` rebuilds an equal state."""
        return {
            "game": self.game.id,
            "players": self.num_players,
            "options": dict(self.options),
            "seed": self.seed,
            "state": self._dump(),
        }

    @abc.abstractmethod
    def _dump(self) -> dict[str, Any]:
        """This engine's fields as plain JSON data."""

    @abc.abstractmethod
    def _load(self, data: dict[str, Any]) -> None:
        """Restore fields from ``_dump`` output; raise InvalidState naming any fault."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return f"{self.game.name} ({self.num_players} players)"


def sample_chance(state: State, rng: random.Random) -> Action:
    """Pick one chance outcome with its probability, from ``rng``."""
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise IllegalAction("this is not a chance node")
    actions = [a for a, _ in outcomes]
    weights = [p for _, p in outcomes]
    return rng.choices(actions, weights=weights, k=1)[0]


def random_playout(state: State, rng: random.Random, max_steps: int | None = None) -> State:
    """Play uniformly random legal actions (chance by its odds) until the end."""
    limit = max_steps if max_steps is not None else state.game.max_game_length
    for _ in range(limit):
        if state.is_terminal():
            return state
        if state.is_chance_node():
            state.apply(sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


def require(condition: bool, message: str) -> None:
    """Raise InvalidState(message) unless ``condition``; for ``_load`` validation."""
    if not condition:
        raise InvalidState(message)
