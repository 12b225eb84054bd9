"""The owner's box store: kept in the data directory, validated by the game's own
reader, damaged files reported with their place, and saved with each game."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import owner_box, paths
from companion.engines.datafile import DataFileError
from companion.engines.le_petit_poucet import GAME
from companion.engines.le_petit_poucet.box import box_toml, packaged_box
from companion.engines.le_petit_poucet.box_edits import (
    checked,
    with_colour,
    with_path_length,
    with_tree,
    without_series,
)
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
