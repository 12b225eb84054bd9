"""``companion odds`` for a game whose luck is physical: chance rows (Beware of the Wolf)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from companion import owner_box
from companion.cli import main
from companion.devices.turntable.store import TurntableStore
from companion.engines.beware_of_the_wolf import GAME, board_to_toml, default_board
from companion.engines.beware_of_the_wolf.box_edits import with_tree_toggled
from companion.engines.beware_of_the_wolf.catching import ENOUGH_SPINS

ROW = re.compile(r"^  (the .+?)\s+([\d.]+)%(.*)$")


def chance_rows(text: str) -> dict[str, tuple[float, str]]:
    found = {}
    for line in text.splitlines():
        m = ROW.match(line)
        if m:
            found[m.group(1)] = (float(m.group(2)) / 100, m.group(3).strip())
    return found


def odds_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["--data-dir", str(tmp_path), "odds", "beware-of-the-wolf"]) == 0
    return capsys.readouterr().out


def test_every_open_space_has_its_chance_on_a_fair_spinner(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = odds_output(tmp_path, capsys)
    rows = chance_rows(out)
    board = default_board()
    assert len(rows) == sum(not s.tree for s in board.spaces) == 36
    assert "on a fair spinner" in out.splitlines()[0]
    assert rows["the 1st space after the red house"] == (pytest.approx(15 / 360, abs=5e-4), "")
    assert not any("(a tree)" in name for name in rows)
    assert "Pawns behind the 12 trees are never caught." in out
    assert not re.search(r"\bo\d+\b|\bi\d+\b", out)  # no space ids


def test_the_owners_spinner_gives_the_odds_once_it_has_enough_spins(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = TurntableStore(tmp_path / "turntable")
    for _ in range(ENOUGH_SPINS - 1):
        store.add_spin(12.0)
    few = odds_output(tmp_path, capsys)
    assert "on a fair spinner" in few.splitlines()[0]
    assert f"recorded {ENOUGH_SPINS - 1} spins" in few
    for _ in range(200 - ENOUGH_SPINS + 1):
        store.add_spin(12.0)
    out = odds_output(tmp_path, capsys)
    assert "from your spinner's last 200 spins" in out.splitlines()[0]
    rows = chance_rows(out)
    chance, note = rows["the 1st space after the red house"]  # 5.6-16.9 deg, in sector 10-19
    assert chance > 0.5 and note == "(fair spinner: 4.2%)"
    assert rows["the 1st space after the yellow house"][0] < 0.01


def test_the_owners_taught_board_is_used_and_a_broken_one_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = TurntableStore(tmp_path / "turntable")
    text = board_to_toml(default_board()).replace('name = "Default board', 'name = "Our board', 1)
    store.save_board_text(text)
    assert odds_output(tmp_path, capsys).startswith("Our board")
    store.save_board_text("[board]\nname = 3\n")
    out = odds_output(tmp_path, capsys)
    assert out.startswith("Default board") and "Your taught board could not be used" in out
    assert str(store.board_path) in out and "the board shipped in the box is used" in out


def test_a_my_box_board_with_an_extra_tree_changes_that_spaces_chance(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Rulebook: "If the wolf's snout points at a space where other players stand
    # unprotected, that player must move their game piece back 4 spaces on the outer path."
    before = chance_rows(odds_output(tmp_path, capsys))
    assert before["the 1st space after the red house"][0] == pytest.approx(15 / 360, abs=5e-4)
    board = with_tree_toggled(default_board(), "o1")  # the 1st space after the red house
    owner_box.save(tmp_path, GAME, board_to_toml(board).replace('name = "', 'name = "Mine ', 1))
    out = odds_output(tmp_path, capsys)
    rows = chance_rows(out)
    assert out.startswith("Mine ") and "Pawns behind the 13 trees are never caught." in out
    assert "the 1st space after the red house" not in rows
    assert "the 1st space after the red house (a tree)" not in rows
    assert len(rows) == len(before) - 1
    assert rows["the 3rd space after the red house"] == before["the 3rd space after the red house"]


def test_the_board_saved_last_gives_the_odds_and_a_damaged_my_box_falls_back_to_the_taught(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = TurntableStore(tmp_path / "turntable")
    taught = store.save_board_text(GAME.box_text().replace('name = "', 'name = "Taught ', 1))
    mine = owner_box.save(tmp_path, GAME, GAME.box_text().replace('name = "', 'name = "Mine ', 1))
    os.utime(taught, (1_000_000, 1_000_000))
    os.utime(mine, (2_000_000, 2_000_000))
    assert odds_output(tmp_path, capsys).startswith("Mine ")
    os.utime(taught, (3_000_000, 3_000_000))
    assert odds_output(tmp_path, capsys).startswith("Taught ")
    mine.write_text(GAME.box_text().replace('name = "', "name = 3 #", 1))
    os.utime(mine, (4_000_000, 4_000_000))  # the damaged file is the newer one
    out = odds_output(tmp_path, capsys)
    assert out.startswith("Taught ")
    assert f"({mine}: [board] name must be a non-empty text)" in out
    assert "your taught board is used" in out
