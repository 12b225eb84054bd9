"""A position in Little Dead Riding Hood: the round flow and the shared primitives.

The round follows the default sequence of play in rules-decisions.md (LD):
helpers in turn from the starting player, pre-movement combat, then each
player's card play; then the helpers return and the starting marker passes left.

Everything that happens inside a round (a helper's resolution, a tile draw, a
movement, a combat) is a *step* on a stack of frozen values (``steps/``).  The top
step decides who acts next and what they may do; because steps are plain values,
every position can be saved, even mid-combat.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

from companion.engines.base import (
    CHANCE,
    TERMINAL,
    Action,
    Game,
    IllegalAction,
    State,
    furthest_along,
    win_returns,
)
from companion.engines.little_dead_riding_hood import save, text, view
from companion.engines.little_dead_riding_hood.actions import Act, key_of, parse_key
from companion.engines.little_dead_riding_hood.board import Board, Cell
from companion.engines.little_dead_riding_hood.box import Box
from companion.engines.little_dead_riding_hood.components import (
    HELPERS,
    HIDDEN,
    PATH_KINDS,
    card_effect,
)
from companion.engines.little_dead_riding_hood.hidden import (
    hand_cards,
    impossible_card,
    is_table,
    reveal,
)
from companion.engines.little_dead_riding_hood.steps import (
    CardTurn,
    Combat,
    DrawCards,
    HelperChoice,
    Step,
)
from companion.engines.view import View


class LdrhState(State):
    """One position; see the module docstring for the round flow."""

    box: Box

    def __init__(
        self, game: Game, players: int, options: dict[str, Any], seed: int, box: Box
    ) -> None:
        super().__init__(game, players, options, seed)
        self.box = box
        self.rules_edition: int = getattr(game, "rules_edition", 1)
        """The game's rules edition (see ``rules_edition``): 2 has the rules audit's fixes."""
        self._choices: tuple[list[Act], list[tuple[Act, float]]] | None = None
        n = players
        self.board = Board(box.rows, box.columns(n), [box.lane_column(i) for i in range(n)])
        self.pawns: list[Cell] = [self.board.start_of(i) for i in range(n)]
        self.bullets = [box.starting_bullets] * n
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.deck: Counter[str] = Counter(box.cards)
        if is_table(self):
            self.deck = Counter({HIDDEN: sum(box.cards.values())})
        self.discard: Counter[str] = Counter()
        self.revealed: set[str] = set()
        """Cards the public log has named as played or discarded (like the log, not saved)."""
        self.pool: Counter[str] = Counter(box.tiles)
        self.supply_bullets = box.bullet_chits - n * box.starting_bullets
        self.supply_wolves = box.zombie_wolves
        self.round = 0
        self.start_player = 0
        self.phase = "deal"
        self.cursor = 0
        self.helpers: dict[int, str] = {}
        self.refused: dict[int, list[str]] = {}
        self.plays_left = [1] * n
        self.sitting_out = [False] * n
        self.skip_pending = [0] * n
        """Turns each player must still skip after any they are sitting out now (Wolf!!!)."""
        self.winners: list[int] = []
        self.reason = ""
        self.steps: list[Step] = [DrawCards(p, box.starting_cards) for p in reversed(range(n))]
        self._settle()

    # -- whose turn -------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        return self.steps[-1].actor(self)

    @property
    def step(self) -> Step | None:
        """The step on top of the stack (None once the game is over)."""
        return self.steps[-1] if self.steps and self.phase != "over" else None

    def replace_top(self, step: Step) -> None:
        """Put the changed copy of the top step back (steps are frozen values)."""
        self.steps[-1] = step

    def invalidate(self) -> None:
        """Forget the cached choices; call after changing fields by hand (tests, tools)."""
        self._choices = None

    def _compute_choices(self) -> tuple[list[Act], list[tuple[Act, float]]]:
        """(legal actions, chance outcomes), cached until the next apply or load."""
        cached = getattr(self, "_choices", None)
        if cached is not None:
            return cached
        if self.phase == "over":
            result: tuple[list[Act], list[tuple[Act, float]]] = ([], [])
        else:
            step = self.steps[-1]
            if step.actor(self) == CHANCE:
                outcomes = step.outcomes(self)
                result = ([a for a, _ in outcomes], outcomes)
            else:
                result = (step.actions(self), [])
        self._choices = result
        return result

    def legal_actions(self) -> list[Action]:
        return list(self._compute_choices()[0])

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return list(self._compute_choices()[1])

    def _apply(self, action: Action) -> None:
        step = self.steps[-1]
        quick = None  # the step's own check of this one action, when no list is built yet
        if getattr(self, "_choices", None) is None and isinstance(action, Act):
            quick = step.quick_check(self, action)
        if quick:
            act = action
        else:
            legal = [] if quick is False else self._compute_choices()[0]
            try:
                act = legal[legal.index(action)]  # the typed value (a plain tuple equals it)
            except ValueError:
                raise IllegalAction(
                    impossible_card(self, action) or text.refusal(self, step, action)
                ) from None
            except TypeError:  # an unhashable or incomparable value
                raise IllegalAction(text.refusal(self, step, action)) from None
        self.note(text.log_line(self, step, act), step.player)
        self._choices = None
        try:
            step.apply(self, act)
            self._settle()
        finally:
            self._choices = None

    def log_round(self) -> int | None:
        return self.round or None

    def prompt(self) -> str:
        """What the game is waiting for, as one sentence in player words."""
        if self.phase == "over":
            return text.ending(self)
        return text.prompt(self, self.steps[-1])

    def describe(self) -> list[str]:
        """The position in a few lines: the prompt, the round, each player, the supplies."""
        return text.describe(self)

    def view(self, viewer: int | None = None) -> View:
        return view.present(self, viewer)

    def secrets(self) -> list[str]:
        return view.secrets(self)

    # -- round flow ---------------------------------------------------------------
    def _settle(self) -> None:
        """Run automatic steps until a player or chance must act (or the game ends)."""
        while self.phase != "over":
            if self._push_forced_retreat():
                continue
            if not self.steps:
                self._advance()
                continue
            if not self.steps[-1].auto(self):
                return

    def _push_forced_retreat(self) -> bool:
        """LD25: a pawn without bullets on a wolf's tile moves back one space at once,
        whatever put it there; a pawn in its own fight is left to that fight."""
        fighting = {t.player for t in self.steps if isinstance(t, Combat)}
        for player in self.order():
            cell = self.pawns[player]
            if (
                self.bullets[player] == 0
                and cell in self.board.wolves
                and player not in fighting
                and self.board.back_spaces(cell)
            ):
                self.steps.append(Combat(player, stage="retreat"))
                return True
        return False

    def order(self) -> list[int]:
        """Players in turn order from the starting player (clockwise = to the left)."""
        return [(self.start_player + i) % self.num_players for i in range(self.num_players)]

    def others_from(self, player: int) -> list[int]:
        """The other players, clockwise from ``player``'s left."""
        return [(player + i) % self.num_players for i in range(1, self.num_players)]

    def _advance(self) -> None:
        """Move the round on when no step is pending."""
        if self.phase == "deal":
            self._start_round()
        elif self.phase == "helpers":
            self._next_helper_choice()
        elif self.phase == "combat":
            self._next_pre_movement_combat()
        elif self.phase == "cards":
            self._next_card_turn()

    def _start_round(self) -> None:
        if self.round >= self.options["max_rounds"]:
            self._end_stalled(f"the round limit ({self.options['max_rounds']}) was reached")
            return
        self.round += 1
        self.sitting_out = [n > 0 for n in self.skip_pending]
        self.skip_pending = [max(n - 1, 0) for n in self.skip_pending]
        self.plays_left = [1] * self.num_players
        self.helpers = {}
        self.refused = {}
        self.phase, self.cursor = "helpers", 0
        self.note(text.round_line(self))

    def available_helpers(self, player: int) -> list[str]:
        taken = set(self.helpers.values())
        refused = set(self.refused.get(player, []))
        return [h for h in HELPERS if h not in taken and h not in refused]

    def _next_helper_choice(self) -> None:
        order = self.order()
        while self.cursor < self.num_players:
            player = order[self.cursor]
            self.cursor += 1
            if not self.sitting_out[player] and self.available_helpers(player):
                self.steps.append(HelperChoice(player))
                return
        self.phase, self.cursor = "combat", 0

    def _next_pre_movement_combat(self) -> None:
        order = self.order()
        while self.cursor < self.num_players:
            player = order[self.cursor]
            self.cursor += 1
            if not self.sitting_out[player] and self.pawns[player] in self.board.wolves:
                self.steps.append(Combat(player))
                return
        self.phase, self.cursor = "cards", 0

    def _next_card_turn(self) -> None:
        order = self.order()
        while self.cursor < self.num_players:
            player = order[self.cursor]
            self.cursor += 1
            if self.skip_pending[player] and not self.sitting_out[player]:
                self.skip_pending[player] -= 1
                self.sitting_out[player] = True
            if self.sitting_out[player]:
                continue
            self.steps.append(CardTurn(player))
            return
        self._end_round()

    def _end_round(self) -> None:
        self.helpers = {}
        self.refused = {}
        self.start_player = (self.start_player + 1) % self.num_players
        if self.exhausted():
            self._end_stalled("no card is left to play and no tile can be placed")
            return
        self._start_round()

    def exhausted(self) -> bool:
        """No card is left to draw or play and no tile in the pool can be placed (LD11)."""
        return not self.drawable_tiles() and not self.can_draw_card() and not any(self.hands)

    def _end_stalled(self, why: str) -> None:
        """LD11: the game stops without a pawn at Grandma's house."""
        self.steps = []
        self.phase = "over"
        if self.options["stalled_result"] == "furthest":
            progress = [float(self.progress(p)) for p in range(self.num_players)]
            self.winners = list(furthest_along(progress))
            names = " and ".join(f"player {p + 1}" for p in self.winners)  # saved: player 1..
            self.reason = f"{why}; {names} got furthest into the woods"
        else:
            self.winners = []
            self.reason = f"{why}; nobody reached Grandma's house"
        self.note(text.ending(self))

    def progress(self, player: int) -> int:
        """How far a pawn got: its row (the start spaces count as row -1)."""
        return self.pawns[player][0]

    def win(self, player: int) -> None:
        """LD8: the first pawn on a path piece in the last row wins at once."""
        self.steps = []
        self.phase = "over"
        self.winners = [player]
        self.reason = f"player {player + 1} reached Grandma's house"
        self.note(text.ending(self), player)

    # -- primitives the steps use --------------------------------------
    def other_pawns(self, player: int) -> list[Cell]:
        return [cell for p, cell in enumerate(self.pawns) if p != player]

    def may_play_card(self, player: int) -> bool:
        return (
            self.plays_left[player] > 0
            and not self.sitting_out[player]
            and bool(self.hands[player])
        )

    def will_sit_out(self, player: int) -> bool:
        """Whether ``player`` already skips their next turn: a Wolf!!! is pending, or
        they sit out this round and their card play is still to come."""
        if self.skip_pending[player]:
            return True
        turn_passed = self.phase == "cards" and self.order().index(player) < self.cursor
        return self.sitting_out[player] and not turn_passed

    def cards_with(self, player: int, effect: str) -> list[str]:
        """The distinct cards with ``effect`` that ``player`` could play now."""
        if not self.may_play_card(player):
            return []
        return [k for k in hand_cards(self, player) if card_effect(k) == effect]

    def spend_card(self, player: int, key: str) -> None:
        """Play a card: it leaves the hand, is discarded and uses up a play this round."""
        reveal(self, player, key)
        self.plays_left[player] -= 1

    def give_card(self, player: int, key: str) -> None:
        self.hands[player].append(key)
        self.hands[player].sort()

    def can_draw_card(self) -> bool:
        return sum(self.deck.values()) > 0 or (
            self.options["reshuffle_discards"] and sum(self.discard.values()) > 0
        )

    def refill_deck(self) -> None:
        """LD12: with the option on, an empty deck is rebuilt from the discards."""
        if sum(self.deck.values()) == 0 and self.options["reshuffle_discards"]:
            self.deck = +self.discard
            if is_table(self):  # the new deck is face down again: its cards are unseen
                self.deck = Counter({HIDDEN: sum(self.discard.values())})
            self.discard = Counter()

    def bread_crumbs_draw_path(self) -> bool:
        """Whether Trail of Bread Crumbs' redraw brings a path piece (LD27: rules edition 2
        unless the house rule keeps an ordinary draw; edition 1 games drew as before)."""
        return self.rules_edition >= 2 and self.options["bread_crumbs"] == "path"

    def drawable_tiles(self) -> list[str]:
        """Tile kinds a draw can end on.

        An obstacle that cannot be played goes back and the player draws again
        until a path piece comes, so the chance node folds those redraws in: it
        only lists kinds that can be placed now.
        """
        kinds = sorted(k for k, n in self.pool.items() if n > 0)
        path_ok = any(k in PATH_KINDS for k in kinds) and self.board.can_place("path-plain")
        obstacle_ok = "obstacle" in kinds and self.board.can_place("obstacle")
        return [k for k in kinds if (obstacle_ok if k == "obstacle" else path_ok)]

    def arrive(self, player: int, cell: Cell) -> None:
        """A pawn lands on ``cell``: it takes a lone bullet token, and row 10 wins."""
        self.pawns[player] = cell
        if cell in self.board.bullets and cell not in self.board.wolves:
            self.board.bullets.discard(cell)
            self.bullets[player] += 1
        if cell[0] == self.board.rows - 1 and self.board.is_path(cell):
            self.win(player)

    def put_back(self, player: int, cell: Cell) -> None:
        """A pawn is moved back (by a lost fight or a card); it still takes a lone bullet."""
        self.pawns[player] = cell
        if cell in self.board.bullets and cell not in self.board.wolves:
            self.board.bullets.discard(cell)
            self.bullets[player] += 1

    def remove_tile(self, cell: Cell) -> None:
        """Off The Path: the tile leaves the game; its tokens go back to the supplies."""
        del self.board.tiles[cell]
        if cell in self.board.wolves:
            self.board.wolves.discard(cell)
            self.supply_wolves += 1
        if cell in self.board.bullets:
            self.board.bullets.discard(cell)
            self.supply_bullets += 1

    # -- ends and text ----------------------------------------------------------------
    def returns(self) -> list[float]:
        if self.phase != "over":
            return [0.0] * self.num_players
        return win_returns(self.winners, self.num_players)

    def end_reason(self) -> str:
        return self.reason or "the game is over"

    def action_to_string(self, action: Action) -> str:
        return key_of(action)

    def key_to_action(self, key: str) -> Action:
        act = parse_key(key)
        if act is None:
            raise IllegalAction(text.unknown_key(key))
        return act

    def string_to_action(self, text_: str) -> Action:
        """The legal action whose key is ``text_`` (parsed, then looked up)."""
        act = parse_key(text_)
        legal = self._compute_choices()[0]
        if act is not None and act in legal:
            return legal[legal.index(act)]
        return super().string_to_action(text_)

    def clone(self) -> LdrhState:
        """An independent copy, field by field (much faster than a deep copy)."""
        twin = copy.copy(self)
        twin.board = copy.copy(self.board)
        twin.board.tiles = dict(self.board.tiles)
        twin.board.wolves = set(self.board.wolves)
        twin.board.bullets = set(self.board.bullets)
        twin.pawns = list(self.pawns)
        twin.bullets = list(self.bullets)
        twin.hands = [list(h) for h in self.hands]
        twin.deck = Counter(self.deck)
        twin.discard = Counter(self.discard)
        twin.revealed = set(self.revealed)
        twin.pool = Counter(self.pool)
        twin.helpers = dict(self.helpers)
        twin.refused = {p: list(h) for p, h in self.refused.items()}
        twin.plays_left = list(self.plays_left)
        twin.sitting_out = list(self.sitting_out)
        twin.skip_pending = list(self.skip_pending)
        twin.winners = list(self.winners)
        twin.options = dict(self.options)
        twin.steps = list(self.steps)  # frozen values: safe to share
        twin.log = list(self.log)
        twin._choices = self._choices  # never mutated in place, so safe to share
        return twin

    def _dump(self) -> dict[str, Any]:
        return save.dump_state(self)

    def _load(self, data: dict[str, Any]) -> None:
        self._choices = None
        save.load_state(self, data)
