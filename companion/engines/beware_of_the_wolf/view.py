"""The player's view of a Beware of the Wolf position (Kivy-free).

``present(state)`` words the position for the table: the headline, the choices
(each move with the space it ends on as its picture hint, so the board itself
can be tapped), the die or the wolf at a chance node, the public log and the
end.  ``WolfTable`` carries what the board screen draws: the board, the pawns,
the wolf and its guarded zone, and what the last step did to the pawns (for
the walk-back animation).  The game has no hidden information: nothing private.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.engines.beware_of_the_wolf import text
from companion.engines.beware_of_the_wolf.actions import (
    FORFEIT,
    ChooseHouse,
    Move,
    Roll,
    WolfAt,
    Word,
)
from companion.engines.beware_of_the_wolf.board import HOUSE_STEP, Board
from companion.engines.beware_of_the_wolf.catching import CatchOdds, catch_odds
from companion.engines.beware_of_the_wolf.spin import caught
from companion.engines.view import ChanceEntry, Choice, Ending, View, leaders, sentence

if TYPE_CHECKING:
    from companion.engines.beware_of_the_wolf.state import WolfState

# The groups a screen shows its choices under (player words: shown as headings).
HOUSES = "Free houses"
MOVES = "Where to move"
WOLF = "The wolf"
DIE = "The die"
SNOUT = "Where the snout points"
WORD_LABELS = {"spin": "Spin the wolf", "leave": "Leave the wolf", "forfeit": "Forfeit the throw"}


@dataclass(frozen=True)
class Pawn:
    """One player's pawn: its colour and its space (None while in its house)."""

    player: int
    colour: str
    space: str | None
    round_complete: bool


@dataclass(frozen=True)
class PawnWalk:
    """A pawn the last step moved: from, to (None = its house) and the spaces between."""

    kind: str
    """"move", "wolf-hit" or "thrown-out"."""
    player: int
    start: str | None
    end: str | None
    trail: tuple[str, ...]


@dataclass(frozen=True)
class WolfTable:
    """The public picture of the board for the screen (``View.table``)."""

    board: Board
    pawns: tuple[Pawn, ...]
    wolf: int | None
    """Where the game's wolf points (board degrees), None before it is set."""
    guarded: frozenset[str]
    wolf_wanted: str
    """"set" or "spin" while the table decides where the wolf points, else ""."""
    roll: int | str | None
    player: int | None
    """Whose turn it is, also while they roll or spin (None while setting up the wolf)."""
    walks: tuple[PawnWalk, ...]
    tap_hint: str
    """What to tell a player who taps the board where no choice is."""
    catch_odds: tuple[CatchOdds, ...] = ()
    """While a player decides whether to spin: each pawn a spin could catch, on a fair spinner."""
    midline: float = 0.0
    """The midline tolerance in degrees (for odds weighed by the owner's spinner)."""


def present(state: WolfState, viewer: int | None = None) -> View:
    """The whole view of ``state``; the same for every viewer (nothing is hidden)."""
    del viewer  # no player holds anything the others may not see
    name = state.player_name(state.turn)
    chance = None
    choices: tuple[Choice, ...] = ()
    end = None
    turn: int | None = None
    if state.phase == "over":
        outcome = state.outcome()
        assert outcome is not None
        reason = sentence(outcome.reason)
        names = " and ".join(state.player_name(w) for w in outcome.winners)
        headline = f"{names} {'wins' if len(outcome.winners) == 1 else 'win'}! {reason}"
        end = Ending(outcome.winners, reason)
    elif state.is_chance_node():
        headline, chance = _chance(state, name)
    else:
        turn = state.turn
        headline = _headline(state, name)
        choices = tuple(_choice(state, a) for a in state.legal_actions())
    return View(
        headline=headline,
        turn=turn,
        choices=choices,
        chance=chance,
        log=tuple(state.log),
        private=None,
        end=end,
        table=_table(state),
        standing=_standing(state),
    )


