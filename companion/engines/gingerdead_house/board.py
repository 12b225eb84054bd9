"""The table in play: fields, piles, and the primitive moves of monsters and combat.

Everything that can happen to a card on a field goes through here (entry with
pushing GH2, one-row steps GH3, combat GH4, destruction with resurrection GH6,
elimination), and each of those writes one readable line to ``log`` such as
"Dragon destroys Gummy Grunt in lane 2" (``say``; players are named with the
state's ``player_name``, set on the board as ``player_name``).  Card effects call these primitives; the turn
structure lives in ``state.py`` and ``turn.py``, monsters on the move in ``combat.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from companion.engines import base
from companion.engines.gingerdead_house import decks
from companion.engines.gingerdead_house.cards import LANES, ROWS, Card, Catalogue
from companion.engines.gingerdead_house.decks import Counts, PlayerCards
from companion.engines.gingerdead_house.effect_api import Effect

MONSTER = -1
"""The owner of a monster piece (monsters come from the shared monster deck)."""

Piece = tuple[str, int, int]
"""A card on a field: (card id, owner player or MONSTER, unique id)."""

Shot = tuple[tuple[Piece | None, ...], ...]
Moment = tuple[int, tuple[bool, ...]]
"""Whose turn it was and which houses stood (``alive``) as an event line was said."""
"""Every field's tiles at one moment (as ``Board.fields``, frozen)."""

MODES = ("last-house", "co-op", "monster-hunter")


def team_of_each(players: int, mode: str, teams: str) -> list[int]:
    """Each player's team: their own outside Co-op, two pairs in Co-op (GH7)."""
    if mode != "co-op":
        return list(range(players))
    return [0, 1, 0, 1] if teams == "across" else [0, 0, 1, 1]


def tile_index(lane: int, row: int) -> int:
    return (lane - 1) * ROWS + (row - 1)


def all_tiles() -> list[tuple[int, int]]:
    return [(lane, row) for lane in range(1, LANES + 1) for row in range(1, ROWS + 1)]


def key_player(player: int) -> str:
    """How an action key names a player ("player 2"): part of the keys' promise, never
    the table's names (a key must mean the same move whoever plays)."""
    return f"player {player + 1}"


