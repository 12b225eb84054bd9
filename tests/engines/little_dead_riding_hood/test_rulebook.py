"""One scenario per rulebook sentence (issue 17.5): each test quotes the sentence it checks.

The sentences come from the Little Dead Riding Hood rulebook in the shared rulebooks;
where the rulebook leaves a gap the test names the decision (LD..) it follows.
"""

from __future__ import annotations

import pytest

from companion.engines.base import IllegalAction
from companion.engines.little_dead_riding_hood import GAME
from companion.engines.little_dead_riding_hood.state import LdrhState
from tests.engines.little_dead_riding_hood.scenario import (
    EDITION_2,
    card_turn,
    column,
    lay,
    new_game,
    play,
    set_bullets,
    texts,
)


# -- Combat -----------------------------------------------------------------------------------
def test_no_bullets_the_wicked_queens_wolf_sends_the_pawn_back_at_once() -> None:
    """Combat: "If you are on a tile with a wolf and have no bullets, you must immediately
    move back one space." LD25: a wolf the Wicked Queen puts on the pawn's tile."""
    state = new_game(2)
    lay(state, {**column(state, 0, 3), **column(state, 1, 3)}, wolves=[(2, 3), (2, 1)])
    state.pawns[1] = (1, 3)
    set_bullets(state, 1, 0)
    play(state, "choose the Wicked Queen", "Wicked Queen: take the wolf at row 3 col 4")
    play(state, "Wicked Queen: put the wolf at row 2 col 4")
    # before the Queen goes on, the pawn without bullets moves back
    assert state.current_player() == 1
    assert texts(state) == ["move back to row 1 col 4"]
    assert "no bullets" in state.prompt()
    play(state, "move back to row 1 col 4")
    assert state.pawns[1] == (0, 3) and (1, 3) in state.board.wolves
    # then the Wicked Queen's second wolf
    assert state.current_player() == 0
    assert "Wicked Queen: take the wolf at row 3 col 2" in texts(state)


def test_no_bullets_after_a_lost_fight_the_step_back_onto_a_wolf_goes_on_back() -> None:
    """Combat: "If you are on a tile with a wolf and have no bullets, you must immediately
    move back one space." LD25: the last bullet lost, sent back onto another wolf."""
    state = new_game(2)
    lay(state, column(state, 0, 4), wolves=[(1, 1), (2, 1)])
    state.pawns[0] = (1, 1)  # on a wolf's tile with a bullet (LD20: no fight yet)
    set_bullets(state, 0, 1)
    card_turn(state, 0)
    play(state, "move with Who's Been Sitting On My Chair? (3)", "step to row 3 col 2")
    play(state, "fight with 1 bullet", "draw the wolf from the bag")
    # back on the first wolf's tile with no bullet left: one more space back at once
    assert state.pawns[0] == (1, 1) and state.bullets[0] == 0
    assert texts(state) == ["move back to row 1 col 2"]
    play(state, "move back to row 1 col 2")
    assert state.pawns[0] == (0, 1)
    # the movement left goes on, but never onto a wolf without bullets
    assert "step to row 2 col 2" not in texts(state)
    assert "stop moving" in texts(state)


def test_no_bullets_a_card_moving_the_pawn_onto_a_wolf_sends_it_back_again() -> None:
    """Combat: "If you are on a tile with a wolf and have no bullets, you must immediately
    move back one space." LD25: My...What Big Hands puts the pawn on a wolf's tile."""
    state = new_game(2, hands=[[], ["big-hands:1"]])
    lay(state, column(state, 0, 4), wolves=[(1, 1)])
    state.pawns[0] = (2, 1)
    set_bullets(state, 0, 0)
    card_turn(state, 1)
    play(state, "play My...What Big Hands You Have? (1): player 1 back to row 2 col 2")
    assert state.current_player() == 0
    assert texts(state) == ["move back to row 1 col 2"]
    play(state, "move back to row 1 col 2")
    assert state.pawns[0] == (0, 1)


