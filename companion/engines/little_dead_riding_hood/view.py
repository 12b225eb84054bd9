"""The presenter: what a screen may show of a Little Dead Riding Hood position.

``present`` fills the shared ``View`` (headline, choices with labels and picture
hints, the chance entry, the public log, the ending) and ``LdrhTable``, the
public picture the round screen draws: the lane grid, tokens, pawns, the players'
counts, which spaces a tap plays, where the acting pawn could get to, the combat
bag and, with table cards, the card chooser's rows.  Hands stay out of it: a
player's own cards are in ``private`` only when that player is the viewer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.engines.base import CHANCE, TERMINAL
from companion.engines.little_dead_riding_hood import actions as a
from companion.engines.little_dead_riding_hood import text
from companion.engines.little_dead_riding_hood.bag import (
    BagContents,
    FightOdds,
    fight_odds,
    odds_words,
    win_probability,
)
from companion.engines.little_dead_riding_hood.board import START_ROW, Cell
from companion.engines.little_dead_riding_hood.components import (
    EFFECTS,
    HELPERS,
    HIDDEN,
    RIDING_HOODS,
    card_effect,
    card_movement,
    card_title,
)
from companion.engines.little_dead_riding_hood.hidden import card_in, hand_cards, is_table, unseen
from companion.engines.little_dead_riding_hood.steps import CardTurn, Combat, Move, Step, Stepmother
from companion.engines.view import (
    ChanceEntry,
    Choice,
    Ending,
    Item,
    PictureRow,
    Private,
    View,
    leaders,
)

if TYPE_CHECKING:
    from companion.engines.little_dead_riding_hood.state import LdrhState


@dataclass(frozen=True)
class PlayerInfo:
    """One player's public line: their Riding Hood, bullets, how many cards, helper."""

    index: int
    name: str
    riding_hood: str
    """The pawn's colour name ("Red"), in seat order."""
    bullets: int
    cards: int
    face_down: bool
    """Table cards: the app only knows how many cards the hand holds."""
    helper: str
    marker: bool
    """Holds the starting marker this round."""
    acting: bool
    sitting_out: bool

    @property
    def text(self) -> str:
        cards = text.plural(self.cards, "face-down card" if self.face_down else "card")
        parts = [text.plural(self.bullets, "bullet"), cards]
        if self.helper:
            parts.append(self.helper)
        if self.sitting_out:
            parts.append("sits out")
        if self.marker:  # said in words: a bare star told a family nothing
            parts.append("starting marker")
        return f"{self.name} ({self.riding_hood}): " + ", ".join(parts)


@dataclass(frozen=True)
class BagInfo:
    """The combat bag about to be drawn from."""

    fighter: int
    bullets: int
    summary: str

    @property
    def contents(self) -> BagContents:
        return BagContents(bullets=self.bullets)


@dataclass(frozen=True)
class CardOption:
    """One card identity the table-card chooser offers."""

    key: str
    title: str
    """The card as players name it: "Wolf!!! (3)"."""
    movement: int
    unseen: int
    """How many copies of it can still be face down."""


CardRow = PictureRow[CardOption]
"""One effect in the chooser: its name and the movement values still possible."""


@dataclass(frozen=True)
class LdrhTable:
    """The public picture of the position (``View.table``)."""

    status: str
    """Round and phase: "Round 3 - Card play"."""
    rows: int
    columns: int
    lane_columns: tuple[int, ...]
    start_row: int
    tiles: tuple[tuple[Cell, str], ...]
    """Each placed tile and its kind (path-wolf, path-bullet, path-plain, obstacle)."""
    wolves: frozenset[Cell]
    bullets: frozenset[Cell]
    pawns: tuple[Cell, ...]
    players: tuple[PlayerInfo, ...]
    taps: tuple[tuple[Cell, tuple[str, ...]], ...]
    """The spaces a tap plays, each with the keys of the moves on it."""
    reach: frozenset[Cell]
    """Spaces the acting pawn could end on (with its movement left, or its best card)."""
    bag: BagInfo | None
    table_cards: bool
    face_down_draw: bool
    """Table cards: a card is taken from the deck face down (one outcome, unknown card)."""
    card_rows: tuple[CardRow, ...]
    """Table cards: the cards the choices (or the random discard) name, by effect."""
    card_question: str
    """Table cards: the chooser's question ("Which card does Anna play?"), or ""."""
    fight_odds: tuple[FightOdds, ...] = ()
    """Choosing bullets for a fight: the chance to kill the wolf for each number of bullets
    the fighter could commit, alone and with Cake and Wine (exact, from the bag's tokens)."""
    fight_cake: bool = False
    """Whether the fighter could play Cake and Wine in this fight."""
    dealing: bool = False
    """The starting hands are being dealt (one "Deal" tap does it, app deck or real cards)."""
    hand_size: int = 0
    """How many cards each player is dealt at the start."""

    def tap_keys(self, cell: Cell) -> tuple[str, ...]:
        for spot, keys in self.taps:
            if spot == cell:
                return keys
        return ()


