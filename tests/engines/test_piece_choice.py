"""Each player's piece is a choice kept in the game's setup (issue 12.1), not the seat.

Little Dead Riding Hood: "Give each player a pawn and place the pawn on one of the
starting spaces, youngest player choosing first."  Le Petit Poucet: "Each player chooses
a Child pawn of their favourite colour and places it on the board's starting space."
The seats stay in turn order; ``"pieces"`` says which piece each seat plays, and a setup
without it plays seat order, so old saves, scenarios and golden replays are unchanged.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.engines import registry
from companion.engines.base import Game, InvalidOptions
from companion.engines.gingerdead_house import GAME as GINGERDEAD
from companion.engines.le_petit_poucet import GAME as POUCET
from companion.engines.little_dead_riding_hood import GAME as HOOD
from companion.engines.little_dead_riding_hood import RIDING_HOODS
from companion.session.journal import Journal
from companion.session.session import Session

PIECE_GAMES = (HOOD, POUCET, GINGERDEAD)


def _hoods(game: Game, players: int) -> list[str]:
    table: Any = game.new_initial_state(players).view().table
    return [p.riding_hood for p in table.players]


def _pawn_colours(game: Game, players: int) -> list[str]:
    table: Any = game.new_initial_state(players).view().table
    return [p.colour for p in table.pawns]


def test_a_chosen_hood_is_the_one_the_view_names() -> None:
    game = HOOD.with_setup({"pieces": [2, 0, 4]})
    assert _hoods(game, 3) == ["Black", "Red", "Yellow"]
    line = game.new_initial_state(3).view().table.players[0].text  # type: ignore[union-attr]
    assert "(Black)" in line


def test_a_chosen_pawn_is_the_one_the_view_names() -> None:
    colours = POUCET.box.colours
    game = POUCET.with_setup({"pieces": [3, 1]})
    assert _pawn_colours(game, 2) == [colours[3], colours[1]]


def test_pieces_and_an_owners_box_go_together() -> None:
    game = POUCET.with_setup({"box": POUCET.box_text(), "pieces": [4, 0]})
    assert game.seat_pieces == (4, 0)
    assert _pawn_colours(game, 2) == [POUCET.box.colours[4], POUCET.box.colours[0]]
    versioned = GINGERDEAD.with_setup({"box_version": 1, "pieces": [3, 2]})
    assert versioned.seat_pieces == (3, 2) and versioned.piece_of(1) == 2


@pytest.mark.parametrize("game", PIECE_GAMES, ids=lambda g: g.id)
def test_no_pieces_key_plays_seat_order(game: Game) -> None:
    plain = game.with_setup({})
    assert plain.seat_pieces == ()
    assert [plain.piece_of(seat) for seat in range(4)] == [0, 1, 2, 3]
    assert game.seat_pieces == ()  # choosing pieces never changes the shared game
    game.with_setup({"pieces": [1, 0]})
    assert game.seat_pieces == ()


def test_no_pieces_key_names_hoods_in_seat_order() -> None:
    assert _hoods(HOOD.with_setup({}), 5) == list(RIDING_HOODS)


@pytest.mark.parametrize(
    ("pieces", "words"),
    [
        ([0, 0], "same piece"),
        ([0, 5], "has 5 pieces"),
        ([-1, 0], "has 5 pieces"),
        ("red", "list of piece numbers"),
        ([True, 0], "list of piece numbers"),
        ([0.0, 1], "list of piece numbers"),
    ],
)
def test_a_bad_piece_list_is_refused_with_a_sentence(pieces: Any, words: str) -> None:
    with pytest.raises(InvalidOptions, match=words):
        HOOD.with_setup({"pieces": pieces})


def test_each_player_needs_exactly_one_piece() -> None:
    game = HOOD.with_setup({"pieces": [1, 0]})
    with pytest.raises(InvalidOptions, match="2 pieces were chosen for 3 players"):
        game.new_initial_state(3)


@pytest.mark.parametrize("game_id", ["beware-of-the-wolf", "lost-in-the-woods"])
def test_a_game_without_pieces_to_choose_refuses_them(game_id: str) -> None:
    # Beware of the Wolf: "Each player chooses a game piece and places it in front of
    # the house of their choice." The house is the game's own first step, not New game's.
    with pytest.raises(InvalidOptions):
        registry.get(game_id).with_setup({"pieces": [0]})


def test_a_resumed_game_keeps_its_pieces(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "journal.sqlite3")
    setup = {"pieces": [3, 1]}
    session = Session.start(journal, HOOD, 2, seed=5, names=["Ann", "Bo"], setup=setup)
    row = session.game_row
    journal.close()
    again = Journal(tmp_path / "journal.sqlite3")
    resumed = Session.resume(again, row)
    assert resumed.game.seat_pieces == (3, 1)
    table: Any = resumed.state.view().table
    assert [p.riding_hood for p in table.players] == ["Green", "Blue"]
    again.close()