def test_a_pawn_with_bullets_put_on_a_wolf_waits_for_the_pre_movement_fight() -> None:
    """Combat: "If you are on a tile with a wolf and have no bullets, you must immediately
    move back one space." Only without bullets: with bullets LD20 holds (no fight at once)."""
    state = new_game(2, hands=[[], []])
    lay(state, {**column(state, 0, 3), **column(state, 1, 3)}, wolves=[(2, 3)])
    state.pawns[1] = (1, 3)
    play(state, "choose the Wicked Queen", "Wicked Queen: take the wolf at row 3 col 4")
    play(state, "Wicked Queen: put the wolf at row 2 col 4", "Wicked Queen: done")
    assert state.pawns[1] == (1, 3)
    play(state, "choose the Prince", "Prince: done")
    assert state.phase == "combat" and texts(state)[0] == "fight with 1 bullet"


# -- Card Effects in Further Detail ------------------------------------------------------------
def _wolf_turn(**options: str) -> LdrhState:
    """Player 1's card play opens the round's card play; player 2 already sits out this
    round (an earlier Wolf!!!) and their card play is still to come."""
    state = new_game(
        3, hands=[["wolf:1", "wolf:2"], ["cake-and-wine:1"], ["cake-and-wine:2"]], **options
    )
    card_turn(state, 0)
    state.cursor = 1
    state.sitting_out[1] = True
    state.invalidate()
    return state


def test_a_second_wolf_on_a_player_already_sitting_out_stacks() -> None:
    """Wolf!!!: "Target player skips their next turn. That player takes no actions on their
    next turn." LD26 default: on a player who already skips their next turn it stacks, so
    they skip the turn after as well (it is never accepted and wasted)."""
    state = _wolf_turn()
    play(state, "play Wolf!!! (1): player 2 skips their next turn")
    assert any("Player 2 skips one more turn" in line.text for line in state.log)
    # player 2's card play this round is skipped and the Wolf!!! waits for the next turn
    assert state.current_player() == 2 and state.skip_pending == [0, 1, 0]
    play(state, "play no card")
    assert state.round == 2 and state.sitting_out == [False, True, False]
    assert state.skip_pending == [0, 0, 0]
    # the marker passed to player 2, who sits out: player 3 chooses the first helper
    assert state.start_player == 1 and state.current_player() == 2


def test_two_wolves_in_one_round_skip_two_turns() -> None:
    """Wolf!!!: "Target player skips their next turn." Two played on the same player before
    their turn (The Youngest Brother gives a second card play) skip two turns (LD26)."""
    state = new_game(3, hands=[["wolf:1", "wolf:2"], ["cake-and-wine:1"], ["cake-and-wine:2"]])
    card_turn(state, 0)
    state.cursor, state.plays_left[0] = 1, 2
    state.invalidate()
    play(state, "play Wolf!!! (1): player 2 skips their next turn")
    play(state, "play Wolf!!! (2): player 2 skips their next turn")
    # player 2's card play this round is skipped, and the whole next round
    assert state.current_player() == 2 and state.skip_pending == [0, 1, 0]
    play(state, "play no card")
    assert state.round == 2 and state.sitting_out == [False, True, False]
    assert state.skip_pending == [0, 0, 0]


def test_house_rule_once_refuses_a_wolf_on_a_player_already_skipping() -> None:
    """Wolf!!!: "Target player skips their next turn." House rule (LD26 option
    ``wolf_stacking = "once"``): a player who already skips their next turn cannot be
    targeted again."""
    state = _wolf_turn(wolf_stacking="once")
    assert "play Wolf!!! (1): player 2 skips their next turn" not in texts(state)
    assert "play Wolf!!! (1): player 3 skips their next turn" in texts(state)
    with pytest.raises(IllegalAction):
        play(state, "play Wolf!!! (1): player 2 skips their next turn")
    play(state, "play Wolf!!! (1): player 3 skips their next turn")
    # players 2 and 3 both sit out their card play: the round is over
    assert state.round == 2 and state.hands[2] == ["cake-and-wine:2"]


