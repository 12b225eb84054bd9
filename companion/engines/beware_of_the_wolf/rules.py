"""Beware of the Wolf: the rules engine (rulebook + decisions BW1-BW16).

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
from collections.abc import Mapping
from typing import Any

from companion.engines.base import (
    CHANCE,
    TERMINAL,
    Action,
    Game,
    IllegalAction,
    InvalidOptions,
    InvalidState,
    State,
    require,
)
from companion.engines.beware_of_the_wolf.board import (
    HOUSE_STEP,
    Board,
    BoardError,
    default_board,
    parse_board,
    parse_board_toml,
)
from companion.engines.beware_of_the_wolf.movement import (
    back_path,
    distance_home,
    forward_paths,
    step_back_once,
)
from companion.engines.beware_of_the_wolf.options import (
    MAX_ROUND_LIMIT,
    OPTIONS,
    WOLF_FACE,
    parse_faces,
)

PHASES = ("set-wolf", "choose-house", "roll", "move", "spin-choice", "spin", "over")
ALL_QUARTERS = 0b1111
BACK_STEPS = 4
SPIN = ("spin",)
LEAVE = ("leave",)
FORFEIT = ("forfeit",)


def spin_outcome(board_degrees: float) -> tuple[str, int]:
    """The chance outcome for a wolf resting at ``board_degrees`` (rounded to a whole degree)."""
    return ("wolf", int(round(board_degrees)) % 360)


class BewareOfTheWolfGame(Game):
    id = "beware-of-the-wolf"
    name = "Beware of the Wolf"
    min_players = 2
    max_players = 4
    options = OPTIONS
    max_game_length = 1 + max_players + 3 * max_players * MAX_ROUND_LIMIT
    """Set the wolf, choose houses, then at most roll + spin choice + spin per turn."""

    def __init__(self, board: Board | None = None) -> None:
        self._board = board

    @property
    def board(self) -> Board:
        return self._board if self._board is not None else default_board()

    def with_board(self, board: Board) -> BewareOfTheWolfGame:
        """The same game played on an owner's board (saved games carry their board)."""
        return BewareOfTheWolfGame(board)

    def with_setup(self, setup: Mapping[str, Any]) -> BewareOfTheWolfGame:
        """``{"board": "<board TOML>"}`` plays on that board (a board taught by its owner)."""
        unknown = sorted(set(setup) - {"board"})
        if unknown:
            raise InvalidOptions(f"{self.name} has no setup {', '.join(unknown)}")
        if "board" not in setup:
            return self
        try:
            return self.with_board(parse_board_toml(str(setup["board"]), "the saved board"))
        except BoardError as err:
            raise InvalidOptions(str(err)) from err

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> WolfState:
        board = self.board
        if players > len(board.houses):
            raise InvalidOptions(
                f"the board {board.name!r} has {len(board.houses)} houses: at most "
                f"{len(board.houses)} players"
            )
        return WolfState(self, players, options, seed, board)


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

    # -- queries for the screen --------------------------------------------
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
            raise IllegalAction(f"player {player + 1} has not chosen a house yet")
        return house

    def pawn_name(self, player: int) -> str:
        house = self.houses[player]
        colour = self.board.houses[house].colour if house is not None else "?"
        return f"player {player + 1} ({colour})"

    def describe(self) -> list[str]:
        """A few lines for logs and the plain table: the wolf, each pawn, the die."""
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
            lines.append(f"{self.pawn_name(p)}: {where}{done}")
        if self.roll is not None:
            lines.append(f"die: {self.roll}")
        return lines

    # -- whose turn ----------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase in ("set-wolf", "roll", "spin"):
            return CHANCE
        return self.turn

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == "roll":
            counts: dict[int | str, int] = {}
            for face in self.faces:
                counts[face] = counts.get(face, 0) + 1
            return [(("roll", f), n / len(self.faces)) for f, n in counts.items()]
        if self.phase == "spin":
            return [(("wolf", d), 1 / 360) for d in range(360)]
        if self.phase == "set-wolf":
            allowed = self._setup_angles()
            return [(("wolf", d), 1 / len(allowed)) for d in allowed]
        return []

    def _setup_angles(self) -> list[int]:
        """Whole degrees at which the snout points at none of the houses (the rulebook's setup)."""
        tolerance = self.options["midline_tolerance"]
        doors = {h.space for h in self.board.houses}
        return [d for d in range(360) if not doors & self.board.guarded(float(d), tolerance)]

    def legal_actions(self) -> list[Action]:
        if self.phase == "over":
            return []
        if self.is_chance_node():
            return [a for a, _ in self.chance_outcomes()]
        if self.phase == "choose-house":
            taken = {h for h in self.houses if h is not None}
            return [("house", h.colour) for i, h in enumerate(self.board.houses) if i not in taken]
        if self.phase == "spin-choice":
            return [SPIN, LEAVE]
        moves = self._legal_moves()
        return [("move", *path) for path in moves] if moves else [FORFEIT]

    def _legal_moves(self) -> list[tuple[str, ...]]:
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

    # -- applying --------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if isinstance(action, list):
            action = tuple(action)
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalAction(self._why_illegal(action, legal))
        self.events = []
        kind = action[0]
        if self.phase == "set-wolf":
            self.wolf = action[1]
            self.phase = "choose-house"
            self.turn = 0
        elif kind == "house":
            self.houses[self.turn] = self.board.house_index[action[1]]
            self.turn += 1
            if self.turn == self.num_players:
                self.turn = 0
                self.phase = "roll"
        elif kind == "roll":
            self.roll = action[1]
            self.phase = "spin-choice" if action[1] == WOLF_FACE else "move"
        elif kind == "spin":
            self.phase = "spin"
        elif kind == "wolf":
            self.wolf = action[1]
            self._wolf_strikes()
            self._end_turn()
        elif kind == "move":
            self._move(action[1:])
        else:  # "leave" or "forfeit"
            self._end_turn()

    def _why_illegal(self, action: Action, legal: list[Action]) -> str:
        shown = repr(action)
        if isinstance(action, tuple) and action:
            try:
                shown = repr(self.action_to_string(action))
            except (IllegalAction, KeyError, TypeError, IndexError, AttributeError):
                pass
        options = ", ".join(self.action_to_string(a) for a in legal[:8])
        more = ", ..." if len(legal) > 8 else ""
        waiting = {
            "set-wolf": "the wolf is being set so that it points at no house",
            "choose-house": f"{self.pawn_name(self.turn)} chooses a free house",
            "roll": "the die is being rolled",
            "spin": "the wolf is spinning",
            "spin-choice": f"{self.pawn_name(self.turn)} rolled the wolf's head",
            "move": f"{self.pawn_name(self.turn)} moves {self.roll}",
        }[self.phase]
        if self.phase == "move" and legal == [FORFEIT]:
            return f"{shown} is not possible: no way to move {self.roll} avoids the wolf; the throw is forfeited"
        return f"{shown} is not possible now ({waiting}); possible: {options}{more}"

    def _move(self, path: tuple[str, ...]) -> None:
        player = self.turn
        house = self.house_of(player)
        for space in path:
            if space != HOUSE_STEP:
                self.quarters[player] |= 1 << self.board.quarter(house, space)
        end = path[-1]
        if end == HOUSE_STEP:
            self.positions[player] = None
            self.roll = None
            self.winners = [player]
            self.end = "home"
            self.phase = "over"
            return
        start = self.positions[player]
        self.positions[player] = end
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
        else:
            self._send_back(player, "thrown-out")

    def _wolf_strikes(self) -> None:
        """BW5/BW6/BW11: unprotected pawns on the pointed spaces move back 4."""
        zone = self.guarded_zone()
        spinner = self.turn
        hits_spinner = self.options["wolf_hits_spinner"]
        for k in range(1, self.num_players + 1):
            player = (spinner + k) % self.num_players
            if player == spinner and not hits_spinner:
                continue
            space = self.positions[player]
            if space is not None and space in zone and not self.board.by_id[space].tree:
                self._send_back(player, "wolf-hit")

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

    # -- ends --------------------------------------------------------------------
    def returns(self) -> list[float]:
        if self.phase != "over":
            return [0.0] * self.num_players
        return [1.0 if p in self.winners else 0.0 for p in range(self.num_players)]

    def end_reason(self) -> str:
        names = " and ".join(self.pawn_name(p) for p in self.winners)
        if self.end == "home":
            return f"{names} came home with an exact throw after a round in the forest"
        limit = self.options["round_limit"]
        return f"after {limit} rounds the game stopped; furthest along: {names}"

    # -- text -----------------------------------------------------------------------
    def action_to_string(self, action: Action) -> str:
        if isinstance(action, list):
            action = tuple(action)
        if not isinstance(action, tuple) or not action:
            raise IllegalAction(f"{action!r} is not an action of this game")
        kind = action[0]
        if kind == "wolf":
            return f"wolf points at {action[1]} deg"
        if kind == "house":
            return f"choose the {action[1]} house"
        if kind == "roll":
            return "roll the wolf's head" if action[1] == WOLF_FACE else f"roll {action[1]}"
        if action == SPIN:
            return "spin the wolf"
        if action == LEAVE:
            return "leave the wolf"
        if action == FORFEIT:
            return "forfeit the throw"
        if kind == "move":
            return self._move_text(action[1:])
        raise IllegalAction(f"{action!r} is not an action of this game")

    def _move_text(self, path: tuple[str, ...]) -> str:
        end = path[-1]
        target = "into the house" if end == HOUSE_STEP else f"to {end}"
        same_end = (
            [a for a in self.legal_actions() if a[0] == "move" and a[-1] == end]
            if self.phase == "move"
            else []
        )
        if len(same_end) > 1:
            return f"move {target} via {' '.join(path[:-1]) or 'nowhere'}"
        return f"move {target}"

    # -- copies and saves -------------------------------------------------------
    def clone(self) -> WolfState:
        memo: dict[int, Any] = {id(self.game): self.game, id(self.board): self.board}
        return copy.deepcopy(self, memo)

    def _dump(self) -> dict[str, Any]:
        return {
            "board": "default" if self.board is default_board() else self.board.to_dict(),
            "phase": self.phase,
            "wolf": self.wolf,
            "houses": [None if h is None else self.board.houses[h].colour for h in self.houses],
            "positions": list(self.positions),
            "quarters": list(self.quarters),
            "turn": self.turn,
            "roll": self.roll,
            "turns_taken": self.turns_taken,
            "winners": list(self.winners),
            "end": self.end,
            "events": copy.deepcopy(self.events),
        }

    def _load(self, data: dict[str, Any]) -> None:
        from companion.engines.beware_of_the_wolf.state_check import check_loaded

        raw_board = data["board"]
        if raw_board != "default":
            try:
                self.board = parse_board(raw_board, "saved board")
            except BoardError as err:
                raise InvalidState(str(err)) from None
        else:
            self.board = default_board()
        require(
            self.num_players <= len(self.board.houses),
            f"saved state: {self.num_players} players but the board has {len(self.board.houses)} houses",
        )
        check_loaded(self, data)
        self.phase = data["phase"]
        self.wolf = data["wolf"]
        self.houses = [None if c is None else self.board.house_index[c] for c in data["houses"]]
        self.positions = list(data["positions"])
        self.quarters = list(data["quarters"])
        self.turn = data["turn"]
        self.roll = data["roll"]
        self.turns_taken = data["turns_taken"]
        self.winners = list(data["winners"])
        self.end = data["end"]
        self.events = copy.deepcopy(data["events"])