# -- choices ----------------------------------------------------------------------------------
BOARD, CARDS, DONE = "On the board", "Cards", "Or"
GROUPS: dict[type[a.Act], str] = {
    a.DrawCard: "Draws",
    a.DrawTile: "Draws",
    a.DrawToken: "Draws",
    a.LoseCard: "Draws",
    a.ChooseHelper: "Helpers",
    a.LetStand: DONE,
    a.GodmotherGift: "Gifts",
    a.Gift: "Gifts",
    a.Stepmother: "Who discards",
    a.PrinceDone: DONE,
    a.QueenDone: DONE,
    a.Pass: DONE,
    a.Stop: DONE,
    a.AcceptWolf: DONE,
    a.Fight: "Fight",
}
"""The heading a choice is shown under; board moves are BOARD, card plays CARDS."""


def group(act: a.Act) -> str:
    if isinstance(act, a.CELL_ACTIONS):
        return BOARD
    return GROUPS.get(type(act), CARDS)


def hint(act: a.Act) -> dict[str, Any]:
    """Where the choice lives in a picture: its space, card, player, helper or tile."""
    found: dict[str, Any] = {}
    for name in act.fields:
        value = getattr(act, name)
        if name == "cell":
            found["cell"] = value
        elif name in ("card", "drawn", "cake") and value and value != HIDDEN:
            found["card"] = value
            found["movement"] = card_movement(value)
        elif name in ("player", "target") and value >= 0:
            found["player"] = value
        elif name in ("helper", "tile", "token"):
            found[name] = value
    return found


def choice(s: LdrhState, step: Step, act: a.Act, probability: float | None = None) -> Choice:
    return Choice(act.key, text.label(s, step, act), group(act), hint(act), probability)


# -- the picture -----------------------------------------------------------------------------
def reachable(s: LdrhState) -> frozenset[Cell]:
    """Spaces the acting pawn could end on: during a move, with the movement left; in a
    card turn, with the best movement card in hand."""
    step = s.step
    if isinstance(step, Move) and s.current_player() == step.player:
        movement = step.left
    elif (
        isinstance(step, CardTurn)
        and s.current_player() == step.player
        and s.may_play_card(step.player)
    ):
        movement = max(card_movement(k) for k in hand_cards(s, step.player))
    else:
        return frozenset()
    player = step.player
    return frozenset(s.board.landing_spaces(s.pawns[player], movement, s.other_pawns(player)))


def bag_summary(contents: BagContents) -> str:
    odds = win_probability(contents)
    return (
        f"1 wolf and {text.plural(contents.bullets, 'bullet')} in the bag: "
        f"{odds_words(odds)} to kill the wolf"
    )


def commit_odds(s: LdrhState) -> tuple[tuple[FightOdds, ...], bool]:
    """At a fight's choice of bullets: the odds for each choice, and whether Cake and
    Wine can be played."""
    step = s.step
    if not isinstance(step, Combat) or step.stage != "commit" or s.current_player() < 0:
        return (), False
    rows = fight_odds(s.bullets[step.player], s.supply_bullets)
    return tuple(rows), bool(s.cards_with(step.player, "cake-and-wine"))


def combat_bag(s: LdrhState) -> BagInfo | None:
    step = s.step
    if isinstance(step, Combat) and step.stage == "draw":
        return BagInfo(step.player, step.bag, bag_summary(step.contents))
    return None


def card_rows(s: LdrhState, acts: Iterable[Any]) -> tuple[CardRow, ...]:
    """Table cards: the cards ``acts`` name, by effect, with their unseen copies."""
    if not is_table(s):
        return ()
    keys = {k for k in (card_in(x) for x in acts) if k is not None}
    left = unseen(s)
    rows = []
    for effect, title in EFFECTS.items():
        options = tuple(
            CardOption(k, card_title(k), card_movement(k), left[k])
            for k in sorted(keys, key=card_movement)
            if card_effect(k) == effect
        )
        if options:
            rows.append(CardRow(title, options))
    return tuple(rows)