def test_a_save_from_before_stacking_still_resumes() -> None:
    """Saves written before LD26 hold true/false for a pending Wolf!!!."""
    state = _wolf_turn()
    data = state.to_dict()
    data["state"]["skip_pending"] = [False, True, False]
    resumed = GAME.state_from_dict(data)
    assert isinstance(resumed, LdrhState) and resumed.skip_pending == [0, 1, 0]


# -- Game Setup and Game Play -----------------------------------------------------------------
def test_setup_deals_three_cards_and_three_bullets_and_pawns_start_on_start_spaces() -> None:
    """Game Setup: "Shuffle the remaining cards and give each player 3." "Give each player
    3 bullet chits and place the remainder to the side." "Give each player a pawn and place
    the pawn on one of the starting spaces." """
    state = new_game(3)
    assert [len(h) for h in state.hands] == [3, 3, 3]
    assert state.bullets == [3, 3, 3]
    assert all(state.board.is_start(p) for p in state.pawns)
    assert state.supply_bullets == state.box.bullet_chits - 9


def test_the_youngest_player_goes_first_holding_the_starting_marker() -> None:
    """Game Play: "The youngest player goes first. This player takes the starting marker
    tile." (Player 1 is the youngest.)"""
    state = new_game(3)
    assert state.start_player == 0 and state.current_player() == 0
    assert state.view().table.players[0].marker


# -- Helper Cards -----------------------------------------------------------------------------
def test_huntsman_three_tiles_for_the_chooser_one_for_each_other_player() -> None:
    """Huntsman: "Take 3 tiles from the tile pool and place them on the board. All other
    players place 1 tile. ... The Huntsman places all three of his tiles, and then going
    clockwise the other players place theirs." """
    state = new_game(3, hands=[[], [], []])
    play(state, "choose the Huntsman")
    placers = []
    while state.phase == "helpers" and len(placers) < 5:
        assert state.is_chance_node()
        play(state, "draw a path (bullet icon)")
        placers.append(state.current_player())
        play(state, texts(state)[0])
    assert placers == [0, 0, 0, 1, 2]


def test_huntsman_in_a_five_player_game_the_others_place_two_tiles_each() -> None:
    """Huntsman: "In a 5 player game, all other players will place 2 tiles." """
    state = new_game(5, hands=[[], [], [], [], []])
    play(state, "choose the Huntsman")
    placers = []
    for _ in range(11):
        play(state, "draw a path (bullet icon)")
        placers.append(state.current_player())
        play(state, texts(state)[0])
    assert placers == [0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4]


def test_the_youngest_brother_gives_an_additional_card_play() -> None:
    """The Youngest Brother: "You may play an additional card this turn." """
    state = new_game(2, hands=[[], []])
    play(state, "choose The Youngest Brother")
    assert state.plays_left == [2, 1]


def test_evil_stepmother_draws_two_cards_and_makes_another_discard_at_random() -> None:
    """Evil Stepmother: "You may draw 2 cards and make one other player randomly discard a
    card from their hand." """
    state = new_game(2, hands=[[], ["wolf:1"]])
    play(state, "choose the Evil Stepmother", "draw Cake and Wine (1)", "draw Wolf!!! (2)")
    assert state.hands[0] == ["cake-and-wine:1", "wolf:2"]
    assert sorted(texts(state)) == [
        "Evil Stepmother: nobody discards",
        "Evil Stepmother: player 2 discards at random",
    ]
    play(state, "Evil Stepmother: player 2 discards at random", "discard Wolf!!! (1) at random")
    assert state.hands[1] == [] and state.discard["wolf:1"] == 1


