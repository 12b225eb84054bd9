"""The Gingerdead House presenter, without Kivy: headlines, choices, the chance entry,
the public log, the hidden hand, the table picture and the end."""

from __future__ import annotations

import json
import random

import pytest

from companion.engines.base import CHANCE, IllegalAction, sample_chance
from companion.engines.gingerdead_house import GAME, GingerdeadState, GingerdeadTable
from companion.engines.gingerdead_house.actions import Draw, Flip, Reveal
from companion.engines.gingerdead_house.cards import HAND_SIZE
from companion.engines.view import View
from tests.engines.gingerdead_house.helpers import TEST_GAME, act, scenario
from tests.engines.view_checks import check_view

NAMES = ["Ann", "Bo", "Cy", "Di"]


def named(state: GingerdeadState) -> GingerdeadState:
    state.names = NAMES[: state.num_players]
    return state


def table_of(view: View) -> GingerdeadTable:
    assert isinstance(view.table, GingerdeadTable)
    return view.table


def choice(view: View, label: str):  # type: ignore[no-untyped-def]
    return next(c for c in view.choices if c.label == label)


# -- headlines and choices ---------------------------------------------------------------
def test_setup_asks_the_first_player_to_search_their_deck() -> None:
    state = named(GAME.new_initial_state(2))
    view = state.view()
    assert view.headline == "Ann: search the deck for a defense"
    assert view.turn is None and view.choices == ()
    assert view.chance is not None and view.chance.what == "Ann searches their deck for a defense"
    assert view.log == ()  # nothing has happened yet


def test_a_player_step_offers_each_move_with_its_tile_and_card() -> None:
    state = named(
        scenario(layout={(0, 2, 3): "m4-2", (1, 1, 1): "wall-2"}, hands={0: ["grunt", "steal"]})
    )
    view = state.view()
    assert view.headline == "Ann: play defenses, tricks and abilities, then end the step"
    assert view.turn == 0
    place = choice(view, "Place Gummy Grunt at lane 1 row 3")
    assert place.key == "place Gummy Grunt at lane 1 row 3"
    assert place.group == "Place a defense"
    assert place.hint == {"move": "place", "card": "grunt", "tile": (0, 1, 3)}
    steal = choice(
        view, "Play Let's Be Friends... Not!: steal Wall 2 at lane 1 row 1 of Bo's field"
    )
    assert steal.key.endswith("of player 2's field")  # the key keeps its version-1 text
    assert steal.hint == {"move": "trick", "card": "steal", "tile": (1, 1, 1)}
    end = choice(view, "End the player step")
    assert end.group == "" and end.hint == {"move": "end"}


def test_an_ability_names_its_defense_and_only_single_targets_have_a_tile() -> None:
    state = scenario(
        layout={
            (0, 2, 1): "gatling",
            (0, 2, 3): "m4-2",
            (0, 1, 3): "grunt",
            (0, 4, 3): "m6-3",
        }
    )
    view = state.view()
    volleys = [c for c in view.choices if c.hint.get("from") == (0, 2, 1)]
    assert volleys and all("tile" not in c.hint for c in volleys)  # a volley is a button
    shots = [c for c in view.choices if c.hint.get("from") == (0, 1, 3)]
    assert [c.hint["tile"] for c in shots] == [(0, 2, 3)]
    assert shots[0].group == "Use an ability"


def test_the_trick_window_headline_names_whose_turn_it_is() -> None:
    state = named(scenario(phase="action", hands={1: ["march"]}, layout={(0, 1, 3): "m4-1"}))
    state.apply(Flip("open-window"))
    state.apply(Flip("m6-3"))
    assert state.view().headline == "Bo: play tricks on Ann's turn, or pass"
    assert choice(state.view(), "Pass (no more tricks)").hint == {"move": "pass"}


# -- chance ------------------------------------------------------------------------------
def test_a_monster_flip_lists_each_card_with_its_odds_and_the_table_may_enter_it() -> None:
    state = named(scenario(phase="monsters"))
    state.flips_left = 2
    view = state.view()
    assert view.headline == "Ann: flip a monster (2 to go)"
    assert view.chance is not None
    outcomes = {c.key: c for c in view.chance.outcomes}
    assert sum(c.probability or 0 for c in outcomes.values()) == pytest.approx(1.0)
    dragon = outcomes["flip Dragon"]
    assert dragon.label == "Dragon" and dragon.hint["card"] == "dragon"
    # the flip grid's place: named cards by name, plain ones by power and lane
    assert dragon.hint == {
        "move": "flip",
        "card": "dragon",
        "named": True,
        "power": "10",
        "lane": 2,
        "flips": 0,
        "deck": "monster",
    }
    goblin = outcomes["flip Goblin"]
    assert not goblin.hint["named"] and (goblin.hint["power"], goblin.hint["lane"]) == ("4", 1)
    table = table_of(view)
    assert table.table_may_enter and table.app_may_draw


def test_a_digital_deck_is_dealt_by_the_app_alone() -> None:
    state = scenario(phase="draw")
    assert state.current_player() == CHANCE
    table = table_of(state.view())
    assert table.app_may_draw and not table.table_may_enter


