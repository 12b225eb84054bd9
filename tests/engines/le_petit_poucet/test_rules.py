"""Le Petit Poucet rule scenarios, most straight from the rulebook's own examples."""

from __future__ import annotations

import pytest

from companion.engines.base import CHANCE, IllegalAction
from companion.engines.le_petit_poucet import ogre
from tests.engines.le_petit_poucet.helpers import (
    asked_and_left,
    do,
    new_game,
    play_turn,
    position_at,
    small_box,
    touch_round,
    tree,
)

MAIA, NEMO = 0, 1  # red and blue in the rulebook's example


def test_maia_and_nemo_example() -> None:
    """Maia found the matching card and voted for herself: 2 spaces.  Nemo voted for
    Maia: 1 space.  The others voted for a wrong card: they stay."""
    state = new_game(5, first=MAIA)
    report = play_turn(
        state,
        grabs={MAIA: "oak", 2: "fir", 3: "birch"},
        votes={MAIA: MAIA, NEMO: MAIA, 2: 2, 3: 2, 4: 3},
        token="oak",
    )
    assert report["finder"] == MAIA
    assert report["moved"] == [2, 1, 0, 0, 0]
    assert state.positions == [2, 1, 0, 0, 0]
    assert state.box.colours[MAIA] == "red" and state.box.colours[NEMO] == "blue"


def test_a_finder_who_votes_for_someone_else_advances_one() -> None:
    state = new_game(3)
    report = play_turn(state, grabs={0: "oak", 1: "fir"}, votes={0: 1, 1: 1, 2: 0}, token="oak")
    assert report["moved"] == [1, 0, 1]


def test_nobody_advances_when_no_taken_card_matches() -> None:
    state = new_game(3)
    report = play_turn(state, grabs={0: "oak", 1: "fir"}, votes={0: 0, 1: 1, 2: 0}, token="birch")
    assert report["finder"] is None
    assert state.positions == [0, 0, 0]
    assert tree(state, "birch") == state.tree_label(state.set_aside[0])


def test_the_token_goes_round_the_table_from_the_first_player() -> None:
    state = new_game(4, first=2)
    do(state, "draw a tree token from the bag")
    holders = []
    while state.phase == "touch":
        holders.append(state.current_player())
        state.apply(state.legal_actions()[0])
    assert holders == [2, 3, 0, 1]
    assert state.phase == "reveal" and state.current_player() == CHANCE
    assert state.action_to_string(("reveal", 0)) == "reveal the oak (no hole) card"


def test_each_child_takes_only_one_card() -> None:
    state = new_game(3)
    touch_round(state)
    do(state, "reveal the oak (no hole) card", "P2 takes the oak (no hole) card")
    do(state, "reveal the fir (no hole) card")
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="already has a tree card"):
        state.apply(("grab", 1))
    assert state.to_dict() == before
    assert ("grab", 1) not in state.legal_actions()


def test_finding_ends_when_everyone_has_a_card() -> None:
    state = new_game(2)
    touch_round(state)
    do(state, "reveal the oak (no hole) card", "P1 takes the oak (no hole) card")
    do(state, "reveal the fir (no hole) card", "P2 takes the fir (no hole) card")
    assert state.phase == "vote"
    assert len(state.unrevealed()) == 23


def test_finding_ends_when_the_deck_is_turned_over_and_nobody_votes_without_cards() -> None:
    state = new_game(2, box=small_box(trees=3))
    touch_round(state)
    for name in ("tree0", "tree1", "tree2"):
        do(state, f"reveal the {name} (series 0) card", f"nobody takes the {name} (series 0) card")
    assert state.phase == "check"  # no card holder: there is nobody to vote for
    do(state, "the token is the tree1 (series 0)")
    assert state.positions == [0, 0]


def test_votes_name_card_holders_only() -> None:
    state = new_game(3)
    touch_round(state)
    do(state, "reveal the oak (no hole) card", "P2 takes the oak (no hole) card")
    while state.phase == "reveal":
        label = state.tree_label(state.unrevealed()[0])
        do(state, f"reveal the {label} card", f"nobody takes the {label} card")
    assert state.legal_actions() == [("vote", 1)]
    with pytest.raises(IllegalAction, match="took no tree card"):
        state.apply(("vote", 2))


