"""The player's view of Gingerdead House: what a screen may show, in the table's words.

The shared view (viewer None) holds the fields, whose decision it is, the choices
with the tile each one is about, the chance entry and the public log.  A digital hand
is a secret: only ``view(viewer=owner).private`` lists it, and nothing shared names a
card drawn into a hand.  The rule that nobody picks the cards of a digital deck (the
app is that deck) is here too: ``table.table_may_enter`` says whether the table may
enter what the real deck showed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from companion.engines.base import CHANCE, TERMINAL
from companion.engines.counts import total
from companion.engines.gingerdead_house.actions import (
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
from companion.engines.gingerdead_house.board import MONSTER, Piece
from companion.engines.gingerdead_house.cards import HAND_SIZE, LANES, ROWS, Card
from companion.engines.gingerdead_house.combat import PAST_ROW_1
from companion.engines.gingerdead_house.text import named, public_line, tile_name
from companion.engines.view import (
    ChanceEntry,
    Choice,
    Ending,
    Item,
    Private,
    View,
    leaders,
    sentence,
)

if TYPE_CHECKING:
    from companion.engines.gingerdead_house.state import GingerdeadState

Tile = tuple[int, int, int]
"""(field, lane 1-4, row 1-5)."""

GROUPS = {
    Setup: "Place a defense you found",
    Place: "Place a defense",
    Trick: "Play a trick",
    Ability: "Use an ability",
    Rise: "Raise the monster",
    Put: "Put the stolen defense",
    Pass: "",
    End: "",
}
MOVES = {
    Setup: "setup",
    Place: "place",
    Trick: "trick",
    Ability: "ability",
    Rise: "rise",
    Put: "put",
    Pass: "pass",
    End: "end",
}
"""Each choice's ``hint["move"]``: the kind of move, for a screen to arrange the choices."""
FORCED = ("setup", "rise", "put")
"""Moves that must be made before anything else: a screen offers them without a pick."""
SCORE_NAME = "Monster Hunter points"


@dataclass(frozen=True)
class TileView:
    """One tile of a field as drawn: the card on it (if any) and whose it is."""

    lane: int
    row: int
    card: str
    """The card's printed name, "" for an empty tile."""
    power: str
    """The card's power ("4", "X"), "" for an empty tile."""
    kind: str
    """"empty", "monster", "defense" (the field owner's) or "guest" (another player's)."""
    short: str = ""
    """A shorter name from the card's own words, for a tile too small for ``card``."""

    @property
    def text(self) -> str:
        return f"{self.card}\n{self.power}" if self.card else ""


@dataclass(frozen=True)
class FieldView:
    """One player's field: 4 lanes by 5 rows, row 5 (where monsters enter) first."""

    player: int
    label: str
    """The owner's name, with "(fallen)" once the house has fallen."""
    alive: bool
    tiles: tuple[TileView, ...]
    name: str = ""
    """The owner's name alone."""

    def tile(self, lane: int, row: int) -> TileView:
        return self.tiles[_index(lane, row)]

    def with_tile(self, tile: TileView) -> FieldView:
        """This field with one tile drawn differently (a replay's earlier picture)."""
        tiles = list(self.tiles)
        tiles[_index(tile.lane, tile.row)] = tile
        return replace(self, tiles=tuple(tiles))

    def standing(self, alive: bool) -> FieldView:
        """This field as it was while its house stood (or once it had fallen)."""
        return replace(self, alive=alive, label=field_label(self.name, alive))


def field_label(name: str, alive: bool) -> str:
    """A field's tab: the owner's name, and "(fallen)" once the house has fallen."""
    return name if alive else f"{name} (fallen)"


def _index(lane: int, row: int) -> int:
    return (ROWS - row) * LANES + (lane - 1)


@dataclass(frozen=True)
class TileChange:
    """One tile an event changed: how it looked before and after."""

    field: int
    before: TileView
    after: TileView


@dataclass(frozen=True)
class PhaseEvent:
    """One line of the last step ("Troll moves to row 3 in lane 2") and the tiles it
    changed, so a screen can replay entry, movement and combat picture by picture."""

    text: str
    changes: tuple[TileChange, ...]
    active: int = 0
    """Whose turn it was as the line was said (a new turn's line: the new player)."""
    alive: tuple[bool, ...] = ()
    """Which houses stood as it was said (a house's fall: already fallen)."""


