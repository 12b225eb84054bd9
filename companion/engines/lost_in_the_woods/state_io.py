"""Saving and loading a Lost in the Woods state as plain JSON data, with strict validation.

A loaded state must be one the rules could have produced: every field has the right type
and range, every card of the manifest is in exactly one place, and the state is at rest
(a chance node, a decision or the end), never half-way through resolving a card.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from companion.engines.base import require
from companion.engines.lost_in_the_woods.cards import ANIMALS, EVENTS, KINDS, NAMES, SYMBOLS
from companion.engines.lost_in_the_woods.logic import CLOCK_END, FOREST_LENGTH, animals_in

if TYPE_CHECKING:
    from companion.engines.lost_in_the_woods.rules import LostInTheWoodsState

DECISIONS = ("torch", "well", "lightning", "signpost", "compass", "place")
ROW_CARDS = (*SYMBOLS, *ANIMALS, "compass")


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
        "torch_lit": state.torch_lit,
        "torch_ready": state.torch_ready,
        "well_used": state.well_used,
        "round": state.round,
        "result": state.result,
        "reason": state.reason,
        "messages": list(state.messages),
    }


def load(state: LostInTheWoodsState, data: dict[str, Any]) -> None:
    s = state
    s.time = _int(data, "time", 0, CLOCK_END)
    s.forest = _cards(data, "forest", SYMBOLS)
    require(len(s.forest) <= FOREST_LENGTH, f"forest holds {len(s.forest)} cards; at most 9")
    for i in range(1, len(s.forest)):
        require(
            s.forest[i] != s.forest[i - 1],
            f"forest: cards {i} and {i + 1} are both {NAMES[s.forest[i]]}; neighbours must differ",
        )
    s.row = _cards(data, "row", ROW_CARDS)
    s.discard = _counts(data["discard"], "discard")
    segments = data["segments"]
    require(isinstance(segments, list), "segments must be a list of card counts")
    s.segments = [_counts(seg, f"segments[{i}]") for i, seg in enumerate(segments)]
    s.pool = _counts(data["pool"], "pool")
    _load_order(s, data["order"])
    s.shuffles = _int(data, "shuffles", 0, s.options["max_shuffles"])
    s.stage = _choice(data, "stage", ("setup", "play"))
    s.want_draw = _bool(data, "want_draw")
    s.event = _choice(data, "event", (None, *EVENTS))
    s.decision = _choice(data, "decision", (None, *DECISIONS))
    s.ending = _bool(data, "ending")
    s.compass_left = _int(data, "compass_left", 0, s.row.count("compass"))
    s.virtual = _cards(data, "virtual", SYMBOLS)
    sets_left = data["sets_left"]
    s.sets_left = None if sets_left is None else _cards(data, "sets_left", SYMBOLS)
    s.set_count = _int(data, "set_count", 0, len(SYMBOLS))
    s.torch_lit = _int(data, "torch_lit", 0, s.game.manifest.count("torch"))
    s.torch_ready = _int(data, "torch_ready", 0, s.game.manifest.count("torch"))
    s.well_used = _bool(data, "well_used")
    s.round = _int(data, "round", 1, 10**6)
    s.result = _choice(data, "result", (None, "won", "lost"))
    s.reason = data["reason"]
    require(isinstance(s.reason, str), "reason must be text")
    messages = data["messages"]
    require(
        isinstance(messages, list) and all(isinstance(m, str) for m in messages),
        "messages must be a list of texts",
    )
    s.messages = list(messages)
    _check_cards_conserved(s)
    _check_consistent(s)


def _load_order(s: LostInTheWoodsState, order: Any) -> None:
    if not s.digital:
        require(order is None, "a table deck has no known card order (order must be null)")
        require(not s.pool, "a table deck is never part-way through an app shuffle (pool)")
        s.order = None
        return
    require(isinstance(order, list), "a digital deck needs its card order (order)")
    require(all(k in KINDS for k in order), "order: unknown card kind")
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
            + (s.torch_lit + s.torch_ready if kind == "torch" else 0)
        )
        expected = s.game.manifest.count(kind)
        require(
            where == expected,
            f"the state holds {where} {NAMES[kind]} card(s) but the manifest has {expected}",
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
    before = dump(probe)  # type: ignore[arg-type]
    probe._advance()  # type: ignore[attr-defined]
    require(
        dump(probe) == before,  # type: ignore[arg-type]
        "the state is part-way through resolving a card (not a decision or a chance node)",
    )


def _sorted(counts: dict[str, int]) -> dict[str, int]:
    return {k: counts[k] for k in KINDS if counts.get(k)}


def _counts(value: Any, where: str) -> dict[str, int]:
    require(isinstance(value, dict), f"{where} must map card kinds to counts")
    for kind, n in value.items():
        require(kind in KINDS, f"{where}: unknown card kind {kind!r}")
        require(
            isinstance(n, int) and not isinstance(n, bool) and n > 0,
            f"{where}: {kind} must be a positive count, got {n!r}",
        )
    return _sorted(value)


def _cards(data: dict[str, Any], key: str, allowed: tuple[str, ...]) -> list[str]:
    value = data[key]
    require(isinstance(value, list), f"{key} must be a list of cards")
    for card in value:
        require(card in allowed, f"{key}: {card!r} cannot be there (allowed: {', '.join(allowed)})")
    return list(value)


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data[key]
    require(
        isinstance(value, int) and not isinstance(value, bool) and low <= value <= high,
        f"{key} must be a whole number from {low} to {high}, got {value!r}",
    )
    return int(value)


def _bool(data: dict[str, Any], key: str) -> bool:
    value = data[key]
    require(isinstance(value, bool), f"{key} must be true or false, got {value!r}")
    return bool(value)


def _choice(data: dict[str, Any], key: str, allowed: tuple[Any, ...]) -> Any:
    value = data[key]
    require(value in allowed, f"{key} must be one of {allowed}, got {value!r}")
    return value
