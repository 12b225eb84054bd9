"""Properties that hold in every Le Petit Poucet game (hypothesis-driven playouts).

The players here have good memories: at the check the token is, more often than
chance, a tree somebody took, so games also reach the cottage.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engines.base import IllegalAction
from companion.engines.le_petit_poucet import GAME, PoucetState, ogre
from companion.engines.le_petit_poucet.box import load_box
from companion.engines.le_petit_poucet.house_rules import removal_choices


def expected_moves(report: dict[str, Any], before: list[int], cottage: int) -> list[int]:
    """PP3 and PP4, computed independently of the engine."""
    finder = report["finder"]
    moves = []
    for p, where in enumerate(before):
        step = 0
        if finder is not None:
            step = (p == finder) + (report["votes"][p] == finder)
        limit = cottage if p == finder else cottage - 1
        moves.append(min(where + step, limit) - where)
    return moves


def choose(state: PoucetState, data: st.DataObject) -> Any:
    legal = state.legal_actions()
    if state.phase == "check":
        held = [("token", t) for t in state.taken if t is not None]
        if held and data.draw(st.booleans(), label="remembers"):
            return data.draw(st.sampled_from(held), label="token")
    if state.phase == "grab" and data.draw(st.integers(0, 3), label="hesitate") == 0:
        return ("leave",)
    return data.draw(st.sampled_from(legal), label=state.phase)


@settings(max_examples=150, deadline=None)
@given(
    players=st.integers(2, 5),
    less_quick=st.booleans(),
    removed=st.sampled_from(removal_choices(load_box())),
    run_out=st.sampled_from(["furthest-win", "everyone-loses"]),
    data=st.data(),
)
def test_every_game_keeps_the_rules(
    players: int, less_quick: bool, removed: str, run_out: str, data: st.DataObject
) -> None:
    options = {"less_quick": less_quick, "removed_series": removed, "tokens_run_out": run_out}
    state = GAME.new_initial_state(players, options)
    assert isinstance(state, PoucetState)
    trees = len(state.trees_in_play)
    for _ in range(GAME.max_game_length):
        if state.is_terminal():
            break
        before = list(state.positions)
        eaten_before = list(state.eaten_turn)
        turn = state.turn
        action = choose(state, data)
        state.apply(action)
        # Pawns only go forward; the eaten stay eaten.
        assert all(a >= b for a, b in zip(state.positions, before, strict=True))
        assert all(b is None or a == b for a, b in zip(state.eaten_turn, eaten_before, strict=True))
        if action[0] == "token":
            report = state.last_turn
            assert report is not None and report["turn"] == turn
            assert report["moved"] == expected_moves(report, before, state.cottage)
            assert len(state.set_aside) == turn
        if not state.is_terminal():
            front = ogre.front(state.turn - 1)
            for p in range(players):
                if state.in_forest(p):
                    assert state.positions[p] > front, "a pawn survived behind the Ogre"
    assert state.is_terminal(), "every game ends"
    assert state.turn <= min(trees, state.cottage + 2)
    outcome = state.outcome()
    assert outcome is not None
    home = [p for p in range(players) if state.positions[p] == state.cottage]
    if home:
        assert outcome.winners == tuple(home) and len(home) == 1
        assert state.last_turn is not None and state.last_turn["finder"] == home[0]
    for w in outcome.winners:
        assert state.in_forest(w)
    if not any(state.in_forest(p) for p in range(players)):
        assert outcome.winners == ()


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 5), data=st.data())
def test_refused_actions_never_change_the_state(players: int, data: st.DataObject) -> None:
    state = GAME.new_initial_state(players)
    probes = [
        ("vote", 0),
        ("grab", 1),
        ("take",),
        ("leave",),
        ("token", 0),
        ("reveal", 3),
        ("first", 0),
        ("pass",),
        ("box",),
        ("draw",),
        ("vote", 9),
        "x",
        7,
    ]
    for _ in range(200):
        if state.is_terminal():
            break
        saved = state.to_dict()
        for probe in probes:
            if probe in state.legal_actions():
                continue
            try:
                state.apply(probe)
            except IllegalAction as err:
                assert str(err)
            else:
                raise AssertionError(f"{probe!r} applied though not legal")
            assert state.to_dict() == saved
        state.apply(data.draw(st.sampled_from(state.legal_actions())))


def test_long_games_stay_within_the_length_bound() -> None:
    """Long turns: in the variant every card is revealed and every child is asked about
    it before the last card is taken (the bound itself is counted in game.py)."""
    state = GAME.new_initial_state(5, {"less_quick": True})
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.phase == "check":
            held = [("token", t) for t in state.taken if t is not None]
            action = held[0] if held else legal[0]
        elif state.phase == "ask":
            # Take only the last card, so every other card is asked of everyone.
            action = ("take",) if len(state.unrevealed()) == 0 else ("leave",)
        else:
            action = legal[0]
        state.apply(action)
        steps += 1
    assert steps <= GAME.max_game_length