def test_the_ogres_boots_turn_by_turn() -> None:
    """Footprint, footprint, starting space, then the rear boot leapfrogs the front."""
    assert ogre.boots_after(0) == (ogre.OFF, ogre.OFF)
    assert ogre.boots_after(1) == (ogre.HOUSE, ogre.OFF)
    assert ogre.boots_after(2) == (ogre.HOUSE, ogre.HOUSE)
    assert ogre.boots_after(3) == (0, ogre.HOUSE)
    assert ogre.boots_after(4) == (0, 1)
    assert ogre.boots_after(5) == (2, 1)
    assert ogre.boots_after(6) == (2, 3)
    assert [ogre.stride(t) for t in range(1, 8)] == [
        (0, ogre.HOUSE),
        (1, ogre.HOUSE),
        (0, 0),
        (1, 1),
        (0, 2),
        (1, 3),
        (0, 4),
    ]


def test_the_boots_in_play_and_the_pawns_they_eat() -> None:
    """Everyone follows P1 for three turns; then P3 votes badly, stays on space 3 and
    is eaten when a boot lands there at the end of turn 6."""
    state = new_game(3)
    seen = []
    for token in ("oak", "fir", "birch"):
        report = play_turn(state, grabs={0: token}, votes={0: 0, 1: 0, 2: 0}, token=token)
        seen.append((state.boots(), report["landing"], report["eaten"]))
    assert seen == [
        ((ogre.HOUSE, ogre.OFF), ogre.HOUSE, []),
        ((ogre.HOUSE, ogre.HOUSE), ogre.HOUSE, []),
        ((0, ogre.HOUSE), 0, []),
    ]
    assert state.positions == [6, 3, 3]
    turns = [("willow", "apple"), ("apple", "oak (1 hole)"), ("fir (1 hole)", "birch (1 hole)")]
    for turn, (token, other) in enumerate(turns, start=4):
        report = play_turn(state, grabs={0: token, 1: other}, votes={0: 1, 1: 0, 2: 1}, token=token)
        assert report["landing"] == turn - 3
    assert state.positions == [9, 6, 3]
    assert state.boots() == (2, 3)
    assert state.eaten_turn == [None, None, 6]
    assert state.last_turn is not None and state.last_turn["eaten"] == [2]


def test_eaten_children_no_longer_touch_find_or_vote() -> None:
    state = new_game(3)
    for token, other in (("oak", "fir"), ("fir", "birch"), ("birch", "willow")):
        report = play_turn(state, grabs={0: token, 1: other}, votes={0: 0, 1: 0, 2: 1}, token=token)
    assert report["eaten"] == [2] and state.eaten_turn[2] == 3
    assert state.positions[:2] == [6, 3]
    assert state.touch_order() == [0, 1]
    touch_round(state)
    do(state, "reveal the willow (no hole) card")
    assert ("grab", 2) not in state.legal_actions()
    with pytest.raises(IllegalAction, match="eaten"):
        state.apply(("grab", 2))
    do(state, "P2 takes the willow (no hole) card")
    while state.phase == "reveal":
        label = state.tree_label(state.unrevealed()[0])
        do(state, f"reveal the {label} card", f"nobody takes the {label} card")
    voters = []
    while state.phase == "vote":
        voters.append(state.current_player())
        do(state, f"P{state.current_player() + 1} votes for P2")
    assert voters == [0, 1]


def test_the_ogre_eating_the_last_two_at_once_means_everyone_loses() -> None:
    state = new_game(2)
    play_turn(state, grabs={0: "oak"}, votes={0: 0, 1: 0}, token="oak")
    play_turn(state, grabs={1: "fir"}, votes={0: 1, 1: 1}, token="fir")
    assert state.positions == [3, 3]
    for token, landing in (("birch", 0), ("willow", 1), ("apple", 2)):
        report = play_turn(state, grabs={}, votes={}, token=token)
        assert report["landing"] == landing and not state.is_terminal()
    play_turn(state, grabs={}, votes={}, token="oak (1 hole)")  # lands on 3: both children
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == ()
    assert "everyone loses" in state.end_reason()