# -- Cards and Tiles --------------------------------------------------------------------------
def test_a_played_card_is_discarded() -> None:
    """Cards: "Once a card is played it is discarded." """
    state = new_game(2, hands=[["wolf:1"], []])
    card_turn(state, 0)
    play(state, "move with Wolf!!! (1)")
    assert state.hands[0] == [] and state.discard["wolf:1"] == 1


def test_a_plain_path_piece_draws_a_card_and_icons_place_their_tokens() -> None:
    """Cards: "You draw a card when you place a path piece that does not have an icon on it
    (either a wolf or bullet icon)". Tiles: "When you place the tile, if there is a wolf or
    bullet token icon on it, place a wolf or bullet token on the tile as noted." """
    state = new_game(2, hands=[[], []])
    play(state, "choose the Huntsman", "draw a path (no icon)", "place the tile at row 1 col 2")
    assert state.is_chance_node() and state.steps[-1].kind == "draw-cards"
    play(state, "draw Wolf!!! (1)")
    assert state.hands[0] == ["wolf:1"]
    play(state, "draw a path (wolf icon)", "place the tile at row 2 col 2")
    play(state, "draw a path (bullet icon)", "place the tile at row 1 col 4")
    assert state.board.wolves == {(1, 1)} and state.board.bullets == {(0, 3)}
    assert state.hands[0] == ["wolf:1"]  # icons bring no card


def test_no_obstacle_in_a_first_position_and_never_two_on_one_tile() -> None:
    """Tiles: "No player may place an obstacle in any first position." "there may only be
    one obstacle tile attached to any one tile." """
    state = new_game(2, hands=[[], []])
    lay(state, {(0, 1): "path-plain", (1, 1): "path-plain", (1, 0): "obstacle"})
    play(state, "choose the Huntsman", "draw an obstacle")
    places = texts(state)
    assert not any("row 1 col" in t for t in places)  # first row: path pieces only
    assert "place the tile at row 2 col 2" not in places  # occupied
    assert "place the tile at row 2 col 3" not in places  # (1, 1) already touches an obstacle


# -- Movement -----------------------------------------------------------------------------------
def test_no_diagonal_moves_and_no_ending_on_another_pawn() -> None:
    """Movement: "You may not move diagonally." "you may not end your movement on the same
    path piece as another player. You may however move through a path piece containing
    another player's pawn." """
    state = new_game(2, hands=[["wolf:2"], []])
    lay(state, {**column(state, 0, 3), (0, 2): "path-plain", (1, 2): "path-plain"})
    state.pawns[0], state.pawns[1] = (0, 1), (1, 1)
    card_turn(state, 0)
    play(state, "move with Wolf!!! (2)")
    assert "step to row 2 col 3" not in texts(state)  # diagonal
    assert "step to row 2 col 2" in texts(state)  # through the other pawn ...
    play(state, "step to row 2 col 2")
    assert "stop moving" not in texts(state)  # ... but not ending there
    play(state, "step to row 3 col 2")
    assert state.pawns[0] == (2, 1)


def test_landing_on_a_lone_bullet_takes_it() -> None:
    """Movement: "When you land on a tile with a bullet and no wolf, immediately take the
    bullet token." """
    state = new_game(2, hands=[["wolf:1"], []])
    lay(state, column(state, 0, 2), bullets=[(0, 1)])
    card_turn(state, 0)
    play(state, "move with Wolf!!! (1)", "step to row 1 col 2")
    assert state.bullets[0] == 4 and not state.board.bullets


# -- Combat -----------------------------------------------------------------------------------
def test_all_committed_bullets_are_discarded_whether_the_wolf_dies_or_not() -> None:
    """Combat: "All bullets are discarded whether you kill the zombie wolf or not." """
    for token, left in (("a bullet", 1), ("the wolf", 1)):
        state = new_game(2, hands=[[], []])
        lay(state, column(state, 0, 3), wolves=[(1, 1)])
        state.pawns[0] = (1, 1)
        set_bullets(state, 0, 3)
        play(
            state,
            "choose the Prince",
            "Prince: done",
            "choose the Wicked Queen",
            "Wicked Queen: done",
        )
        play(state, "fight with 2 bullets", f"draw {token} from the bag")
        assert state.bullets[0] == left


