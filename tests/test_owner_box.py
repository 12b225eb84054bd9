"""The owner's box store: kept in the data directory, validated by the game's own
reader, damaged files reported with their place, and saved with each game."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import owner_box, paths
from companion import settings as settings_mod
from companion.engines import registry
from companion.engines.beware_of_the_wolf import GAME as WOLF
from companion.engines.beware_of_the_wolf import board_to_toml
from companion.engines.beware_of_the_wolf import box_edits as wolf_edits
from companion.engines.datafile import DataFileError
from companion.engines.le_petit_poucet import GAME
from companion.engines.le_petit_poucet.box import box_toml, packaged_box
from companion.engines.le_petit_poucet.box_edits import (
    checked,
    with_colour,
    with_path_length,
    with_series,
    with_tree,
    without_series,
)
from companion.engines.little_dead_riding_hood import GAME as HOOD
from companion.engines.little_dead_riding_hood import box_edits as hood_edits
from companion.engines.little_dead_riding_hood import box_toml as hood_toml
from companion.engines.lost_in_the_woods import GAME as WOODS
from companion.engines.lost_in_the_woods import box_edits as woods_edits
from companion.engines.lost_in_the_woods import box_toml as woods_toml
from companion.session.journal import Journal
from companion.session.session import Session


def _owner_text(spaces: int = 14) -> str:
    box = with_path_length(packaged_box(), spaces)
    box = with_tree(without_series(box, "three"), "one", "hazel")
    return box_toml(checked(with_colour(box, 0, "purple")))


def test_a_saved_box_comes_back_the_same(tmp_path: Path) -> None:
    text = _owner_text()
    path = owner_box.save(tmp_path, GAME, text)
    assert path == paths.owner_box_path(tmp_path, GAME.id)
    assert path.stat().st_mode & 0o777 == 0o600
    owned = owner_box.read(tmp_path, GAME)
    assert owned == owner_box.OwnerBox(text)
    box = GAME.box_from_text(owned.text or "", "x")
    assert box.forest_spaces == 14
    assert box.colours[:2] == ("purple", "blue") and box.colours[4] == "red"
    assert "three" not in box.series_keys()
    assert [t.name for t in box.series[1].trees][-1] == "hazel"
    assert not box.path_assumption and not any(s.assumption for s in box.series)


def test_no_owner_box_means_the_shipped_one(tmp_path: Path) -> None:
    assert owner_box.read(tmp_path, GAME) == owner_box.OwnerBox(None)
    assert owner_box.setup(tmp_path, GAME) == ({}, None)
    assert owner_box.game_with_box(tmp_path, GAME) is GAME


def test_a_damaged_owner_file_is_reported_with_its_place_and_the_shipped_box_used(
    tmp_path: Path,
) -> None:
    path = paths.owner_box_path(tmp_path, GAME.id)
    path.parent.mkdir(parents=True)
    path.write_text(_owner_text().replace("forest_spaces = 14", "forest_spaces = 99"))
    owned = owner_box.read(tmp_path, GAME)
    assert owned.text is None
    assert owned.problem is not None
    assert str(path) in owned.problem and "[path] forest_spaces" in owned.problem
    assert "shipped with the game is used" in owned.problem
    setup, problem = owner_box.setup(tmp_path, GAME)
    assert setup == {} and problem == owned.problem
    assert owner_box.game_with_box(tmp_path, GAME).box == packaged_box()


def test_unknown_keys_are_refused(tmp_path: Path) -> None:
    text = _owner_text().replace("[pawns]", '[pawns]\nshape = "round"')
    with pytest.raises(DataFileError, match="unknown key.*'shape'"):
        owner_box.save(tmp_path, GAME, text)
    assert not paths.owner_box_path(tmp_path, GAME.id).exists()
    path = paths.owner_box_path(tmp_path, GAME.id)
    path.parent.mkdir(parents=True)
    path.write_text(text)
    assert "unknown key(s) 'shape'" in (owner_box.read(tmp_path, GAME).problem or "")


def test_not_utf8_is_reported(tmp_path: Path) -> None:
    path = paths.owner_box_path(tmp_path, GAME.id)
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\xff\xfe")
    assert "is not UTF-8 text" in (owner_box.read(tmp_path, GAME).problem or "")


def test_forget_goes_back_to_the_shipped_box(tmp_path: Path) -> None:
    owner_box.save(tmp_path, GAME, _owner_text())
    owner_box.forget(tmp_path, GAME)
    assert owner_box.read(tmp_path, GAME).text is None


def test_a_resumed_game_keeps_the_box_it_started_with(tmp_path: Path) -> None:
    journal = Journal(paths.journal_path(tmp_path))
    owner_box.save(tmp_path, GAME, _owner_text(14))
    setup, problem = owner_box.setup(tmp_path, GAME)
    assert problem is None
    session = Session.start(journal, GAME.id, 3, {"removed_series": "none"}, seed=5, setup=setup)
    session.draw()  # who begins
    played = session.state.to_dict()
    # The owner changes the box again (a shorter path, the "one" series gone).
    owner_box.save(
        tmp_path, GAME, box_toml(without_series(with_path_length(packaged_box(), 6), "one"))
    )
    resumed = Session.resume(journal, session.game_row)
    box = resumed.game.box  # type: ignore[attr-defined]
    assert box.forest_spaces == 14 and "one" in box.series_keys()
    assert [t.name for t in box.series[1].trees][-1] == "hazel"
    assert resumed.state.to_dict() == played
    # ...and the next new game uses the owner's new box.
    fresh = owner_box.game_with_box(tmp_path, GAME)
    assert fresh.box.forest_spaces == 6  # type: ignore[attr-defined]
    journal.close()


def test_a_saved_box_the_reader_refuses_stops_the_resume_with_a_reason() -> None:
    with pytest.raises(Exception, match="the box saved with this game"):
        GAME.with_setup({"box": "[path]\nforest_spaces = 0\n"})
    with pytest.raises(Exception, match="has no setup board"):
        GAME.with_setup({"board": "x"})


def _hood_box() -> str:
    from_shipped = hood_edits.with_tiles(HOOD.box, "obstacle", 30)
    return hood_toml(hood_edits.checked(hood_edits.with_cards(from_shipped, "wolf", 3, 6)))


def _woods_box() -> str:
    return woods_toml(woods_edits.checked(woods_edits.with_count(WOODS.box, "torch", 3)))


def _wolf_box() -> str:
    return board_to_toml(wolf_edits.checked(wolf_edits.with_tree_toggled(WOLF.board, "o1")))


OWNER_BOXES = {
    HOOD.id: (HOOD, 3, _hood_box, lambda g: g.box.tiles["obstacle"] == 30),
    WOODS.id: (WOODS, 1, _woods_box, lambda g: g.box.count("torch") == 3),
    WOLF.id: (WOLF, 2, _wolf_box, lambda g: g.board.by_id["o1"].tree),
}


@pytest.mark.parametrize("game_id", sorted(OWNER_BOXES))
def test_each_game_played_with_the_owners_box_resumes_with_it(tmp_path: Path, game_id: str) -> None:
    game, players, owner_text, has_owners_box = OWNER_BOXES[game_id]
    journal = Journal(paths.journal_path(tmp_path))
    owner_box.save(tmp_path, game, owner_text())  # type: ignore[arg-type]
    setup, problem = owner_box.setup(tmp_path, game)
    assert problem is None and setup
    session = Session.start(journal, game.id, players, seed=3, setup=setup)
    assert has_owners_box(session.game)
    for _ in range(6):  # a few steps of play
        if session.state.is_terminal():
            break
        if session.state.is_chance_node():
            session.draw()
        else:
            session.apply(session.state.legal_actions()[0])
    played = session.state.to_dict()
    owner_box.forget(tmp_path, game)  # the owner goes back to the shipped box...
    resumed = Session.resume(journal, session.game_row)
    assert has_owners_box(resumed.game)  # ...the game keeps the box it started with
    assert resumed.state.to_dict() == played
    assert not has_owners_box(owner_box.game_with_box(tmp_path, game))  # new games: shipped
    journal.close()


def test_a_saved_house_rule_naming_the_owners_own_series_survives_a_restart(
    tmp_path: Path,
) -> None:
    from_owner = with_series(packaged_box(), "4 holes", "elm")  # its key: series-1
    owner_box.save(tmp_path, GAME, box_toml(checked(from_owner)))
    owned = owner_box.game_with_box(tmp_path, GAME)
    rules = settings_mod.Settings()
    rules.set_option(GAME.id, "removed_series", "series-1", owned)
    path = tmp_path / "settings.json"
    settings_mod.save(rules, path)
    loaded, problem = settings_mod.load(
        path, lambda game_id: owner_box.game_with_box(tmp_path, registry.get(game_id))
    )
    assert problem is None
    assert loaded.options_for(GAME.id, owned)["removed_series"] == "series-1"
    shipped_only, problem = settings_mod.load(path)  # the shipped box has no such series
    assert problem is not None and '"Easier games: series left out" can be' in problem
    assert "removed_series" not in problem


DAMAGE = {
    HOOD.id: ("count = 30", "count = -3", "count must be"),
    WOODS.id: ("torch = 3", "torch = 99", "[event] torch must be from 0 to 50"),
    WOLF.id: ('ring = "outer"', 'ring = "middle"', "ring must be 'outer' or 'inner'"),
}


@pytest.mark.parametrize("game_id", sorted(DAMAGE))
def test_each_games_damaged_box_is_reported_with_its_place_and_the_shipped_one_used(
    tmp_path: Path, game_id: str
) -> None:
    game, _, owner_text, has_owners_box = OWNER_BOXES[game_id]
    good, bad, place = DAMAGE[game_id]
    path = paths.owner_box_path(tmp_path, game.id)
    path.parent.mkdir(parents=True)
    path.write_text(owner_text().replace(good, bad, 1))
    setup, problem = owner_box.setup(tmp_path, game)
    assert setup == {} and problem is not None
    assert str(path) in problem and place in problem and "shipped with the game is used" in problem
    assert not has_owners_box(owner_box.game_with_box(tmp_path, game))


def test_only_the_box_part_of_two_setups_tells_whether_the_box_changed() -> None:
    mine = _owner_text()
    assert not owner_box.box_changed(GAME, {"box": mine}, {"box": mine})
    assert owner_box.box_changed(GAME, {"box": mine}, {"box": _owner_text(spaces=15)})
    assert owner_box.box_changed(GAME, {}, {"box": mine})  # the owner saved a box since
    # a setup that also holds what is not the box (a shipped box's version) is the same box
    assert not owner_box.box_changed(GAME, {"box": mine, "box_version": 2}, {"box": mine})
    board = WOLF.box_text()
    assert owner_box.box_changed(WOLF, {"board": board}, {"board": board + "\n"})
    assert not owner_box.box_changed(WOLF, {"board": board, "box": "x"}, {"board": board})
