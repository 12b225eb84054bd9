"""The simulator's look-up tables against the engine and the policy, case by case.

The vectorised playouts take the Wishing Well, Lightning and Signpost choices and a round's
placements from tables indexed by the Progress cards in the Fright row (0 / 1 / 2 / 3+ per
symbol) and the last Forest card.  Every one of those 256 rows is played here through the
engine: the event drawn and ``policy.choose`` deciding, or the round ended and its sets
placed, and the table must say the same.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np
import pytest

from companion.engines.lost_in_the_woods import LostInTheWoodsState
from companion.engines.lost_in_the_woods import actions as r
from companion.engines.lost_in_the_woods.advisor import policy as pol
from companion.engines.lost_in_the_woods.advisor.advice import settle
from companion.engines.lost_in_the_woods.advisor.simulate import (
    END_COST,
    END_COUNT,
    END_LAST,
    END_ORDER,
    LIGHTNING_CHOICE,
    SIGNPOST_CHOICE,
    WELL_CHOICE,
    _row_key,
)
from companion.engines.lost_in_the_woods.cards import SYMBOLS
from tests.engines.lost_in_the_woods.scenario import draw, position

ROWS = [
    (counts, last)
    for counts in itertools.product(range(4), repeat=len(SYMBOLS))
    for last in range(-1, len(SYMBOLS))
]
TIME = 5
"""Inside every clock limit of the policy's event rules (the simulator checks those)."""


def _start(counts: tuple[int, ...], last: int, deck: dict[str, int]) -> LostInTheWoodsState:
    row = [symbol for symbol, n in zip(SYMBOLS, counts, strict=True) for _ in range(n)]
    forest = [SYMBOLS[last]] if last >= 0 else []
    return position(forest=forest, row=row, deck=[deck], time=TIME)


def _key(counts: tuple[int, ...], last: int) -> int:
    return int(_row_key(np.array(counts)[:, None], np.array([last]))[0])


def _row_after(state: LostInTheWoodsState) -> tuple[int, ...]:
    return tuple(state.row.count(symbol) for symbol in SYMBOLS)


@pytest.mark.parametrize(
    ("event", "table", "use", "skip"),
    [
        ("well", WELL_CHOICE, r.well_action, r.SKIP_WELL),
        ("lightning", LIGHTNING_CHOICE, r.lightning_action, None),
        ("signpost", SIGNPOST_CHOICE, r.signpost_action, r.SKIP_SIGNPOST),
    ],
)
def test_the_event_tables_choose_as_the_policy_does(
    event: str, table: np.ndarray, use: Callable[[str], str], skip: str | None
) -> None:
    # Policy: "Wishing Well: used ... when the row holds two or three sets, or a single set
    # that could not be placed"; "Lightning: strikes a symbol with 3+ cards, else a lone
    # card, else a pair matching the last Forest card"; "Signpost: used when no set could
    # be placed now ..., on the first symbol that may follow the last Forest card".
    for counts, last in ROWS:
        state = _start(counts, last, {event: 1, "owl": 1})
        draw(state, event)
        chosen = int(table[_key(counts, last)])
        if state.decision == event:
            expected = use(SYMBOLS[chosen]) if chosen >= 0 else skip
            assert pol.choose(state, pol.ROLLOUT_POLICY) == expected, (event, counts, last)
        else:  # no choice to make: the engine acted alone (or not), as the table must
            after = list(counts)
            if chosen >= 0:
                after[chosen] = 0 if event == "well" else after[chosen] - 1
            assert _row_after(state) == tuple(after), (event, counts, last)


def test_the_round_end_table_places_as_the_engine_and_policy_do() -> None:
    # LW: "End the Round: place each set in the Forest row ... 0 or 3 sets cost 1 time".
    for counts, last in ROWS:
        state = _start(counts, last, {"owl": 1})
        before = list(state.forest)
        state.apply(r.END_ROUND)
        settle(state, pol.ROLLOUT_POLICY)
        key = _key(counts, last)
        placed = [SYMBOLS[s] for s in END_ORDER[key, : END_COUNT[key]]]
        assert state.forest == before + placed, (counts, last, state.forest)
        assert state.time == TIME + int(END_COST[key]), (counts, last)
        new_last = int(END_LAST[key])
        assert (SYMBOLS[new_last] if new_last >= 0 else None) == (
            state.forest[-1] if state.forest else None
        ), (counts, last)
