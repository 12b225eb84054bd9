"""The presenter (no Kivy): headlines, labels, the chance entry, the public log, the
private hand, the ending, the board picture and the spoiler property."""

from __future__ import annotations

import json
import math
import random
import re

import pytest

from companion.engines.base import IllegalAction, sample_chance
from companion.engines.little_dead_riding_hood import GAME, LdrhTable
from companion.engines.little_dead_riding_hood.actions import Place, parse_key
from companion.engines.little_dead_riding_hood.components import CARD_KEYS, card_title
from companion.engines.little_dead_riding_hood.state import LdrhState
from tests.engines.little_dead_riding_hood.scenario import (
    card_turn,
    column,
    give,
    lay,
    new_game,
    play,
    set_bullets,
    task,
)
from tests.engines.view_checks import check_view

NAMES = ["Anna", "Ben", "Cleo"]
TITLES = {card_title(k): k for k in CARD_KEYS}


def named(state: LdrhState) -> LdrhState:
    state.names = NAMES[: state.num_players]
    return state


def log_texts(state: LdrhState) -> list[str]:
    return [line.text for line in state.log]


def test_the_deal_is_a_draw_for_each_player_and_never_named_in_the_log() -> None:
    state = named(GAME.new_initial_state(2))
    view = state.view()
    assert view.headline == "Anna draws an event card."
    assert view.turn is None and view.choices == ()
    assert view.chance is not None and view.chance.what == "An event card for Anna."
    assert math.isclose(sum(c.probability or 0 for c in view.chance.outcomes), 1.0)
    outcome = view.chance.outcomes[0]
    assert outcome.key.startswith("draw ") and outcome.label == outcome.key[len("draw ") :]
    for key in ["wolf:3", "wolf:2", "once-upon-a-time:1", "cake-and-wine:1"]:
        state.apply(parse_key(f"draw {card_title(key)}"))
    assert log_texts(state) == ["Anna draws a card."] * 3 + ["Ben draws a card."]
    assert all(line.player in (0, 1) for line in state.log)


def test_the_private_hand_is_only_for_its_owner() -> None:
    state = named(new_game(2, hands=[["wolf:3", "cake-and-wine:1"], ["big-hands:2"]]))
    assert state.view().private is None
    mine = state.view(0).private
    assert mine is not None and mine.player == 0 and mine.heading == "Anna's hand"
    assert [item.label for item in mine.items] == ["Cake and Wine (1)", "Wolf!!! (3)"]
    assert mine.items[1].hint == {"card": "wolf:3"}
    theirs = state.view(1).private
    assert theirs is not None and [i.label for i in theirs.items] == [
        "My...What Big Hands You Have? (2)"
    ]
    assert state.view(7).private is None


def test_helper_choices_have_labels_groups_and_hints() -> None:
    state = named(new_game(2))
    view = state.view()
    assert view.headline == "Anna chooses a helper."
    assert view.turn == 0
    assert [c.label for c in view.choices][:2] == ["The Prince", "The Wicked Queen"]
    prince = view.choice("choose the Prince")
    assert prince.group == "Helpers" and prince.hint == {"helper": "prince"}
    play(state, "choose the Prince")
    assert log_texts(state)[-1] == "Anna chooses the Prince."
    assert state.view().table.status == "Round 1 - Helpers"


def test_board_moves_are_labelled_by_row_and_lane_and_hinted_by_cell() -> None:
    state = named(new_game(2))
    task(state, "helpers", type="place", player=1, tile="path-wolf")
    view = state.view()
    assert view.headline == "Ben places the path piece with a wolf they drew."
    labels = {c.key: c.label for c in view.choices}
    assert labels["place the tile at row 1 col 2"] == "Put it on row 1 of Anna's lane"
    assert labels["place the tile at row 1 col 4"] == "Put it on row 1 of Ben's lane"
    assert view.choice("place the tile at row 1 col 2").hint == {"cell": (0, 1)}
    assert view.choice("place the tile at row 1 col 2").group == "On the board"
    table = view.table
    assert isinstance(table, LdrhTable)
    assert table.tap_keys((0, 1)) == ("place the tile at row 1 col 2",)
    state.apply(Place((0, 3)))
    assert log_texts(state)[-1] == "Ben puts the path piece with a wolf on row 1 of Ben's lane."
    assert (0, 3) in state.view().table.wolves


def test_spaces_off_the_lanes_are_named_by_their_neighbours() -> None:
    state = named(new_game(3))
    lay(state, {(0, 1): "path-plain", (1, 1): "path-plain", (1, 2): "path-plain"})
    lay(state, {(1, 0): "path-plain", (1, 6): "path-plain", (0, 5): "path-plain"})
    lay(state, {(1, 5): "path-plain"})
    task(state, "helpers", type="queen", player=0, moved=0, source=[1, 1])
    labels = {c.key: c.label for c in state.view().choices}
    assert labels["Wicked Queen: put the wolf at row 2 col 3"] == (
        "Put the zombie wolf on row 2 between Anna's and Ben's lanes"
    )
    assert labels["Wicked Queen: put the wolf at row 2 col 1"] == (
        "Put the zombie wolf on row 2, left of Anna's lane"
    )
    assert labels["Wicked Queen: put the wolf at row 2 col 7"] == (
        "Put the zombie wolf on row 2, right of Cleo's lane"
    )