def test_a_table_deck_is_drawn_by_the_players_alone() -> None:
    state = scenario(phase="draw", options={"player_decks": "table"})
    view = state.view()
    assert view.chance is not None
    assert [(c.key, c.label, c.probability) for c in view.chance.outcomes] == [
        ("draw a card", "A card", 1.0)
    ]
    table = table_of(view)
    assert table.table_may_enter and not table.app_may_draw


# -- the public log ----------------------------------------------------------------------
def test_the_log_names_the_players_and_never_the_card_drawn() -> None:
    state = named(scenario(layout={(0, 2, 3): "m4-2", (0, 2, 2): "wall-6"}))
    act(state, "end the player step")
    texts = [line.text for line in state.view().log]
    assert texts[:2] == ["Ann's monsters move", "Wall 6 destroys Troll in lane 2"]
    state.apply(Draw("grunt"))
    assert state.view().log[-1].text == "Ann draws a card"
    assert state.view().log[-1].player == 0
    assert not any("Gummy Grunt" in line.text for line in state.view().log)
    assert "draws Gummy Grunt" in state.secrets()


def test_log_lines_carry_their_round() -> None:
    state = named(scenario(layout={(0, 2, 3): "m4-2"}))
    state.round = 3
    act(state, "end the player step")
    assert {line.round for line in state.log} == {3}


def test_a_clone_keeps_its_own_log() -> None:
    state = scenario()
    twin = state.clone()
    act(twin, "end the player step")
    assert state.log == [] and twin.log


# -- the hidden hand ---------------------------------------------------------------------
def test_a_digital_hand_is_shown_only_to_its_owner() -> None:
    state = named(scenario(hands={0: ["grunt", "grunt", "steal"], 1: ["wall-9"]}))
    assert state.view().private is None
    mine = state.view(viewer=0).private
    assert mine is not None and mine.player == 0 and mine.heading == "Ann's hand"
    assert [(i.label, i.hint["card"]) for i in mine.items] == [
        ("Gummy Grunt x2", "grunt"),
        ("Let's Be Friends... Not!", "steal"),
    ]
    theirs = state.view(viewer=1).private
    assert theirs is not None and [i.label for i in theirs.items] == ["Wall 9"]
    table = table_of(state.view())
    assert table.hand_owner == 0 and table.hand_secret and table.pickable == ()
    assert "Wall 9" not in json.dumps(state.view().to_json())


def test_a_table_deck_hand_is_unknown_so_every_card_it_may_hold_is_offered_openly() -> None:
    state = scenario(options={"player_decks": "table"}, hands={0: ["", ""]})
    assert state.view(viewer=0).private is None
    table = table_of(state.view())
    assert not table.hand_secret
    assert "Gummy Grunt" in [i.label for i in table.pickable]


def test_setup_offers_the_revealed_defenses_openly() -> None:
    state = GAME.new_initial_state(2)
    state.apply(Reveal("gummy-grunt"))
    table = table_of(state.view())
    assert not table.hand_secret
    assert [(i.label, i.hint["card"]) for i in table.pickable] == [("Gummy Grunt", "gummy-grunt")]
    assert table.focus == 0


# -- the table picture -------------------------------------------------------------------
def test_the_table_shows_each_field_row_5_first_and_whose_card_is_where() -> None:
    state = named(
        scenario(layout={(0, 2, 5): "dragon", (0, 1, 1): "wall-6", (0, 3, 1): "wizard@1"})
    )
    table = table_of(state.view())
    field = table.fields[0]
    assert field.label == "Ann" and field.alive
    assert [(t.lane, t.row) for t in field.tiles[:4]] == [(1, 5), (2, 5), (3, 5), (4, 5)]
    assert field.tile(2, 5).kind == "monster" and field.tile(2, 5).text == "Dragon\n10"
    assert field.tile(1, 1).kind == "defense" and field.tile(1, 1).power == "6"
    assert field.tile(3, 1).kind == "guest"  # Bo's Wizard of What on Ann's field
    assert field.tile(4, 4).kind == "empty" and field.tile(4, 4).text == ""
    assert table.status == "Round 1 - action: Action 1 - hands: Ann 0, Bo 0"


def test_a_fallen_house_is_labelled_and_a_raise_focuses_the_opponents_field() -> None:
    state = named(scenario(players=3, layout={(0, 1, 4): "zombie", (0, 1, 3): "wall-9"}))
    state.board.alive[2] = False
    act(state, "end the player step")
    view = state.view()
    assert view.headline == "Ann: raise Zombie in row 5 of an opponent's field"
    assert table_of(view).fields[2].label == "Cy (fallen)"
    assert table_of(view).focus == 1
    assert {c.hint["tile"] for c in view.choices} == {(1, lane, 5) for lane in range(1, 5)}


# -- the end -----------------------------------------------------------------------------
def test_the_end_names_the_winner_and_why() -> None:
    state = named(scenario(layout={(0, 3, 1): "m6-3"}))
    act(state, "end the player step")
    view = state.view()
    assert view.end is not None and view.end.winners == (1,)
    assert view.end.reason == "Bo has the last house standing."
    assert table_of(view).focus == 1  # the winner's house is shown, not the fallen one
    assert view.end.scores is None
    assert view.headline == "Bo wins! Bo has the last house standing."
    assert view.choices == () and view.turn is None


