"""Saving and loading a Lost in the Woods state as plain JSON data, with strict validation.

A loaded state must be one the rules could have produced: every field has the right type
and range (read with ``checks``), every card of the box is in exactly one place, and the
state is at rest (a chance node, a decision or the end), never half-way through resolving
a card.  The data's shape is version 1's, so every saved game resumes.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from companion.engines import checks
from companion.engines.base import require
from companion.engines.lost_in_the_woods.cards import ANIMALS, EVENTS, KINDS, NAMES, SYMBOLS
from companion.engines.lost_in_the_woods.clock import CLOCK_END
from companion.engines.lost_in_the_woods.forest import FOREST_LENGTH
from companion.engines.lost_in_the_woods.fright import animals_in

if TYPE_CHECKING:
    from companion.engines.lost_in_the_woods.state import LostInTheWoodsState

DECISIONS = ("torch", "well", "lightning", "signpost", "compass", "place")
ROW_CARDS = (*SYMBOLS, *ANIMALS, "compass")
FIELDS = (
    "time", "forest", "row", "discard", "segments", "order", "pool", "shuffles", "stage",
    "want_draw", "event", "decision", "ending", "compass_left", "virtual", "sets_left",
    "set_count", "torch_ready", "well_used", "round", "result", "reason", "messages",
)  # fmt: skip
LEGACY_TORCH = "torch_lit"
"""Saves made before LW6 was corrected kept Torches lit this round apart (usable only from
the next round); a lit Torch is usable at once now, so they load as set aside."""


def dump(state: LostInTheWoodsState) -> dict[str, Any]:
    return {
        "time": state.time,
        "forest": list(state.forest),
        "row": list(state.row),
        "discard": _sorted(state.discard),
        "segments": [_sorted(seg) for seg in state.segments],
        "order": None if state.order is None else list(state.order),
        "pool": _sorted(state.pool),
        "shuffles": state.shuffles,
        "stage": state.stage,
        "want_draw": state.want_draw,
        "event": state.event,
        "decision": state.decision,
        "ending": state.ending,
        "compass_left": state.compass_left,
        "virtual": list(state.virtual),
        "sets_left": None if state.sets_left is None else list(state.sets_left),
        "set_count": state.set_count,
        "torch_ready": state.torch_ready,
        "well_used": state.well_used,
        "round": state.round,
        "result": state.result,
        "reason": state.reason,
        "messages": list(state.messages),
    }


def load(state: LostInTheWoodsState, data: dict[str, Any]) -> None:
    s = state
    checks.table(data, "the saved state", (*FIELDS, LEGACY_TORCH))
    for key in FIELDS:
        require(key in data, f"the saved state has no {key!r}")
    torches = s.game.box.count("torch")
    s.time = checks.whole(data["time"], "time", 0, CLOCK_END)
    s.forest = _cards(data, "forest", SYMBOLS)
    require(len(s.forest) <= FOREST_LENGTH, f"forest holds {len(s.forest)} cards; at most 9")
    for i in range(1, len(s.forest)):
        require(
            s.forest[i] != s.forest[i - 1],
            f"forest: cards {i} and {i + 1} are both {NAMES[s.forest[i]]}; neighbours must differ",
        )
    s.row = _cards(data, "row", ROW_CARDS)
    s.discard = _counts(data["discard"], "discard")
    segments = checks.items(data["segments"], "segments")
    s.segments = [_counts(seg, f"segments[{i}]") for i, seg in enumerate(segments)]
    s.pool = _counts(data["pool"], "pool")
    _load_order(s, data["order"])
    s.shuffles = checks.whole(data["shuffles"], "shuffles", 0, s.options["max_shuffles"])
    s.stage = checks.choice(data["stage"], "stage", ("setup", "play"))
    s.want_draw = checks.flag(data["want_draw"], "want_draw")
    s.event = checks.optional_choice(data["event"], "event", EVENTS)
    s.decision = checks.optional_choice(data["decision"], "decision", DECISIONS)
    s.ending = checks.flag(data["ending"], "ending")
    s.compass_left = checks.whole(data["compass_left"], "compass_left", 0, s.row.count("compass"))
    s.virtual = _cards(data, "virtual", SYMBOLS)
    s.sets_left = None if data["sets_left"] is None else _cards(data, "sets_left", SYMBOLS)
    s.set_count = checks.whole(data["set_count"], "set_count", 0, len(SYMBOLS))
    lit = checks.whole(data.get(LEGACY_TORCH, 0), LEGACY_TORCH, 0, torches)
    s.torch_ready = checks.whole(data["torch_ready"], "torch_ready", 0, torches) + lit
    require(s.torch_ready <= torches, f"{s.torch_ready} lit Torches, but the box has {torches}")
    s.well_used = checks.flag(data["well_used"], "well_used")
    s.round = checks.whole(data["round"], "round", 1, 10**6)
    s.result = checks.optional_choice(data["result"], "result", ("won", "lost"))
    s.reason = checks.text(data["reason"], "reason", empty=True)
    messages = checks.items(data["messages"], "messages")
    s.messages = [checks.text(m, f"messages[{i}]", empty=True) for i, m in enumerate(messages)]
    _check_cards_conserved(s)
    _check_consistent(s)


def _load_order(s: LostInTheWoodsState, order: Any) -> None:
    if not s.digital:
        require(order is None, "a table deck has no known card order (order must be null)")
        require(not s.pool, "a table deck is never part-way through an app shuffle (pool)")
        s.order = None
        return
    require(isinstance(order, list), "a digital deck needs its card order (order)")
    for i, kind in enumerate(order):
        checks.choice(kind, f"order[{i}]", KINDS)
    start = 0
    for i, seg in enumerate(s.segments):
        size = sum(seg.values())
        require(
            Counter(order[start : start + size]) == Counter(seg),
            f"order does not match segments[{i}]",
        )
        start += size
    require(start == len(order), "order holds more cards than the segments")
    s.order = list(order)


def _check_cards_conserved(s: LostInTheWoodsState) -> None:
    for kind in KINDS:
        where = (
            s.forest.count(kind)
            + s.row.count(kind)
            + s.discard.get(kind, 0)
            + sum(seg.get(kind, 0) for seg in s.segments)
            + s.pool.get(kind, 0)
            + int(s.event == kind)
            + (s.torch_ready if kind == "torch" else 0)
        )
        expected = s.game.box.count(kind)
        require(
            where == expected,
            f"the state holds {where} {NAMES[kind]} card(s) but the box has {expected}",
        )


def _check_consistent(s: LostInTheWoodsState) -> None:
    if s.result is not None:
        return
    animals = animals_in(s.row)
    require(
        len(set(animals)) == len(animals) < len(ANIMALS),
        "the Fright row holds a Fright pair or all three animals outside a finished game",
    )
    require(len(s.forest) < FOREST_LENGTH, "nine Forest cards means the game was won")
    require(
        s.decision not in ("torch", "well", "lightning", "signpost") or s.event == s.decision,
        f"decision {s.decision!r} needs that event card being resolved",
    )
    require(
        s.decision not in ("compass", "place") or s.ending, f"decision {s.decision!r} ends a round"
    )
    if s.current_player() != 0 and not s.pool:
        require(bool(s.segments) and bool(s.segments[0]), "a draw is due but the deck is empty")
    require(s.current_player() != 0 or bool(s.legal_actions()), "no action is possible")
    probe = s.clone()
    assert isinstance(probe, type(s))
    before = dump(probe)
    probe._advance()
    require(
        dump(probe) == before,
        "the state is part-way through resolving a card (not a decision or a chance node)",
    )


def _sorted(counts: dict[str, int]) -> dict[str, int]:
    return {k: counts[k] for k in KINDS if counts.get(k)}


def _counts(value: Any, where: str) -> Counter[str]:
    """Card kind -> a positive count (a kind with none is left out, never 0)."""
    counts = checks.table(value, where)
    for kind, n in counts.items():
        checks.choice(kind, f"{where}: card kind", KINDS)
        checks.whole(n, f"{where}: {kind} (a positive count)", 1)
    return Counter(_sorted(counts))


def _cards(data: dict[str, Any], key: str, allowed: tuple[str, ...]) -> list[str]:
    value = checks.items(data[key], key)
    for i, card in enumerate(value):
        checks.choice(card, f"{key}[{i}]", allowed)
    return list(value)