def test_cake_and_wine_doubles_the_bullets_but_not_for_a_retry() -> None:
    """Cake and Wine: "Discard this card to double the number of bullet tokens during this
    combat draw. If the combat is not successful and is retried, the card effect does NOT
    continue." """
    state = new_game(2, hands=[["cake-and-wine:1", "wolf:3"], []])
    lay(state, column(state, 0, 4), wolves=[(1, 1)])
    set_bullets(state, 0, 4)
    card_turn(state, 0)
    state.plays_left[0] = 2
    state.invalidate()
    play(state, "move with Wolf!!! (3)", "step to row 1 col 2", "step to row 2 col 2")
    play(state, "fight with 2 bullets and Cake and Wine (1)")
    assert state.steps[-1].bag == 4
    play(state, "draw the wolf from the bag")
    play(state, "step to row 2 col 2")  # the retry
    assert all(not t.endswith("Cake and Wine (1)") for t in texts(state))
    play(state, "fight with 2 bullets")
    assert state.steps[-1].bag == 2


def test_once_upon_a_time_redraws_from_the_same_bag() -> None:
    """Once Upon A Time: "Discard to redo a combat draw. All tokens in the bag remain in the
    bag for the second draw. No additional tokens may be added." """
    state = new_game(2, hands=[["once-upon-a-time:1"], []])
    lay(state, column(state, 0, 3), wolves=[(1, 1)])
    state.pawns[0] = (1, 1)
    play(
        state, "choose the Prince", "Prince: done", "choose the Wicked Queen", "Wicked Queen: done"
    )
    play(state, "fight with 2 bullets", "draw the wolf from the bag")
    assert texts(state) == ["play Once Upon A Time (1): draw again", "accept the wolf"]
    play(state, "play Once Upon A Time (1): draw again")
    assert state.is_chance_node() and state.steps[-1].bag == 2 and state.bullets[0] == 1


# -- Card effects and the end ------------------------------------------------------------------
def test_whos_been_sitting_trades_hands_even_with_an_empty_hand() -> None:
    """Who's Been Sitting On My Chair?: "You may trade hands with any other player even if
    either player does not have any cards." """
    state = new_game(2, hands=[["whos-been-sitting:1", "wolf:1"], []])
    card_turn(state, 0)
    play(state, "play Who's Been Sitting On My Chair? (1): trade hands with player 2")
    assert state.hands == [[], ["wolf:1"]]


def test_picking_flowers_exchanges_only_unoccupied_path_pieces() -> None:
    """Picking Flowers: "These must be unoccupied path pieces, but they may contain a zombie
    wolf or bullet token." """
    state = new_game(2, hands=[["picking-flowers:1"], []])
    lay(state, column(state, 0, 3), wolves=[(2, 1)], bullets=[(1, 1)])
    state.pawns[1] = (0, 1)
    card_turn(state, 0)
    play(state, "play Picking Flowers (1)")
    assert "Picking Flowers: the path piece at row 1 col 2" not in texts(state)  # a pawn
    play(state, "Picking Flowers: the path piece at row 2 col 2")
    play(state, "Picking Flowers: exchange it with the path piece at row 3 col 2")
    assert state.board.wolves == {(1, 1)} and state.board.bullets == {(2, 1)}


def test_the_first_pawn_onto_the_last_row_wins() -> None:
    """End of the Game: "The first player to land on a path piece that crosses the line out
    of the woods wins the game." """
    state = new_game(2, hands=[["wolf:1"], []])
    lay(state, column(state, 0, 10))
    state.pawns[0] = (8, 1)
    card_turn(state, 0)
    play(state, "move with Wolf!!! (1)", "step to row 10 col 2")
    assert state.is_terminal() and state.returns() == [1.0, 0.0]


