"""The player's view of a Le Petit Poucet position (Kivy-free).

``present`` turns a position into the shared ``View``: the headline, the choices
with their labels, the chance entry (the first player, a card turning up, the
token from the box), the public log and the end.  ``PoucetTable`` carries what the
screen needs to draw the path and the side column, so the screen never reads the
state.  Nothing here shows a vote before the last one is cast, and the game has no
private part: the token is felt, not seen, and the cards taken lie face up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.engines.le_petit_poucet import ogre, text
from companion.engines.le_petit_poucet.actions import Action, First, Grab, Reveal, Token, Vote
from companion.engines.le_petit_poucet.holes import Point, holes
from companion.engines.le_petit_poucet.steps import ASK, CHECK, GRAB, OVER, START, TOUCH, VOTE
from companion.engines.view import ChanceEntry, Choice, Ending, PictureRow, View, leaders, sentence

if TYPE_CHECKING:
    from companion.engines.le_petit_poucet.state import PoucetState

BOOT_OFF = ogre.OFF
"""A boot still beside the Ogre's house (not drawn)."""
OGRE_HOUSE = ogre.HOUSE
"""The Ogre's house, the place behind the starting space (the footprints)."""


@dataclass(frozen=True)
class Pawn:
    """One child's pawn: where it stands (OGRE_HOUSE once eaten) and its colour."""

    player: int
    name: str
    colour: str
    place: int
    eaten: bool


@dataclass(frozen=True)
class TouchRound:
    """Step 1 in progress: the holders still to feel the token, the current one first.
    ``turn`` and ``passed`` (how many have passed it on) tell one holder from the next;
    ``last``: this holder puts the token in the box instead of passing it."""

    holders: tuple[int, ...]
    holder_name: str
    turn: int
    passed: int
    last: bool


@dataclass(frozen=True)
class TurnReport:
    """What the last finished turn did, in sentences; ``eaten`` is its own warning."""

    heading: str
    lines: tuple[str, ...]
    eaten: str


@dataclass(frozen=True)
class TreeCard:
    """One tree in play, as a card picture: ``index`` is the hint's "tree"."""

    index: int
    name: str
    label: str
    """ "Oak (no hole)", for a sentence or a screen reader."""


@dataclass(frozen=True)
class SeriesRow(PictureRow[TreeCard]):
    """One series of the box (what the fingers feel): its name (``title``), its trees
    (``options``) and the holes its tokens have."""

    holes: tuple[Point, ...] = ()


@dataclass(frozen=True)
class PoucetTable:
    """The public picture: the path, the pawns, the boots and the side column."""

    step_title: str
    note: str
    cottage: int
    pawns: tuple[Pawn, ...]
    boots: tuple[int, int]
    first_player: int | None
    cards_taken: tuple[tuple[str, str], ...]
    """(child's name, card) for each card taken this turn."""
    tokens_left: int
    touch: TouchRound | None
    app_may_draw: bool
    """False at the check: the token is a real one the children felt, so only the
    table can say which tree it is."""
    last_turn: TurnReport | None
    secret_choices: bool
    """The choices are a secret vote: a screen shows them only once the voter asks."""
    series: tuple[SeriesRow, ...] = ()
    """The trees in play by series, in box order: the card grid's rows."""
    holders: tuple[tuple[int, int], ...] = ()
    """(tree, child) for each card taken this turn, so a picture can mark it."""
    top_card: int | None = None
    """The tree card on top of the revealed stack, while the children may take it."""
    ogre: str = ""
    """Where the Ogre's next stride lands, and who stands there."""


def present(state: PoucetState, viewer: int | None = None) -> View:
    """The view of ``state``; the same for every viewer (nothing is private)."""
    player = state.current_player()
    choices: tuple[Choice, ...] = ()
    chance = None
    end = None
    turn: int | None = None
    if state.phase == OVER:
        outcome = state.outcome()
        assert outcome is not None
        end = Ending(outcome.winners, sentence(outcome.reason))
    elif state.is_chance_node():
        chance = ChanceEntry(text.chance_what(state), _outcomes(state))
    else:
        turn = player
        choices = tuple(_choice(state, a) for a in state.legal_actions())
    return View(
        headline=text.headline(state),
        turn=turn,
        choices=choices,
        chance=chance,
        log=tuple(state.log),
        private=None,
        end=end,
        table=_table(state),
        standing=_standing(state),
    )


