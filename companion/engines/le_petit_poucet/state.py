"""Le Petit Poucet: one position of a game, and the rules that move it on.

A turn is the rulebook's five steps:

1. touch  - the first player draws a tree token (an action: its identity stays hidden)
            and it goes round the table, each child in the forest holding it for a
            count of ten; the last one puts it in the box;
2. find   - tree cards are revealed one at a time (chance: which card turns up); after
            each card either somebody grabs it (the speed grab, entered by the first
            player) or, in the Variant for the Less Quick, each child is asked in turn;
3. vote   - every child in the forest names, in secret, the card holder they believe
            found the tree;
4. check  - the token comes out of the box (chance: which tree it is, among the tokens
            not yet set aside); the finder and their voters advance;
5. ogre   - a boot strides forward and eats every pawn on the space it lands on.

The token and the card of that tree are then set aside, so every turn uses one tree
and a game lasts at most as many turns as there are trees.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from companion.engines.base import CHANCE, TERMINAL, IllegalAction, State
from companion.engines.le_petit_poucet import ogre, save, text
from companion.engines.le_petit_poucet.actions import (
    Action,
    Draw,
    First,
    Grab,
    Leave,
    Pass,
    PutInBox,
    Reveal,
    Said,
    Take,
    Token,
    Vote,
    coerce,
    key,
    key_player,
    parse,
)
from companion.engines.le_petit_poucet.box import Box
from companion.engines.le_petit_poucet.house_rules import EVERYONE_LOSES, removed_series
from companion.engines.le_petit_poucet.steps import (
    ASK,
    CHECK,
    DRAW,
    GRAB,
    OVER,
    REVEAL,
    START,
    TOUCH,
    VOTE,
)
from companion.engines.le_petit_poucet.view import present

if TYPE_CHECKING:
    from companion.engines.base import Game
    from companion.engines.view import View


class PoucetState(State):
    """One position of a game of Le Petit Poucet."""

    def __init__(
        self, game: Game, players: int, options: dict[str, Any], seed: int, box: Box
    ) -> None:
        super().__init__(game, players, options, seed)
        self.box = box
        self.trees_in_play: tuple[int, ...] = box.active_trees(
            removed_series(options["removed_series"])
        )
        self.less_quick: bool = options["less_quick"]
        self.phase = START
        self.first_player: int | None = None
        self.turn = 1
        self.positions = [0] * players
        self.eaten_turn: list[int | None] = [None] * players
        self.set_aside: list[int] = []
        self.holder = 0
        self.revealed: list[int] = []
        self.taken: list[int | None] = [None] * players
        self.asked = 0
        self.votes: list[int | None] = [None] * players
        self.winners: list[int] = []
        self.reason = ""
        self.last_turn: dict[str, Any] | None = None

    # -- who is where ------------------------------------------------------
    @property
    def cottage(self) -> int:
        return self.box.cottage

    def in_forest(self, player: int) -> bool:
        """Not eaten (an eaten player no longer touches, finds or votes: PP5)."""
        return self.eaten_turn[player] is None

    def seats_from(self, player: int) -> list[int]:
        """Every seat, clockwise (to the left) starting at ``player``."""
        return [(player + k) % self.num_players for k in range(self.num_players)]

    def touch_order(self) -> list[int]:
        """The children in the forest, from the first player round to their right."""
        if self.first_player is None:
            return []
        return [p for p in self.seats_from(self.first_player) if self.in_forest(p)]

    def ask_order(self) -> list[int]:
        """PP9: from the first player's left-hand neighbour clockwise, ending with the
        first player; children who already hold a card are not asked."""
        if self.first_player is None:
            return []
        start = (self.first_player + 1) % self.num_players
        return [p for p in self.seats_from(start) if self.in_forest(p) and self.taken[p] is None]

    def card_seekers(self) -> list[int]:
        """Children in the forest still without a tree card this turn."""
        return [p for p in self.touch_order() if self.taken[p] is None]

    def card_holders(self) -> list[int]:
        return [p for p in self.touch_order() if self.taken[p] is not None]

    def unrevealed(self) -> list[int]:
        """Cards still face down in the deck this turn."""
        return [t for t in self.trees_in_play if t not in self.set_aside and t not in self.revealed]

    def unseen_tokens(self) -> list[int]:
        """Trees whose token can still be the one in the box (not yet set aside)."""
        return [t for t in self.trees_in_play if t not in self.set_aside]

    def top_card(self) -> int | None:
        return self.revealed[-1] if self.revealed else None

    def boots(self) -> tuple[int, int]:
        """The two boots' places (ogre.OFF, ogre.HOUSE or a space index)."""
        finished = self.turn if self.phase == OVER else self.turn - 1
        return ogre.boots_after(finished)

    def tree_label(self, tree: int) -> str:
        return self.box.trees[tree].label

    def voter(self) -> int | None:
        for p in self.touch_order():
            if self.votes[p] is None:
                return p
        return None

    def is_last_holder(self) -> bool:
        """The child holding the token puts it in the box rather than passing it."""
        return self.holder == len(self.touch_order()) - 1

    # -- whose turn ----------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase in (START, REVEAL, CHECK):
            return CHANCE
        if self.phase in (DRAW, GRAB):
            assert self.first_player is not None
            return self.first_player
        if self.phase == TOUCH:
            return self.touch_order()[self.holder]
        if self.phase == ASK:
            return self.ask_order()[self.asked]
        voter = self.voter()
        assert voter is not None
        return voter

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == START:
            return [First(p) for p in range(self.num_players)]
        if phase == DRAW:
            return [Draw()]
        if phase == TOUCH:
            return [PutInBox()] if self.is_last_holder() else [Pass()]
        if phase == REVEAL:
            return [Reveal(t) for t in self.unrevealed()]
        if phase == GRAB:
            return [*(Grab(p) for p in self.card_seekers()), Leave()]
        if phase == ASK:
            return [Take(), Leave()]
        if phase == VOTE:
            return [Vote(p) for p in self.card_holders()]
        if phase == CHECK:
            return [Token(t) for t in self.unseen_tokens()]
        return []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.current_player() != CHANCE:
            return []
        actions = self.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]

    # -- moves ---------------------------------------------------------------
    def _apply(self, action: Any) -> None:
        typed = coerce(action)
        if typed is None or typed not in self.legal_actions():
            raise IllegalAction(text.refusal(self, action))
        match typed:
            case First(player=p):
                self.note(text.first_line(self, p))
                self.first_player = p
                self.phase = DRAW
            case Draw():
                self.note(text.draw_line(self), self.first_player)
                self.phase, self.holder = TOUCH, 0
            case Pass():
                self.note(text.pass_line(self), self.current_player())
                self.holder += 1
            case PutInBox():
                self.note(text.box_line(self), self.current_player())
                self.phase, self.holder = REVEAL, 0
            case Reveal(tree=t):
                self.note(text.reveal_line(self, t))
                self.revealed.append(t)
                self.phase, self.asked = (ASK if self.less_quick else GRAB), 0
            case Grab(player=p):
                self.note(text.taken_line(self, p), p)
                self._give_top_card(p)
            case Take():
                player = self.current_player()
                self.note(text.taken_line(self, player), player)
                self._give_top_card(player)
            case Leave():
                asked = self.current_player() if self.phase == ASK else None
                self.note(text.left_line(self, asked), asked)
                self._leave_top_card()
            case Vote(player=p):
                self._vote(p)
            case Token(tree=t):
                self._end_turn(t)

    def _vote(self, target: int) -> None:
        voter = self.voter()
        assert voter is not None
        self.votes[voter] = target
        last = self.voter() is None
        self.note(text.vote_line(self, voter, revealed=last), voter)
        if last:
            self.phase = CHECK

    def _give_top_card(self, player: int) -> None:
        self.taken[player] = self.top_card()
        self._next_card()

    def _leave_top_card(self) -> None:
        if self.phase == ASK:
            self.asked += 1
            if self.asked < len(self.ask_order()):
                return
        self._next_card()

    def _next_card(self) -> None:
        """Step 2 goes on until every child holds a card or the deck is all turned over."""
        self.asked = 0
        if self.card_seekers() and self.unrevealed():
            self.phase = REVEAL
        elif self.card_holders():
            self.phase = VOTE
        else:
            self.phase = CHECK

    def _end_turn(self, token: int) -> None:
        """Steps 4 and 5, then the end-of-game checks or the next turn."""
        finder = next((p for p in self.touch_order() if self.taken[p] == token), None)
        steps = [0] * self.num_players
        if finder is not None:
            steps[finder] += 1  # PP4: the finder advances 1 ...
            for p in self.touch_order():
                if self.votes[p] == finder:
                    steps[p] += 1  # ... and so does everyone who voted for them.
        before = list(self.positions)
        for p, step in enumerate(steps):
            limit = self.cottage if p == finder else self.cottage - 1  # PP3
            self.positions[p] = min(self.positions[p] + step, limit)
        self.set_aside.append(token)
        report: dict[str, Any] = {
            "turn": self.turn,
            "first_player": self.first_player,
            "token": token,
            "finder": finder,
            "taken": list(self.taken),
            "votes": list(self.votes),
            "moved": [after - b for after, b in zip(self.positions, before, strict=True)],
            "boot": None,
            "landing": None,
            "eaten": [],
        }
        if finder is not None and self.positions[finder] == self.cottage:
            self._finish([finder], text.reason_home(self, finder))
        else:
            self._advance_ogre(report)
        self.last_turn = report
        self.note(text.check_line(self, report))
        self.revealed, self.taken = [], [None] * self.num_players
        self.votes, self.holder, self.asked = [None] * self.num_players, 0, 0
        if self.phase != OVER:
            self._start_next_turn(finder)

    def _advance_ogre(self, report: dict[str, Any]) -> None:
        boot, place = ogre.stride(self.turn)
        eaten = [p for p in self.touch_order() if self.positions[p] == place]
        for p in eaten:
            self.eaten_turn[p] = self.turn
        report.update(boot=boot, landing=place, eaten=eaten)
        survivors = [p for p in range(self.num_players) if self.in_forest(p)]
        if not survivors:
            self._finish([], text.reason_all_eaten())
        elif len(survivors) == 1:
            self._finish(survivors, text.reason_last_child(self, survivors[0]))
        elif not self.unseen_tokens():
            self._tokens_exhausted(survivors)

    def _tokens_exhausted(self, survivors: list[int]) -> None:
        """PP8: the bag is empty before anyone won."""
        if self.options["tokens_run_out"] == EVERYONE_LOSES:
            self._finish([], text.reason_tokens_everyone_loses())
            return
        best = max(self.positions[p] for p in survivors)
        winners = [p for p in survivors if self.positions[p] == best]
        self._finish(winners, text.reason_tokens_furthest(self, winners))

    def _finish(self, winners: list[int], reason: str) -> None:
        self.phase, self.winners, self.reason = OVER, winners, reason

    def _start_next_turn(self, finder: int | None) -> None:
        """The finder leads the next turn; else the same first player (PP6 if eaten)."""
        assert self.first_player is not None
        leader = finder if finder is not None else self.first_player
        self.first_player = next(p for p in self.seats_from(leader) if self.in_forest(p))
        self.turn += 1
        self.phase = DRAW

    def log_round(self) -> int | None:
        return self.turn

    # -- ends ------------------------------------------------------------------
    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * self.num_players
        return [1.0 if p in self.winners else 0.0 for p in range(self.num_players)]

    def end_reason(self) -> str:
        return self.reason or "the game is over"

    # -- keys ------------------------------------------------------------------
    def said(self, action: Action) -> Said:
        """What the action's key names from this position besides the action itself."""
        top = self.top_card()
        card = None if top is None else self.tree_label(top)
        match action:
            case Pass() if self.phase == TOUCH and not self.is_last_holder():
                order = self.touch_order()
                return Said(order[self.holder], order[self.holder + 1])
            case Grab():
                return Said(card=card)
            case Take() | Leave():
                return Said(self.current_player() if self.phase == ASK else None, card=card)
            case Vote():
                return Said(self.voter() if self.phase == VOTE else None)
        return Said()

    def _in_range(self, action: Action) -> bool:
        """The seat or tree the action names exists (a key can be written for it)."""
        match action:
            case First(player=p) | Grab(player=p) | Vote(player=p):
                return 0 <= p < self.num_players
            case Reveal(tree=t) | Token(tree=t):
                return 0 <= t < len(self.box.trees)
        return True

    def action_to_string(self, action: Any) -> str:
        typed = coerce(action)
        if typed is None or not self._in_range(typed):
            return repr(action)
        return key(typed, self.box, self.said(typed))

    def key_to_action(self, key_text: str) -> Action:
        """The action a key names, read without the position; a key whose action is
        legal now but names another holder, voter or card is refused here, saying so."""
        parsed = parse(key_text, self.box, self.less_quick)
        if parsed is None:
            raise IllegalAction(text.unknown_key(key_text))
        action, said = parsed
        if action in self.legal_actions():
            problem = text.said_problem(self, said, self.said(action))
            if problem:
                raise IllegalAction(problem)
        return action

    def secrets(self) -> list[str]:
        """The votes cast this turn while step 3 is still going on, as their keys and
        in names ("Anna votes for Ben"; the past-tense reveal of an earlier turn is no
        secret).  The token in the box is not a secret the app holds: nobody knows it
        until the table says which tree came out."""
        if self.phase != VOTE:
            return []
        found = []
        for voter, target in enumerate(self.votes):
            if target is not None:
                found.append(f"{key_player(voter)} votes for {key_player(target)}")
                found.append(f"{self.player_name(voter)} votes for {self.player_name(target)}")
        return found

    # -- words -----------------------------------------------------------------
    def prompt(self) -> str:
        """What the table has to do next, in words."""
        return text.headline(self)

    def describe(self) -> list[str]:
        return text.describe_position(self)

    def view(self, viewer: int | None = None) -> View:
        return present(self, viewer)

    def clone(self) -> PoucetState:
        """An independent copy, field by field (a deep copy costs ten times more); the
        box is shared: it never changes."""
        twin = copy.copy(self)
        twin.options = dict(self.options)
        twin.log = list(self.log)
        twin.names = None if self.names is None else list(self.names)
        twin.positions = list(self.positions)
        twin.eaten_turn = list(self.eaten_turn)
        twin.set_aside = list(self.set_aside)
        twin.revealed = list(self.revealed)
        twin.taken = list(self.taken)
        twin.votes = list(self.votes)
        twin.winners = list(self.winners)
        twin.last_turn = copy.deepcopy(self.last_turn)
        return twin

    # -- saves -----------------------------------------------------------------
    def _dump(self) -> dict[str, Any]:
        return save.dump(self)

    def _load(self, data: dict[str, Any]) -> None:
        save.load_into(self, data)
