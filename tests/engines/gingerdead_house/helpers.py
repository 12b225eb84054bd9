"""Building Gingerdead House positions for rule scenarios.

``scenario`` skips setup and lays out fields card by card, taking every card out of
its pile so the position stays a legal one (saves of it load again).
"""

from __future__ import annotations

from typing import Any

from companion.engines.gingerdead_house import GingerdeadHouseGame, GingerdeadState
from companion.engines.gingerdead_house.board import MONSTER
from companion.engines.gingerdead_house.box import box_from_text
from companion.engines.gingerdead_house.cards import Catalogue
from companion.engines.gingerdead_house.decks import add, take

TEST_CATALOGUE = """
[[card]]
id = "grunt"
name = "Gummy Grunt"
type = "defense"
power = 4
effect = "row-shot"
count = 4

[[card]]
id = "gatling"
name = "Gumdrop Gatling Gun"
type = "defense"
power = 8
effect = "lane-spray"
count = 2

[[card]]
id = "catapult"
name = "Flaming Marshmallow Catapult"
type = "defense"
power = 3
effect = "catapult"
count = 2

[[card]]
id = "mines"
name = "Maltball Mines"
type = "defense"
power = 3
effect = "maltball-mines"
count = 2

[[card]]
id = "wizard"
name = "Wizard of What"
type = "defense"
power = "X"
effect = "wizard-of-what"
count = 2

[[card]]
id = "walker"
name = "Walking Wafer"
type = "defense"
power = 5
effect = "mobile"
count = 2

[[card]]
id = "wall-2"
name = "Wall 2"
type = "defense"
power = 2
count = 4

[[card]]
id = "wall-6"
name = "Wall 6"
type = "defense"
power = 6
count = 4

[[card]]
id = "wall-9"
name = "Wall 9"
type = "defense"
power = 9
count = 2

[[card]]
id = "wall-x"
name = "Wall X"
type = "defense"
power = "X"
count = 2

[[card]]
id = "steal"
name = "Let's Be Friends... Not!"
type = "trick"
effect = "steal-below-6"
count = 2

[[card]]
id = "swap-lane"
name = "Lane Swap"
type = "trick"
effect = "swap-lane"
count = 1

[[card]]
id = "swap-row"
name = "Row Swap"
type = "trick"
effect = "swap-row"
count = 1

[[card]]
id = "march"
name = "Forced March"
type = "trick"
effect = "march"
count = 2

[[card]]
id = "godfather"
name = "Godfather Death"
type = "action"
flips = 2
effect = "godfather-death"
count = 2

[[card]]
id = "open-window"
name = "Trick Window"
type = "action"
flips = 1
effect = "opponents-tricks"
count = 2

[[card]]
id = "double"
name = "Double Flip"
type = "action"
flips = 1
effect = "flip-action"
count = 1

[[card]]
id = "lane-switch"
name = "Lane Switch"
type = "action"
flips = 0
effect = "swap-lane-action"
count = 1

[[card]]
id = "row-switch"
name = "Row Switch"
type = "action"
flips = 0
effect = "swap-row-action"
count = 1

[[card]]
id = "whistle"
name = "Whistle"
type = "action"
flips = 0
effect = "march-action"
count = 1

[[card]]
id = "act-1"
name = "Action 1"
type = "action"
flips = 1
count = 4

[[card]]
id = "act-0"
name = "Action 0"
type = "action"
flips = 0
count = 2

[[card]]
id = "dragon"
name = "Dragon"
type = "monster"
power = 10
lane = 2
effect = "dragon"
count = 2

[[card]]
id = "zombie"
name = "Zombie"
type = "monster"
power = 5
lane = 1
effect = "resurrection"
count = 2

[[card]]
id = "m4-1"
name = "Goblin"
type = "monster"
power = 4
lane = 1
count = 4

[[card]]
id = "m4-2"
name = "Troll"
type = "monster"
power = 4
lane = 2
count = 4

[[card]]
id = "m6-3"
name = "Ogre"
type = "monster"
power = 6
lane = 3
count = 4

[[card]]
id = "mx-4"
name = "Imp"
type = "monster"
power = "X"
lane = 4
count = 4

[[card]]
id = "m2-4"
name = "Gnat"
type = "monster"
power = 2
lane = 4
count = 4
"""


def make_test_catalogue() -> Catalogue:
    return box_from_text(TEST_CATALOGUE, "test box.toml")


TEST_GAME = GingerdeadHouseGame(make_test_catalogue())

Layout = dict[tuple[int, int, int], str]
"""(field, lane, row) -> card id; defenses belong to the field's owner unless given
as "card@owner"."""


def scenario(
    players: int = 2,
    layout: Layout | None = None,
    hands: dict[int, list[str]] | None = None,
    options: dict[str, Any] | None = None,
    game: GingerdeadHouseGame = TEST_GAME,
    active: int = 0,
    phase: str = "player",
) -> GingerdeadState:
    """A position in the player step (or another turn phase) of ``active``'s turn."""
    state = game.new_initial_state(players, options)
    assert isinstance(state, GingerdeadState)
    board = state.board
    state.phase = phase
    state.setup_player = players - 1
    state.round = 1
    board.active = active
    board.log = []
    for (field, lane, row), spec in (layout or {}).items():
        card_id, _, owner_text = spec.partition("@")
        card = board.catalogue.cards[card_id]
        if card.type == "monster":
            take(board.monster_pile, card_id)
            owner = MONSTER
        else:
            owner = int(owner_text) if owner_text else field
            board.cards[owner].reveal_from_pile(card_id)
        board.put(field, lane, row, board.new_piece(card_id, owner))
    for player, cards in (hands or {}).items():
        for card_id in cards:
            board.cards[player].draw(card_id if board.cards[player].digital else "")
    if phase not in ("setup", "action"):
        state.action_card = "act-1" if "act-1" in board.catalogue.cards else None
        if state.action_card:
            take(board.action_pile, state.action_card)
    state._legal = None
    return state


def place(
    state: GingerdeadState, field: int, lane: int, row: int, card_id: str, owner: int | None = None
) -> None:
    """Put one more card on a field (taken from its pile)."""
    board = state.board
    card = board.catalogue.cards[card_id]
    if card.type == "monster":
        take(board.monster_pile, card_id)
        who = MONSTER
    else:
        who = field if owner is None else owner
        board.cards[who].reveal_from_pile(card_id)
    board.put(field, lane, row, board.new_piece(card_id, who))
    state._legal = None


def names_at(state: GingerdeadState, field: int) -> dict[tuple[int, int], str]:
    """The field as {(lane, row): card name} for readable asserts."""
    board = state.board
    return {
        (lane, row): board.name(p)
        for lane in range(1, 5)
        for row in range(1, 6)
        if (p := board.at(field, lane, row)) is not None
    }


def act(state: GingerdeadState, text: str) -> None:
    """Apply the legal action with this text."""
    state.apply(state.string_to_action(text))


def discard_count(state: GingerdeadState, card_id: str) -> int:
    return state.board.monster_discard.get(card_id, 0)


__all__ = ["TEST_GAME", "add", "act", "names_at", "place", "scenario", "make_test_catalogue"]
