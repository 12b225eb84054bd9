"""Lost in the Woods: one position of the solo game on the engine contract.

The State holds the table (Clock, Forest row, Fright row, Journey deck, discard pile) and
says whose move it is; what each rule does lives in the module named for it: ``drawing``
(Draw 1 Card, round setup), ``events`` (the Event cards), ``ending`` (End the Round),
``rounds``, ``deck`` and ``clock``.

Two deck modes (house option ``deck``):

* ``digital`` - the app is the deck.  Every shuffle is a run of chance nodes, one per card
  ("shuffled: wolf"), that fixes the order; the engine then knows each card and a draw
  simply turns over the next one.  The order is committed before any card is shown, so
  undo or a restart can never change what comes next.  It is a secret: the public log
  only says that the deck is shuffled.
* ``table`` - the player shuffles and draws real cards.  Each draw is a chance node whose
  outcome is the kind the player taps ("drawn: wolf"), weighted by the top segment's unseen
  composition; a kind that cannot be there any more is refused, saying where those cards are.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import TYPE_CHECKING, Any

from companion.engines.base import CHANCE, TERMINAL, IllegalAction, State
from companion.engines.lost_in_the_woods import deck, drawing, ending, events, rounds, save
from companion.engines.lost_in_the_woods import text as words
from companion.engines.lost_in_the_woods import view as presenter
from companion.engines.lost_in_the_woods.actions import (
    DRAW,
    END_ROUND,
    USE_TORCH,
    Action,
    Drawn,
    Shuffled,
    parse,
)
from companion.engines.lost_in_the_woods.cards import KINDS, NAMES
from companion.engines.lost_in_the_woods.fright import animals_in
from companion.engines.view import View

if TYPE_CHECKING:
    from companion.engines.lost_in_the_woods.game import LostInTheWoodsGame


class LostInTheWoodsState(State):
    game: LostInTheWoodsGame

    def __init__(
        self, game: LostInTheWoodsGame, players: int, options: dict[str, Any], seed: int
    ) -> None:
        super().__init__(game, players, options, seed)
        full = +Counter(game.box.counts)
        self.time = 0
        self.forest: list[str] = []
        self.row: list[str] = []
        self.discard: Counter[str] = Counter()
        self.segments: list[Counter[str]] = []
        self.order: list[str] | None = None
        self.pool: Counter[str] = Counter()
        self.shuffles = 0
        self.stage = "setup"
        self.want_draw = True
        self.event: str | None = None
        self.decision: str | None = None
        self.ending = False
        self.compass_left = 0
        self.virtual: list[str] = []
        self.sets_left: list[str] | None = None
        self.set_count = 0
        self.torch_ready = 0
        """Lit Torches set aside: each is usable at once, at any Draw / End decision (LW6)."""
        self.well_used = False
        self.round = 1
        self.result: str | None = None
        self.reason = ""
        self.messages: list[str] = []
        """What the last step did (also in the public log); saved with the state."""
        if self.digital:
            self.order = []
            self.segments = [Counter()]
            self.pool = full
        else:
            self.segments = [full]

    # -- what the table shows ----------------------------------------------
    @property
    def digital(self) -> bool:
        return bool(self.options["deck"] == "digital")

    @property
    def deck_size(self) -> int:
        return sum(sum(seg.values()) for seg in self.segments) + sum(self.pool.values())

    @property
    def discard_size(self) -> int:
        return sum(self.discard.values())

    def row_animals(self) -> list[str]:
        return animals_in(self.row)

    def next_draw_composition(self) -> dict[str, int]:
        """What the next card can be, as far as the player knows."""
        return deck.next_draw_composition(self)

    def signpost_symbols(self) -> list[str]:
        return events.signpost_symbols(self)

    def compass_symbols(self) -> list[str]:
        return ending.compass_symbols(self)

    def placeable_sets(self) -> list[str]:
        return ending.placeable_sets(self)

    def knowledge_view(self) -> LostInTheWoodsState:
        """A table-mode copy holding only what the player knows (no digital card order):
        what the advisor may look at."""
        known = self.clone()
        assert isinstance(known, LostInTheWoodsState)
        known.options = {**self.options, "deck": "table"}
        known.order = None
        if known.pool:
            known.segments[-1].update(known.pool)
            known.pool = Counter()
        return known

    # -- contract -----------------------------------------------------------
    def current_player(self) -> int:
        if self.result is not None:
            return TERMINAL
        if self.pool:
            return CHANCE
        if self.decision is None and self.want_draw and not self.ending:
            return CHANCE
        return 0

    def legal_actions(self) -> list[Any]:
        if self.result is not None:
            return []
        if self.pool:
            return [Shuffled.of(k) for k in KINDS if self.pool.get(k)]
        if self.decision is not None:
            if self.decision in events.EVENT_DECISIONS:
                return events.offers(self, self.decision)
            return ending.offers(self, self.decision)
        if self.want_draw:
            return [Drawn.of(k) for k in KINDS if self.segments[0].get(k)]
        actions: list[Action] = [DRAW, END_ROUND]
        if self.torch_ready and self.row_animals():
            actions.append(USE_TORCH)
        return actions

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.current_player() != CHANCE:
            return []
        counts = self.pool if self.pool else self.segments[0]
        total = sum(counts.values())
        make = Shuffled.of if self.pool else Drawn.of
        return [(make(k), counts[k] / total) for k in KINDS if counts.get(k)]

    def action_to_string(self, action: Any) -> str:
        return str(action)

    def key_to_action(self, key: str) -> Any:
        """The action a key names, parsed without the state (legal here or not)."""
        action = parse(" ".join(str(key).split()).casefold())
        if action is None:
            raise IllegalAction(words.refusal(key, self.legal_actions()))
        return action

    def returns(self) -> list[float]:
        return [1.0 if self.result == "won" else 0.0]

    def end_reason(self) -> str:
        return self.reason or "the game is over"

    def log_round(self) -> int | None:
        return self.round

    # -- moves --------------------------------------------------------------
    def _apply(self, action: Any) -> None:
        legal = self.legal_actions()
        if not isinstance(action, str) or action not in legal:
            raise IllegalAction(self._refusal(action, legal))
        action = legal[legal.index(action)]
        self.messages = []
        if isinstance(action, Shuffled):
            deck.shuffle_in(self, action.kind)
        elif isinstance(action, Drawn):
            drawing.reveal(self, deck.take_top(self, action.kind))
        elif self.decision is not None:
            decision, self.decision = self.decision, None
            if decision in events.EVENT_DECISIONS:
                events.decide(self, decision, action)
            else:
                ending.decide(self, action)
        elif action == DRAW:
            self.want_draw = True
        elif action == END_ROUND:
            self.say(words.ROUND_ENDED)
            rounds.begin_end_of_round(self)
        else:
            events.use_torch(self)
        self._advance()

    def _refusal(self, action: Any, legal: list[Any]) -> str:
        if (
            isinstance(action, str)
            and action.startswith(Drawn.prefix)
            and isinstance(legal[0], Drawn)
        ):
            return words.card_refusal(self, action[len(Drawn.prefix) :].strip())
        return words.refusal(action, legal)

    def _advance(self) -> None:
        """Run every step that needs no input until a chance node, a decision or the end."""
        while self.result is None and not self.pool and self.decision is None:
            if self.ending:
                ending.carry_on(self)
                continue
            if not self.want_draw:
                return
            if not any(self.segments):
                self.segments = []
                if not self.discard:
                    self.want_draw = False
                    self.say(words.NOTHING_LEFT)
                    rounds.begin_end_of_round(self)
                    continue
                self.say(words.DECK_REBUILT)
                deck.shuffle_discard(self)
                continue
            if not self.digital:
                return
            assert self.order is not None
            drawing.reveal(self, deck.take_top(self, self.order[0]))

    def say(self, message: str) -> None:
        """Tell the table what just happened (the last step's messages and the public log)."""
        self.messages.append(message)
        self.note(message, 0)

    # -- the player's view --------------------------------------------------
    def view(self, viewer: int | None = None) -> View:
        return presenter.present(self, viewer)

    def secrets(self) -> list[str]:
        """A digital deck's order is the app's secret until each card is turned over."""
        return presenter.secrets(self)

    def public_step_text(self, text: str, steps_after: int) -> str:
        """A past shuffle step never names its card (that would tell the deck order)."""
        return words.SHUFFLED if text.startswith(Shuffled.prefix) else text

    def clone(self) -> LostInTheWoodsState:
        """An independent copy, field by field (a deep copy costs several times more, and
        the advisor's tests and the end plot clone hundreds of thousands of positions)."""
        twin = copy.copy(self)
        twin.options = dict(self.options)
        twin.log = list(self.log)
        twin.names = None if self.names is None else list(self.names)
        twin.forest = list(self.forest)
        twin.row = list(self.row)
        twin.discard = Counter(self.discard)
        twin.segments = [Counter(segment) for segment in self.segments]
        twin.order = None if self.order is None else list(self.order)
        twin.pool = Counter(self.pool)
        twin.virtual = list(self.virtual)
        twin.sets_left = None if self.sets_left is None else list(self.sets_left)
        twin.messages = list(self.messages)
        return twin

    # -- saving ---------------------------------------------------------------
    def _dump(self) -> dict[str, Any]:
        return save.dump(self)

    def _load(self, data: dict[str, Any]) -> None:
        save.load(self, data)

    def __str__(self) -> str:
        forest = " ".join(NAMES[s] for s in self.forest) or "-"
        row = ", ".join(NAMES[c] for c in self.row) or "-"
        return (
            f"Lost in the Woods - round {self.round}, clock {self.time}/12, "
            f"Forest [{forest}], Fright row [{row}], deck {self.deck_size}, "
            f"discard {self.discard_size}"
        )
