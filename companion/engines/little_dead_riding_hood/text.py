"""Readable, unique texts for every action (logs, scenarios, bug reports)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engines.base import Action
from companion.engines.little_dead_riding_hood.board import cell_text
from companion.engines.little_dead_riding_hood.components import HELPERS, TILE_KINDS, card_title

if TYPE_CHECKING:
    from companion.engines.little_dead_riding_hood.state import LdrhState

GIFT_TEXT = {"card": "take a card", "bullet": "take a bullet", "tile": "place a tile"}


def _cell(action: tuple[object, ...], start: int) -> str:
    row, col = action[start], action[start + 1]
    if not isinstance(row, int) or not isinstance(col, int):
        raise TypeError("a space is two whole numbers")
    return cell_text((row, col))


def _player(value: object) -> str:
    if not isinstance(value, int):
        raise TypeError("a player is a whole number")
    return f"player {value + 1}"


def action_text(s: LdrhState, action: Action) -> str:
    """The text of ``action``; anything that is no action of this game shows as its repr."""
    if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
        return repr(action)
    try:
        return _text(s, action)
    except (KeyError, TypeError, ValueError, IndexError):
        return repr(action)


def _text(s: LdrhState, a: tuple[object, ...]) -> str:
    verb = a[0]
    if verb == "card":
        return f"draw {card_title(str(a[1]))}"
    if verb == "tile":
        kind = TILE_KINDS[str(a[1])]
        return f"draw {'an' if kind[0] in 'aeiou' else 'a'} {kind}"
    if verb == "bag":
        return {"bullet": "draw a bullet from the bag", "wolf": "draw the wolf from the bag"}[
            str(a[1])
        ]
    if verb == "lose-card":
        return f"discard {card_title(str(a[1]))} at random"
    if verb == "helper":
        helper = HELPERS[str(a[1])]
        return f"choose {helper if helper.startswith('The ') else 'the ' + helper}"
    if verb == "fairest" and len(a) == 3:
        return f"{_player(a[2])} plays {card_title(str(a[1]))}: choose another helper"
    if verb == "fairest":
        return f"play {card_title(str(a[1]))}: choose another helper"
    if verb == "let-stand" and len(a) == 1:
        return "let the helper stand"
    if verb == "prince-step":
        return f"Prince: move to {_cell(a, 1)}"
    if verb == "switch-from":
        return f"Prince: switch the tile at {_cell(a, 1)}"
    if verb == "switch-with":
        return f"Prince: with the tile at {_cell(a, 1)}"
    if verb == "prince-done" and len(a) == 1:
        return "Prince: done"
    if verb == "queen-take":
        return f"Wicked Queen: take the wolf at {_cell(a, 1)}"
    if verb == "queen-put":
        return f"Wicked Queen: put the wolf at {_cell(a, 1)}"
    if verb == "queen-done" and len(a) == 1:
        return "Wicked Queen: done"
    if verb == "place":
        return f"place the tile at {_cell(a, 1)}"
    if verb == "bread-crumbs":
        return f"play {card_title(str(a[1]))}: draw another path piece"
    if verb == "godmother":
        return (
            "Fairy Godmother: done"
            if a[1] == "done"
            else f"Fairy Godmother: {GIFT_TEXT[str(a[1])]}"
        )
    if verb == "gift":
        return "take nothing" if a[1] == "none" else GIFT_TEXT[str(a[1])]
    if verb == "stepmother":
        if a[1] == -1:
            return "Evil Stepmother: nobody discards"
        return f"Evil Stepmother: {_player(a[1])} discards at random"
    if verb == "pass" and len(a) == 1:
        return "play no card"
    if verb == "move":
        return f"move with {card_title(str(a[1]))}"
    if verb == "wolf":
        return f"play {card_title(str(a[1]))}: {_player(a[2])} skips their next turn"
    if verb == "sitting":
        return f"play {card_title(str(a[1]))}: trade hands with {_player(a[2])}"
    if verb == "big-hands":
        return f"play {card_title(str(a[1]))}: {_player(a[2])} back to {_cell(a, 3)}"
    if verb == "off-path":
        return f"play {card_title(str(a[1]))}: remove the tile at {_cell(a, 2)}"
    if verb == "flowers":
        return f"play {card_title(str(a[1]))}"
    if verb == "flowers-from":
        return f"Picking Flowers: the path piece at {_cell(a, 1)}"
    if verb == "flowers-with":
        return f"Picking Flowers: exchange it with the path piece at {_cell(a, 1)}"
    if verb == "step":
        return f"step to {_cell(a, 1)}"
    if verb == "stop" and len(a) == 1:
        return "stop moving"
    if verb == "fight":
        bullets = int(str(a[1]))
        text = f"fight with {bullets} bullet{'s' if bullets != 1 else ''}"
        return f"{text} and {card_title(str(a[2]))}" if a[2] else text
    if verb == "once-upon-a-time":
        return f"play {card_title(str(a[1]))}: draw again"
    if verb == "accept-wolf" and len(a) == 1:
        return "accept the wolf"
    if verb == "retreat":
        return f"move back to {_cell(a, 1)}"
    return repr(a)
