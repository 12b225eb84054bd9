"""Explaining a refused card tap: where every card of that kind is, as the table sees it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engines.lost_in_the_woods.cards import INDEX, KINDS, NAMES, plural

if TYPE_CHECKING:
    from companion.engines.lost_in_the_woods.rules import LostInTheWoodsState


def card_refusal(state: LostInTheWoodsState, kind: str) -> str:
    """Why ``kind`` cannot be the card just drawn from a table deck: where all of them are."""
    if kind not in INDEX:
        names = ", ".join(KINDS)
        return f"there is no {kind!r} card in Lost in the Woods (cards: {names})"
    name = NAMES[kind]
    total = state.game.manifest.count(kind)
    if total == 0:
        return f"your manifest has no {name} cards, so you cannot have drawn one"
    places = []
    for where, n in (
        ("in the Forest row", state.forest.count(kind)),
        ("in the Fright row", state.row.count(kind)),
        ("in the discard pile", state.discard.get(kind, 0)),
        ("set aside as a lit Torch", (state.torch_lit + state.torch_ready) * (kind == "torch")),
        ("being resolved", int(state.event == kind)),
    ):
        if n:
            places.append(f"{n} {where}")
    lower = sum(seg.get(kind, 0) for seg in state.segments[1:])
    if lower:
        above = sum(state.segments[0].values())
        places.append(
            f"{lower} in the cards the Headless Horseman put under the deck, which come "
            f"only after the {above} cards above them"
        )
    where_text = "; ".join(places) or "none left"
    whole = f"the only {name} is" if total == 1 else f"all {plural(kind, total)} are"
    return (
        f"a {name} cannot be the next card: {whole} accounted for ({where_text}). "
        f"Check the card, or undo a wrong tap."
    )