@dataclass(frozen=True)
class GingerdeadTable:
    """The public picture of the table, for the screen to draw (``View.table``)."""

    fields: tuple[FieldView, ...]
    status: str
    """Round, action card, cards in hand and (Monster Hunter) points, on one line."""
    focus: int
    """The field this moment is about (where the decision's tiles are)."""
    hand_owner: int | None
    """Whose cards the decision plays (None at a chance node and at the end)."""
    hand_secret: bool
    """That hand is hidden: only ``view(viewer=hand_owner).private`` lists it."""
    pickable: tuple[Item, ...]
    """The cards the decider can pick, shown openly: the defenses found in setup, or with
    table decks every card that can still be in the hand (empty when the hand is secret)."""
    table_may_enter: bool
    """At a chance node: the table may tap what the real deck showed (False when the
    app itself is that deck: a digital player deck is dealt by the app alone)."""
    app_may_draw: bool
    """At a chance node: the app may draw (False for a real player deck in the players'
    hands: only the table can draw from it)."""
    breakthroughs: int = 0
    """How many monsters have got past row 1 so far (a screen cues each new one)."""
    setting_up: bool = False
    """The players are setting up: finding their three defenses and drawing their hands."""
    monster_flips: int = 0
    """At a monster flip: how many monsters this step still flips (the app may flip
    them all at once)."""
    events: tuple[PhaseEvent, ...] = ()
    """What the last step did, event by event, in order (its lines end the log); the
    fields above are already the picture after the last one."""


def present(state: GingerdeadState, viewer: int | None) -> View:
    """The view of ``state`` for ``viewer`` (None: the shared screen)."""
    player = state.current_player()
    choices: tuple[Choice, ...] = ()
    if player >= 0:
        choices = tuple(_choice(state, a) for a in state.legal_actions())
    return View(
        headline=_headline(state),
        turn=player if player >= 0 else None,
        choices=choices,
        chance=_chance(state) if player == CHANCE else None,
        log=tuple(state.log),
        private=_private(state, viewer),
        end=_ending(state) if player == TERMINAL else None,
        table=_table(state),
        standing=_standing(state) if player != TERMINAL else "",
    )


def _standing(state: GingerdeadState) -> str:
    """The houses still standing, or in Monster Hunter who has the most points."""
    if state.log_round() is None:
        return ""
    everyone = range(state.num_players)
    if state.options["mode"] == "monster-hunter":
        points = state.scores()
        best = max(points)
        ahead = [state.player_name(p) for p in everyone if points[p] == best]
        return leaders(ahead, state.num_players, f"ahead with {best} points")
    standing = [state.player_name(p) for p in everyone if state.board.alive[p]]
    if len(standing) == state.num_players:
        return "Every house is still standing."
    return leaders(standing, state.num_players, "still standing")


def secrets(state: GingerdeadState) -> list[str]:
    """What the shared view must never say: which card a digital hand drew or holds."""
    found: list[str] = []
    cards = state.board.catalogue.cards
    for p, held in enumerate(state.board.cards):
        for card_id in sorted(held.hand or {}):
            name = cards[card_id].name
            found += [f"draws {name}", f"drew {name}", f"{state.player_name(p)} holds {name}"]
    return found


# -- choices ---------------------------------------------------------------------------
def _choice(state: GingerdeadState, action: Action) -> Choice:
    key = state.action_to_string(action)
    hint = {"move": MOVES[type(action)], **_hint(state, action)}
    label = public_line(state.board.catalogue.shown(key), state.player_name)
    return Choice(key, label, GROUPS[type(action)], hint)


def _hint(state: GingerdeadState, action: Action) -> Mapping[str, Any]:
    """Where a choice lives on the table: the card it plays, the defense that acts, and
    the one tile a tap there chooses (none when the move is not about one tile)."""
    player = state.current_player()
    match action:
        case Setup(card, lane, row):
            return {"card": card, "tile": (player, lane, row)}
        case Place(card, field, lane, row):
            return {"card": card, "tile": (field, lane, row)}
        case Rise(field, lane):
            return {"tile": (field, lane, ROWS)}
        case Put(lane, row):
            return {"tile": (player, lane, row)}
        case Trick(card, target):
            effect_id = state.board.catalogue.cards[card].effect
            aims = state.board.effects[effect_id].trick_aims if effect_id else ""
            hint: dict[str, Any] = {"card": card}
            if aims == "card" and len(target) == 3:
                hint["tile"] = tuple(target)
            return hint
        case Ability(lane, row, target):
            piece = state.board.at(player, lane, row)
            effect = state.board.effect(piece) if piece is not None else None
            aims = effect.ability_aims if effect is not None else ""
            hint = {"from": (player, lane, row)}
            if aims == "card" and len(target) == 3:
                hint["tile"] = tuple(target)
            elif aims == "step" and len(target) == 2:
                hint["tile"] = (player, *target)
            return hint
    return {}


