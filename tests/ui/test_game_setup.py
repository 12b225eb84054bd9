"""New Beware of the Wolf games use the board the owner taught; a broken one is explained."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.ui.games.beware_of_the_wolf.screen import WolfScreen
from tests.ui.conftest import Driver

DEFAULT = Path(__file__).resolve().parents[2] / ("companion/engines/beware_of_the_wolf/box.toml")


@pytest.fixture
def taught_board(ui: Driver) -> Iterator[Path]:
    path = ui.app.services.data_dir / "turntable" / "my_board.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    WolfScreen.start_turntable, WolfScreen.use_sim_kit = False, False
    yield path
    WolfScreen.start_turntable, WolfScreen.use_sim_kit = True, True
    path.unlink(missing_ok=True)


def test_a_taught_board_is_used_and_saved_with_the_game(ui: Driver, taught_board: Path) -> None:
    taught_board.write_text(DEFAULT.read_text().replace('name = "', 'name = "Our ', 1))
    ui.app.start_game("beware-of-the-wolf", 2, {})
    ui.pump(3)
    session = ui.app.controller.session
    assert session.game.board.name.startswith("Our ")
    assert session.record.setup["board"].startswith(taught_board.read_text()[:40])


def test_a_broken_taught_board_falls_back_with_a_message(ui: Driver, taught_board: Path) -> None:
    taught_board.write_text("[[[ not toml")
    ui.app.start_game("beware-of-the-wolf", 2, {})
    ui.pump(3)
    assert ui.app.controller.session.game.board.name == "Default board (4 houses)"
    assert "taught board could not be used" in ui.app.message
    assert str(taught_board) in ui.app.message
