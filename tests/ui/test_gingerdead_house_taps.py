"""Which words follow a picked card (no Kivy): a lit tile to tap, or the buttons."""

from __future__ import annotations

from companion.ui.games.gingerdead_house import taps
from tests.engines.gingerdead_house.helpers import scenario


def test_a_picked_card_says_what_to_tap_next() -> None:
    """ "Trick: One-time use cards that are utilized in the player step." A lane swap is
    chosen with the buttons (no tile to tap); a defense goes on a lit tile."""
    state = scenario(hands={0: ["swap-lane", "wall-2"]})
    view = state.view(0)
    swap = taps.Selection(card="swap-lane", name="Lane Swap")
    assert not taps.tile_choices(view, swap) and taps.button_choices(view, swap)
    assert taps.pick_note(view, swap) == "Playing Lane Swap: choose how with the buttons below."
    wall = taps.Selection(card="wall-2", name="Wall 2")
    assert taps.pick_note(view, wall) == "Playing Wall 2: tap a lit tile."


def test_a_wrong_tile_says_where_the_move_is_made() -> None:
    """No tile is lit for a lane swap: a tile tapped then points to the buttons, not to
    a lit tile that is not there."""
    state = scenario(hands={0: ["swap-lane", "wall-2"]})
    view = state.view(0)
    swap = taps.Selection(card="swap-lane", name="Lane Swap")
    assert taps.wrong_tile(view, swap) == "Playing Lane Swap: choose how with the buttons below."
    wall = taps.Selection(card="wall-2", name="Wall 2")
    assert taps.wrong_tile(view, wall) == "That tile is not a place for this move: tap a lit tile."