# -- Game Contents: the combat bag in `companion bag` --------------------------------------------
def test_companion_bag_refuses_more_bullets_than_the_box_holds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Game Contents: "50 chits (47 bullet and 3 wolves)": the terminal's bag holds no more
    bullets than the box, and Cake and Wine's doubling comes from those same chits."""
    from companion.cli import main

    assert GAME.box.bullet_chits == 47
    assert main(["bag", "--bullets", "48", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert "--bullets 48 is more than the box holds: it has 47 bullet chits" in err
    assert main(["bag", "--bullets", "24", "--cake-and-wine", "--seed", "1"]) == 2
    assert (
        "Cake and Wine would double 24 bullets to 48, but the box has only 47 bullet chits"
        " (double at most 23)"
    ) in capsys.readouterr().err
    assert main(["bag", "--bullets", "23", "--cake-and-wine", "--seed", "1"]) == 0
    assert capsys.readouterr().out.startswith("Combat bag: 1 wolf and 46 bullets")
    assert main(["bag", "--bullets", "47", "--seed", "1"]) == 0
    assert capsys.readouterr().out.startswith("Combat bag: 1 wolf and 47 bullets")


# -- Card Effects: Trail of Bread Crumbs (LD27) -------------------------------------------------
def _crumbs_drawn(**options: str) -> LdrhState:
    """Player 1 has drawn a path piece with a board that could take an obstacle, and holds
    Trail of Bread Crumbs; the game plays the rules new games get (edition 2)."""
    state = new_game(2, hands=[["trail-of-bread-crumbs:1"], []], game=EDITION_2, **options)
    lay(state, column(state, 0, 2))
    play(state, "choose the Huntsman", "draw a path (wolf icon)")
    return state


def test_trail_of_bread_crumbs_draws_a_different_path_piece() -> None:
    """Trail of Bread Crumbs: "Play to draw a different path piece. ... Place the first path
    piece back with the other tiles, face down." LD27: tiles are drawn until a path piece
    comes; an obstacle drawn on the way goes back, so the redraw never asks to place one."""
    state = _crumbs_drawn()
    pool = dict(state.pool)
    assert state.pool["obstacle"] > 0
    play(state, "play Trail of Bread Crumbs (1): draw another path piece")
    assert state.pool["path-wolf"] == pool["path-wolf"] + 1  # the first piece went back
    outcomes = dict(state.chance_outcomes())
    assert set(outcomes) == {("tile", "path-bullet"), ("tile", "path-plain"), ("tile", "path-wolf")}
    paths = sum(state.pool[k] for k in ("path-bullet", "path-plain", "path-wolf"))
    assert outcomes[("tile", "path-plain")] == pytest.approx(state.pool["path-plain"] / paths)
    play(state, "draw a path (bullet icon)", "place the tile at row 3 col 2")
    assert (2, 1) in state.board.bullets and state.hands[0] == []
    rebuilt = EDITION_2.state_from_dict(state.to_dict())
    assert rebuilt.to_dict() == state.to_dict()


def test_trail_of_bread_crumbs_house_rule_an_ordinary_draw() -> None:
    """LD27 house rule "An ordinary draw": the redraw is a draw like any other and may bring
    an obstacle to place (as every game played before rules edition 2)."""
    for state in (
        _crumbs_drawn(bread_crumbs="any"),
        _edition_1_crumbs_drawn(),
    ):
        play(state, "play Trail of Bread Crumbs (1): draw another path piece")
        assert ("tile", "obstacle") in dict(state.chance_outcomes())


def _edition_1_crumbs_drawn() -> LdrhState:
    state = new_game(2, hands=[["trail-of-bread-crumbs:1"], []])
    lay(state, column(state, 0, 2))
    play(state, "choose the Huntsman", "draw a path (wolf icon)")
    return state
