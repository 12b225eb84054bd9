"""Lost in the Woods: the solo game's complete rules on the engine contract.

The Journey deck is a stack of *segments*: each segment is a composition (kind -> count)
whose order is unknown to the player.  A fresh or rebuilt deck is one segment; the Headless
Horseman puts a shuffled discard pile *under* the deck, which adds a segment below.  The
next card always comes from the top segment, so the odds are exact even after a Horseman.

Two deck modes (house option ``deck``):

* ``digital`` - the app is the deck.  Every shuffle is a run of chance nodes, one per card
  ("shuffled: wolf"), that fixes the order; the engine then knows each card and a draw
  simply turns over the next one.  The order is committed before any card is shown, so
  undo or a restart can never change what comes next.
* ``table`` - the player shuffles and draws real cards.  Each draw is a chance node whose
  outcome is the kind the player taps ("drawn: wolf"), weighted by the top segment's unseen
  composition; a kind that cannot be there any more is refused, saying where those cards are.
"""

from __future__ import annotations

from typing import Any

from companion.engines.base import CHANCE, TERMINAL, Game, IllegalAction, Option, State
from companion.engines.lost_in_the_woods import state_io
from companion.engines.lost_in_the_woods.actions import (
    DRAW,
    DRAWN,
    DROP_TORCH,
    END_ROUND,
    LIGHT_TORCH,
    SHUFFLED,
    SKIP_COMPASS,
    SKIP_SIGNPOST,
    SKIP_WELL,
    USE_TORCH,
    compass_action,
    lightning_action,
    place_action,
    signpost_action,
    symbol_of,
    well_action,
)
from companion.engines.lost_in_the_woods.cards import (
    ANIMALS,
    KINDS,
    NAMES,
    SYMBOLS,
    Manifest,
    default_manifest,
    is_fright,
    is_progress,
    plural,
)
from companion.engines.lost_in_the_woods.logic import (
    CLOCK_END,
    FOREST_LENGTH,
    animals_in,
    can_follow,
    penalty_for,
    sets_of,
    symbol_counts,
)
from companion.engines.lost_in_the_woods.refusal import card_refusal


class LostInTheWoodsGame(Game):
    id = "lost-in-the-woods"
    name = "Lost in the Woods"
    min_players = 1
    max_players = 1
    options = (
        Option(
            key="deck",
            default="digital",
            description=(
                "digital: the app shuffles and deals the Journey deck. table: you shuffle and "
                "draw the real cards and tap what each one was."
            ),
            rulebook="Shuffle the remaining cards to make the Journey deck.",
            choices=("digital", "table"),
        ),
        Option(
            key="max_shuffles",
            default=20,
            description=(
                "The game is lost if the Journey deck would be shuffled more often than this "
                "(rebuilds from the discard pile and Headless Horseman shuffles). Keeps every "
                "game finite; real games shuffle far fewer times."
            ),
            rulebook="If there are no cards in the Journey deck, reshuffle the discard pile.",
            decision="LW12",
            minimum=1,
            maximum=100,
        ),
    )

    def __init__(self, manifest: Manifest | None = None) -> None:
        self.manifest = manifest or default_manifest()
        # Each draw is followed by at most: its chance node (table) or one shuffled card
        # (digital), one act decision, one event choice, and one round end (end, compass
        # choices, three placements, a torch use).  Draws are bounded by the deck size times
        # the number of decks (LW12); LW10 rounds without draws each cost time (12 at most).
        compasses = self.manifest.count("compass")
        per_draw = 8 + compasses
        decks = self.option("max_shuffles").maximum or 100
        self.max_game_length = int(  # type: ignore[misc]
            self.manifest.total * (decks + 1) * per_draw + CLOCK_END * per_draw
        )

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> LostInTheWoodsState:
        return LostInTheWoodsState(self, players, options, seed)


