"""Gingerdead House: one position, and how an action changes it.

A turn: ACTION (flip an action card, a chance node), MONSTER (flip monsters, each a
chance node, entering row 5 with pushing), PLAYER (the opponents' trick window if the
action card opens it, then defenses, tricks and once-per-turn abilities), MOVEMENT &
COMBAT (automatic, lane by lane), CLEANUP & DRAW (chance draws up to 5 cards).
Choices that interrupt resolution (placing a resurrected monster, placing a stolen
defense) are decisions of the player concerned, taken before play continues.

What may be done is in ``moves.py``, what runs by itself in ``turn.py``, the words in
``text.py`` and what a screen shows in ``view.py``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from companion.engines.base import CHANCE, TERMINAL, IllegalAction, State
from companion.engines.gingerdead_house import combat, decks, moves, save, text, turn
from companion.engines.gingerdead_house.actions import (
    ACTION_TYPES,
    Ability,
    Action,
    Draw,
    End,
    Flip,
    Pass,
    Place,
    Put,
    Reveal,
    Rise,
    Setup,
    Trick,
)
from companion.engines.gingerdead_house.board import MONSTER, Board, Moment, Shot, team_of_each
from companion.engines.gingerdead_house.effects import EFFECTS
from companion.engines.gingerdead_house.ending import scores
from companion.engines.gingerdead_house.view import present, secrets
from companion.engines.view import View

if TYPE_CHECKING:
    from companion.engines.gingerdead_house.game import GingerdeadHouseGame


class GingerdeadState(State):
    game: GingerdeadHouseGame

    def __init__(
        self, game: GingerdeadHouseGame, players: int, options: dict[str, Any], seed: int
    ) -> None:
        super().__init__(game, players, options, seed)
        catalogue = game.catalogue
        teams = team_of_each(players, options["mode"], options["teams"])
        self.board = Board(catalogue, EFFECTS, players, options["mode"], teams)
        self.board.rules_edition = game.rules_edition
        self.board.player_name = self.player_name
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
        self.events: tuple[tuple[str, Shot, Moment], ...] = ()
        """The last step's event lines in player words, each with the fields as they
        stood as it was said and the moment it was said in (not saved): a screen
        replays the step from them."""
        self.board.say(f"setup: {self.player_name(0)} reveals defenses")
        self.board.fresh.clear()  # the headline says it; the public log starts with a move
        self.board.shots.clear()
        self.board.moments.clear()

    @property
    def digital(self) -> bool:
        return self.options["player_decks"] == "digital"

    def clone(self) -> GingerdeadState:
        twin = GingerdeadState.__new__(GingerdeadState)
        twin.__dict__.update(self.__dict__)
        twin.options = dict(self.options)
        twin.log = list(self.log)
        twin.board = self.board.copy()
        twin.board.player_name = twin.player_name
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

    def drawer(self) -> int:
        """Whose deck a chance draw comes from (the searcher in setup, else the active)."""
        return self.setup_player if self.phase == "setup" else self.board.active

    def legal_actions(self) -> list[Action]:
        cached = self._legal
        if cached is None:
            cached = self._legal = moves.legal_actions(self)
        return list(cached)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return moves.chance_outcomes(self)

    def playable(self, player: int, card_type: str) -> list[str]:
        """Card ids of this type the player can play now (table mode: any unseen one)."""
        return moves.playable(self, player, card_type)

    def placed_in_setup(self) -> int:
        return sum(1 for p in self.board.fields[self.setup_player] if p is not None)

    # -- applying -----------------------------------------------------------
    def _apply(self, action: Any) -> None:
        if not isinstance(action, ACTION_TYPES):
            raise IllegalAction(f"{action!r} is not a Gingerdead House move")
        legal = action in self._legal if self._legal is not None else moves.is_legal(self, action)
        if not legal:
            raise IllegalAction(text.why_illegal(self, action))
        board = self.board
        player = self.current_player()
        actor = self.drawer() if player == CHANCE else player
        self._legal = None
        start = tuple(map(tuple, board.fields))
        match action:
            case Reveal(card):
                board.cards[self.setup_player].reveal_from_pile(card)
                self.setup_revealed.append(card)
                board.say(
                    f"{self.player_name(self.setup_player)} reveals {board.catalogue.cards[card].name}"
                )
            case Setup(card, lane, row):
                self.setup_revealed.remove(card)
                board.say(
                    f"{self.player_name(player)} places {board.catalogue.cards[card].name} "
                    f"at lane {lane} row {row}"
                )
                board.put(player, lane, row, board.new_piece(card, player))
            case Draw(card):
                board.cards[actor].draw(card)
            case Flip(card) if self.phase == "action":
                self._flip_action(card)
            case Flip(card):
                decks.take(board.monster_pile, card)
                self.flips_left -= 1
                monster = board.catalogue.cards[card]
                assert monster.lane is not None
                combat.enter(
                    board, board.active, board.new_piece(card, MONSTER), monster.lane, True
                )
            case Rise(field, lane):
                combat.resurrect(board, field, lane)
            case Put(lane, row):
                owner, piece = board.steal  # type: ignore[misc]
                board.steal = None
                board.say(
                    f"{self.player_name(owner)} puts {board.name(piece)} at lane {lane} row {row}"
                )
                board.put(owner, lane, row, piece)
            case Place(card, field, lane, row):
                self._place(player, card, field, lane, row)
            case Trick(card, target):
                self._play_trick(player, card, target)
            case Ability(lane, row, target):
                self._use_ability(player, lane, row, target)
            case Pass():
                board.say(f"{self.player_name(player)} plays no more tricks")
                self.window.pop(0)
            case End():
                board.say(f"{self.player_name(player)}'s monsters move")
                self.phase = "movement"
                combat.start_moving(board, player)
                combat.run_moving(board)
        turn.advance(self)
        if isinstance(action, Draw):
            self._note_draw(actor)
        self._collect_log(actor, start)

    def _note_draw(self, actor: int) -> None:
        """One public line per refill: "Ann draws 3 cards" grows with each draw in a row
        (the card stays unnamed: the hand may be secret)."""
        who = self.player_name(actor)
        last = self.log[-1] if self.log else None
        count = text.drawn_count(last.text, who) if last and last.player == actor else 0
        if last is not None and count:
            self.log[-1] = replace(last, text=text.draws_line(who, count + 1))
        else:
            self.note(text.draws_line(who, 1), actor)

    def _collect_log(self, actor: int | None, start: Shot) -> None:
        """The board's new event lines, in player words, onto the public log; each is
        kept with the fields as it was said (the first: as the step began)."""
        board = self.board
        lines = [text.public_line(line, self.player_name) for line in board.fresh]
        for line in lines:
            self.note(line, actor)
        shots = [start, *board.shots[len(board.shots) - len(lines) + 1 :]][: len(lines)]
        moments = board.moments[len(board.moments) - len(lines) :] if lines else []
        self.events = tuple(zip(lines, shots, moments, strict=True))
        board.fresh.clear()
        board.shots.clear()
        board.moments.clear()

    def log_round(self) -> int | None:
        return None if self.phase == "setup" else self.round

    def _flip_action(self, card_id: str) -> None:
        board = self.board
        decks.take(board.action_pile, card_id)
        self.action_card = card_id
        card = board.catalogue.cards[card_id]
        board.say(
            f"{self.player_name(board.active)} flips {card.name}: "
            f"{card.flips} monster{'s' if card.flips != 1 else ''}"
        )
        self.flips_left += card.flips  # a Flip card's monsters add to the next card's
        effect = EFFECTS[card.effect] if card.effect else None
        self.window_open = self.window_open or (effect is not None and effect.opens_trick_window)
        self.phase = "monsters"
        if effect is not None and effect.before_entry is not None:
            effect.before_entry(board, card.name)
        if effect is not None and effect.flips_action:
            decks.add(board.action_discard, card_id)
            self.action_card = None
            self.phase = "action"
            board.say(f"{card.name}: {self.player_name(board.active)} flips another action card")

    def _place(self, player: int, card_id: str, field: int, lane: int, row: int) -> None:
        board = self.board
        board.cards[player].play(card_id)
        replaced = board.at(field, lane, row)
        name = board.catalogue.cards[card_id].name
        where = "" if field == player else f" of {self.player_name(field)}'s field"
        if replaced is not None:
            board.say(f"{name} replaces {board.name(replaced)} at lane {lane} row {row}{where}")
            board.route(replaced, None)
        else:
            board.say(f"{self.player_name(player)} places {name} at lane {lane} row {row}{where}")
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

    # -- the end ----------------------------------------------------------------
    def scores(self) -> list[int]:
        """Monster Hunter points so far (X = 0)."""
        return scores(self.board)

    def returns(self) -> list[float]:
        return list(self.result) if self.result is not None else [0.0] * self.num_players

    def end_reason(self) -> str:
        return self.reason or "the game is over"

    # -- text, view and saving ---------------------------------------------------
    def action_to_string(self, action: Any) -> str:
        return text.action_text(self, action)

    def key_to_action(self, key: str) -> Any:
        return text.parse_key(self, key)

    def public_step_text(self, step: str, steps_after: int) -> str:
        """A card drawn into a hand stays secret in the history: the hand is hidden; the
        rest reads with the cards' printed names (a key may keep a card's old name)."""
        if step.startswith("draw "):
            return "draw a card"
        return self.board.catalogue.shown(step)

    def describe(self) -> list[str]:
        return text.describe(self)

    def view(self, viewer: int | None = None) -> View:
        return present(self, viewer)

    def secrets(self) -> list[str]:
        return secrets(self)

    def _dump(self) -> dict[str, Any]:
        return save.dump(self)

    def _load(self, data: dict[str, Any]) -> None:
        self._legal = None
        self.events = ()
        save.load(self, data)
