"""The owner's corrections to a Little Dead Riding Hood box (My box): tile counts, event
cards by effect and movement value, spare columns; refused edits say why."""

from __future__ import annotations

import pytest

from companion.engines.little_dead_riding_hood import GAME, BoxEditRefused, box_edits, box_toml


def test_tiles_and_cards_change_and_the_text_reads_back_checked() -> None:
    box = box_edits.with_tiles(GAME.box, "obstacle", 20)
    box = box_edits.with_cards(box, "wolf", 3, 4)
    box = box_edits.with_cards(box, "picking-flowers", 1, 0)
    box = box_edits.with_spare_columns(box, "gap_columns", 2)
    assert box.tiles["obstacle"] == 20 and box.cards["wolf:3"] == 4
    assert "picking-flowers:1" not in box.cards
    assert box.assumed("board") and box.assumed("wolf") and box.assumed("obstacle")
    back = GAME.box_from_text(box_toml(box_edits.checked(box)), "my box")
    assert back.tiles == box.tiles and back.cards == box.cards and back.gap_columns == 2
    assert back.assumptions == () and not back.assumed("wolf")


def test_the_shipped_box_reads_back_the_same() -> None:
    # LD2: "40 event cards ... with the movement values 1-3 spread evenly"
    assert GAME.box_from_text(GAME.box_text(), "the box") == GAME.box
    assert sum(box_edits.copies(GAME.box, "cake-and-wine", m) for m in (1, 2, 3)) == 8


def test_an_effect_with_no_card_left_is_left_out_of_the_file() -> None:
    box = GAME.box
    for movement in (1, 2, 3):
        box = box_edits.with_cards(box, "wolf", movement, 0)
    text = box_toml(box)
    assert 'effect = "wolf"' not in text
    assert GAME.box_from_text(text, "my box").cards == box.cards


@pytest.mark.parametrize(
    ("edit", "sentence"),
    [
        (lambda b: box_edits.with_tiles(b, "obstacle", -1), "0 to 200 obstacle tiles"),
        (lambda b: box_edits.with_cards(b, "wolf", 2, 21), r"0 to 20 Wolf!!! cards that move 2"),
        (
            lambda b: box_edits.with_spare_columns(b, "gap_columns", 4),
            "0 to 3 spare columns between",
        ),
        (
            lambda b: box_edits.with_spare_columns(b, "edge_columns", -1),
            "0 to 3 spare columns beside",
        ),
    ],
)
def test_edits_out_of_bounds_are_refused(edit, sentence: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(BoxEditRefused, match=sentence):
        edit(GAME.box)


def test_the_pool_keeps_a_path_piece() -> None:
    box = box_edits.with_tiles(box_edits.with_tiles(GAME.box, "path-wolf", 0), "path-bullet", 0)
    with pytest.raises(BoxEditRefused, match="at least one path piece"):
        box_edits.with_tiles(box, "path-plain", 0)


def test_the_deck_deals_five_players_their_cards() -> None:
    # "Shuffle the remaining cards and give each player 3."
    first = sorted(GAME.box.cards)[0]
    effect, movement = first.split(":")
    box = box_edits.with_cards(GAME.box, effect, int(movement), 15)
    for key in sorted(box.cards)[1:]:
        other, value = key.split(":")
        box = box_edits.with_cards(box, other, int(value), 0)
    assert sum(box.cards.values()) == 15
    with pytest.raises(BoxEditRefused, match="at least 15 cards to deal 5 players 3 each"):
        box_edits.with_cards(box, effect, int(movement), 14)


def test_a_game_with_an_owners_box_plays_with_it() -> None:
    owner = box_toml(box_edits.checked(box_edits.with_tiles(GAME.box, "obstacle", 30)))
    game = GAME.with_setup({"box": owner})
    state = game.new_initial_state(3, seed=2)
    assert sum(state.pool.values()) == 80  # type: ignore[attr-defined]
    assert GAME.with_setup({}) is GAME