def players(s: LdrhState) -> tuple[PlayerInfo, ...]:
    acting = s.current_player()
    if acting == CHANCE and s.step is not None:
        acting = s.step.player  # a card or token drawn for a player: they are acting
    return tuple(
        PlayerInfo(
            index=p,
            name=s.player_name(p),
            riding_hood=RIDING_HOODS[s.game.piece_of(p) % len(RIDING_HOODS)],
            bullets=s.bullets[p],
            cards=len(s.hands[p]),
            face_down=is_table(s),
            helper=HELPERS.get(s.helpers.get(p, ""), ""),
            marker=p == s.start_player,
            acting=p == acting,
            sitting_out=s.sitting_out[p],
        )
        for p in range(s.num_players)
    )


def table(s: LdrhState, acts: list[a.Act]) -> LdrhTable:
    player = s.current_player()
    taps: dict[Cell, list[str]] = {}
    if player >= 0:
        for act in acts:
            if isinstance(act, a.CELL_ACTIONS):
                taps.setdefault(act.cell, []).append(act.key)
    rows = card_rows(s, acts)
    odds, cake = commit_odds(s)
    question = ""
    if rows and player >= 0:
        question = f"Which card does {s.player_name(player)} play?"
    elif rows and isinstance(s.step, Stepmother) and s.step.target is not None:
        question = f"Which card did {s.player_name(s.step.target)} discard?"
    return LdrhTable(
        status=text.status(s),
        rows=s.board.rows,
        columns=s.board.columns,
        lane_columns=tuple(s.board.lane_columns),
        start_row=START_ROW,
        tiles=tuple(sorted(s.board.tiles.items())),
        wolves=frozenset(s.board.wolves),
        bullets=frozenset(s.board.bullets),
        pawns=tuple(s.pawns),
        players=players(s),
        taps=tuple((cell, tuple(keys)) for cell, keys in sorted(taps.items())),
        reach=reachable(s),
        bag=combat_bag(s),
        table_cards=is_table(s),
        face_down_draw=player == CHANCE and acts == [a.DrawCard(HIDDEN)],
        card_rows=rows,
        card_question=question,
        fight_odds=odds,
        fight_cake=cake,
        dealing=s.phase == "deal" and player == CHANCE,
        hand_size=s.box.starting_cards,
    )


def private(s: LdrhState, viewer: int | None) -> Private | None:
    if viewer is None or not 0 <= viewer < s.num_players:
        return None
    hand = s.hands[viewer]
    items = tuple(
        Item("A face-down card") if k == HIDDEN else Item(card_title(k), {"card": k}) for k in hand
    )
    return Private(viewer, f"{s.player_name(viewer)}'s hand", items)


def present(s: LdrhState, viewer: int | None = None) -> View:
    """The view of ``s`` for ``viewer`` (None: the shared screen)."""
    player = s.current_player()
    log = tuple(s.log)
    if player == TERMINAL:
        reason = text.ending(s)
        return View(
            reason,
            None,
            (),
            None,
            log,
            private(s, viewer),
            Ending(tuple(s.winners), reason),
            table(s, []),
        )
    step = s.steps[-1]
    chance = None
    choices: tuple[Choice, ...] = ()
    if player == CHANCE:
        outcomes = s.chance_outcomes()
        chance = ChanceEntry(
            text.drawing(s, step), tuple(choice(s, step, x, p) for x, p in outcomes)
        )
        acts = [x for x, _ in outcomes]
    else:
        acts = s.legal_actions()
        choices = tuple(choice(s, step, x) for x in acts)
    return View(
        text.prompt(s, step),
        None if player == CHANCE else player,
        choices,
        chance,
        log,
        private(s, viewer),
        None,
        table(s, acts),
        standing(s),
    )


def standing(s: LdrhState) -> str:
    """Whose pawn is furthest into the woods, once the rounds have begun."""
    if not s.round:
        return ""
    best = max(s.progress(p) for p in range(s.num_players))
    if best < 0:  # every pawn still on its start space
        return "No pawn has left the start yet."
    ahead = [s.player_name(p) for p in range(s.num_players) if s.progress(p) == best]
    return leaders(ahead, s.num_players, "furthest into the woods")


def secrets(s: LdrhState) -> list[str]:
    """Digital deck: the cards in hands, as the presenter names them, that nothing
    public names now (no choice or outcome offers that card, it was never played or
    discarded).  With table cards the app knows no hand, so it has no secrets."""
    if is_table(s):
        return []
    public = {card_in(x) for x in s.legal_actions()}
    public |= {x.drawn for x in s.legal_actions() if isinstance(x, a.DrawCard)}
    public |= s.revealed | set(s.discard)
    held = {k for hand in s.hands for k in hand}
    return sorted(card_title(k) for k in held - public)