# -- chance ----------------------------------------------------------------------------
def _chance_words(state: GingerdeadState) -> tuple[str, str]:
    """(what is drawn or flipped, the headline) at a chance node."""
    outcome = state.legal_actions()[0]
    who = state.player_name(state.drawer())
    if isinstance(outcome, Reveal):
        return f"{who} searches their deck for a defense", f"{who}: search the deck for a defense"
    if isinstance(outcome, Draw):
        to_go = _to_go(state)
        if to_go > 1:  # the hand is filled in one go
            return f"{who} draws {to_go} cards", f"{who}: draw {to_go} cards"
        return f"{who} draws a card", f"{who}: draw a card"
    if state.phase == "action":
        return f"{who} flips the action card", f"{who}: flip the action card"
    return (
        f"{who} flips a monster ({state.flips_left} to go)",
        f"{who}: flip a monster ({state.flips_left} to go)",
    )


def _to_go(state: GingerdeadState) -> int:
    """The cards still to draw to fill the drawer's hand, as far as the draw pile and
    the discard pile (shuffled in when the pile runs out) hold them."""
    cards = state.board.cards[state.drawer()]
    left = cards.pile_size + total(cards.discard)
    return max(0, min(HAND_SIZE - cards.hand_size, left))


def _chance(state: GingerdeadState) -> ChanceEntry:
    cards = state.board.catalogue.cards
    outcomes = []
    for action, probability in state.chance_outcomes():
        assert isinstance(action, Reveal | Draw | Flip)
        card = cards[action.card] if action.card else None
        label = card.name if card is not None else "A card"
        hint: dict[str, Any] = {"move": type(action).__name__.lower(), "card": action.card}
        if card is not None and isinstance(action, Flip):
            # a flip grid: plain cards by power and lane (monsters) or by monsters flipped
            # (actions); cards with an effect are named
            hint.update(named=bool(card.effect), power=card.power_text, lane=card.lane)
            hint.update(flips=card.flips, deck=card.deck)
        elif card is not None:  # a player's card, entered as a picture: name and power
            power = card.power_text if card.type != "trick" else ""
            hint.update(power=power, type=card.type, short=tile_name(card.name))
        if isinstance(action, Draw):  # the draws left to fill the hand (entered at once)
            hint["to_go"] = _to_go(state)
        outcomes.append(Choice(state.action_to_string(action), label, "", hint, probability))
    return ChanceEntry(_chance_words(state)[0], tuple(outcomes))


def table_may_enter(state: GingerdeadState) -> bool:
    """Whether the table may say what the real deck showed: always for the face-up action
    and monster flips, and for a player deck only when it is a real (table) deck."""
    if state.current_player() != CHANCE:
        return False
    if isinstance(state.legal_actions()[0], Flip):
        return True
    return not state.board.cards[state.drawer()].digital


def app_may_draw(state: GingerdeadState) -> bool:
    """Whether the app may make this draw: the action and monster decks and a digital
    player deck are the app's to draw from; a real player deck is not (GH14)."""
    if state.current_player() != CHANCE:
        return False
    if isinstance(state.legal_actions()[0], Flip):
        return True
    return state.board.cards[state.drawer()].digital


# -- the headline and the end ----------------------------------------------------------
def _headline(state: GingerdeadState) -> str:
    player = state.current_player()
    board = state.board
    if player == TERMINAL:
        end = _ending(state)
        if not end.winners:
            return f"Game over, nobody wins. {end.reason}"
        winners = " and ".join(state.player_name(i) for i in end.winners)
        return f"{winners} win{'s' if len(end.winners) == 1 else ''}! {end.reason}"
    if player == CHANCE:
        return _chance_words(state)[1]
    name = state.player_name(player)
    if board.resurrections:
        return (
            f"{name}: raise {board.name(board.resurrections[0][0])} in row 5 of an opponent's field"
        )
    if board.steal is not None:
        return f"{name}: put the stolen {board.name(board.steal[1])} on an empty tile"
    if state.phase == "setup":
        found = " and ".join(board.catalogue.cards[c].name for c in state.setup_revealed)
        return f"{name}: place your defense {found} on your field"
    if state.phase == "tricks":
        return f"{name}: play tricks on {state.player_name(board.active)}'s turn, or pass"
    return f"{name}: play defenses, tricks and abilities, then end the step"


def _ending(state: GingerdeadState) -> Ending:
    outcome = state.outcome()
    assert outcome is not None
    reason = sentence(named(outcome.reason, state.player_name))
    scores = None
    if state.board.mode == "monster-hunter":
        scores = tuple(float(s) for s in state.scores())
    return Ending(outcome.winners, reason, scores, SCORE_NAME if scores else "")


# -- the hand and the table ------------------------------------------------------------
def _private(state: GingerdeadState, viewer: int | None) -> Private | None:
    """The viewer's own digital hand (a table deck's hand is unknown to the app)."""
    if viewer is None or not 0 <= viewer < state.num_players:
        return None
    hand = state.board.cards[viewer].hand
    if hand is None:
        return None
    cards = state.board.catalogue.cards
    items = tuple(
        Item(cards[c].name + (f" x{n}" if n > 1 else ""), _card_hint(cards[c]))
        for c, n in sorted(hand.items(), key=lambda kv: cards[kv[0]].name)
    )
    return Private(viewer, f"{state.player_name(viewer)}'s hand", items)


