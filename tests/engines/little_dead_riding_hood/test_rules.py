"""Round flow, game ends, house-rule options, saved games and the box file."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engines.base import InvalidOptions, InvalidState, sample_chance
from companion.engines.datafile import DataFileError
from companion.engines.little_dead_riding_hood import GAME, LittleDeadRidingHoodGame
from companion.engines.little_dead_riding_hood.box import default_box, parse_box
from companion.engines.little_dead_riding_hood.state import LdrhState
from companion.engines.little_dead_riding_hood.steps import Combat
from tests.engines.little_dead_riding_hood.scenario import column, lay, new_game, play


def test_options_name_their_decisions_and_rulebook_sentences() -> None:
    assert {o.key: o.decision for o in GAME.options} == {
        "max_rounds": "LD11",
        "stalled_result": "LD11",
        "reshuffle_discards": "LD12",
        "event_cards": "LD23",
        "fairest_window": "LD24",
        "bread_crumbs": "LD27",
        "wolf_stacking": "LD26",
    }
    assert all(o.rulebook and o.description for o in GAME.options)


def _idle_round(state: LdrhState) -> None:
    """Both players take helpers that do nothing and hold no cards."""
    play(state, "choose The Youngest Brother", "choose the Wicked Queen")


def test_the_round_limit_ends_the_game_with_the_furthest_pawn_winning() -> None:
    state = new_game(2, hands=[[], []], max_rounds=5)
    lay(state, column(state, 1, 3))
    state.pawns[1] = (2, 3)
    for _ in range(5):
        _idle_round(state)
    assert state.is_terminal()
    assert state.returns() == [0.0, 1.0]
    assert state.end_reason() == (
        "the round limit (5) was reached; player 2 got furthest into the woods"
    )


def test_the_stalled_result_option_can_make_everyone_lose() -> None:
    state = new_game(2, hands=[[], []], max_rounds=5, stalled_result="nobody")
    for _ in range(5):
        _idle_round(state)
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert state.outcome() is not None and state.outcome().winners == ()  # type: ignore[union-attr]


def test_the_game_ends_when_no_card_or_tile_can_come_into_play() -> None:
    state = new_game(2, hands=[[], []])
    state.deck = Counter()
    state.discard = Counter(GAME.box.cards)
    state.pool = Counter()
    state.invalidate()
    _idle_round(state)
    assert state.is_terminal()
    assert state.returns() == [1.0, 1.0]  # both pawns still on their start spaces
    assert "no card is left to play and no tile can be placed" in state.end_reason()


def test_reshuffle_option_turns_the_discards_into_a_new_deck() -> None:
    for reshuffle, expected in ((False, 0), (True, 1)):
        state = new_game(2, hands=[[], []], reshuffle_discards=reshuffle)
        state.discard = Counter(state.deck)
        state.deck = Counter()
        state.invalidate()
        play(state, "choose the Fairy Godmother")
        offered = "Fairy Godmother: take a card" in state.legal_action_strings()
        assert offered == bool(expected)
        if reshuffle:
            play(state, "Fairy Godmother: take a card", "draw Wolf!!! (1)")
            assert state.hands[0] == ["wolf:1"] and not state.discard


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("tiles",), [".x..."] + ["....."] * 9, "tiles\\[0\\] column 2: unknown tile code 'x'"),
        (("tiles",), ["....."] * 9, "tiles must list 10 entries, got 9"),
        (("tiles",), [".p.."] + ["....."] * 9, "tiles\\[0\\] must be a text of 5 characters"),
        (
            ("tiles",),
            ["..p.."] + ["..p.."] + ["opo.."] + ["....."] * 7,
            "a tile touches two obstacles",
        ),
        (("tiles",), [".o..."] + ["....."] * 9, "no obstacle may stand on the first row"),
        (
            ("tokens",),
            [".W..."] + ["....."] * 9,
            "tokens\\[0\\] column 2: tokens lie on path pieces",
        ),
        (("bullets",), [3, 9], "bullets add up to 53, but the box holds 47"),
        (
            ("pawns",),
            [[-1, 1], [4, 4]],
            "pawns\\[1\\] does not stand on a start space or path piece",
        ),
        (("hands",), [["wolf:9"], []], "hands\\[0\\] holds an unknown card"),
        (("tasks",), [{"type": "dance", "player": 0}], "tasks\\[0\\] has an unknown type 'dance'"),
        (("tasks",), [], "phase 'helpers' is waiting for nothing"),
        (("phase",), "lunch", "phase must be one of"),
    ],
)
def test_a_broken_save_names_what_is_wrong(
    path: tuple[str, ...], value: object, message: str
) -> None:
    data = new_game(2).to_dict()
    data["state"][path[0]] = value
    with pytest.raises(InvalidState, match=message):
        GAME.state_from_dict(data)


def test_a_save_shows_the_board_as_text_rows() -> None:
    state = new_game(2)
    lay(
        state,
        {**column(state, 0, 2), (1, 2): "obstacle", (0, 3): "path-bullet"},
        wolves=[(1, 1)],
        bullets=[(0, 3), (1, 1)],
    )
    saved = state.to_dict()["state"]
    assert saved["tiles"][:3] == [".p.b.", ".po..", "....."]
    assert saved["tokens"][:3] == ["...B.", ".*...", "....."]
    assert GAME.state_from_dict(state.to_dict()).board.tiles == state.board.tiles


def test_a_save_with_cards_out_of_nowhere_is_refused() -> None:
    data = new_game(2).to_dict()
    data["state"]["hands"][0].append("wolf:1")
    with pytest.raises(InvalidState, match="do not match the box's event deck"):
        GAME.state_from_dict(data)


def test_default_box_holds_the_ld2_components() -> None:
    manifest = default_box()
    assert sum(manifest.tiles.values()) == 74
    assert manifest.tiles == {"obstacle": 24, "path-bullet": 15, "path-plain": 20, "path-wolf": 15}
    assert sum(manifest.cards.values()) == 40
    by_movement = Counter()
    for key, count in manifest.cards.items():
        by_movement[key.split(":")[1]] += count
    assert by_movement == {"1": 13, "2": 14, "3": 13}
    assert sum(n for k, n in manifest.cards.items() if k.startswith("cake-and-wine")) == 8
    assert "tiles[0] (path-wolf)" in manifest.assumptions and "board" in manifest.assumptions


MINIMAL = """
[board]
rows = 10
gap_columns = 1
edge_columns = 1
[supply]
bullet_chits = 47
starting_bullets = 3
zombie_wolves = 25
starting_cards = 3
[[tiles]]
kind = "path-plain"
count = 20
[[cards]]
effect = "wolf"
movements = [1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3]
"""


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('kind = "path-plain"', 'kind = "lava"'), "\\[tiles #1\\] kind must be one of"),
        (("count = 20", "count = -2"), "\\[tiles #1\\] count must be from 0 to 200, got -2"),
        (
            ("movements = [1, 2, 3, 1,", "movements = [4, 2, 3, 1,"),
            "\\[cards #1\\] movements\\[0\\] must be 1, 2 or 3",
        ),
        (('effect = "wolf"', 'effect = "dragon"'), "\\[cards #1\\] effect must be one of"),
        (("rows = 10", 'rows = "ten"'), "\\[board\\] rows must be a whole number"),
        (("[supply]", "[suply]"), "the table \\[supply\\] is missing"),
        (("rows = 10", "rows = 10\ncolour = 3"), "\\[board\\] has unknown key\\(s\\) 'colour'"),
        (
            ("bullet_chits = 47", "bullet_chits = 4"),
            "\\[supply\\] bullet_chits \\(4\\) cannot give 5",
        ),
        (("[board]", "[board"), "is not valid TOML"),
    ],
)
def test_a_broken_box_file_names_its_fault(change: tuple[str, str], message: str) -> None:
    assert parse_box(MINIMAL).tiles == {"path-plain": 20}
    with pytest.raises(DataFileError, match="^my-box.toml: " + message):
        parse_box(MINIMAL.replace(*change), "my-box.toml")


def test_a_box_file_that_is_not_text_makes_the_game_unavailable() -> None:
    with pytest.raises(DataFileError, match="my-box.toml: is not UTF-8 text"):
        parse_box(b"\xff[board]", "my-box.toml")
    broken = LittleDeadRidingHoodGame(load=lambda: parse_box(b"\xff[board]", "my-box.toml"))
    assert broken.unavailable() == (
        "Little Dead Riding Hood cannot be played: my-box.toml: is not UTF-8 text (byte 0)"
    )
    with pytest.raises(InvalidOptions, match="my-box.toml"):
        broken.new_initial_state(2)
    assert GAME.unavailable() is None  # the shipped box loads


def _check_invariants(state: LdrhState) -> None:
    m = state.box
    in_bag = sum(t.bullets for t in state.steps if isinstance(t, Combat))
    assert (
        state.supply_bullets + sum(state.bullets) + len(state.board.bullets) + in_bag
        == m.bullet_chits
    )
    assert state.supply_wolves + len(state.board.wolves) == m.zombie_wolves
    assert state.board.wolves <= {c for c in state.board.tiles if state.board.is_path(c)}
    assert state.board.obeys_obstacle_rule()
    assert not any(r == 0 for (r, _), k in state.board.tiles.items() if k == "obstacle")
    assert all(state.board.is_space(p) for p in state.pawns)
    assert all(0 <= left <= 2 for left in state.plays_left)


@settings(max_examples=12, deadline=None)
@given(st.integers(2, 5), st.integers(0, 10_000))
def test_random_games_end_and_keep_the_box_intact(players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.new_initial_state(players, seed=seed)
    assert isinstance(state, LdrhState)
    for _ in range(GAME.max_game_length):
        _check_invariants(state)
        if state.is_terminal():
            break
        state.apply(
            sample_chance(state, rng)
            if state.is_chance_node()
            else rng.choice(state.legal_actions())
        )
    assert state.is_terminal()
    assert state.round <= state.options["max_rounds"]
    assert state.outcome() is not None


@pytest.mark.parametrize("players", [2, 5])
def test_house_rule_options_keep_the_engine_contract(players: int) -> None:
    from tests.engines.conformance import check_playouts

    options = {"reshuffle_discards": True, "max_rounds": 12, "stalled_result": "nobody"}
    check_playouts(GAME, players, count=4, deep_playouts=1, options=options)


def test_games_saved_before_the_steps_became_typed_still_resume() -> None:
    """saves_v1.json: positions saved by the engine before this reshaping (one for each
    kind of pending step and stage, digital and table cards) with the moves it offered.
    They were written before LD26 (no ``wolf_stacking``, skips as true/false) and LD27."""
    saved = json.loads((Path(__file__).parent / "saves_v1.json").read_text(encoding="utf-8"))
    kinds = set()
    for entry in saved:
        state = GAME.state_from_dict(entry["save"])
        # since then: the Wolf!!! option (LD26, its default filled in) and skips as counts
        expected = json.loads(json.dumps(entry["save"]))
        expected["options"]["wolf_stacking"] = "stack"
        expected["options"]["bread_crumbs"] = "path"  # LD27, inert in these edition-1 games
        expected["state"]["skip_pending"] = [int(v) for v in expected["state"]["skip_pending"]]
        assert state.to_dict() == expected
        assert state.legal_action_strings() == entry["legal"]
        kinds.update(t["type"] for t in entry["save"]["state"]["tasks"])
    assert len(kinds) == 12  # every step type