class Board:
    """The shared, mutable table; copied with ``copy`` (the catalogue is shared)."""

    def __init__(
        self,
        catalogue: Catalogue,
        effects: Mapping[str, Effect],
        players: int,
        mode: str,
        teams: list[int],
    ) -> None:
        self.catalogue = catalogue
        self.effects = effects
        self.num_players = players
        self.mode = mode
        self.teams = teams
        self.fields: list[list[Piece | None]] = [[None] * (LANES * ROWS) for _ in range(players)]
        self.alive = [True] * players
        self.active = 0
        self.monster_pile: Counts = catalogue.deck("monster")
        self.monster_discard: Counts = {}
        self.action_pile: Counts = catalogue.deck("action")
        self.action_discard: Counts = {}
        self.cards: list[PlayerCards] = []
        self.trophies: list[list[str]] = [[] for _ in range(players)]
        self.rules_edition = 1
        """The game's rules edition (see ``rules_edition``): 2 guards more from actions."""
        self.log: list[str] = []
        """The event lines of the previous turn and this one (saved with the state)."""
        self.fresh: list[str] = []
        """Lines said since the state last collected them for the public log (not saved)."""
        self.shots: list[Shot] = []
        """The fields as they stood as each fresh line was said (not saved): a screen
        replays a phase from them, picture by picture."""
        self.moments: list[Moment] = []
        """Whose turn it was and which houses stood as each fresh line was said (not
        saved): a replay's turn banner and fallen houses follow its pictures."""
        self.resurrections: list[tuple[Piece, int]] = []
        """Monsters waiting for their destroyer to place them on an opponent's field."""
        self.resurrected: set[int] = set()
        self.used: set[int] = set()
        """Defenses whose once-per-turn ability was used this turn."""
        self.moving: tuple[int, list[int]] | None = None
        """A movement in progress: the field and the monsters still to move, in order."""
        self.steal: tuple[int, Piece] | None = None
        """A stolen defense waiting for its new tile: (player, piece)."""
        self.next_uid = 1
        self.player_name: Callable[[int], str] = base.player_name
        """How event lines name a player: the state sets its own ``State.player_name``."""

    def copy(self) -> Board:
        twin = Board.__new__(Board)
        twin.__dict__.update(self.__dict__)
        twin.teams = list(self.teams)
        twin.fields = [list(f) for f in self.fields]
        twin.alive = list(self.alive)
        twin.monster_pile = dict(self.monster_pile)
        twin.monster_discard = dict(self.monster_discard)
        twin.action_pile = dict(self.action_pile)
        twin.action_discard = dict(self.action_discard)
        twin.cards = [c.copy() for c in self.cards]
        twin.trophies = [list(t) for t in self.trophies]
        twin.log = list(self.log)
        twin.fresh = list(self.fresh)
        twin.shots = list(self.shots)
        twin.moments = list(self.moments)
        twin.resurrections = list(self.resurrections)
        twin.resurrected = set(self.resurrected)
        twin.used = set(self.used)
        twin.moving = (self.moving[0], list(self.moving[1])) if self.moving else None
        return twin

    def say(self, line: str) -> None:
        """One event line, for the saved log and the public log; said before the tiles
        change, so the fields kept with it are the picture before its event."""
        self.log.append(line)
        self.fresh.append(line)
        self.shots.append(tuple(map(tuple, self.fields)))
        self.moments.append((self.active, tuple(self.alive)))

    # -- looking ----------------------------------------------------------
    def card(self, piece: Piece) -> Card:
        return self.catalogue.cards[piece[0]]

    def name(self, piece: Piece) -> str:
        return self.catalogue.cards[piece[0]].name

    def key_name(self, piece: Piece) -> str:
        """The card's name as action keys say it (see Card.key)."""
        return self.catalogue.cards[piece[0]].key_name

    def effect(self, piece: Piece) -> Effect | None:
        effect_id = self.catalogue.cards[piece[0]].effect
        return self.effects[effect_id] if effect_id else None

    def at(self, field: int, lane: int, row: int) -> Piece | None:
        return self.fields[field][tile_index(lane, row)]

    def put(self, field: int, lane: int, row: int, piece: Piece | None) -> None:
        self.fields[field][tile_index(lane, row)] = piece

    def find(self, field: int, uid: int) -> tuple[int, int] | None:
        for i, piece in enumerate(self.fields[field]):
            if piece is not None and piece[2] == uid:
                return i // ROWS + 1, i % ROWS + 1
        return None

    def new_piece(self, card_id: str, owner: int) -> Piece:
        piece = (card_id, owner, self.next_uid)
        self.next_uid += 1
        return piece

    def where(self, field: int, lane: int) -> str:
        here = f"in lane {lane}"
        return here if field == self.active else f"{here} of {self.player_name(field)}'s field"

    def opponents(self, player: int) -> list[int]:
        """Living players on another team (every other player outside Co-op)."""
        return [
            p
            for p in range(self.num_players)
            if self.alive[p] and self.teams[p] != self.teams[player]
        ]

    def own_fields(self, player: int) -> list[int]:
        """Fields this player may place defenses on as if their own (Co-op: the team's)."""
        return [
            p
            for p in range(self.num_players)
            if self.alive[p] and self.teams[p] == self.teams[player]
        ]

    def guarded(self, field: int, piece: Piece) -> bool:
        """A defense protected from players here (Wizard of What on an opponent's field)."""
        effect = self.effect(piece)
        return (
            effect is not None
            and effect.guarded_on_opponent_field
            and piece[1] != MONSTER
            and self.teams[piece[1]] != self.teams[field]
        )

    def empty_tiles(self, field: int) -> list[tuple[int, int]]:
        return [(lane, row) for lane, row in all_tiles() if self.at(field, lane, row) is None]

    def monsters_left(self) -> bool:
        """Any monster still to fight (Monster Hunter's end), resurrection monsters aside."""

        def counts(card_id: str) -> bool:
            effect_id = self.catalogue.cards[card_id].effect
            return not (effect_id and self.effects[effect_id].resurrects)

        if any(counts(c) for c in self.monster_pile) or any(
            counts(c) for c in self.monster_discard
        ):
            return True
        return any(
            piece is not None and piece[1] == MONSTER and counts(piece[0])
            for f in range(self.num_players)
            if self.alive[f]
            for piece in self.fields[f]
        )

    # -- where destroyed cards go ----------------------------------------
    def route(self, piece: Piece, credit: int | None) -> None:
        """Send a card off the field: defenses to their owner's discard pile; monsters to
        a resurrection (GH6), the destroyer's trophies (Monster Hunter) or the discard."""
        if piece[1] != MONSTER:
            decks.add(self.cards[piece[1]].discard, piece[0])
            return
        effect = self.effect(piece)
        if (
            effect is not None
            and effect.resurrects
            and credit is not None
            and self.alive[credit]
            and piece[2] not in self.resurrected
            and self.opponents(credit)
        ):
            self.resurrections.append((piece, credit))
            self.say(
                f"{self.name(piece)} will rise again: {self.player_name(credit)} "
                "places it on an opponent's field"
            )
        elif self.mode == "monster-hunter" and credit is not None:
            self.trophies[credit].append(piece[0])
        else:
            decks.add(self.monster_discard, piece[0])

    def destroy(self, field: int, lane: int, row: int, credit: int | None, by: str) -> None:
        """Remove the card on this tile (it must be there) and say who destroyed it."""
        piece = self.at(field, lane, row)
        assert piece is not None
        self.say(f"{by} destroys {self.name(piece)} {self.where(field, lane)}")
        self.put(field, lane, row, None)
        self.route(piece, credit)
