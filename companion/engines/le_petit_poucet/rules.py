"""Le Petit Poucet: the rules engine.

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

from typing import Any

from companion.engines.base import CHANCE, TERMINAL, Action, IllegalAction, State
from companion.engines.le_petit_poucet import ogre
from companion.engines.le_petit_poucet.manifest import Manifest
from companion.engines.le_petit_poucet.saves import load_into
from companion.engines.le_petit_poucet.terms import (
    ASK,
    CHECK,
    DRAW,
    EVERYONE_LOSES,
    GRAB,
    OVER,
    REVEAL,
    START,
    TOUCH,
    VOTE,
    player_name,
    removed_series,
)
from companion.engines.le_petit_poucet.texts import (
    describe_action,
    describe_phase,
    describe_position,
    public_step_text,
    refusal,
)


class PoucetState(State):
    """One position of a game of Le Petit Poucet."""

    def __init__(
        self, game: Any, players: int, options: dict[str, Any], seed: int, manifest: Manifest
    ) -> None:
        super().__init__(game, players, options, seed)
        self.manifest = manifest
        self.trees_in_play: tuple[int, ...] = manifest.active_trees(
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
        return self.manifest.cottage

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
        return self.manifest.trees[tree].label

    def voter(self) -> int | None:
        for p in self.touch_order():
            if self.votes[p] is None:
                return p
        return None

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
            return [("first", p) for p in range(self.num_players)]
        if phase == DRAW:
            return [("draw",)]
        if phase == TOUCH:
            return [("pass",)] if self.holder < len(self.touch_order()) - 1 else [("box",)]
        if phase == REVEAL:
            return [("reveal", t) for t in self.unrevealed()]
        if phase == GRAB:
            return [*(("grab", p) for p in self.card_seekers()), ("leave",)]
        if phase == ASK:
            return [("take",), ("leave",)]
        if phase == VOTE:
            return [("vote", p) for p in self.card_holders()]
        if phase == CHECK:
            return [("token", t) for t in self.unseen_tokens()]
        return []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.current_player() != CHANCE:
            return []
        actions = self.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]

    # -- moves ---------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if isinstance(action, list):
            action = tuple(action)
        if action not in self.legal_actions():
            raise IllegalAction(self._refusal(action))
        kind = action[0]
        if kind == "first":
            self.first_player = action[1]
            self.phase = DRAW
        elif kind == "draw":
            self.phase, self.holder = TOUCH, 0
        elif kind == "pass":
            self.holder += 1
        elif kind == "box":
            self.phase, self.holder = REVEAL, 0
        elif kind == "reveal":
            self.revealed.append(action[1])
            self.phase, self.asked = (ASK if self.less_quick else GRAB), 0
        elif kind == "grab":
            self._give_top_card(action[1])
        elif kind == "take":
            self._give_top_card(self.current_player())
        elif kind == "leave":
            self._leave_top_card()
        elif kind == "vote":
            voter = self.voter()
            assert voter is not None
            self.votes[voter] = action[1]
            if self.voter() is None:
                self.phase = CHECK
        else:
            self._end_turn(action[1])

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
            self._finish(
                [finder], f"{player_name(finder)} found the tree and reached the parents' cottage"
            )
        else:
            self._advance_ogre(report)
        self.last_turn = report
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
            self._finish(
                [], "the Ogre ate all the remaining children in a single turn: everyone loses"
            )
        elif len(survivors) == 1:
            self._finish(
                survivors,
                f"{player_name(survivors[0])} is the last child in the forest and frees the others "
                "during the Ogre's digestive nap",
            )
        elif not self.unseen_tokens():
            self._tokens_exhausted(survivors)

    def _tokens_exhausted(self, survivors: list[int]) -> None:
        """PP8: the bag is empty before anyone won."""
        if self.options["tokens_run_out"] == EVERYONE_LOSES:
            self._finish([], "the tree tokens ran out before anyone got home: everyone loses")
            return
        best = max(self.positions[p] for p in survivors)
        winners = [p for p in survivors if self.positions[p] == best]
        names = ", ".join(player_name(p) for p in winners)
        self._finish(winners, f"the tree tokens ran out; furthest along the path: {names}")

    def _finish(self, winners: list[int], reason: str) -> None:
        self.phase, self.winners, self.reason = OVER, winners, reason

    def _start_next_turn(self, finder: int | None) -> None:
        """The finder leads the next turn; else the same first player (PP6 if eaten)."""
        assert self.first_player is not None
        leader = finder if finder is not None else self.first_player
        self.first_player = next(p for p in self.seats_from(leader) if self.in_forest(p))
        self.turn += 1
        self.phase = DRAW

    # -- ends ------------------------------------------------------------------
    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * self.num_players
        return [1.0 if p in self.winners else 0.0 for p in range(self.num_players)]

    def end_reason(self) -> str:
        return self.reason or "the game is over"

    # -- text ------------------------------------------------------------------
    def action_to_string(self, action: Action) -> str:
        return describe_action(self, action)

    def public_step_text(self, text: str, steps_after: int) -> str:
        """What the history may show of a past step now (this turn's votes stay secret
        until every vote is in); ``steps_after`` steps were played after it."""
        return public_step_text(self, text, steps_after)

    def prompt(self) -> str:
        """What the table has to do next, in words."""
        return describe_phase(self)

    def describe(self) -> list[str]:
        return describe_position(self)

    def _refusal(self, action: Action) -> str:
        return refusal(self, action)

    # -- saves -----------------------------------------------------------------
    def _dump(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "first_player": self.first_player,
            "turn": self.turn,
            "positions": list(self.positions),
            "eaten_turn": list(self.eaten_turn),
            "set_aside": list(self.set_aside),
            "holder": self.holder,
            "revealed": list(self.revealed),
            "taken": list(self.taken),
            "asked": self.asked,
            "votes": list(self.votes),
            "winners": list(self.winners),
            "reason": self.reason,
            "last_turn": None if self.last_turn is None else dict(self.last_turn),
        }

    def _load(self, data: dict[str, Any]) -> None:
        load_into(self, data)
