"""Gingerdead House: setup, the five steps of a turn, elimination and the three modes.

A turn: ACTION (flip an action card, a chance node), MONSTER (flip monsters, each a
chance node, entering row 5 with pushing), PLAYER (the opponents' trick window if the
action card opens it, then defenses, tricks and once-per-turn abilities), MOVEMENT &
COMBAT (automatic, lane by lane), CLEANUP & DRAW (chance draws up to 5 cards).
Choices that interrupt resolution (placing a resurrected monster, placing a stolen
defense) are decisions of the player concerned, taken before play continues.
"""

from __future__ import annotations

from pathlib import Path
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
)
from companion.engines.gingerdead_house import decks, saving
from companion.engines.gingerdead_house.board import (
    MONSTER,
    Board,
    all_tiles,
    player_name,
)
from companion.engines.gingerdead_house.catalogue import (
    HAND_SIZE,
    LANES,
    MAX_FLIPS,
    ROWS,
    SETUP_DEFENSES,
    Catalogue,
    load_catalogue_file,
)
from companion.engines.gingerdead_house.effects import EFFECTS, effect_problem
from companion.engines.gingerdead_house.ending import (
    Ending,
    ending_now,
    round_limit_ending,
    scores,
)
from companion.engines.gingerdead_house.options import OPTIONS, team_of_each
from companion.engines.gingerdead_house.texts import action_text, describe

CATALOGUE_FILE = Path(__file__).with_name("catalogue.toml")
TURN_HEADER = "round "
"""Log lines starting a turn; the log keeps the previous turn and the current one (a replay of
the journal rebuilds any older lines)."""

_TURN_BOUND = 1 + MAX_FLIPS + 3 * (2 * HAND_SIZE + 1) + 2 * HAND_SIZE + 30 + 1 + 50 + HAND_SIZE
"""Most actions in one turn: flips, the trick window, plays, abilities, resurrections, draws."""


def default_catalogue() -> Catalogue:
    return load_catalogue_file(CATALOGUE_FILE, effect_problem)


class GingerdeadHouseGame(Game):
    id = "gingerdead-house"
    name = "Gingerdead House"
    min_players = 2
    max_players = 4
    options = OPTIONS
    max_game_length = 4 * (2 * SETUP_DEFENSES + HAND_SIZE) + 100 * 4 * _TURN_BOUND

    def __init__(self, catalogue: Catalogue | None = None) -> None:
        self.catalogue = catalogue if catalogue is not None else default_catalogue()

    def _new_state(self, players: int, options: dict[str, Any], seed: int) -> GingerdeadState:
        if options["mode"] == "co-op" and players != 4:
            raise InvalidOptions(f"Co-op is 2 vs 2: it needs 4 players, not {players}")
        return GingerdeadState(self, players, options, seed)

    def state_from_dict(self, data: Any) -> State:
        try:
            return super().state_from_dict(data)
        except InvalidOptions as err:
            raise InvalidState(f"saved state: {err}") from err


