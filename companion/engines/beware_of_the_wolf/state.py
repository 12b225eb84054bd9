"""Beware of the Wolf: one position and the rules that move it on (rulebook + BW1-BW16).

A turn: the die is rolled (a chance node, BW2).  A number moves the player's
pawn exactly that many steps along the arrows (the player chooses the way);
the move may not end on an unprotected space in the wolf's guarded zone (BW4);
ending on an unprotected space holding a pawn throws it out (BW7); with no
legal way the throw is forfeited.  The wolf's head lets the player spin the
wolf (BW3): the resting angle is a chance outcome, in whole degrees, and every
unprotected pawn the snout then points at moves back 4 on the outer path (BW5,
BW6).  After a round through every quarter (BW8) a pawn enters its house only
with an exact throw, and that wins.

Setup is part of the game: the wolf is set pointing at no house (a chance node
the turntable or the app fills) and each player in turn chooses a house.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from companion.engines.base import CHANCE, TERMINAL, Action, IllegalAction, State, win_returns
from companion.engines.beware_of_the_wolf import save, text
from companion.engines.beware_of_the_wolf.actions import (
    FORFEIT,
    LEAVE,
    SPIN,
    ChooseHouse,
    Move,
    MoveTo,
    Roll,
    WolfAction,
    WolfAt,
    Word,
    as_action,
    parse_key,
)
from companion.engines.beware_of_the_wolf.board import HOUSE_STEP, Board
from companion.engines.beware_of_the_wolf.die import WOLF_FACE, face_odds, parse_faces
from companion.engines.beware_of_the_wolf.movement import (
    back_path,
    distance_home,
    forward_paths,
    step_back_once,
)
from companion.engines.beware_of_the_wolf.spin import SPIN_DEGREES, caught, setup_angles
from companion.engines.beware_of_the_wolf.turn import ALL_QUARTERS, BACK_STEPS
from companion.engines.beware_of_the_wolf.view import present
from companion.engines.view import View

if TYPE_CHECKING:
    from companion.engines.base import Game


SPIN_ACTIONS = tuple(WolfAt(d) for d in range(SPIN_DEGREES))
"""Where a spin may leave the wolf, every degree equally likely (built once: a game
replays many spins)."""
SPIN_OUTCOMES = tuple((a, 1 / SPIN_DEGREES) for a in SPIN_ACTIONS)


class WolfState(State):
    def __init__(
        self, game: Game, players: int, options: dict[str, Any], seed: int, board: Board
    ) -> None:
        super().__init__(game, players, options, seed)
        self.board = board
        self.faces = parse_faces(options["die_faces"])
        self.phase = "set-wolf"
        self.wolf: int | None = None
        self.houses: list[int | None] = [None] * players
        self.positions: list[str | None] = [None] * players
        """Each pawn's space; None while it is in its house."""
        self.quarters = [0] * players
        """Bit q set once the pawn has stepped on a space in quarter q of the board (BW8)."""
        self.turn = 0
        self.roll: int | str | None = None
        self.turns_taken = 0
        self.winners: list[int] = []
        self.end = ""
        self.events: list[list[Any]] = []
        """What the last action did to other pawns: [kind, player, from, to, trail]."""

    # -- queries --------------------------------------------------------------------
    def guarded_zone(self) -> frozenset[str]:
        """The spaces the snout points at now (empty before the wolf is set)."""
        if self.wolf is None:
            return frozenset()
        return self.board.guarded(float(self.wolf), self.options["midline_tolerance"])

    def round_complete(self, player: int) -> bool:
        return self.quarters[player] == ALL_QUARTERS

    def house_of(self, player: int) -> int:
        house = self.houses[player]
        if house is None:
            raise IllegalAction(f"{self.player_name(player)} has not chosen a house yet")
        return house

    def colour_of(self, player: int) -> str | None:
        house = self.houses[player]
        return None if house is None else self.board.houses[house].colour

    def pawn_name(self, player: int) -> str:
        """The player's name with their pawn's colour once chosen: "Player 1 (red)"."""
        colour = self.colour_of(player)
        name = self.player_name(player)
        return name if colour is None else f"{name} ({colour})"

    def describe(self) -> list[str]:
        """A few lines for logs and bug reports (space ids and degrees; the view has words)."""
        lines = [
            "wolf: "
            + (
                "not set"
                if self.wolf is None
                else f"points at {self.wolf} deg, guarding " + " ".join(sorted(self.guarded_zone()))
            )
        ]
        for p in range(self.num_players):
            where = self.positions[p] or "in the house"
            done = ", round complete" if self.round_complete(p) else ""
            colour = self.colour_of(p) or "?"
            lines.append(f"player {p + 1} ({colour}): {where}{done}")
        if self.roll is not None:
            lines.append(f"die: {self.roll}")
        return lines

    # -- whose turn --------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase in ("set-wolf", "roll", "spin"):
            return CHANCE
        return self.turn

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == "roll":
            return [(Roll(face), p) for face, p in face_odds(self.faces)]
        if self.phase == "spin":
            return list(SPIN_OUTCOMES)
        if self.phase == "set-wolf":
            allowed = setup_angles(self.board, self.options["midline_tolerance"])
            return [(WolfAt(d), 1 / len(allowed)) for d in allowed]
        return []

    def legal_actions(self) -> list[Action]:
        if self.phase == "over":
            return []
        if self.phase == "spin":
            return list(SPIN_ACTIONS)
        if self.is_chance_node():
            return [a for a, _ in self.chance_outcomes()]
        if self.phase == "choose-house":
            taken = {h for h in self.houses if h is not None}
            return [
                ChooseHouse(h.colour) for i, h in enumerate(self.board.houses) if i not in taken
            ]
        if self.phase == "spin-choice":
            return [SPIN, LEAVE]
        paths = self._legal_paths()
        if not paths:
            return [FORFEIT]
        ends: dict[str, int] = {}
        for path in paths:
            ends[path[-1]] = ends.get(path[-1], 0) + 1
        return [Move(path, route=ends[path[-1]] > 1) for path in paths]

    def _legal_paths(self) -> list[tuple[str, ...]]:
        player = self.turn
        assert isinstance(self.roll, int)
        paths = forward_paths(
            self.board,
            self.house_of(player),
            self.positions[player],
            self.roll,
            self.round_complete(player),
        )
        zone = self.guarded_zone()
        no_passing = self.options["guard_blocks_passing"]
        by_id = self.board.by_id
        legal = []
        for path in paths:
            if path[-1] != HOUSE_STEP and path[-1] in zone and not by_id[path[-1]].tree:
                continue
            if no_passing and any(s in zone and not by_id[s].tree for s in path[:-1]):
                continue
            legal.append(path)
        return legal

    # -- keys ----------------------------------------------------------------------------
    def action_to_string(self, action: Action) -> str:
        """The action's key; a legal move takes its key from the legal list, which knows
        whether another way of this throw ends on the same space (a plain tuple does not)."""
        typed = as_action(action)
        if isinstance(typed, Move) and self.phase == "move":
            legal = self.legal_actions()
            if typed in legal:
                typed = legal[legal.index(typed)]
        return typed.key

    def key_to_action(self, key: str) -> Action:
        """The action ``key`` names; a move named by its end gets its one legal route."""
        try:
            action = parse_key(key)
        except IllegalAction:
            return super().key_to_action(key)
        return self._resolve(action) if isinstance(action, MoveTo) else action

    def _resolve(self, action: MoveTo) -> WolfAction:
        """The legal move ending where ``action`` names, if exactly one does."""
        if self.phase != "move":
            return action
        found = [a for a in self.legal_actions() if isinstance(a, Move) and a.end == action.end]
        return found[0] if len(found) == 1 else action

    # -- applying ------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        typed = as_action(action)
        if isinstance(typed, MoveTo):
            typed = self._resolve(typed)
        legal = self.legal_actions()
        if typed not in legal:
            raise IllegalAction(self._why_illegal(typed, legal))
        self.events = []
        name = self.player_name(self.turn)
        if isinstance(typed, WolfAt) and self.phase == "set-wolf":
            self.wolf = typed.degrees
            self.phase = "choose-house"
            self.turn = 0
            self.note(text.wolf_set(self._pointed()))
        elif isinstance(typed, ChooseHouse):
            self.houses[self.turn] = self.board.house_index[typed.colour]
            self.note(text.chose(name, typed.colour), self.turn)
            self.turn += 1
            if self.turn == self.num_players:
                self.turn = 0
                self.phase = "roll"
        elif isinstance(typed, Roll):
            self.roll = typed.face
            self.phase = "spin-choice" if typed.face == WOLF_FACE else "move"
            self.note(text.rolled(name, typed.face), self.turn)
        elif typed == SPIN:
            self.phase = "spin"
            self.note(text.spins(name), self.turn)
        elif isinstance(typed, WolfAt):
            self.wolf = typed.degrees
            self.note(text.wolf_stops(self._pointed()))
            self._wolf_strikes()
            self._end_turn()
        elif isinstance(typed, Move):
            self._move(typed.path)
        else:
            assert isinstance(typed, Word)
            if typed == LEAVE:
                self.note(text.leaves(name), self.turn)
            else:
                self.note(text.forfeits(name), self.turn)
            self._end_turn()

    def _pointed(self) -> str:
        return text.places(self.board, tuple(self.guarded_zone()))

    def _why_illegal(self, action: WolfAction, legal: list[Action]) -> str:
        """The refusal a player reads: why this is not possible now, in their words."""
        name = self.player_name(self.turn)
        if self.phase == "set-wolf" and isinstance(action, WolfAt):
            return text.refuse_setup(action.degrees)
        if self.phase == "spin" and isinstance(action, WolfAt):
            return text.refuse_spin(action.degrees)
        if self.phase == "choose-house" and isinstance(action, ChooseHouse):
            return text.refuse_house(action.colour, self.board, name)
        if self.phase == "move" and isinstance(action, Move | MoveTo):
            paths = [a.path for a in legal if isinstance(a, Move)]
            return text.refuse_move(
                self.board,
                action.end,
                self.roll,
                paths,
                self.guarded_zone(),
                self.colour_of(self.turn),
            )
        if self.phase == "move" and legal == [FORFEIT]:
            return text.refuse_forfeit(self.roll)
        waiting = text.PHASE_WAITING[self.phase].format(name=name, roll=self.roll)
        return text.refuse_now(waiting)

    def _move(self, path: tuple[str, ...]) -> None:
        player = self.turn
        house = self.house_of(player)
        for space in path:
            if space != HOUSE_STEP:
                self.quarters[player] |= 1 << self.board.quarter(house, space)
        end = path[-1]
        name = self.player_name(player)
        if end == HOUSE_STEP:
            self.positions[player] = None
            self.roll = None
            self.winners = [player]
            self.end = "home"
            self.phase = "over"
            self.note(text.came_home(name), player)
            return
        start = self.positions[player]
        self.positions[player] = end
        self.note(text.moved(self.board, name, end), player)
        if not self.board.by_id[end].tree:
            for other in range(self.num_players):
                if other != player and self.positions[other] == end:
                    self._throw_out(other, end)
        self.events.insert(0, ["move", player, start, end, list(path)])
        self._end_turn()

    def _throw_out(self, player: int, space: str) -> None:
        """BW7: the thrown pawn goes home (its round starts again) or back 4 (option)."""
        if self.options["thrown_out"] == "home":
            self.positions[player] = None
            self.quarters[player] = 0
            self.events.append(["thrown-out", player, space, None, []])
            self.note(
                text.threw_out(
                    self.board, self.player_name(self.turn), self.player_name(player), None
                ),
                player,
            )
        else:
            self._send_back(player, "thrown-out")

    def _wolf_strikes(self) -> None:
        """BW5/BW6/BW11: unprotected pawns on the pointed spaces move back 4."""
        zone = self.guarded_zone()
        hits_spinner = self.options["wolf_hits_spinner"]
        found = caught(self.board, self.positions, zone, self.turn, hits_spinner)
        for player in found:
            self._send_back(player, "wolf-hit")
        if not found:
            self.note(text.caught_nobody())

    def _send_back(self, player: int, kind: str) -> None:
        """Back 4 on the outer path, never past home; past occupied open spaces (BW10)."""
        start = self.positions[player]
        assert start is not None
        house = self.house_of(player)
        complete = self.round_complete(player)
        trail, end = back_path(self.board, house, start, BACK_STEPS, complete)
        others = {p for i, p in enumerate(self.positions) if i != player and p is not None}
        while end is not None and end in others and not self.board.by_id[end].tree:
            end = step_back_once(self.board, house, end, complete)
            if end is not None:
                trail.append(end)
        self.positions[player] = end
        if end is None:
            self.quarters[player] = 0
        self.events.append([kind, player, start, end, trail])
        who = self.player_name(player)
        if kind == "wolf-hit":
            self.note(text.caught(self.board, who, end), player)
        else:
            self.note(text.threw_out(self.board, self.player_name(self.turn), who, end), player)

    def _end_turn(self) -> None:
        self.roll = None
        self.turns_taken += 1
        self.turn = (self.turn + 1) % self.num_players
        self.phase = "roll"
        if self.turns_taken >= self.options["round_limit"] * self.num_players:
            self.winners = self._furthest_along()
            self.end = "limit"
            self.phase = "over"

    def _furthest_along(self) -> list[int]:
        """BW12: most quarters passed, then fewest steps home; ties share the win."""

        def key(p: int) -> tuple[int, int]:
            home = distance_home(
                self.board, self.house_of(p), self.positions[p], self.round_complete(p)
            )
            return (bin(self.quarters[p]).count("1"), -home)

        best = max(key(p) for p in range(self.num_players))
        return [p for p in range(self.num_players) if key(p) == best]

    # -- ends --------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        return win_returns(self.winners if self.phase == "over" else (), self.num_players)

    def secrets(self) -> list[str]:
        """Nothing: every pawn, the die and the wolf are on the table for all to see."""
        return []

    def log_round(self) -> int | None:
        """Rounds of turns count from the first roll (setting up is round None)."""
        if self.phase in ("set-wolf", "choose-house"):
            return None
        return self.turns_taken // self.num_players + 1

    def end_reason(self) -> str:
        names = " and ".join(self.pawn_name(p) for p in self.winners)
        return text.end_reason(names, self.end, self.options["round_limit"])

    def view(self, viewer: int | None = None) -> View:
        return present(self, viewer)

    # -- copies and saves ---------------------------------------------------------------------
    def clone(self) -> WolfState:
        memo: dict[int, Any] = {
            id(self.game): self.game,
            id(self.board): self.board,
            id(self.log): list(self.log),
        }
        return copy.deepcopy(self, memo)

    def _dump(self) -> dict[str, Any]:
        return save.dump(self)

    def _load(self, data: dict[str, Any]) -> None:
        save.load(self, data)
