"""Each player picks a colour from the game's own pieces at New game (issue 12.1): a tap
on the colour chip opens the pieces, a piece another player holds swaps over, the game's
turn banner wears the piece, a resumed game keeps it and the name brings it back next time.

Little Dead Riding Hood: "Give each player a pawn and place the pawn on one of the
starting spaces, youngest player choosing first."
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from kivy.core.window import Window

from companion import roster as roster_mod
from companion.engines.little_dead_riding_hood import GAME as HOOD
from companion.ui.pick_list import PickList
from companion.ui.players import from_hex
from tests.ui.conftest import SIZES, Driver, table_source

HOOD_ID = "little-dead-riding-hood"
BLACK = from_hex(dict(HOOD.piece_colours)["Black"])


def _rows(ui: Driver) -> list[Any]:
    return list(reversed(ui.screen().ids.player_setup.ids.rows.children))


def _chips(ui: Driver) -> list[str]:
    return [row.ids.colour_chip.text for row in _rows(ui)]


def _pick_list() -> PickList:
    lists = [w for w in Window.children if isinstance(w, PickList)]
    assert lists, "the pieces' pick-list is not open"
    return lists[0]


def _pick(ui: Driver, seat: int, label: str, shot: str = "", size: Any = None) -> list[str]:
    """Tap seat ``seat``'s colour chip, then the piece whose label holds ``label``; the
    pick-list's labels are returned."""
    ui.tap(_rows(ui)[seat].ids.colour_chip)
    ui.pump(3)
    picker = _pick_list()
    labels = [b.text for b in reversed(picker.ids.rows.children)]
    if shot:
        ui.screenshot(shot, size)
    ui.tap(ui.button(label, picker))
    ui.pump(3)
    return labels


def _banner_until_seat(ui: Driver, seat: int) -> Any:
    """Play the table's first steps until it is seat ``seat``'s turn; the banner then."""
    controller = ui.app.controller
    for _ in range(40):
        view = controller.session.state.view()
        if view.turn == seat:
            ui.pump(3)
            return ui.screen().ids.turn
        controller.apply(controller.state.legal_actions()[0], table_source(controller))
        ui.pump(1)
    raise AssertionError(f"seat {seat} never had a turn")


@pytest.mark.parametrize("size", SIZES)
def test_a_picked_hood_is_worn_by_the_banner_and_kept(ui: Driver, size: tuple[int, int]) -> None:
    ui.resize(size)
    ui.app.services.roster.recent = ["Ann", "Bo"]
    ui.app.open_new_game(HOOD_ID)
    ui.pump(3)
    screen = ui.screen()
    ui.tap(next(b for b in screen.ids.player_counts.children if b.text == "2"))
    assert _chips(ui) == ["Red", "Blue"]  # seat order until someone picks
    labels = _pick(ui, 0, "Black", "pieces-pick-list", size)
    assert labels == ["Red (now)", "Blue (swap with Bo)", "Black", "Green", "Yellow"]
    assert _chips(ui) == ["Black", "Blue"]
    _pick(ui, 1, "Black (swap with Ann)")  # Bo takes the Black hood: Ann gets Bo's Blue
    assert _chips(ui) == ["Blue", "Black"]
    _pick(ui, 0, "Green")
    assert _chips(ui) == ["Green", "Black"]
    ui.tap(_rows(ui)[1].ids.begins_button)  # Bo is the youngest: Bo begins, in Black
    ui.screenshot("pieces-new-game", size)
    ui.tap(screen.ids.start_button)
    ui.pump(3)
    controller = ui.app.controller
    assert controller.names == ["Bo", "Ann"]
    assert controller.session.record.setup["pieces"] == [2, 3]  # Bo Black, Ann Green
    banner = _banner_until_seat(ui, 0)
    assert tuple(banner.background) == BLACK and "Bo" in banner.text
    ui.screenshot("pieces-banner", size)

    record = ui.app.services.journal.latest_unfinished()
    assert record is not None
    ui.app.leave_game()
    ui.app.resume_game(record)
    ui.pump(3)
    assert ui.app.controller.session.game.seat_pieces == (2, 3)
    banner = _banner_until_seat(ui, 0)
    assert tuple(banner.background) == BLACK

    ui.app.leave_game()
    ui.app.open_new_game(HOOD_ID)  # next time: each name gets its hood back
    ui.pump(3)
    assert [r.ids.name_button.text for r in _rows(ui)] == ["Bo", "Ann"]
    assert _chips(ui) == ["Black", "Green"]
    labels = _pick(ui, 1, "Green")
    assert labels[0] == "Green (now)"  # Ann's hood from last time is offered first


def test_a_recent_name_takes_its_piece_back_when_it_is_free(ui: Driver) -> None:
    roster = ui.app.services.roster
    roster.recent = ["Ann", "Bo", "Cy"]
    roster.pieces[HOOD_ID] = {"Cy": 4, "Bo": 0}
    roster.games[HOOD_ID] = ["Ann", "Bo"]
    ui.app.open_new_game(HOOD_ID)
    ui.pump(3)
    assert _chips(ui) == ["Red", "Blue"]  # Bo's Red from last time is Ann's now
    ui.tap(_rows(ui)[1].ids.colour_chip)
    ui.pump(3)
    picker = _pick_list()
    assert picker.ids.rows.children[-1].text == "Red (swap with Ann)"  # offered first
    ui.tap(picker.ids.close_button)
    ui.pump(3)
    assert _chips(ui) == ["Red", "Blue"]  # Cancel changes nothing
    ui.tap(next(b for b in ui.screen().ids.player_counts.children if b.text == "3"))
    assert [r.ids.name_button.text for r in _rows(ui)] == ["Ann", "Bo", "Cy"]
    assert _chips(ui) == ["Red", "Blue", "Yellow"]  # Cy's Yellow from last time


def test_beware_of_the_wolf_offers_no_colour_at_new_game(ui: Driver) -> None:
    """ "Each player chooses a game piece and places it in front of the house of their
    choice": the house (its colour) is the game's own first step, so New game names none."""
    ui.app.open_new_game("beware-of-the-wolf")
    ui.pump(3)
    setup = ui.screen().ids.player_setup
    assert not setup.chooses_pieces
    for row in _rows(ui):
        assert row.ids.colour_chip.text == "" and row.ids.colour_chip.disabled
    assert setup.chosen_players()[1] is None
    ui.screenshot("pieces-none-at-new-game")


def test_the_roster_keeps_each_names_piece(tmp_path: Path) -> None:
    path = tmp_path / "roster.json"
    roster = roster_mod.Roster()
    roster.remember(HOOD_ID, ["Ann", "Player 2"], [2, 0])
    assert roster.pieces == {HOOD_ID: {"Ann": 2}}  # a "Player N" seat is nobody to remember
    roster_mod.save(roster, path)
    loaded, problem = roster_mod.load(path)
    assert problem is None and loaded.pieces == {HOOD_ID: {"Ann": 2}}
    path.write_text('{"recent": [], "pieces": {"x": {"Ann": "red"}}}', encoding="utf-8")
    damaged, problem = roster_mod.load(path)
    assert damaged == roster_mod.Roster()
    assert problem is not None and "pieces.x.Ann" in problem


def test_an_old_roster_without_pieces_still_loads(tmp_path: Path) -> None:
    path = tmp_path / "roster.json"
    path.write_text('{"recent": ["Ann"], "games": {}}', encoding="utf-8")
    loaded, problem = roster_mod.load(path)
    assert problem is None and loaded.recent == ["Ann"] and loaded.pieces == {}