class LostInTheWoodsState(State):
    game: LostInTheWoodsGame

    def __init__(
        self, game: LostInTheWoodsGame, players: int, options: dict[str, Any], seed: int
    ) -> None:
        super().__init__(game, players, options, seed)
        full = {k: n for k, n in game.manifest.counts.items() if n}
        self.time = 0
        self.forest: list[str] = []
        self.row: list[str] = []
        self.discard: dict[str, int] = {}
        self.segments: list[dict[str, int]] = []
        self.order: list[str] | None = None
        self.pool: dict[str, int] = {}
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
        self.torch_lit = 0
        self.torch_ready = 0
        self.well_used = False
        self.round = 1
        self.result: str | None = None
        self.reason = ""
        self.messages: list[str] = []
        if self.digital:
            self.order = []
            self.segments = [{}]
            self.pool = full
        else:
            self.segments = [full]

    # -- views ------------------------------------------------------------
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
        """What the next card can be, as far as the player knows (top segment, or the
        discard pile that a rebuild would turn into the deck; empty if nothing is left)."""
        if self.pool and len(self.segments) == 1:
            merged = dict(self.segments[0])
            for kind, n in self.pool.items():
                _put(merged, kind, n)
            return merged
        if self.segments:
            return dict(self.segments[0])
        return dict(self.discard)

    def knowledge_view(self) -> LostInTheWoodsState:
        """A table-mode copy holding only what the player knows (no digital card order):
        what the advisor may look at."""
        view = self.clone()
        assert isinstance(view, LostInTheWoodsState)
        view.options = {**self.options, "deck": "table"}
        view.order = None
        if view.pool:
            last = view.segments[-1]
            for kind, n in view.pool.items():
                last[kind] = last.get(kind, 0) + n
            view.pool = {}
        return view

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
            return [SHUFFLED + k for k in KINDS if self.pool.get(k)]
        if self.decision is not None:
            return self._decision_actions()
        if self.want_draw:
            return [DRAWN + k for k in KINDS if self.segments[0].get(k)]
        actions = [DRAW, END_ROUND]
        if self.torch_ready and self.row_animals():
            actions.append(USE_TORCH)
        return actions

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.current_player() != CHANCE:
            return []
        counts = self.pool if self.pool else self.segments[0]
        total = sum(counts.values())
        prefix = SHUFFLED if self.pool else DRAWN
        return [(prefix + k, counts[k] / total) for k in KINDS if counts.get(k)]

    def _decision_actions(self) -> list[str]:
        counts = symbol_counts(self.row)
        if self.decision == "torch":
            return [LIGHT_TORCH, DROP_TORCH]
        if self.decision == "well":
            return [well_action(s) for s in sets_of(counts)] + [SKIP_WELL]
        if self.decision == "lightning":
            return [lightning_action(s) for s in SYMBOLS if counts[s]]
        if self.decision == "signpost":
            return [signpost_action(s) for s in self.signpost_symbols()] + [SKIP_SIGNPOST]
        if self.decision == "compass":
            return [compass_action(s) for s in self.compass_symbols()] + [SKIP_COMPASS]
        if self.decision == "place":
            return [place_action(s) for s in self.placeable_sets()]
        raise AssertionError(f"unknown decision {self.decision!r}")

    def signpost_symbols(self) -> list[str]:
        counts = symbol_counts(self.row)
        return [s for s in SYMBOLS if counts[s] and can_follow(s, self.forest)]

    def compass_symbols(self) -> list[str]:
        """Symbols a Compass can stand for that turn a single card into a set (LW7)."""
        counts = symbol_counts(self.row)
        return [s for s in SYMBOLS if counts[s] == 1 and s not in self.virtual]

    def placeable_sets(self) -> list[str]:
        return [s for s in self.sets_left or [] if can_follow(s, self.forest)]

    def action_to_string(self, action: Any) -> str:
        return str(action)

    def returns(self) -> list[float]:
        return [1.0 if self.result == "won" else 0.0]

    def end_reason(self) -> str:
        return self.reason or "the game is over"

    # -- moves --------------------------------------------------------------
    def _apply(self, action: Any) -> None:
        legal = self.legal_actions()
        if not isinstance(action, str) or action not in legal:
            raise IllegalAction(self._refusal(action, legal))
        self.messages = []
        if action.startswith(SHUFFLED):
            self._shuffle_in(action[len(SHUFFLED) :])
        elif action.startswith(DRAWN):
            self._reveal(self._take_top(action[len(DRAWN) :]))
        elif self.decision is not None:
            self._decide(action)
        elif action == DRAW:
            self.want_draw = True
        elif action == END_ROUND:
            self._begin_end_of_round()
        else:
            self._use_torch()
        self._advance()

    def _refusal(self, action: Any, legal: list[str]) -> str:
        if isinstance(action, str) and action.startswith(DRAWN) and legal[0].startswith(DRAWN):
            return card_refusal(self, action[len(DRAWN) :].strip())
        options = ", ".join(repr(a) for a in legal)
        return f"{action!r} is not possible now; you can choose: {options}"

    def _decide(self, action: str) -> None:
        decision, self.decision = self.decision, None
        if decision == "torch":
            self.event = None
            if action == LIGHT_TORCH:
                self.torch_lit += 1
                self._say("You light the Torch and set it aside for a later round.")
                self._add_time(1)
            else:
                self._to_discard("torch")
                self._say("The Torch is discarded unlit.")
        elif decision == "well":
            self._finish_event()
            if action != SKIP_WELL:
                symbol = symbol_of(action, well_action(""))
                self._wish(symbol)
        elif decision == "lightning":
            self._finish_event()
            self._strike(symbol_of(action, lightning_action("")))
        elif decision == "signpost":
            self._finish_event()
            if action != SKIP_SIGNPOST:
                self._signpost(symbol_of(action, "signpost ", " (1 time)"))
        elif decision == "compass":
            self.compass_left -= 1
            if action != SKIP_COMPASS:
                symbol = symbol_of(action, "compass as ", " (1 time)")
                self.virtual.append(symbol)
                self._say(f"The Compass counts as a {NAMES[symbol]}.")
                self._add_time(1)
        else:
            self._place(symbol_of(action, place_action("")))

    def _advance(self) -> None:
        """Run every step that needs no input until a chance node, a decision or the end."""
        while self.result is None and not self.pool and self.decision is None:
            if self.ending:
                self._continue_end_of_round()
                continue
            if not self.want_draw:
                return
            if not any(self.segments):
                self.segments = []
                if not self.discard:
                    self.want_draw = False
                    self._say("The Journey deck and the discard pile are empty: the round ends.")
                    self._begin_end_of_round()
                    continue
                self._say("The Journey deck is empty: the discard pile is shuffled into a new one.")
                self._shuffle_discard()
                continue
            if not self.digital:
                return
            assert self.order is not None
            self._reveal(self._take_top(self.order[0]))

    # -- the deck -----------------------------------------------------------
    def _shuffle_in(self, kind: str) -> None:
        assert self.order is not None
        _take(self.pool, kind)
        _put(self.segments[-1], kind)
        self.order.append(kind)

    def _take_top(self, kind: str) -> str:
        _take(self.segments[0], kind)
        if self.order is not None:
            self.order.pop(0)
        while self.segments and not self.segments[0]:
            self.segments.pop(0)
        return kind

    def _shuffle_discard(self) -> None:
        """Shuffle the discard pile under the Journey deck (a new bottom segment)."""
        if not self.discard:
            return
        if self.shuffles >= self.options["max_shuffles"]:
            self._lose(
                f"the Journey deck would be shuffled for the {self.shuffles + 1}th time: night "
                f"falls and you are still lost in the woods (house rule LW12)"
            )
            return
        self.shuffles += 1
        pile, self.discard = self.discard, {}
        if self.digital:
            self.segments.append({})
            self.pool = pile
        else:
            self.segments.append(pile)

    def _to_discard(self, kind: str, n: int = 1) -> None:
        _put(self.discard, kind, n)

    # -- drawing ------------------------------------------------------------
    def _reveal(self, kind: str) -> None:
        self._say(f"Drew {NAMES[kind]}.")
        if self.stage == "play":
            self.want_draw = False
        if is_progress(kind):
            self.row.append(kind)
            if self.stage == "setup":
                self.stage = "play"
                self.want_draw = False
        elif is_fright(kind):
            self._fright(kind)
        else:
            self._event(kind)

    def _fright(self, animal: str) -> None:
        time_lost = penalty_for(animal, self.row_animals())
        if self.stage == "setup":
            if time_lost:
                self._to_discard(animal)
                self._say(f"The {NAMES[animal]} is discarded: round setup costs no time.")
            else:
                self.row.append(animal)
            return
        self.row.append(animal)
        if not time_lost:
            return
        what = "a pair" if time_lost == 1 else "the third kind of animal"
        self._say(f"The {NAMES[animal]} makes {what}: the clock moves {time_lost}.")
        if self._add_time(time_lost):
            self._new_round()

    def _event(self, kind: str) -> None:
        self.event = kind
        counts = symbol_counts(self.row)
        if kind == "well":
            if sets_of(counts) and not self.well_used:
                self.decision = "well"
                return
            why = "was already used this round" if self.well_used else "finds no matching cards"
            self._say(f"The Wishing Well {why}.")
        elif kind == "torch":
            self.decision = "torch"
            return
        elif kind == "compass":
            self.event = None
            self.row.append("compass")
            return
        elif kind == "lightning":
            present = [s for s in SYMBOLS if counts[s]]
            if len(present) > 1:
                self.decision = "lightning"
                return
            self._finish_event()
            if present:
                self._strike(present[0])
            else:
                self._say("Lightning strikes, but there is no Progress card to lose.")
            return
        elif kind == "gravestone":
            self._finish_event()
            frights = len(self.row_animals())
            self._say(f"The Gravestone costs {frights} time.")
            self._add_time(frights)
            return
        elif kind == "signpost":
            if self.signpost_symbols():
                self.decision = "signpost"
                return
            self._say("The Signpost has no card that fits the Forest row.")
        elif kind == "scarecrow":
            self._finish_event()
            self._say("The Scarecrow scatters the Fright row: a new round begins.")
            self._new_round()
            return
        else:
            self._horseman()
            return
        self._finish_event()

    def _finish_event(self) -> None:
        """Resolved events go to the discard pile."""
        if self.event is not None:
            self._to_discard(self.event)
            self.event = None

    def _wish(self, symbol: str) -> None:
        n = self.row.count(symbol)
        self.row = [c for c in self.row if c != symbol]
        self._to_discard(symbol, n)
        self.well_used = True
        self.time = max(0, self.time - 1)
        self._say(f"The Wishing Well takes {plural(symbol, n)} and turns the clock back.")

    def _strike(self, symbol: str) -> None:
        self.row.remove(symbol)
        self._to_discard(symbol)
        self._say(f"Lightning strikes a {NAMES[symbol]}.")

    def _signpost(self, symbol: str) -> None:
        if not self._add_time(1):
            return
        self.row.remove(symbol)
        self.forest.append(symbol)
        self._say(f"The Signpost leads a {NAMES[symbol]} into the Forest row.")
        if self._check_win():
            self._new_round()

    def _horseman(self) -> None:
        if self.forest:
            lost = self.forest.pop()
            self._to_discard(lost)
            self._say(f"The Headless Horseman takes the {NAMES[lost]} from the Forest row.")
        self._say("The discard pile is shuffled and put under the Journey deck.")
        self._shuffle_discard()
        self._finish_event()

    def _use_torch(self) -> None:
        for animal in self.row_animals():
            self.row.remove(animal)
            self._to_discard(animal)
        self.torch_ready -= 1
        self._to_discard("torch")
        self._say("The Torch drives the Fright cards away.")

    # -- ending a round -----------------------------------------------------
    def _begin_end_of_round(self) -> None:
        self.ending = True
        self.compass_left = self.row.count("compass")
        self.virtual = []
        self.sets_left = None

    def _continue_end_of_round(self) -> None:
        if self.compass_left:
            if self.compass_symbols():
                self.decision = "compass"
                return
            self.compass_left = 0
        if self.sets_left is None:
            counts = symbol_counts(self.row)
            for symbol in self.virtual:
                counts[symbol] += 1
            self.sets_left = sets_of(counts)
            self.set_count = len(self.sets_left)
        placeable = self.placeable_sets()
        if len(placeable) > 1:
            self.decision = "place"
            return
        if placeable:
            self._place(placeable[0])
            return
        for symbol in self.sets_left:
            self._say(f"The {NAMES[symbol]} set cannot go next to a {NAMES[symbol]}: it is lost.")
        if self.set_count in (0, 3):
            self._say(f"{self.set_count} sets: the clock moves 1.")
            if not self._add_time(1):
                return
        self._new_round()

    def _place(self, symbol: str) -> None:
        assert self.sets_left is not None
        self.sets_left.remove(symbol)
        self.row.remove(symbol)
        self.forest.append(symbol)
        self._say(f"A {NAMES[symbol]} joins the Forest row ({len(self.forest)} of 9).")
        self._check_win()

    def _new_round(self) -> None:
        for card in self.row:
            self._to_discard(card)
        self.row = []
        self.round += 1
        self.stage = "setup"
        self.want_draw = True
        self.ending = False
        self.compass_left = 0
        self.virtual = []
        self.sets_left = None
        self.set_count = 0
        self.well_used = False
        self.torch_ready += self.torch_lit
        self.torch_lit = 0

    # -- the clock and the end ------------------------------------------------
    def _add_time(self, n: int) -> bool:
        """Move the clock; False (and the game lost) if it reaches 12 (LW11)."""
        self.time = min(CLOCK_END, self.time + n)
        if self.time >= CLOCK_END:
            self._lose("the clock reached 12: the hour is up and you are lost in the woods")
            return False
        return True

    def _check_win(self) -> bool:
        """True if the game goes on; the ninth Forest card wins at once."""
        if len(self.forest) >= FOREST_LENGTH:
            self.result = "won"
            self.reason = "the ninth card reached the Bridge: you found your way out of the woods"
            self.decision = None
            return False
        return True

    def _lose(self, reason: str) -> None:
        self.result = "lost"
        self.reason = reason
        self.decision = None

    def _say(self, message: str) -> None:
        self.messages.append(message)

    # -- saving ---------------------------------------------------------------
    def _dump(self) -> dict[str, Any]:
        return state_io.dump(self)

    def _load(self, data: dict[str, Any]) -> None:
        state_io.load(self, data)

    def __str__(self) -> str:
        forest = " ".join(NAMES[s] for s in self.forest) or "-"
        row = ", ".join(NAMES[c] for c in self.row) or "-"
        return (
            f"Lost in the Woods - round {self.round}, clock {self.time}/12, "
            f"Forest [{forest}], Fright row [{row}], deck {self.deck_size}, "
            f"discard {self.discard_size}"
        )


def _put(counts: dict[str, int], kind: str, n: int = 1) -> None:
    counts[kind] = counts.get(kind, 0) + n


def _take(counts: dict[str, int], kind: str) -> None:
    counts[kind] -= 1
    if not counts[kind]:
        del counts[kind]


__all__ = ["ANIMALS", "LostInTheWoodsGame", "LostInTheWoodsState"]
