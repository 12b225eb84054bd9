"""The player's view of Le Petit Poucet, without Kivy: what each step shows and offers."""

from __future__ import annotations

import pytest

from companion.engines.base import IllegalAction
from companion.engines.le_petit_poucet import GAME, OGRE_HOUSE, PoucetState, PoucetTable
from companion.engines.le_petit_poucet.text import OTHER_TREES_GROUP, TAKEN_GROUP
from companion.engines.view import View
from tests.engines.le_petit_poucet.helpers import do, new_game, play_turn, touch_round

NAMES = ["Maia", "Nemo", "Lou"]


def named(players: int = 3, first: int = 0, **options: object) -> PoucetState:
    state = GAME.new_initial_state(players, options)
    assert isinstance(state, PoucetState)
    state.names = NAMES[:players]
    if first is not None:
        do(state, f"P{first + 1} is the first player")
    return state


def table(view: View) -> PoucetTable:
    assert isinstance(view.table, PoucetTable)
    return view.table


def labels(view: View) -> list[str]:
    return [c.label for c in view.choices]


def test_choosing_the_first_player_is_a_chance_entry_with_names() -> None:
    state = GAME.new_initial_state(3)
    state.names = NAMES
    view = state.view()
    assert view.headline == "Who is the first player? One of you is chosen at random."
    assert view.turn is None and view.choices == ()
    assert view.chance is not None and view.chance.what == "The first player, chosen at random"
    assert [c.label for c in view.chance.outcomes] == NAMES
    assert [c.key for c in view.chance.outcomes] == [f"P{i} is the first player" for i in (1, 2, 3)]
    assert all(c.probability == pytest.approx(1 / 3) for c in view.chance.outcomes)
    assert table(view).app_may_draw and table(view).step_title == "Setting up"


def test_step_one_headlines_and_the_touch_round() -> None:
    state = named(first=1)
    view = state.view()
    assert view.headline == "Nemo, draw a tree token from the bag without looking at it."
    assert view.turn == 1 and labels(view) == ["Token drawn"]
    assert table(view).step_title == "Turn 1 - Step 1 of 5: touch the tree"
    do(state, "draw a tree token from the bag")
    view = state.view()
    assert view.headline == (
        "Nemo feels the token while the others count to ten; then Nemo passes it to the left."
    )
    assert labels(view) == ["Passed to Lou"]
    assert [c.key for c in view.choices] == ["P2 passes the token to P3"]
    touch = table(view).touch
    assert touch is not None and touch.holders == (1, 2, 0) and touch.holder_name == "Nemo"
    assert not touch.last
    do(state, "P2 passes the token to P3", "P3 passes the token to P1")
    view = state.view()
    assert labels(view) == ["Token in the box"]
    assert table(view).touch is not None and table(view).touch.last  # type: ignore[union-attr]
    assert table(view).note == "The others count to ten; then Maia puts it in the box."
    do(state, "put the token in the box")
    assert table(state.view()).touch is None


def test_finding_offers_the_cards_and_the_grab() -> None:
    state = named()
    touch_round(state)
    view = state.view()
    assert view.headline == "Maia, turn over the next tree card: which tree is it?"
    assert view.chance is not None and len(view.chance.outcomes) == 25
    oak = view.chance.outcomes[0]
    assert (oak.key, oak.label) == ("reveal the oak (no hole) card", "Oak (no hole)")
    assert oak.hint == {"tree": 0, "card": "oak", "series": "no hole"}
    do(state, "reveal the oak (no hole) card")
    view = state.view()
    assert view.headline == "Who grabbed the oak (no hole) card?"
    assert view.turn == 0  # the first player enters who grabbed it
    assert labels(view) == ["Maia", "Nemo", "Lou", "Nobody: next card"]
    assert view.choice("P2 takes the oak (no hole) card").hint == {"player": 1}


def test_the_less_quick_variant_asks_each_child() -> None:
    state = named(less_quick=True)
    touch_round(state)
    do(state, "reveal the fir (no hole) card")
    view = state.view()
    assert view.headline == "Nemo, do you take the fir (no hole) card?"
    assert view.turn == 1 and labels(view) == ["Take it", "Leave it"]
    assert [c.key for c in view.choices] == [
        "P2 takes the fir (no hole) card",
        "P2 leaves the fir (no hole) card",
    ]
    assert table(view).step_title.endswith("find the tree (less quick)")