def test_a_card_turn_names_the_card_played_and_shows_where_the_pawn_can_go() -> None:
    state = named(new_game(2, hands=[["wolf:3"], []]))
    lay(state, column(state, 0, 4))
    card_turn(state, 0)
    view = state.view()
    assert view.choice("move with Wolf!!! (3)").label == "Move up to 3 with Wolf!!! (3)"
    assert view.choice("move with Wolf!!! (3)").hint == {"card": "wolf:3", "movement": 3}
    assert view.choice("play Wolf!!! (3): player 2 skips their next turn").label == (
        "Play Wolf!!! (3): Ben skips their next turn"
    )
    assert view.table.reach == {(0, 1), (1, 1), (2, 1)}
    play(state, "move with Wolf!!! (3)")
    assert log_texts(state)[-1] == "Anna plays Wolf!!! (3) to move up to 3 spaces."
    assert state.view().headline == "Anna moves: 3 spaces left."
    play(state, "step to row 1 col 2")
    assert log_texts(state)[-1] == "Anna steps to row 1 of Anna's lane."


def test_a_combat_draw_shows_the_bag_and_its_odds() -> None:
    state = named(new_game(2, hands=[[], []]))
    lay(state, column(state, 0, 2), wolves=[(1, 1)])
    state.pawns[0] = (1, 1)
    set_bullets(state, 0, 3)
    task(state, "combat", type="combat", player=0, back_to=None, stage="commit", bullets=0, bag=0)
    assert state.view().headline == "Anna fights the zombie wolf: how many bullets?"
    play(state, "fight with 2 bullets")
    view = state.view()
    assert view.headline == "Anna draws from the combat bag."
    assert view.chance is not None
    assert view.chance.what == "A token from the combat bag (1 wolf and 2 bullets) for Anna."
    odds = {c.label: c.probability for c in view.chance.outcomes}
    assert odds == pytest.approx({"A bullet": 2 / 3, "The wolf": 1 / 3})
    assert view.table.bag is not None and view.table.bag.bullets == 2
    assert view.table.bag.summary == "1 wolf and 2 bullets in the bag: 67% to kill the wolf"
    play(state, "draw a bullet from the bag")
    assert log_texts(state)[-3:] == [
        "Anna fights the zombie wolf with 2 bullets.",
        "Anna draws a bullet from the bag and kills the zombie wolf.",
        "Round 2 begins; Ben holds the starting marker.",
    ]
    assert [line.round for line in state.log[-3:]] == [1, 1, 2]


def test_the_ending_names_the_winner_in_one_sentence() -> None:
    state = named(new_game(2))
    lay(state, column(state, 1, 10))
    state.pawns[1] = (7, 3)
    give(state, 1, ["wolf:3"])
    card_turn(state, 1)
    play(state, "move with Wolf!!! (3)", "step to row 9 col 4", "step to row 10 col 4")
    view = state.view()
    assert view.end is not None and view.end.winners == (1,)
    assert view.end.reason == "Ben reached Grandma's house!"
    assert view.headline == view.end.reason and view.choices == () and view.turn is None
    assert log_texts(state)[-1] == "Ben reached Grandma's house!"


def test_a_stalled_game_says_why_with_names() -> None:
    state = named(new_game(2, hands=[[], []], max_rounds=5))
    lay(state, column(state, 1, 3))
    state.pawns[1] = (2, 3)
    for _ in range(5):
        play(state, "choose The Youngest Brother", "choose the Wicked Queen")
    assert state.view().end is not None
    assert state.view().end.reason == (  # type: ignore[union-attr]
        "The round limit (5) was reached; Ben got furthest into the woods."
    )


def test_secrets_are_the_hands_nothing_public_names() -> None:
    state = named(new_game(2, hands=[["wolf:3"], ["big-hands:2"]]))
    card_turn(state, 1)
    secrets = state.secrets()
    assert secrets == ["Wolf!!! (3)"]  # Ben's own card is on his buttons
    dumped = json.dumps(state.view().to_json(), ensure_ascii=False)
    assert "Wolf!!! (3)" not in dumped
    assert GAME.new_initial_state(2, {"event_cards": "table"}).secrets() == []


def test_a_well_formed_illegal_key_gets_the_engines_reason() -> None:
    state = named(new_game(2))
    action = state.key_to_action("place the tile at row 1 col 2")
    assert action == ("place", 0, 1)
    with pytest.raises(IllegalAction, match="is not possible now: Anna chooses a helper"):
        state.apply(action)
    with pytest.raises(IllegalAction, match="no move of Little Dead Riding Hood"):
        state.key_to_action("dance a jig")


# -- the spoiler property -----------------------------------------------------------------------
CARD_NAMES = re.compile("|".join(re.escape(t) for t in sorted(TITLES, key=len, reverse=True)))


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (2, 11, {}),
        (3, 12, {}),
        (5, 13, {}),
        (4, 14, {"reshuffle_discards": True}),
        (3, 15, {"event_cards": "table"}),
        (2, 16, {"event_cards": "table", "fairest_window": "table"}),
    ],
)
def test_no_log_line_or_shared_view_names_a_card_before_it_is_revealed(
    players: int, seed: int, options: dict[str, object]
) -> None:
    rng = random.Random(seed)
    state = GAME.new_initial_state(players, options, seed=seed)
    assert isinstance(state, LdrhState)
    shown = 0
    while not state.is_terminal():
        check_view(state)  # no secret (a hand card nothing public names) in the shared view
        state.apply(
            sample_chance(state, rng)
            if state.is_chance_node()
            else rng.choice(state.legal_actions())
        )
        for line in state.log[shown:]:
            for title in CARD_NAMES.findall(line.text):
                # a card is named only as it is played or discarded, and is face up then
                assert re.search(r"\b(plays|discards)\b", line.text), line.text
                assert TITLES[title] in state.revealed, line.text
        shown = len(state.log)
    assert state.view().end is not None