def test_a_lone_survivor_wins_during_the_ogres_nap() -> None:
    state = new_game(2)
    play_turn(state, grabs={0: "oak", 1: "fir"}, votes={0: 0, 1: 1}, token="oak")
    assert state.positions == [2, 0]
    play_turn(state, grabs={}, votes={}, token="fir")
    play_turn(state, grabs={}, votes={}, token="birch")  # P2 still on the starting space
    assert state.is_terminal()
    assert state.returns() == [1.0, 0.0]
    assert "last child" in state.end_reason()


def test_everyone_eaten_at_once_loses() -> None:
    state = new_game(4)
    for token in ("oak", "fir", "birch"):
        play_turn(state, grabs={}, votes={}, token=token)
    assert state.is_terminal()
    assert state.returns() == [0.0] * 4
    assert state.eaten_turn == [3, 3, 3, 3]


def test_only_a_finder_enters_the_cottage() -> None:
    """PP3: a vote move stops on the last space; the finder's own moves may enter."""
    state = new_game(2, box=small_box(forest_spaces=2))
    play_turn(state, grabs={1: "tree0"}, votes={0: 1, 1: 1}, token="tree0")
    assert state.positions == [1, 2]  # P2 on the last space before the cottage
    report = play_turn(state, grabs={0: "tree1"}, votes={0: 0, 1: 0}, token="tree1")
    assert report["moved"] == [2, 0]  # P2's vote move would have entered the cottage
    assert state.positions == [3, 2]
    assert state.is_terminal() and state.returns() == [1.0, 0.0]
    assert "reached the parents' cottage" in state.end_reason()


def test_a_finder_enters_the_cottage_with_a_single_step() -> None:
    state = new_game(2, box=small_box(forest_spaces=1))
    play_turn(state, grabs={0: "tree1", 1: "tree0"}, votes={0: 1, 1: 0}, token="tree0")
    assert state.positions == [1, 1] and not state.is_terminal()
    report = play_turn(state, grabs={0: "tree1", 1: "tree2"}, votes={0: 1, 1: 1}, token="tree1")
    assert report["moved"] == [1, 0]
    assert state.is_terminal() and state.returns() == [1.0, 0.0]


def test_the_finder_leads_the_next_turn_else_the_first_player_stays() -> None:
    state = new_game(4, first=1)
    play_turn(state, grabs={3: "oak"}, votes={0: 3, 1: 3, 2: 3, 3: 3}, token="oak")
    assert state.first_player == 3
    play_turn(state, grabs={0: "fir"}, votes={0: 0, 1: 0, 2: 0, 3: 0}, token="birch")
    assert state.first_player == 3


def test_an_eaten_first_player_hands_over_clockwise() -> None:
    """PP6: P2 leads turn 4, nobody finds the tree, and a boot lands on P2's space."""
    state = position_at(4, first=1, turn=4, positions=[3, 1, 2, 2], eaten=[None, None, None, None])
    report = play_turn(state, grabs={}, votes={}, token="oak")
    assert report["eaten"] == [1]
    assert state.first_player == 2


def test_less_quick_variant_does_not_ask_eaten_children() -> None:
    state = position_at(
        4, first=0, turn=4, positions=[3, 0, 2, 2], eaten=[None, 3, None, None], less_quick=True
    )
    touch_round(state)
    do(state, "reveal the oak (no hole) card")
    assert asked_and_left(state) == [2, 3, 0]


def test_less_quick_variant_asks_from_the_left_and_ends_with_the_first_player() -> None:
    state = new_game(4, first=2, less_quick=True)
    touch_round(state)
    do(state, "reveal the oak (no hole) card")
    assert asked_and_left(state) == [3, 0, 1, 2]
    do(state, "reveal the fir (no hole) card")
    do(state, "P4 leaves the fir (no hole) card", "P1 takes the fir (no hole) card")
    assert state.taken[0] == state.revealed[-1]
    do(state, "reveal the birch (no hole) card")
    assert asked_and_left(state) == [3, 1, 2]  # P1 already holds a card and is not asked