def _pickable(state: GingerdeadState, player: int) -> tuple[Item, ...]:
    cards = state.board.catalogue.cards
    if state.phase == "setup":
        ids = sorted(set(state.setup_revealed))
    elif state.board.cards[player].digital:
        return ()
    else:
        ids = state.playable(player, "defense") + state.playable(player, "trick")
    return tuple(
        Item(cards[c].name, _card_hint(cards[c])) for c in sorted(ids, key=lambda c: cards[c].name)
    )


def _card_hint(card: Card) -> dict[str, Any]:
    """What a hand card shows besides its name: its id, power and printed effect."""
    power = card.power_text if card.type != "trick" else ""
    return {"card": card.id, "power": power, "text": card.text}


def _focus(state: GingerdeadState) -> int:
    """The field the moment is about: the decision's, or at the end the (first) winner's
    house rather than the one that just fell."""
    board = state.board
    outcome = state.outcome() if state.current_player() == TERMINAL else None
    if outcome is not None and outcome.winners:
        return int(outcome.winners[0])
    if board.resurrections:
        return board.opponents(board.resurrections[0][1])[0]
    if board.steal is not None:
        return board.steal[0]
    return state.setup_player if state.phase == "setup" else board.active


def _tile(state: GingerdeadState, field: int, lane: int, row: int, piece: Piece | None) -> TileView:
    if piece is None:
        return TileView(lane, row, "", "", "empty")
    card = state.board.catalogue.cards[piece[0]]
    kind = "monster" if piece[1] == MONSTER else "defense" if piece[1] == field else "guest"
    return TileView(lane, row, card.name, card.power_text, kind, tile_name(card.name))


def _field(state: GingerdeadState, field: int) -> FieldView:
    board = state.board
    tiles = [
        _tile(state, field, lane, row, board.at(field, lane, row))
        for row in range(ROWS, 0, -1)
        for lane in range(1, LANES + 1)
    ]
    name = state.player_name(field)
    alive = board.alive[field]
    return FieldView(field, field_label(name, alive), alive, tuple(tiles), name)


def _status(state: GingerdeadState) -> str:
    board = state.board
    name = state.player_name
    parts = [f"Round {min(state.round, state.options['round_limit'])}"]
    if state.action_card:
        parts.append(f"action: {board.catalogue.cards[state.action_card].name}")
    parts.append(
        "hands: "
        + ", ".join(f"{name(p)} {c.hand_size}" for p, c in enumerate(board.cards) if board.alive[p])
    )
    if board.mode == "monster-hunter":
        parts.append("points: " + ", ".join(f"{name(p)} {s}" for p, s in enumerate(state.scores())))
    return " - ".join(parts)


def _events(state: GingerdeadState) -> tuple[PhaseEvent, ...]:
    """The last step's lines, each with the tiles that changed from the fields as its
    line was said to the fields as the next line was (the last: to the fields now)."""
    shots = [shot for _, shot, _ in state.events] + [tuple(map(tuple, state.board.fields))]
    found = []
    for i, (line, before, (active, alive)) in enumerate(state.events):
        after = shots[i + 1]
        changes = tuple(
            TileChange(
                f,
                _tile(state, f, index // ROWS + 1, index % ROWS + 1, was),
                _tile(state, f, index // ROWS + 1, index % ROWS + 1, now),
            )
            for f, (old, new) in enumerate(zip(before, after, strict=True))
            for index, (was, now) in enumerate(zip(old, new, strict=True))
            if was != now
        )
        found.append(PhaseEvent(line, changes, active, alive))
    return tuple(found)


def _table(state: GingerdeadState) -> GingerdeadTable:
    player = state.current_player()
    owner = player if player >= 0 else None
    secret = (
        owner is not None
        and state.phase != "setup"
        and state.board.cards[owner].digital
        and bool(state.board.cards[owner].hand)
    )
    return GingerdeadTable(
        fields=tuple(_field(state, f) for f in range(state.num_players)),
        status=_status(state),
        focus=_focus(state),
        hand_owner=owner,
        hand_secret=secret,
        pickable=() if owner is None else _pickable(state, owner),
        table_may_enter=table_may_enter(state),
        app_may_draw=app_may_draw(state),
        breakthroughs=sum(PAST_ROW_1 in line for line in state.board.log),
        setting_up=state.phase == "setup",
        monster_flips=state.flips_left if player == CHANCE and state.phase == "monsters" else 0,
        events=_events(state),
    )
