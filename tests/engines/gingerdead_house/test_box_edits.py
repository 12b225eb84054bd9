"""The owner's corrections to a Gingerdead House box: counts, and cards the list lacks.

Every edit leaves a box the game can play or is refused in a sentence; what the owner
set is checked, not assumed; the box file text reads back to the same box.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.engines.gingerdead_house import GAME, BoxEditRefused, NewCard, box_edits, box_toml
from companion.engines.gingerdead_house.actions import Flip
from companion.engines.gingerdead_house.box import shipped_box

BOX = shipped_box()


def test_a_corrected_count_is_checked_and_the_deck_no_longer_needs_50_cards() -> None:
    box = box_edits.with_count(BOX, "gummy-grunt", 6)
    grunt = box.cards["gummy-grunt"]
    assert grunt.count == 6 and "count" not in grunt.assumed
    assert sum(box.deck("player").values()) == 52
    assert "count" in box.cards["defense-3"].assumed  # the others stay assumed
    assert GAME.box_from_text(box_toml(box), "my box") == box


def test_a_count_that_leaves_an_unplayable_box_is_refused() -> None:
    with pytest.raises(BoxEditRefused, match="0 to 50 copies"):
        box_edits.with_count(BOX, "gummy-grunt", 51)
    box = BOX
    for card in BOX.of_type("defense"):
        box = box_edits.with_count(box, card.id, 0) if card.id != "defense-3" else box
    with pytest.raises(BoxEditRefused, match="at least 3 defense cards"):
        box_edits.with_count(box, "defense-3", 2)


def test_saving_checks_every_count() -> None:
    saved = box_edits.checked(BOX)
    assert all("count" not in c.assumed for c in saved.cards.values())
    assert "name" in saved.cards["defense-3"].assumed  # only counts were reviewed


def test_a_new_monster_joins_its_deck_and_can_be_flipped_by_its_name() -> None:
    new = NewCard("monster", "Pumpkin  Knight", power=7, lane=4, effect="dragon")
    box, card_id = box_edits.with_new_card(BOX, new)
    card = box.cards[card_id]
    assert (card.id, card.name, card.power, card.lane, card.count) == (
        "pumpkin-knight",
        "Pumpkin Knight",
        7,
        4,
        1,
    )
    assert card.assumed == () and "enters the game" in card.text
    game = GAME.with_setup({"box": box_toml(box)})
    state = game.new_initial_state(2, {})
    state.phase = "monsters"
    state.flips_left = 1
    state.setup_player = 1
    assert "flip Pumpkin Knight" in state.legal_action_strings()
    state.apply(Flip(card_id))
    assert state.board.find(0, state.board.at(0, 4, 5)[2]) == (4, 5)  # type: ignore[index]


def test_a_new_card_with_power_x_and_no_effect() -> None:
    box, card_id = box_edits.with_new_card(BOX, NewCard("defense", "Licorice Rope", power=None))
    assert box.cards[card_id].power_text == "X" and box.cards[card_id].effect == ""


@pytest.mark.parametrize(
    ("new", "why"),
    [
        (NewCard("monster", "Dragon", power=3), "already has a card called Dragon"),
        (NewCard("monster", "plain monster 7 (lane 1)", power=3), "letters, digits"),
        (NewCard("monster", "   "), "needs its name"),
        (NewCard("monster", "Ghost at lane 2", power=3), "at lane"),
        (NewCard("monster", "Ghost", power=21), "X or a number from 0 to 20"),
        (NewCard("monster", "Ghost", power=3, lane=5), "lane is 1 to 4"),
        (NewCard("action", "Storm", flips=6), "0 to 5 monsters"),
        (NewCard("trick", "Boo", effect="dragon"), "not one a trick card can have"),
    ],
)
def test_a_new_card_the_game_could_not_play_is_refused_in_a_sentence(
    new: NewCard, why: str
) -> None:
    with pytest.raises(BoxEditRefused, match=why):
        box_edits.with_new_card(BOX, new)


def test_the_effect_list_offers_only_effects_of_the_cards_type_and_none_first() -> None:
    choices = box_edits.effect_choices("trick")
    assert choices[0][0] == "" and {i for i, _ in choices[1:]} == {
        "steal-below-6",
        "swap-lane",
        "swap-row",
        "march",
    }


def test_a_corrected_power_is_checked_and_read_back_from_the_box_file() -> None:
    picket = BOX.cards["defense-3"]
    values = box_edits.as_new_card(picket)
    box = box_edits.with_values(BOX, "defense-3", replace(values, power=5))
    corrected = box.cards["defense-3"]
    assert (corrected.name, corrected.power, corrected.key) == (
        "Peppermint Picket",
        5,
        "Plain Defense 3",
    )
    assert corrected.assumed == ("name", "count")  # the power is checked now
    assert GAME.box_from_text(box_toml(box), "my box") == box
    assert GAME.with_setup({"box": box_toml(box)}).catalogue.cards["defense-3"].power == 5


def test_corrected_lane_flips_and_effect_are_checked_and_the_effect_brings_its_text() -> None:
    monster = next(c for c in BOX.of_type("monster") if "lane" in c.assumed and not c.effect)
    box = box_edits.with_values(
        BOX, monster.id, replace(box_edits.as_new_card(monster), lane=4, effect="dragon")
    )
    corrected = box.cards[monster.id]
    assert (corrected.lane, corrected.effect) == (4, "dragon")
    assert "enters the game" in corrected.text
    assert not {"power", "lane", "effect", "text"} & set(corrected.assumed)
    action = BOX.cards["double-trouble"]
    box = box_edits.with_values(box, action.id, replace(box_edits.as_new_card(action), flips=0))
    assert box.cards[action.id].flips == 0 and "flips" not in box.cards[action.id].assumed
    assert GAME.box_from_text(box_toml(box), "my box") == box


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"power": 21}, "X or a number from 0 to 20"),
        ({"type": "monster"}, "stays a defense card"),
        ({"effect": "dragon"}, "not one a defense card can have"),
    ],
)
def test_a_correction_the_game_could_not_play_is_refused_in_a_sentence(
    change: dict[str, object], why: str
) -> None:
    values = replace(box_edits.as_new_card(BOX.cards["defense-3"]), **change)  # type: ignore[arg-type]
    with pytest.raises(BoxEditRefused, match=why):
        box_edits.with_values(BOX, "defense-3", values)
    assert BOX.cards["defense-3"].power == 3  # the box is unchanged


def test_the_name_on_my_card_is_kept_and_the_old_name_stays_the_key() -> None:
    """My box: the owner types the name printed on their card; action keys go on reading
    the old name, so saved games and recorded replays still play."""
    box = box_edits.with_values(
        BOX, "defense-3", replace(box_edits.as_new_card(BOX.cards["defense-3"]), name="Mint  Fence")
    )
    fence = box.cards["defense-3"]
    assert (fence.name, fence.key, fence.key_name) == (
        "Mint Fence",
        "Plain Defense 3",
        "Plain Defense 3",
    )
    assert "name" not in fence.assumed
    grunt = next(c for c in BOX.cards.values() if c.name == "Gummy Grunt")
    box = box_edits.with_values(
        box, grunt.id, replace(box_edits.as_new_card(grunt), name="Gummy Guard")
    )
    assert (box.cards[grunt.id].name, box.cards[grunt.id].key) == ("Gummy Guard", "Gummy Grunt")
    assert GAME.box_from_text(box_toml(box), "my box") == box
    # back to the old name: no key needed any more
    back = box_edits.with_values(
        box, grunt.id, replace(box_edits.as_new_card(grunt), name="Gummy Grunt")
    )
    assert (back.cards[grunt.id].name, back.cards[grunt.id].key) == ("Gummy Grunt", "")
    with pytest.raises(BoxEditRefused, match="already has a card called Dragon"):
        box_edits.with_values(box, grunt.id, replace(box_edits.as_new_card(grunt), name="Dragon"))
