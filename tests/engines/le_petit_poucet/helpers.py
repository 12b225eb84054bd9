"""Playing Le Petit Poucet in tests by the actions' own words."""

from __future__ import annotations

from typing import Any

from companion.engines.le_petit_poucet import GAME, LePetitPoucetGame, PoucetState
from companion.engines.le_petit_poucet.box import Box, parse_box
from companion.engines.le_petit_poucet.save import LAST_TURN_KEYS


def small_box(forest_spaces: int = 10, trees: int = 5, series: int = 1) -> Box:
    """A box with fewer trees or a shorter path (an owner's corrected box.toml)."""
    names = [f"tree{i}" for i in range(trees)]
    return parse_box(
        {
            "path": {"forest_spaces": forest_spaces},
            "pawns": {"colours": ["red", "blue", "green", "yellow", "purple"]},
            "series": [
                {"key": f"s{k}", "name": f"series {k}", "assumption": True, "trees": names}
                for k in range(series)
            ],
        }
    )


def new_game(players: int, first: int = 0, box: Box | None = None, **options: Any) -> PoucetState:
    game = GAME if box is None else LePetitPoucetGame(box)
    state = game.new_initial_state(players, options)
    assert isinstance(state, PoucetState)
    do(state, f"P{first + 1} is the first player")
    return state


def do(state: PoucetState, *texts: str) -> None:
    for text in texts:
        state.apply(state.string_to_action(text))


def tree(state: PoucetState, name: str) -> str:
    """The label of the first tree called ``name`` (e.g. "oak" -> "oak (no hole)")."""
    for t in state.box.trees:
        if t.name == name or t.label == name:
            return t.label
    raise KeyError(name)


def touch_round(state: PoucetState) -> None:
    """Step 1: draw, pass round the table, put the token in the box."""
    do(state, "draw a tree token from the bag")
    while state.legal_actions() == [("pass",)]:
        state.apply(("pass",))
    do(state, "put the token in the box")


def play_turn(
    state: PoucetState,
    grabs: dict[int, str],
    votes: dict[int, int],
    token: str,
    left: tuple[str, ...] = (),
) -> dict[str, Any]:
    """One whole turn with the speed grab: cards ``left`` are revealed and left first,
    then each grabbed card is revealed and taken; the votes; the token.  Returns the
    turn's report."""
    touch_round(state)
    for name in left:
        do(
            state,
            f"reveal the {tree(state, name)} card",
            f"nobody takes the {tree(state, name)} card",
        )
    for player, name in grabs.items():
        do(
            state,
            f"reveal the {tree(state, name)} card",
            f"P{player + 1} takes the {tree(state, name)} card",
        )
    while state.phase == "reveal":  # nobody else grabs: turn the rest of the deck over
        label = state.tree_label(state.unrevealed()[0])
        do(state, f"reveal the {label} card", f"nobody takes the {label} card")
    while state.phase == "vote":
        voter = state.current_player()
        do(state, f"P{voter + 1} votes for P{votes[voter] + 1}")
    do(state, f"the token is the {tree(state, token)}")
    assert state.last_turn is not None
    return state.last_turn


def position_at(
    players: int,
    first: int,
    turn: int,
    positions: list[int],
    eaten: list[int | None],
    **options: object,
) -> PoucetState:
    """A saved position at the start of ``turn`` (as the journal would restore it)."""
    fresh = new_game(players, first=first, **options)  # type: ignore[arg-type]
    data = fresh.to_dict()
    data["state"].update(
        turn=turn,
        positions=positions,
        eaten_turn=eaten,
        set_aside=list(fresh.trees_in_play[-(turn - 1) :]),
        last_turn=dict.fromkeys(LAST_TURN_KEYS),
    )
    state = GAME.state_from_dict(data)
    assert isinstance(state, PoucetState)
    return state


def asked_and_left(state: PoucetState) -> list[int]:
    """Variant for the Less Quick: everyone asked leaves the card on top; who was asked."""
    asked = []
    while state.phase == "ask":
        asked.append(state.current_player())
        state.apply(("leave",))
    return asked