def _standing(state: WolfState) -> str:
    """Who is furthest along (BW12's measure), once the pawns are on their way."""
    if state.phase == "over" or state.log_round() is None:
        return ""
    ahead = [state.player_name(p) for p in state._furthest_along()]
    return leaders(ahead, state.num_players, "furthest along")


def _headline(state: WolfState, name: str) -> str:
    if state.phase == "choose-house":
        return f"{name}, choose your house."
    if state.phase == "spin-choice":
        return f"{name} rolled the wolf's head: spin the wolf, or leave it."
    if state.legal_actions() == [FORFEIT]:
        return f"{name} rolled {state.roll}: no way avoids the wolf, so the throw is forfeited."
    return f"{name} rolled {state.roll}: choose where to move."


def _chance(state: WolfState, name: str) -> tuple[str, ChanceEntry]:
    outcomes = state.chance_outcomes()
    if state.phase == "roll":
        entry = ChanceEntry(
            "Roll the die",
            tuple(
                Choice(a.key, text.face_label(a.face), DIE, {"face": a.face}, p)
                for a, p in outcomes
                if isinstance(a, Roll)
            ),
        )
        return f"{name}, roll the die.", entry
    wolf = tuple(
        Choice(a.key, f"The snout points at {a.degrees} degrees", SNOUT, {"degrees": a.degrees}, p)
        for a, p in outcomes
        if isinstance(a, WolfAt)
    )
    if state.phase == "set-wolf":
        return "Turn the wolf so that it points at no house.", ChanceEntry(
            "Set the wolf so that it points at no house", wolf
        )
    return f"{name} spins the wolf: where does the snout point?", ChanceEntry("Spin the wolf", wolf)


def _choice(state: WolfState, action: object) -> Choice:
    if isinstance(action, ChooseHouse):
        return Choice(action.key, f"The {action.colour} house", HOUSES, {"house": action.colour})
    if isinstance(action, Move):
        colour = state.colour_of(state.turn) or ""
        others = [
            a.path
            for a in state.legal_actions()
            if isinstance(a, Move) and a.end == action.end and a != action
        ]
        hint = {"house": colour} if action.end == HOUSE_STEP else {"space": action.end}
        label = text.move_label(state.board, action.path, others, colour)
        return Choice(action.key, label, MOVES, hint)
    assert isinstance(action, Word)
    return Choice(action.key, WORD_LABELS[action.kind], MOVES if action == FORFEIT else WOLF)


def _table(state: WolfState) -> WolfTable:
    pawns = tuple(
        Pawn(p, colour, state.positions[p], state.round_complete(p))
        for p in range(state.num_players)
        if (colour := state.colour_of(p)) is not None
    )
    walks = tuple(
        PawnWalk(kind, player, start, end, tuple(trail))
        for kind, player, start, end, trail in state.events
    )
    return WolfTable(
        board=state.board,
        pawns=pawns,
        wolf=state.wolf,
        guarded=state.guarded_zone(),
        wolf_wanted={"set-wolf": "set", "spin": "spin"}.get(state.phase, ""),
        roll=state.roll,
        player=None if state.phase in ("set-wolf", "over") else state.turn,
        walks=walks,
        tap_hint=_tap_hint(state),
        catch_odds=_catch_odds(state),
        midline=float(state.options["midline_tolerance"]),
    )


def _catch_odds(state: WolfState) -> tuple[CatchOdds, ...]:
    """Before a spin, the unprotected pawns it could catch and how likely each is."""
    if state.phase != "spin-choice":
        return ()
    everywhere = frozenset(state.board.by_id)
    hits = state.options["wolf_hits_spinner"]
    players = caught(state.board, state.positions, everywhere, state.turn, hits)
    at_risk = [(p, space) for p in players if (space := state.positions[p]) is not None]
    return catch_odds(state.board, at_risk, state.options["midline_tolerance"])


def _tap_hint(state: WolfState) -> str:
    if state.phase == "move":
        return f"That is not a move for {state.roll}: tap a highlighted space."
    return {
        "choose-house": "Tap a free house to choose it.",
        "roll": "Roll the die first.",
        "spin-choice": "Spin the wolf or leave it first.",
        "over": "The game is over.",
    }.get(state.phase, "")
