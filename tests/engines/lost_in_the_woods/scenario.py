"""Build Lost in the Woods positions for tests from a few readable facts.

Every card the scenario does not place somewhere goes to the discard pile, so each
position conserves the box's cards and is checked by the engine's own loader.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.engines.lost_in_the_woods import GAME, LostInTheWoodsGame, LostInTheWoodsState


def position(
    *,
    forest: list[str] | None = None,
    row: list[str] | None = None,
    deck: list[dict[str, int]] | None = None,
    time: int = 0,
    stage: str = "play",
    want_draw: bool = False,
    torch_ready: int = 0,
    well_used: bool = False,
    shuffles: int = 0,
    game: LostInTheWoodsGame = GAME,
    options: dict[str, Any] | None = None,
) -> LostInTheWoodsState:
    """A table-deck position (the deck as segments of counts, top first)."""
    forest = list(forest or [])
    row = list(row or [])
    deck = [dict(seg) for seg in (deck or [])]
    used = Counter(forest) + Counter(row)
    for seg in deck:
        used += Counter(seg)
    used["torch"] += torch_ready
    discard = {}
    for kind, total in game.box.counts.items():
        left = total - used[kind]
        assert left >= 0, f"the scenario uses too many {kind} cards"
        if left:
            discard[kind] = left
    data = {
        "game": game.id,
        "players": 1,
        "options": {"deck": "table", **(options or {})},
        "seed": 0,
        "state": {
            "time": time,
            "forest": forest,
            "row": row,
            "discard": discard,
            "segments": deck,
            "order": None,
            "pool": {},
            "shuffles": shuffles,
            "stage": stage,
            "want_draw": want_draw,
            "event": None,
            "decision": None,
            "ending": False,
            "compass_left": 0,
            "virtual": [],
            "sets_left": None,
            "set_count": 0,
            "torch_ready": torch_ready,
            "well_used": well_used,
            "round": 3,
            "result": None,
            "reason": "",
            "messages": [],
        },
    }
    state = game.state_from_dict(data)
    assert isinstance(state, LostInTheWoodsState)
    return state


def draw(state: LostInTheWoodsState, kind: str) -> None:
    """Choose Draw (if at the decision) and tap ``kind`` as the card drawn."""
    if state.current_player() == 0 and state.decision is None:
        state.apply("draw")
    state.apply(f"drawn: {kind}")


EVENTS = ("torch", "compass", "lightning", "gravestone", "signpost", "scarecrow", "horseman")
DECK = [
    {"acorn": 3, "shamrock": 3, "distelfink": 3, "wolf": 2, "owl": 2, "bat": 2, "well": 3}
    | {event: 1 for event in EVENTS}
]
"""A Journey deck top segment with a few of everything, for scenarios that draw."""
