"""The player's view of Beware of the Wolf: headlines, choices, chance entries, log, end."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

from companion.engines.base import IllegalAction, sample_chance
from companion.engines.beware_of_the_wolf import (
    GAME,
    HOUSE_STEP,
    WolfState,
    WolfTable,
    box,
    default_board,
    parse_key,
    spin_outcome,
    wolf_reading,
    wolf_tap,
)
from companion.engines.beware_of_the_wolf.actions import Move, MoveTo, Roll
from companion.engines.beware_of_the_wolf.text import space_name
from tests.engines.beware_of_the_wolf.helpers import position
from tests.engines.view_checks import player_words_problem


def started(players: int = 2) -> WolfState:
    state = GAME.new_initial_state(players)
    state.apply(("wolf", 135))
    for colour in ("red", "blue", "yellow", "green")[:players]:
        state.apply(("house", colour))
    assert isinstance(state, WolfState)
    return state


def test_setting_the_wolf_offers_only_angles_away_from_the_houses() -> None:
    state = GAME.new_initial_state(2)
    view = state.view()
    assert view.headline == "Turn the wolf so that it points at no house."
    assert view.turn is None and view.choices == ()
    assert view.chance is not None and "no house" in view.chance.what
    degrees = {c.hint["degrees"] for c in view.chance.outcomes}
    assert 45 in degrees and 0 not in degrees and 90 not in degrees
    assert math.isclose(sum(c.probability or 0 for c in view.chance.outcomes), 1.0)
    assert view.chance.outcomes[0].label == f"The snout points at {min(degrees)} degrees"


def test_choosing_a_house_names_the_player_and_offers_the_free_houses() -> None:
    state = GAME.new_initial_state(3)
    state.apply(("wolf", 45))
    state.apply(("house", "blue"))
    view = state.view()
    assert view.headline == "Player 2, choose your house."
    assert view.turn == 1
    assert [(c.label, c.hint) for c in view.choices] == [
        ("The red house", {"house": "red"}),
        ("The yellow house", {"house": "yellow"}),
        ("The green house", {"house": "green"}),
    ]
    assert view.log[-1].text == "Player 1 chose the blue house." and view.log[-1].player == 0
    assert isinstance(view.table, WolfTable)
    assert [(p.colour, p.space) for p in view.table.pawns] == [("blue", None)]


def test_the_die_is_a_chance_entry_with_the_faces_and_their_odds() -> None:
    view = started().view()
    assert view.headline == "Player 1, roll the die."
    assert view.chance is not None and view.chance.what == "Roll the die"
    shown = {c.label: c.probability for c in view.chance.outcomes}
    assert shown == {str(n): pytest.approx(1 / 6) for n in range(1, 6)} | {
        "Wolf's head": pytest.approx(1 / 6)
    }
    assert view.choice("roll the wolf's head").hint == {"face": "wolf"}


def test_moves_are_choices_on_the_board_in_player_words() -> None:
    state = started()
    state.apply(("roll", 5))
    view = state.view()
    assert view.headline == "Player 1 rolled 5: choose where to move."
    assert view.turn == 0
    by_key = {c.key: c for c in view.choices}
    assert set(by_key) == {"move to i3", "move to o4 via o0 o1 o2 o3", "move to o4 via o0 o1 i1 i2"}
    assert by_key["move to i3"].hint == {"space": "i3"}
    assert by_key["move to i3"].label == "Move to the 3rd inner space after the red house"
    outer, inner = by_key["move to o4 via o0 o1 o2 o3"], by_key["move to o4 via o0 o1 i1 i2"]
    assert outer.hint == inner.hint == {"space": "o4"}
    assert outer.label.endswith("(a tree), along the outer path")
    assert inner.label.endswith("(a tree), by the inner path")
    assert all(player_words_problem(c.label) is None for c in view.choices)


def test_the_move_into_the_house_is_offered_on_the_house() -> None:
    state = position(["o31", None], quarters=[15, 0], phase="move", roll=2)
    view = state.view()
    home = view.choice("move into the house")
    assert home.hint == {"house": "red"} and home.label == "Move into the red house"


def test_a_forfeited_throw_says_so() -> None:
    # red on o0; wolf at 22 guards o1, o2 is a tree ... a 1 lands on o1 in the zone
    state = position(["o0", None], wolf=11, phase="move", roll=1)
    view = state.view()
    assert [c.key for c in view.choices] == ["forfeit the throw"]
    assert "the throw is forfeited" in view.headline
    state.apply(("forfeit",))
    assert state.view().log[-1].text == "Player 1 forfeits the throw: no way avoids the wolf."


def test_every_space_of_the_default_board_has_its_own_name_without_ids() -> None:
    board = default_board()
    names = [space_name(board, s.id) for s in board.spaces]
    assert len(set(names)) == len(names)
    assert all(player_words_problem(n[0].upper() + n[1:]) is None for n in names)
    assert space_name(board, "o0") == "the red house's own space"
    assert space_name(board, "o2") == "the 2nd space after the red house (a tree)"
    assert space_name(board, "i0") == "the inner space beside the red house"
    assert space_name(board, "i7") == "the 3rd inner space after the blue house"


def test_the_log_tells_the_wolf_hit_and_the_throw_out() -> None:
    state = position(["o3", "o11"], phase="spin", roll="wolf", turn=0)
    state.apply(spin_outcome(124.0))
    lines = [line.text for line in state.view().log]
    assert lines[-2].startswith("The wolf stops, pointing at the 3rd space after the blue house")
    assert lines[-1] == "The wolf caught Player 2: back to the house."
    thrown = position(["o3", "o5"], phase="move", roll=2)
    thrown.apply(thrown.key_to_action("move to o5"))
    assert [line.text for line in thrown.view().log][-2:] == [
        "Player 1 moved to the 5th space after the red house.",
        "Player 1 threw Player 2 out: back to the house.",
    ]
    walks = thrown.view().table.walks
    assert [(w.kind, w.player, w.end) for w in walks] == [
        ("move", 0, "o5"),
        ("thrown-out", 1, None),
    ]


def test_names_given_by_the_session_are_used() -> None:
    state = started()
    state.names = ["Ada", "Bo"]
    state.apply(("roll", 3))
    view = state.view()
    assert view.headline == "Ada rolled 3: choose where to move."
    assert view.log[-1].text == "Ada rolled 3."


def test_the_end_names_the_winner_and_why() -> None:
    state = position(["o31", None], quarters=[15, 0], phase="move", roll=2)
    state.apply(state.key_to_action("move into the house"))
    view = state.view()
    assert view.end is not None and view.end.winners == (0,)
    assert view.end.reason == (
        "Player 1 (red) came home with an exact throw after a round in the forest."
    )
    assert view.headline.startswith("Player 1 wins! ")
    assert view.choices == () and view.turn is None and view.chance is None


def test_keys_need_no_state_and_a_move_named_by_its_end_finds_its_route() -> None:
    assert parse_key("roll the wolf's head") == ("roll", "wolf") == Roll("wolf")
    assert parse_key("wolf points at 33 deg") == ("wolf", 33)
    assert parse_key("choose the blue house") == ("house", "blue")
    routed = parse_key("move to o4 via o0 o1 i1 i2")
    assert (
        routed == ("move", "o0", "o1", "i1", "i2", "o4")
        and routed.key == "move to o4 via o0 o1 i1 i2"
    )
    assert parse_key("move to i3") == MoveTo("i3")
    assert parse_key("move into the house") == MoveTo(HOUSE_STEP)
    with pytest.raises(IllegalAction, match="not an action of this game"):
        parse_key("jump to o4")
    state = started()
    state.apply(("roll", 5))
    assert state.key_to_action("move to i3") == ("move", "o0", "o1", "i1", "i2", "i3")
    with pytest.raises(IllegalAction, match="Two ways of 5 lead to"):
        state.apply(state.key_to_action("move to o4"))
    with pytest.raises(IllegalAction, match="is not a move for 5"):
        state.apply(state.key_to_action("move to o3"))


def test_every_key_of_a_playout_parses_back_to_its_action() -> None:
    rng = random.Random(3)
    for players in (2, 3, 4):
        state = GAME.new_initial_state(players, seed=players)
        while not state.is_terminal():
            for action in state.legal_actions():
                key = state.action_to_string(action)
                assert state.key_to_action(key) == action, key
                assert action.key == key
            if state.is_chance_node():
                state.apply(sample_chance(state, rng))
            else:
                state.apply(rng.choice(state.legal_actions()))


def test_a_move_is_a_frozen_tuple_equal_to_the_old_one() -> None:
    move = Move(("o1", "o2"), route=True)
    assert move == ("move", "o1", "o2") and hash(move) == hash(("move", "o1", "o2"))
    with pytest.raises(AttributeError):
        move.route = False  # type: ignore[misc]


def test_nothing_is_hidden_and_every_step_adds_a_line_in_player_words() -> None:
    """The spoiler property for a game without hidden information: every viewer sees the
    shared view, nothing is private, and the log tells each step in player words."""
    for seed in range(12):
        rng = random.Random(seed)
        state = GAME.new_initial_state(2 + seed % 3, seed=seed)
        while not state.is_terminal():
            shared = state.view()
            assert shared.private is None and state.secrets() == []
            assert all(state.view(p) == shared for p in range(state.num_players))
            before = len(state.log)
            if state.is_chance_node():
                state.apply(sample_chance(state, rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
            assert len(state.log) > before
            for line in state.log[before:]:
                assert player_words_problem(line.text) is None, line.text


def test_a_reading_counts_only_when_the_game_waits_for_the_wolf() -> None:
    spin = position([None, None], phase="spin", roll="wolf")
    assert wolf_reading(spin.view(), 123.6, after_spin=True).key == "wolf points at 124 deg"
    assert wolf_reading(spin.view(), 123.6, after_spin=True).spin
    assert wolf_reading(spin.view(), 123.6, after_spin=False).key is None  # turned by hand
    setup = GAME.new_initial_state(2).view()
    assert wolf_reading(setup, 45.0, after_spin=False).key == "wolf points at 45 deg"
    refused = wolf_reading(setup, 0.0, after_spin=True)
    assert refused.key is None and "points at a house" in refused.message
    rolling = started().view()
    moved = wolf_reading(rolling, 80.0, after_spin=True)
    assert moved.key is None and "point it back at 135 degrees" in moved.message
    assert wolf_reading(rolling, 80.0, after_spin=False).message == ""
    assert wolf_tap(setup, 44.7) == "wolf points at 45 deg" and wolf_tap(rolling, 44.7) is None


def test_a_broken_box_file_makes_the_game_unavailable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "box.toml").write_text("[board]\nname = 'x'\n", encoding="utf-8")
    monkeypatch.setattr(box.resources, "files", lambda _package: tmp_path)
    box.default_board.cache_clear()
    try:
        problem = GAME.unavailable()
        assert problem is not None and "box.toml" in problem and "[[space]]" in problem
    finally:
        monkeypatch.undo()
        box.default_board.cache_clear()
    assert GAME.unavailable() is None


def test_log_lines_are_tagged_with_their_round_of_turns() -> None:
    state = started()
    assert {line.round for line in state.log} == {None}  # setting up
    for _ in range(2):  # one round: both players roll a 1 and move
        state.apply(("roll", 1))
        state.apply(state.legal_actions()[0])
    state.apply(("roll", 2))
    assert [line.round for line in state.log[-5:]] == [1, 1, 1, 1, 2]


def test_a_move_built_without_its_route_is_still_journaled_with_it() -> None:
    state = started()
    state.apply(("roll", 5))
    bare = Move(("o0", "o1", "i1", "i2", "o4"))  # route flag not set by its maker
    assert state.action_to_string(bare) == "move to o4 via o0 o1 i1 i2"
    assert state.action_to_string(("move", "o0", "o1", "i1", "i2", "i3")) == "move to i3"