def test_monster_hunter_ends_with_the_points_as_scores() -> None:
    state = named(
        scenario(options={"mode": "monster-hunter"}, layout={(1, 2, 1): "m4-2"}, active=1)
    )
    state.board.trophies[0] = ["m6-3"]
    state.board.alive[0] = False
    act(state, "end the player step")
    end = state.view().end
    assert end is not None and end.winners == (0,)
    assert end.scores == (6.0, 0.0) and end.score_name == "Monster Hunter points"
    assert end.reason == "Every house has fallen."


# -- keys --------------------------------------------------------------------------------
def test_a_well_formed_illegal_key_gets_the_engines_own_reason() -> None:
    state = named(scenario(hands={0: ["wall-2"]}))
    with pytest.raises(IllegalAction, match="Ann has no Wall 9 to play"):
        state.apply(state.key_to_action("place Wall 9 at lane 1 row 1"))
    with pytest.raises(IllegalAction, match="nothing is drawn or flipped now: it is Ann's"):
        state.apply(state.key_to_action("flip Dragon"))
    with pytest.raises(IllegalAction, match="there is no card 'Drgon'"):
        state.key_to_action("flip Drgon")
    with pytest.raises(IllegalAction, match="is not a Gingerdead House move"):
        state.key_to_action("dance")


def test_a_card_from_the_wrong_deck_is_refused_saying_what_the_table_is_doing() -> None:
    state = named(GAME.new_initial_state(2))
    with pytest.raises(IllegalAction, match="Ann is searching their deck for a defense"):
        state.apply(state.key_to_action("flip Dragon"))
    flips = named(scenario(phase="action"))
    with pytest.raises(IllegalAction, match="Ann is flipping the action card"):
        flips.apply(flips.key_to_action("flip Troll"))
    flips.apply(Flip("act-1"))
    flips.board.monster_pile.pop("dragon")
    with pytest.raises(IllegalAction, match="Dragon cannot be flipped now: none is left"):
        flips.apply(flips.key_to_action("flip Dragon"))


def test_every_legal_key_reads_back_as_its_action() -> None:
    state = scenario(
        layout={(0, 2, 3): "m4-2", (0, 1, 3): "grunt", (1, 1, 1): "wall-6"},
        hands={0: ["steal", "wall-9", "march"]},
    )
    for action in state.legal_actions():
        assert state.key_to_action(state.action_to_string(action)) == action


# -- spoilers over seeded playouts -------------------------------------------------------
def _shared(state: GingerdeadState) -> dict:  # type: ignore[type-arg]
    """The shared view as JSON, without the odds of the next draw (they follow the
    drawer's own deck, which the table could count as well)."""
    data = state.view().to_json()
    if data["chance"] is not None:
        data["chance"] = data["chance"]["what"]
    return data


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1])
def test_nothing_shared_tells_which_card_was_drawn_into_a_hand(players: int, seed: int) -> None:
    """At every draw, the shared view after it is the same whichever card was drawn; and
    no shared view of the playout shows a secret."""
    rng = random.Random(seed)
    state = named(TEST_GAME.new_initial_state(players, seed=seed))
    draws = 0
    for _ in range(1500):
        if state.is_terminal():
            break
        check_view(state)
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            if isinstance(outcomes[0], Draw) and len(outcomes) > 1:
                first, other = outcomes[0], outcomes[-1]
                assert _shared(state.child(first)) == _shared(state.child(other))
                draws += 1
            state.apply(sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert draws >= players * HAND_SIZE


def test_a_refill_is_one_log_line_that_never_names_the_cards() -> None:
    """ "Draw cards until you have five cards in your hand." The public log says the
    refill once ("Ann draws 3 cards"), never card by card; the next refill starts anew."""
    state = named(scenario(phase="draw", hands={0: ["grunt", "wall-2"]}))
    for card in ("grunt", "wall-6", "grunt"):
        state.apply(Draw(card))
    draws = [line.text for line in state.view().log if "draws" in line.text]
    assert draws == ["Ann draws 3 cards"]
    assert state.board.cards[0].hand_size == HAND_SIZE
    assert not any("Gummy Grunt" in line.text for line in state.view().log)


def test_a_refill_from_a_nearly_empty_deck_promises_only_the_cards_left() -> None:
    """Near the end of a long game the draw pile and the discard pile may hold fewer
    cards than the hand lacks: the refill asks for the cards that are there."""
    state = named(scenario(phase="draw", hands={0: ["grunt", "wall-2"]}))
    cards = state.board.cards[0]
    cards.pile = {"grunt": 1}
    cards.pile_size = 1
    cards.discard = {"wall-6": 1}
    entry = state.view().chance
    assert entry is not None
    assert entry.what == "Ann draws 2 cards"
    assert all(outcome.hint["to_go"] == 2 for outcome in entry.outcomes)
