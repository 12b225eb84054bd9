"""Saved positions and the box file: round trips and clear refusals."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.engines.base import InvalidOptions, InvalidState, random_playout
from companion.engines.datafile import DataFileError
from companion.engines.le_petit_poucet import GAME, LePetitPoucetGame
from companion.engines.le_petit_poucet import game as game_module
from companion.engines.le_petit_poucet.box import load_box, parse_box
from tests.engines.le_petit_poucet.helpers import new_game, play_turn, touch_round


def _mid_turn_save() -> dict[str, Any]:
    state = new_game(4, first=1)
    play_turn(state, grabs={0: "oak", 2: "fir"}, votes={0: 0, 1: 0, 2: 0, 3: 2}, token="oak")
    touch_round(state)
    state.apply(("reveal", 1))
    return state.to_dict()


def test_a_saved_game_comes_back_exactly() -> None:
    saved = _mid_turn_save()
    restored = GAME.state_from_dict(json.loads(json.dumps(saved)))
    assert restored.to_dict() == saved
    assert restored.legal_actions() == GAME.state_from_dict(saved).legal_actions()


@pytest.mark.parametrize(
    ("path", "value", "words"),
    [
        (("phase",), "dance", "'phase' must be one of"),
        (("turn",), 0, "'turn' must be from 1 to 25"),
        (("positions",), [0, 0], "'positions' must list 4 entries"),
        (("positions",), [0, 99, 0, 0], "'positions'[1] must be from 0 to 11"),
        (("first_player",), 7, "'first_player' must be from 0 to 3"),
        (("set_aside",), [], "'set_aside' must hold one tree per finished turn"),
        (("set_aside",), ["oak"], "'set_aside'[0] (a tree in this game) must be one of"),
        (("revealed",), [1, 1], "'revealed' names a tree twice"),
        (("taken",), [5, None, None, None], "'taken'[0] must be empty or a revealed card"),
        (("votes",), [1, None, None, None], "no votes are cast in phase 'grab'"),
        (
            ("eaten_turn",),
            [None, 1, None, None],
            "'eaten_turn'[1] must be empty or a finished turn",
        ),
        (("winners",), [0], "only a finished game has winners"),
        (("last_turn",), {"turn": 1}, "'last_turn' lacks"),
    ],
)
def test_broken_saves_say_what_is_wrong(path: tuple[str, ...], value: Any, words: str) -> None:
    data = copy.deepcopy(_mid_turn_save())
    data["state"][path[0]] = value
    with pytest.raises(InvalidState) as err:
        GAME.state_from_dict(data)
    assert words in str(err.value)


def test_a_pawn_behind_the_ogre_is_refused() -> None:
    data = copy.deepcopy(_mid_turn_save())
    data["state"].update(turn=5, set_aside=[0, 5, 6, 7], positions=[3, 1, 3, 3])
    data["state"]["revealed"] = [1]
    with pytest.raises(InvalidState, match="where the Ogre has already been"):
        GAME.state_from_dict(data)


def test_missing_fields_and_garbage_are_refused() -> None:
    data = copy.deepcopy(_mid_turn_save())
    del data["state"]["votes"]
    with pytest.raises(InvalidState, match="votes"):
        GAME.state_from_dict(data)
    with pytest.raises(InvalidState):
        GAME.state_from_dict({"game": "le-petit-poucet", "players": 3, "state": "junk"})


def test_finished_games_round_trip() -> None:
    for seed in range(20):
        state = random_playout(GAME.new_initial_state(3, seed=seed), random.Random(seed))
        assert state.is_terminal()
        assert GAME.state_from_dict(state.to_dict()).to_dict() == state.to_dict()


def test_unknown_house_rule_values_are_refused() -> None:
    """The refusal names the rule as players read it and the value it cannot take."""
    with pytest.raises(InvalidOptions, match='"Easier games: series left out".*not "pine"'):
        GAME.new_initial_state(2, {"removed_series": "pine"})
    with pytest.raises(InvalidOptions, match="except all of them together"):
        GAME.new_initial_state(2, {"removed_series": "none,one,vertical,horizontal,three"})
    with pytest.raises(InvalidOptions):
        GAME.new_initial_state(6)


def test_every_option_cites_its_rulebook_sentence_and_decision() -> None:
    rulebook = Path("/work/shared/rulebooks/le-petit-poucet.txt")
    text = rulebook.read_text("utf-8") if rulebook.exists() else None
    for option in GAME.options:
        assert option.description and option.decision.startswith("PP")
        if text is not None:
            for fragment in option.rulebook.split("[...]"):
                assert fragment.strip() in text, option.key


def test_the_packaged_box() -> None:
    manifest = load_box()
    assert manifest.forest_spaces == 10 and manifest.cottage == 11
    assert len(manifest.trees) == 25 and len(manifest.series) == 5
    names = {s.name for s in manifest.series}
    assert {"2 vertical holes", "2 horizontal holes"} <= names
    assert len({t.label for t in manifest.trees}) == 25


def _raw() -> dict[str, Any]:
    return {
        "path": {"forest_spaces": 10},
        "pawns": {"colours": ["red", "blue", "green", "yellow", "purple"]},
        "series": [{"key": "a", "name": "A", "assumption": True, "trees": ["oak", "fir"]}],
    }


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.pop("path"), "the table [path] is missing"),
        (lambda d: d["path"].update(forest_spaces=0), "[path] forest_spaces must be from 1 to 40"),
        (lambda d: d["path"].update(forest_spaces="ten"), "forest_spaces must be a whole number"),
        (lambda d: d["pawns"].update(colours=["red"]), "needs 5 colours"),
        (lambda d: d["series"].append(dict(d["series"][0])), "two [[series]] share a key"),
        (lambda d: d["series"][0].update(trees=[]), "trees is empty"),
        (lambda d: d["series"][0].update(trees=["oak", "oak"]), "trees repeats 'oak'"),
        (lambda d: d["series"][0].update(key="a,b"), "without commas"),
        (lambda d: d.update(series=[]), "has no [[series]]"),
        (lambda d: d["path"].update(forest_spacez=3), "[path] has unknown key(s) 'forest_spacez'"),
    ],
)
def test_broken_box_files_name_the_field(change: Any, words: str) -> None:
    raw = _raw()
    change(raw)
    with pytest.raises(DataFileError) as err:
        parse_box(raw, "box.toml")
    assert str(err.value).startswith("box.toml: ")
    assert words in str(err.value)


def test_an_owners_box_file(tmp_path: Path) -> None:
    good = tmp_path / "mine.toml"
    good.write_text(
        '[path]\nforest_spaces = 8\n[pawns]\ncolours = ["a","b","c","d","e"]\n'
        '[[series]]\nkey = "x"\nname = "X"\nassumption = true\ntrees = ["t1", "t2"]\n'
    )
    assert load_box(good).cottage == 9
    bad = tmp_path / "bad.toml"
    bad.write_text("[path\n")
    with pytest.raises(DataFileError, match="not valid TOML"):
        load_box(bad)
    with pytest.raises(DataFileError, match="cannot be read"):
        load_box(tmp_path / "missing.toml")
    latin = tmp_path / "latin.toml"
    latin.write_bytes(b"[path]\nforest_spaces = 8 # \xe9t\xe9\n")
    with pytest.raises(DataFileError, match="not UTF-8"):
        load_box(latin)


def test_the_box_is_read_when_first_needed_not_at_import() -> None:
    probe = (
        "from companion.engines import registry\n"
        "from companion.engines.le_petit_poucet.box import packaged_box\n"
        "game = registry.get('le-petit-poucet')\n"
        "print(packaged_box.cache_info().currsize)\n"
        "game.new_initial_state(2)\n"
        "print(packaged_box.cache_info().currsize)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert out.split() == ["0", "1"]


def test_a_broken_box_file_makes_the_game_unavailable(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> None:
        raise DataFileError("le-petit-poucet box.toml", "[path] forest_spaces is missing")

    monkeypatch.setattr(game_module, "packaged_box", broken)
    game = LePetitPoucetGame()
    assert game.unavailable() == (
        "its box file is broken: le-petit-poucet box.toml: [path] forest_spaces is missing"
    )
    assert game.option("removed_series").choices == ("",)  # the settings still open
    with pytest.raises(InvalidOptions, match="cannot be played here.*forest_spaces is missing"):
        game.new_initial_state(2)
    assert GAME.unavailable() is None


def test_the_pawn_colours_come_from_the_box() -> None:
    assert GAME.piece_colours == (
        ("Red", "#db3833"),
        ("Blue", "#3875eb"),
        ("Green", "#42b84d"),
        ("Yellow", "#f2d633"),
        ("Purple", "#9e52d1"),
    )
    raw = _raw()
    raw["pawns"]["colours"] = ["red", "blue", "teal", "black", "white"]
    assert LePetitPoucetGame(parse_box(raw)).piece_colours[2] == ("Teal", "#999999")
    # "A player chosen at random is the first player": the game's own first step draws it
    assert GAME.first_player == "in-game"
    state = GAME.new_initial_state(3)
    assert state.is_chance_node() and state.first_player is None