def test_votes_offer_the_card_holders_and_mark_yourself() -> None:
    state = named()
    touch_round(state)
    do(state, "reveal the oak (no hole) card", "P1 takes the oak (no hole) card")
    do(state, "reveal the fir (no hole) card", "P3 takes the fir (no hole) card")
    do(state, "reveal the birch (no hole) card", "nobody takes the birch (no hole) card")
    while state.phase == "reveal":
        label = state.tree_label(state.unrevealed()[0])
        do(state, f"reveal the {label} card", f"nobody takes the {label} card")
    view = state.view()
    assert view.headline == "Maia, your secret pebble vote: who found the matching tree?"
    assert labels(view) == ["Maia (you)", "Lou"]
    assert table(view).cards_taken == (("Maia", "oak (no hole)"), ("Lou", "fir (no hole)"))
    do(state, "P1 votes for P3")
    assert labels(state.view()) == ["Maia", "Lou"]  # Nemo holds no card: not a choice
    assert table(state.view()).secret_choices


def test_the_check_lists_the_cards_taken_first_and_no_app_draw() -> None:
    state = named()
    play_turn(state, grabs={1: "fir"}, votes={0: 1, 1: 1, 2: 1}, token="fir")
    touch_round(state)
    do(state, "reveal the birch (no hole) card", "P3 takes the birch (no hole) card")
    while state.phase == "reveal":
        label = state.tree_label(state.unrevealed()[0])
        do(state, f"reveal the {label} card", f"nobody takes the {label} card")
    for voter in (1, 2, 0):  # Nemo found last turn's tree, so Nemo is first
        do(state, f"P{voter + 1} votes for P3")
    view = state.view()
    assert view.headline == "Nemo, take the token out of the box: which tree is it?"
    assert view.chance is not None and not table(view).app_may_draw
    first = view.chance.outcomes[0]
    assert (first.label, first.group) == ("Birch (no hole): Lou's card", TAKEN_GROUP)
    assert {c.group for c in view.chance.outcomes[1:]} == {OTHER_TREES_GROUP}
    assert len(view.chance.outcomes) == 24  # the fir was set aside last turn
    assert "the token is the fir (no hole)" not in {c.key for c in view.chance.outcomes}


def test_the_log_tells_each_step_in_names() -> None:
    state = named()
    play_turn(state, grabs={0: "oak", 2: "fir"}, votes={0: 0, 1: 0, 2: 2}, token="oak")
    lines = [line.text for line in state.log]
    assert lines[:6] == [
        "Maia is the first player.",
        "Maia draws a tree token from the bag.",
        "Maia passes the token to Nemo.",
        "Nemo passes the token to Lou.",
        "Lou puts the token in the box.",
        "The oak (no hole) card turns up.",
    ]
    assert "Maia takes the oak (no hole) card." in lines
    assert "Nobody takes the birch (no hole) card." in lines
    assert lines[-1] == (
        "The token was the oak (no hole). Maia found it. Advance: Maia +2, Nemo +1. "
        "The Ogre's first boot lands on the Ogre's house."
    )
    assert {line.round for line in state.log} == {1}
    assert state.log[1].player == 0 and state.log[3].player == 1
    touch_round(state)
    assert state.log[-1].round == 2


def test_the_report_of_the_last_turn_and_the_path() -> None:
    state = named()
    play_turn(state, grabs={0: "oak"}, votes={0: 0, 1: 0, 2: 0}, token="oak")
    view = state.view()
    report = table(view).last_turn
    assert report is not None and report.heading == "Turn 1"
    assert report.lines[1:] == (
        "Maia found it.",
        "Advance: Maia +2, Nemo +1, Lou +1.",
        "The Ogre's first boot lands on the Ogre's house.",
    )
    assert report.eaten == ""
    pawns = table(view).pawns
    assert [(p.name, p.colour, p.place, p.eaten) for p in pawns] == [
        ("Maia", "red", 2, False),
        ("Nemo", "blue", 1, False),
        ("Lou", "green", 1, False),
    ]
    assert table(view).boots == (OGRE_HOUSE, -2) and table(view).cottage == 11
    assert table(view).first_player == 0 and table(view).tokens_left == 24