def test_less_quick_turns_run_to_the_end_of_the_deck() -> None:
    state = new_game(3, less_quick=True)
    for token in ("oak", "fir", "birch"):
        touch_round(state)
        label = tree(state, token)
        do(
            state,
            f"reveal the {label} card",
            f"P2 leaves the {label} card",
            f"P3 leaves the {label} card",
            f"P1 takes the {label} card",
        )
        while state.phase == "reveal":
            other = state.tree_label(state.unrevealed()[0])
            do(state, f"reveal the {other} card")
            while state.phase == "ask":
                assert state.current_player() in (1, 2)  # P1 holds a card: not asked
                state.apply(("leave",))
        while state.phase == "vote":
            do(state, f"P{state.current_player() + 1} votes for P1")
        do(state, f"the token is the {label}")
    assert state.eaten_turn == [None, None, None] and state.positions == [6, 3, 3]


def test_tokens_running_out_the_furthest_children_win() -> None:
    state = new_game(3, box=small_box(trees=2))
    play_turn(state, grabs={0: "tree0", 1: "tree1"}, votes={0: 1, 1: 0, 2: 1}, token="tree0")
    assert state.positions == [1, 1, 0]
    play_turn(state, grabs={}, votes={}, token="tree1")
    assert state.is_terminal() and state.returns() == [1.0, 1.0, 0.0]
    assert "ran out" in state.end_reason()


def test_tokens_running_out_can_mean_everyone_loses() -> None:
    state = new_game(2, box=small_box(trees=1), tokens_run_out="everyone-loses")
    play_turn(state, grabs={0: "tree0"}, votes={0: 0, 1: 0}, token="tree0")
    assert state.is_terminal() and state.returns() == [0.0, 0.0]


def test_easier_games_leave_whole_series_in_the_box() -> None:
    state = new_game(2, removed_series="vertical,horizontal")
    assert len(state.trees_in_play) == 15
    touch_round(state)
    vertical = next(t.index for t in state.box.trees if t.series == "vertical")
    with pytest.raises(IllegalAction, match="not in this game"):
        state.apply(("reveal", vertical))
    assert all(
        state.box.trees[a[1]].series not in ("vertical", "horizontal")
        for a in state.legal_actions()
    )


def test_refusals_say_why_and_change_nothing() -> None:
    state = new_game(3)
    before = state.to_dict()
    for action, words in [
        (("vote", 0), "(?i)not now"),
        (("first", 1), "(?i)not now"),
        ("garbage", "not a Le Petit Poucet action"),
        (None, "not a Le Petit Poucet action"),
    ]:
        with pytest.raises(IllegalAction, match=words):
            state.apply(action)
        assert state.to_dict() == before
    touch_round(state)
    do(state, "reveal the oak (no hole) card", "nobody takes the oak (no hole) card")
    with pytest.raises(IllegalAction, match="already been revealed"):
        state.apply(("reveal", 0))
    with pytest.raises(IllegalAction, match="no tree 99"):
        state.apply(("reveal", 99))


def test_the_prompt_says_what_the_table_does_next() -> None:
    state = new_game(3, first=1)
    assert state.prompt() == "Player 2, draw a tree token from the bag without looking at it."
    do(state, "draw a tree token from the bag")
    assert "Player 2 feels the token while the others count to ten" in state.prompt()


def test_the_position_in_a_few_lines() -> None:
    state = new_game(3)
    play_turn(state, grabs={0: "oak"}, votes={0: 0, 1: 0, 2: 0}, token="oak")
    touch_round(state)
    do(state, "reveal the fir (no hole) card", "P2 takes the fir (no hole) card")
    lines = state.describe()
    assert lines[0] == "Turn 2, first player Player 1"
    assert lines[1] == "Player 1 on space 2; Player 2 on space 1; Player 3 on space 1"
    assert "first boot on the Ogre's house" in lines[2]
    assert "Player 2 holds the fir (no hole)" in lines