def _standing(state: PoucetState) -> str:
    """Which children still in the forest are furthest along the path."""
    if state.phase in (START, OVER):
        return ""
    left = [p for p in range(state.num_players) if state.in_forest(p)]
    best = max(state.positions[p] for p in left)
    ahead = [state.player_name(p) for p in left if state.positions[p] == best]
    return leaders(ahead, state.num_players, "furthest along the path")


def _choice(state: PoucetState, action: Action) -> Choice:
    hint = {"player": action.player} if isinstance(action, Grab | Vote) else {}
    return Choice(state.action_to_string(action), text.choice_label(state, action), "", hint)


def _outcomes(state: PoucetState) -> tuple[Choice, ...]:
    """The chance outcomes; at the check the trees the children took come first."""
    held = {t for t in state.taken if t is not None}
    outcomes = [
        Choice(
            state.action_to_string(action),
            text.outcome_label(state, action),
            _outcome_group(action, held),
            _outcome_hint(state, action),
            probability,
        )
        for action, probability in state.chance_outcomes()
    ]
    outcomes.sort(key=lambda c: c.group != text.TAKEN_GROUP)
    return tuple(outcomes)


def _outcome_group(action: Action, held: set[int]) -> str:
    if isinstance(action, Token):
        return text.TAKEN_GROUP if action.tree in held else text.OTHER_TREES_GROUP
    return ""


def _outcome_hint(state: PoucetState, action: Action) -> dict[str, object]:
    if isinstance(action, Reveal | Token):
        tree = state.box.trees[action.tree]
        return {"tree": tree.index, "card": tree.name, "series": tree.series_name}
    return {"player": action.player} if isinstance(action, First) else {}


def _table(state: PoucetState) -> PoucetTable:
    pawns = tuple(
        Pawn(
            p,
            state.player_name(p),
            state.box.colours[state.game.piece_of(p)],
            state.positions[p] if state.in_forest(p) else OGRE_HOUSE,
            not state.in_forest(p),
        )
        for p in range(state.num_players)
    )
    touch = None
    if state.phase == TOUCH:
        holders = tuple(state.touch_order()[state.holder :])
        touch = TouchRound(
            holders, state.player_name(holders[0]), state.turn, state.holder, len(holders) == 1
        )
    taken = tuple(
        (state.player_name(p), text.tree(state, t))
        for p, t in enumerate(state.taken)
        if t is not None
    )
    report = None
    if state.last_turn is not None:
        report = TurnReport(
            f"Turn {state.last_turn['turn']}",
            tuple(text.turn_report(state, state.last_turn)),
            text.eaten_line(state, state.last_turn),
        )
    return PoucetTable(
        step_title=text.step_title(state),
        note=text.note(state),
        cottage=state.cottage,
        pawns=pawns,
        boots=state.boots(),
        first_player=None if state.phase in (START, OVER) else state.first_player,
        cards_taken=taken,
        tokens_left=len(state.unseen_tokens()),
        touch=touch,
        app_may_draw=state.phase != CHECK,
        last_turn=report,
        secret_choices=state.phase == VOTE,
        series=_series(state),
        holders=tuple((t, p) for p, t in enumerate(state.taken) if t is not None),
        top_card=state.top_card() if state.phase in (GRAB, ASK) else None,
        ogre=text.ogre_line(state),
    )


def _series(state: PoucetState) -> tuple[SeriesRow, ...]:
    in_play = set(state.trees_in_play)
    rows = []
    for series in state.box.series:
        cards = tuple(
            TreeCard(t.index, t.name, text.card_label(state, t.index))
            for t in series.trees
            if t.index in in_play
        )
        if cards:
            rows.append(SeriesRow(series.name, cards, holes(series.key, series.name)))
    return tuple(rows)