def test_the_ogre_eats_and_the_end_is_told() -> None:
    state = named(players=2, first=0)
    for token in ("oak", "fir", "birch"):  # nobody ever finds: both are eaten in turn 3
        play_turn(state, grabs={}, votes={}, token=token)
    view = state.view()
    assert view.end is not None and view.end.winners == ()
    assert view.end.reason == (
        "The Ogre ate all the remaining children in a single turn: everyone loses."
    )
    assert view.headline == view.end.reason and view.turn is None and view.choices == ()
    assert "Eaten: Maia and Nemo!" in view.log[-1].text
    assert [p.place for p in table(view).pawns] == [OGRE_HOUSE, OGRE_HOUSE]
    assert table(view).last_turn is not None and table(view).last_turn.eaten == (
        "Eaten: Maia and Nemo!"
    )


def test_a_winner_at_the_cottage() -> None:
    state = new_game(2)
    state.names = ["Maia", "Nemo"]
    state.positions = [10, 10]  # a long game, shortened
    play_turn(state, grabs={1: "oak"}, votes={0: 1, 1: 1}, token="oak")
    view = state.view()
    assert view.end is not None and view.end.winners == (1,)
    assert view.end.reason == "Nemo found the tree and reached the parents' cottage."


def test_nothing_is_private() -> None:
    """The token is felt, never seen, and every card taken lies face up: no viewer has
    anything the others may not see."""
    state = named()
    touch_round(state)
    for viewer in (None, 0, 1, 2):
        assert state.view(viewer).private is None
        assert state.view(viewer) == state.view()


def test_keys_are_read_without_the_position() -> None:
    state = named()
    assert state.key_to_action("P3 votes for P2") == ("vote", 1)  # not legal now
    with pytest.raises(IllegalAction, match="(?i)not now"):
        state.apply(state.key_to_action("P3 votes for P2"))
    assert state.key_to_action("reveal the oak (1 hole) card") == ("reveal", 5)
    with pytest.raises(IllegalAction, match="no move called"):
        state.key_to_action("reveal the pine card")
    do(state, "draw a tree token from the bag")
    # The pass is legal, but this key names the wrong holder: refused, saying who holds it.
    with pytest.raises(IllegalAction, match="It is Maia's move, not Nemo's"):
        state.key_to_action("P2 passes the token to P3")
    assert state.key_to_action("P1 passes the token to P2") == ("pass",)


def test_the_table_lists_the_trees_in_play_by_series_with_their_holes() -> None:
    state = named(removed_series="vertical")
    rows = table(state.view()).series
    assert [r.title for r in rows] == ["no hole", "1 hole", "2 horizontal holes", "3 holes"]
    assert [t.name for t in rows[0].options] == ["oak", "fir", "birch", "willow", "apple"]
    assert rows[0].holes == () and len(rows[1].holes) == 1 and len(rows[3].holes) == 3
    horizontal = rows[2].holes
    assert {y for _, y in horizontal} == {0.5} and len(horizontal) == 2
    assert rows[2].options[0].label == "Oak (2 horizontal holes)"


def test_holes_of_a_series_an_owner_added_come_from_its_name() -> None:
    from companion.engines.le_petit_poucet.holes import holes

    assert len(holes("four", "4 holes")) == 4
    assert {x for x, _ in holes("tall", "2 vertical holes, tall")} == {0.5}
    assert holes("smooth", "smooth bark") == ()


def test_the_card_on_top_and_the_holders_are_in_the_table() -> None:
    state = named()
    touch_round(state)
    assert table(state.view()).top_card is None
    tree = state.unrevealed()[0]
    state.apply(("reveal", tree))
    assert table(state.view()).top_card == tree
    state.apply(("grab", 1))
    assert (tree, 1) in table(state.view()).holders


def test_the_table_says_where_the_ogre_strides_next() -> None:
    state = named()
    assert table(state.view()).ogre == "At the end of this turn the Ogre puts on his first boot."
    for token in (0, 1):  # nobody finds the tree: nobody moves
        touch_round(state)
        while state.phase == "reveal":
            state.apply(("reveal", state.unrevealed()[0]))
            state.apply(("leave",))
        state.apply(("token", token))
    assert table(state.view()).ogre == (
        "The Ogre's next stride lands on the starting space, where Maia, Nemo and Lou stand!"
    )
