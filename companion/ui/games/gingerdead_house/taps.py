"""Which choice a tap means on the Gingerdead House screen (no Kivy here).

The screen keeps only a *selection* (a card picked from the hand, or one of the
player's defenses); everything else comes from the engine's view: the choices, the
tile each one is about (``hint["tile"]``), the card it plays (``hint["card"]``) and
the defense that acts (``hint["from"]``).  A tap is always one of the view's choices,
applied by its key.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.engines.gingerdead_house import FORCED
from companion.engines.view import Choice, Item, View

Tile = tuple[int, int, int]
"""(field, lane, row)."""


@dataclass(frozen=True)
class Selection:
    """What the player has picked before tapping a target."""

    card: str = ""
    """A card id from the hand (or, with table decks, the card they are about to play)."""
    tile: Tile | None = None
    """A defense on the field whose ability they want to use."""
    name: str = ""
    """The picked card's printed name, as the player reads it."""


NOTHING = Selection()


def _tile(choice: Choice) -> Tile | None:
    tile = choice.hint.get("tile")
    return None if tile is None else (int(tile[0]), int(tile[1]), int(tile[2]))


def relevant(view: View, selection: Selection) -> list[Choice]:
    """The choices the current selection narrows down to."""
    forced = [c for c in view.choices if c.hint.get("move") in FORCED]
    if forced:
        return [
            c
            for c in forced
            if c.hint.get("move") != "setup"
            or not selection.card
            or c.hint["card"] == selection.card
        ]
    if selection.card:
        return [c for c in view.choices if c.hint.get("card") == selection.card]
    if selection.tile is not None:
        return [c for c in view.choices if c.hint.get("from") == selection.tile]
    return []


def tile_choices(view: View, selection: Selection) -> dict[Tile, Choice]:
    """Tile -> the choice a tap there makes (only tiles with exactly one such choice)."""
    found: dict[Tile, list[Choice]] = {}
    for choice in relevant(view, selection):
        tile = _tile(choice)
        if tile is not None:
            found.setdefault(tile, []).append(choice)
    return {tile: chosen[0] for tile, chosen in found.items() if len(chosen) == 1}


def button_choices(view: View, selection: Selection) -> list[Choice]:
    """Choices shown as buttons: those no single tile tap can make, plus end / pass."""
    by_tile = {c.key for c in tile_choices(view, selection).values()}
    buttons = [c for c in relevant(view, selection) if c.key not in by_tile]
    return buttons + [c for c in view.choices if c.hint.get("move") in ("end", "pass")]


def pick_note(view: View, selection: Selection) -> str:
    """What to tap after picking a card: a lit tile, or (a lane or row swap, a march,
    a volley) one of the buttons."""
    if tile_choices(view, selection):
        return f"Playing {selection.name}: tap a lit tile."
    return f"Playing {selection.name}: choose how with the buttons below."


def wrong_tile(view: View, selection: Selection) -> str:
    """Said when a tapped tile is no place for the picked move: another lit tile, or
    (no tile is lit: a swap, a march, a volley) the buttons."""
    if tile_choices(view, selection):
        return "That tile is not a place for this move: tap a lit tile."
    if selection.name:
        return pick_note(view, selection)
    return "This move is chosen with the buttons below."


def selectable_tiles(view: View) -> set[Tile]:
    """The decider's defenses whose once-per-turn ability can be used now."""
    found: set[Tile] = set()
    for choice in view.choices:
        source = choice.hint.get("from")
        if source is not None:
            found.add((int(source[0]), int(source[1]), int(source[2])))
    return found


def hand_items(view: View, hand: View | None) -> tuple[Item, ...]:
    """The cards to pick from: the open list, or the owner's own view of a secret hand
    (``hand`` is ``view(viewer=owner)`` once the owner asked to see it, else None)."""
    table = view.table
    if table is None or table.hand_owner is None:
        return ()
    if not table.hand_secret:
        return tuple(table.pickable)
    if hand is None or hand.private is None:
        return ()
    return hand.private.items