class GingerdeadState(State):
    game: GingerdeadHouseGame

    def __init__(
        self, game: GingerdeadHouseGame, players: int, options: dict[str, Any], seed: int
    ) -> None:
        super().__init__(game, players, options, seed)
        catalogue = game.catalogue
        teams = team_of_each(players, options["mode"], options["teams"])
        self.board = Board(catalogue, EFFECTS, players, options["mode"], teams)
        digital = options["player_decks"] == "digital"
        deck = catalogue.deck("player")
        self.board.cards = [
            decks.PlayerCards(deck if digital else None, decks.total(deck)) for _ in range(players)
        ]
        self.phase = "setup"
        self.setup_player = 0
        self.setup_revealed: list[str] = []
        self.action_card: str | None = None
        self.flips_left = 0
        self.window: list[int] = []
        self.window_open = False
        self.round = 1
        self.result: list[float] | None = None
        self.reason = ""
        self._legal: list[Action] | None = None
        """legal_actions() of this position, computed once (reset by every change)."""
        self.board.log.append(f"setup: {player_name(0)} reveals defenses")

    @property
    def digital(self) -> bool:
        return self.options["player_decks"] == "digital"

    def clone(self) -> GingerdeadState:
        twin = GingerdeadState.__new__(GingerdeadState)
        twin.__dict__.update(self.__dict__)
        twin.options = dict(self.options)
        twin.board = self.board.copy()
        twin.setup_revealed = list(self.setup_revealed)
        twin.window = list(self.window)
        twin.result = list(self.result) if self.result is not None else None
        twin._legal = self._legal  # the same position: the same moves (never mutated)
        return twin

    # -- whose move -------------------------------------------------------
    def current_player(self) -> int:
        board = self.board
        if self.result is not None:
            return TERMINAL
        if board.resurrections:
            return board.resurrections[0][1]
        if board.steal is not None:
            return board.steal[0]
        if self.phase == "setup":
            return self.setup_player if self.setup_revealed else CHANCE
        if self.phase == "tricks":
            return self.window[0]
        if self.phase == "player":
            return board.active
        return CHANCE

    def legal_actions(self) -> list[Action]:
        cached = self._legal
        if cached is None:
            cached = self._legal = self._compute_legal_actions()
        return list(cached)

    def _compute_legal_actions(self) -> list[Action]:
        player = self.current_player()
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        board = self.board
        if board.resurrections:
            chooser = board.resurrections[0][1]
            return [
                ("rise", f, lane) for f in board.opponents(chooser) for lane in range(1, LANES + 1)
            ]
        if board.steal is not None:
            return [("put", lane, row) for lane, row in board.empty_tiles(board.steal[0])]
        if self.phase == "setup":
            return [
                ("setup", card_id, lane, row)
                for card_id in sorted(set(self.setup_revealed))
                for lane, row in board.empty_tiles(player)
            ]
        actions: list[Action] = [("pass",)] if self.phase == "tricks" else [("end",)]
        actions += self._trick_actions(player)
        if self.phase == "player":
            actions += self._place_actions(player)
            actions += self._ability_actions(player)
        return actions

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.current_player() != CHANCE:
            return []
        board = self.board
        if self.phase == "setup":
            if len(self.setup_revealed) + self._placed_in_setup() < SETUP_DEFENSES:
                pool = self._unseen(self.setup_player)
                defenses = {
                    c: n for c, n in pool.items() if board.catalogue.cards[c].type == "defense"
                }
                return [(("reveal", c), p) for c, p in decks.draw_odds(defenses)]
            return [(("draw", c), p) for c, p in board.cards[self.setup_player].draw_odds()]
        if self.phase == "action":
            return [(("flip", c), p) for c, p in decks.draw_odds(board.action_pile)]
        if self.phase == "monsters":
            return [(("flip", c), p) for c, p in decks.draw_odds(board.monster_pile)]
        return [(("draw", c), p) for c, p in board.cards[board.active].draw_odds()]

    # -- what a player may do ----------------------------------------------
    def _unseen(self, player: int) -> dict[str, int]:
        """Cards of this player's deck not visible anywhere: in the pile or the hand."""
        board = self.board
        cards = board.cards[player]
        if cards.pile is not None and cards.hand is not None:
            merged = dict(cards.pile)
            for card_id, n in cards.hand.items():
                decks.add(merged, card_id, n)
            return merged
        unseen = board.catalogue.deck("player")
        seen: list[str] = (
            list(self.setup_revealed)
            if self.setup_player == player and self.phase == "setup"
            else []
        )
        seen += [p[0] for field in board.fields for p in field if p is not None and p[1] == player]
        if board.steal is not None and board.steal[1][1] == player:
            seen.append(board.steal[1][0])
        for card_id, n in cards.discard.items():
            unseen[card_id] -= n
        for card_id in seen:
            unseen[card_id] -= 1
        return {c: n for c, n in unseen.items() if n > 0}

    def playable(self, player: int, card_type: str) -> list[str]:
        """Card ids of this type the player can play now (table mode: any unseen one)."""
        cards = self.board.cards[player]
        catalogue = self.board.catalogue
        if cards.hand is not None:
            pool = cards.hand
        elif cards.hand_size > 0:
            pool = self._unseen(player)
        else:
            return []
        return sorted(c for c in pool if catalogue.cards[c].type == card_type)

    def _trick_actions(self, player: int) -> list[Action]:
        actions: list[Action] = []
        for card_id in self.playable(player, "trick"):
            effect = (
                EFFECTS[self.board.catalogue.cards[card_id].effect]
                if self.board.catalogue.cards[card_id].effect
                else None
            )
            if effect is None or effect.trick_targets is None:
                continue
            actions += [("trick", card_id, *t) for t in effect.trick_targets(self.board, player)]
        return actions

    def _place_actions(self, player: int) -> list[Action]:
        board = self.board
        own = board.own_fields(player)
        spots: list[tuple[int, int, int]] = []
        """Tiles of the player's (team's) fields: empty, or a defense that may be replaced."""
        open_spots: list[tuple[int, int, int]] = []
        """Empty tiles of opponents' fields (for defenses placed on any field)."""
        for f in range(board.num_players):
            if not board.alive[f]:
                continue
            for i, here in enumerate(board.fields[f]):
                spot = (f, i // ROWS + 1, i % ROWS + 1)
                if f in own:
                    if here is None or (here[1] != MONSTER and not board.guarded(f, here)):
                        spots.append(spot)
                elif here is None:
                    open_spots.append(spot)
        actions: list[Action] = []
        for card_id in self.playable(player, "defense"):
            effect_id = board.catalogue.cards[card_id].effect
            anywhere = bool(effect_id) and EFFECTS[effect_id].placed_on_any_field
            targets = sorted(spots + open_spots) if anywhere else spots
            actions += [("place", card_id, f, lane, row) for f, lane, row in targets]
        return actions

    def _ability_actions(self, player: int) -> list[Action]:
        board = self.board
        actions: list[Action] = []
        for lane, row in all_tiles():
            piece = board.at(player, lane, row)
            if piece is None or piece[1] == MONSTER or piece[2] in board.used:
                continue
            effect = board.effect(piece)
            if effect is None or effect.ability_targets is None:
                continue
            for target in effect.ability_targets(board, (player, lane, row)):
                actions.append(("ability", lane, row, *target))
        return actions

    # -- applying -----------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if isinstance(action, list):
            action = tuple(action)
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalAction(self._why_illegal(action))
        board = self.board
        kind = action[0]
        player = self.current_player()
        self._legal = None
        if kind == "reveal":
            board.cards[self.setup_player].reveal_from_pile(action[1])
            self.setup_revealed.append(action[1])
            board.log.append(
                f"{player_name(self.setup_player)} reveals {board.catalogue.cards[action[1]].name}"
            )
        elif kind == "setup":
            _, card_id, lane, row = action
            self.setup_revealed.remove(card_id)
            board.put(player, lane, row, board.new_piece(card_id, player))
            board.log.append(
                f"{player_name(player)} places {board.catalogue.cards[card_id].name} "
                f"at lane {lane} row {row}"
            )
        elif kind == "draw":
            drawer = self.setup_player if self.phase == "setup" else board.active
            board.cards[drawer].draw(action[1])
        elif kind == "flip" and self.phase == "action":
            self._flip_action(action[1])
        elif kind == "flip":
            decks.take(board.monster_pile, action[1])
            self.flips_left -= 1
            card = board.catalogue.cards[action[1]]
            assert card.lane is not None
            board.enter(board.active, board.new_piece(card.id, MONSTER), card.lane, True)
        elif kind == "rise":
            board.resurrect(action[1], action[2])
        elif kind == "put":
            owner, piece = board.steal  # type: ignore[misc]
            board.steal = None
            board.put(owner, action[1], action[2], piece)
            board.log.append(
                f"{player_name(owner)} puts {board.name(piece)} at lane {action[1]} row {action[2]}"
            )
        elif kind == "place":
            self._place(player, *action[1:])
        elif kind == "trick":
            self._play_trick(player, action[1], tuple(action[2:]))
        elif kind == "ability":
            self._use_ability(player, action[1], action[2], tuple(action[3:]))
        elif kind == "pass":
            board.log.append(f"{player_name(player)} plays no more tricks")
            self.window.pop(0)
        elif kind == "end":
            board.log.append(f"{player_name(player)}'s monsters move")
            self.phase = "movement"
            board.start_moving(player)
            board.run_moving()
        self._advance()

    def _why_illegal(self, action: Action) -> str:
        player = self.current_player()
        who = "the app (a chance draw)" if player == CHANCE else player_name(player)
        if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
            return f"{action!r} is not a Gingerdead House action"
        cards = self.board.catalogue.cards
        if player == CHANCE and len(action) == 2 and action[0] in ("flip", "draw", "reveal"):
            card = cards.get(action[1]) if isinstance(action[1], str) else None
            if card is None:
                return f"there is no card {action[1]!r} in this game"
            verb = {"flip": "flipped", "draw": "drawn", "reveal": "revealed"}[action[0]]
            return f"{card.name} cannot be {verb} now: none is left where it would come from"
        if self.board.resurrections and action[0] != "rise":
            return f"{who} must first place the resurrected monster in row 5 of an opponent's field"
        if self.board.steal is not None and action[0] != "put":
            return f"{who} must first put the stolen defense on an empty tile"
        if action[0] in ("place", "trick") and len(action) > 1 and player >= 0:
            card_id = action[1]
            if card_id not in self.board.catalogue.cards:
                return f"there is no card {card_id!r}"
            if card_id not in self.playable(player, self.board.catalogue.cards[card_id].type):
                return f"{who} has no {self.board.catalogue.cards[card_id].name} to play"
            return f"{who} cannot play {self.board.catalogue.cards[card_id].name} that way now"
        return f"{action!r} is not something {who} can do now (phase: {self.phase})"

    def _flip_action(self, card_id: str) -> None:
        board = self.board
        decks.take(board.action_pile, card_id)
        self.action_card = card_id
        card = board.catalogue.cards[card_id]
        board.log.append(
            f"{player_name(board.active)} flips {card.name}: "
            f"{card.flips} monster{'s' if card.flips != 1 else ''}"
        )
        self.flips_left = card.flips
        effect = EFFECTS[card.effect] if card.effect else None
        self.window_open = effect is not None and effect.opens_trick_window
        self.phase = "monsters"
        if effect is not None and effect.before_entry is not None:
            effect.before_entry(board, card.name)

    def _place(self, player: int, card_id: str, field: int, lane: int, row: int) -> None:
        board = self.board
        board.cards[player].play(card_id)
        replaced = board.at(field, lane, row)
        name = board.catalogue.cards[card_id].name
        where = "" if field == player else f" of {player_name(field)}'s field"
        if replaced is not None:
            board.log.append(
                f"{name} replaces {board.name(replaced)} at lane {lane} row {row}{where}"
            )
            board.route(replaced, None)
        else:
            board.log.append(f"{player_name(player)} places {name} at lane {lane} row {row}{where}")
        board.put(field, lane, row, board.new_piece(card_id, player))

    def _play_trick(self, player: int, card_id: str, target: tuple[int, ...]) -> None:
        board = self.board
        card = board.catalogue.cards[card_id]
        board.cards[player].play(card_id)
        decks.add(board.cards[player].discard, card_id)
        effect = EFFECTS[card.effect]
        assert effect.trick_apply is not None
        effect.trick_apply(board, player, card.name, target)

    def _use_ability(self, player: int, lane: int, row: int, target: tuple[int, ...]) -> None:
        board = self.board
        piece = board.at(player, lane, row)
        assert piece is not None
        board.used.add(piece[2])
        effect = board.effect(piece)
        assert effect is not None and effect.ability_apply is not None
        effect.ability_apply(board, (player, lane, row), target)

    # -- automatic progress ---------------------------------------------------
    def _advance(self) -> None:
        """Run everything that needs no decision, up to the next decision or chance node."""
        board = self.board
        while self.result is None:
            self._drop_orphan_resurrections()
            if self._check_end():
                return
            if board.resurrections or board.steal is not None:
                return
            if board.moving is not None:
                board.run_moving()
                continue
            if self.phase != "setup" and not board.alive[board.active]:
                self._end_turn()
                continue
            if not self._step_phase():
                return

    def _step_phase(self) -> bool:
        """Move the phase on if it has nothing left to ask; False when it waits."""
        board = self.board
        if self.phase == "setup":
            return self._step_setup()
        if self.phase == "action":
            if not board.action_pile:
                board.action_pile, board.action_discard = board.action_discard, {}
                board.log.append("the action deck is reshuffled")
            return False
        if self.phase == "monsters":
            if self.flips_left > 0 and not board.monster_pile and board.monster_discard:
                board.monster_pile, board.monster_discard = board.monster_discard, {}
                board.log.append("the monster deck is reshuffled")
            if self.flips_left > 0 and board.monster_pile:
                return False
            self.flips_left = 0
            self.phase = "tricks" if self.window_open else "player"
            if self.window_open:
                n = self.num_players
                self.window = [
                    p
                    for k in range(1, n)
                    if (p := (board.active + k) % n) in board.opponents(board.active)
                ]
            return True
        if self.phase == "tricks":
            self.window = [p for p in self.window if board.alive[p]]
            if self.window:
                return False
            self.phase = "player"
            return True
        if self.phase == "player":
            return False
        if self.phase == "movement":
            self.phase = "draw"
            return True
        cards = board.cards[board.active]
        if cards.hand_size < HAND_SIZE and cards.refill_pile():
            return False
        self._end_turn()
        return True

    def _step_setup(self) -> bool:
        board = self.board
        cards = board.cards[self.setup_player]
        if self.setup_revealed or self._placed_in_setup() < SETUP_DEFENSES:
            return False
        if cards.hand_size < HAND_SIZE and cards.refill_pile():
            return False
        if self.setup_player + 1 < self.num_players:
            self.setup_player += 1
            board.log.append(f"setup: {player_name(self.setup_player)} reveals defenses")
            return True
        self.phase = "action"
        board.active = 0
        board.log.append(f"round 1: {player_name(0)}'s turn")
        return True

    def _placed_in_setup(self) -> int:
        return sum(1 for p in self.board.fields[self.setup_player] if p is not None)

    def _end_turn(self) -> None:
        board = self.board
        if self.action_card is not None:
            decks.add(board.action_discard, self.action_card)
            self.action_card = None
        board.used.clear()
        board.resurrected.clear()
        self.window, self.window_open, self.flips_left = [], False, 0
        nxt = board.active
        for _ in range(self.num_players):
            nxt = (nxt + 1) % self.num_players
            if nxt <= board.active:
                self.round += 1
            if board.alive[nxt]:
                break
        if self.round > self.options["round_limit"]:
            self._finish(round_limit_ending(board, self.options["round_limit"]))
            return
        board.active = nxt
        self.phase = "action"
        starts = [i for i, line in enumerate(board.log) if line.startswith(TURN_HEADER)]
        if starts:
            del board.log[: starts[-1]]
        board.log.append(f"{TURN_HEADER}{self.round}: {player_name(nxt)}'s turn")

    def _drop_orphan_resurrections(self) -> None:
        """A destroyer who has fallen (or has no opponent left) cannot raise a monster."""
        board = self.board
        while board.resurrections:
            piece, chooser = board.resurrections[0]
            if board.alive[chooser] and board.opponents(chooser):
                return
            board.resurrections.pop(0)
            board.resurrected.add(piece[2])
            board.route(piece, chooser)

    # -- the end ----------------------------------------------------------------
    def _check_end(self) -> bool:
        ending = ending_now(self.board)
        if ending is not None:
            self._finish(ending)
        return ending is not None

    def _finish(self, ending: Ending) -> None:
        self.result, self.reason = ending
        self.phase = "over"

    def scores(self) -> list[int]:
        """Monster Hunter points so far (X = 0)."""
        return scores(self.board)

    def returns(self) -> list[float]:
        return list(self.result) if self.result is not None else [0.0] * self.num_players

    def end_reason(self) -> str:
        return self.reason or "the game is over"

    # -- text and saving ---------------------------------------------------------
    def action_to_string(self, action: Action) -> str:
        return action_text(self, action)

    def public_step_text(self, text: str, steps_after: int) -> str:
        """A card drawn into a hand stays secret in the history: the hand is hidden."""
        return "draw a card" if text.startswith("draw ") else text

    def describe(self) -> list[str]:
        return describe(self)

    def _dump(self) -> dict[str, Any]:
        return saving.dump(self)

    def _load(self, data: dict[str, Any]) -> None:
        self._legal = None
        saving.load(self, data)


GAME = GingerdeadHouseGame()
