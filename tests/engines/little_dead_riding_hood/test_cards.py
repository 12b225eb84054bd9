"""A scenario for each of the nine event cards, and the one-card-per-turn limit."""

from __future__ import annotations

import math

from companion.engines.base import CHANCE
from tests.engines.little_dead_riding_hood.scenario import (
    card_turn,
    column,
    give,
    lay,
    new_game,
    play,
    roundtrip,
    task,
    texts,
)


def _pre_movement_fight(players: int = 2, hand: list[str] | None = None):  # type: ignore[no-untyped-def]
    state = new_game(players)
    lay(state, column(state, 0, 3), wolves=[(1, 1)])
    state.pawns[0] = (1, 1)
    give(state, 0, hand or [])
    task(state, "combat", type="combat", player=0, back_to=None, stage="commit", bullets=0, bag=0)
    return state


def test_a_card_is_played_for_its_effect_or_its_movement_once_per_turn() -> None:
    state = new_game(2, hands=[["off-the-path:2", "wolf:3"], []])
    lay(state, column(state, 0, 4))
    card_turn(state, 0)
    assert texts(state) == [
        "play no card",
        "move with Off The Path (2)",
        "play Off The Path (2): remove the tile at row 1 col 2",
        "play Off The Path (2): remove the tile at row 4 col 2",
        "move with Wolf!!! (3)",
        "play Wolf!!! (3): player 2 skips their next turn",
    ]
    play(state, "move with Wolf!!! (3)", "step to row 1 col 2", "stop moving")
    assert state.hands[0] == ["off-the-path:2"]  # the card was discarded, one play per turn
    assert state.discard["wolf:3"] == 1
    # player 2 has no card to play: the round is over and the marker passed
    assert state.round == 2 and state.start_player == 1 and state.current_player() == 1


def test_cake_and_wine_doubles_the_bullet_tokens_in_this_draw() -> None:
    state = _pre_movement_fight(hand=["cake-and-wine:1"])
    assert texts(state) == [
        "fight with 1 bullet",
        "fight with 1 bullet and Cake and Wine (1)",
        "fight with 2 bullets",
        "fight with 2 bullets and Cake and Wine (1)",
        "fight with 3 bullets",
        "fight with 3 bullets and Cake and Wine (1)",
    ]
    play(state, "fight with 2 bullets and Cake and Wine (1)")
    outcomes = dict(state.chance_outcomes())
    assert math.isclose(outcomes[("bag", "bullet")], 4 / 5)
    assert math.isclose(outcomes[("bag", "wolf")], 1 / 5)
    roundtrip(state)  # the two committed bullets are in the bag: the totals still add up
    play(state, "draw the wolf from the bag")
    # lost: back one space nearer the start, all bullets gone, the card too
    assert texts(state) == ["move back to row 1 col 2"]
    play(state, "move back to row 1 col 2")
    assert state.bullets[0] == 1 and state.hands[0] == []


def test_cake_and_wine_extra_bullets_come_from_the_supply() -> None:
    state = _pre_movement_fight(hand=["cake-and-wine:1"])
    state.supply_bullets, state.bullets[1] = 1, state.bullets[1] + state.supply_bullets - 1
    play(state, "fight with 3 bullets and Cake and Wine (1)")
    assert math.isclose(dict(state.chance_outcomes())[("bag", "bullet")], 4 / 5)


def test_once_upon_a_time_redraws_from_the_same_bag() -> None:
    state = _pre_movement_fight(hand=["once-upon-a-time:2"])
    play(state, "fight with 1 bullet")
    play(state, "draw a bullet from the bag")  # a win needs no redraw
    assert state.hands[0] == ["once-upon-a-time:2"]
    state = _pre_movement_fight(hand=["once-upon-a-time:2"])
    play(state, "fight with 3 bullets", "draw the wolf from the bag")
    assert texts(state) == ["play Once Upon A Time (2): draw again", "accept the wolf"]
    play(state, "play Once Upon A Time (2): draw again")
    assert state.current_player() == CHANCE
    assert math.isclose(dict(state.chance_outcomes())[("bag", "bullet")], 3 / 4)  # nothing added
    play(state, "draw a bullet from the bag")
    assert not state.board.wolves and state.pawns[0] == (1, 1)
    assert state.bullets[0] == 0


def test_trail_of_bread_crumbs_is_not_for_obstacles() -> None:
    state = new_game(2, hands=[["trail-of-bread-crumbs:3"], []])
    lay(state, column(state, 0, 2))
    task(state, "helpers", type="place", player=0, tile="obstacle")
    state.pool["obstacle"] -= 1
    assert not any("Trail" in t for t in texts(state))
    roundtrip(state)


def test_whos_been_sitting_trades_hands_even_with_an_empty_hand() -> None:
    state = new_game(3, hands=[["whos-been-sitting:1", "wolf:1"], [], ["cake-and-wine:2"]])
    card_turn(state, 0)
    play(state, "play Who's Been Sitting On My Chair? (1): trade hands with player 2")
    assert state.hands == [[], ["wolf:1"], ["cake-and-wine:2"]]


def test_fairest_of_all_may_be_let_stand() -> None:
    state = new_game(3, hands=[[], ["fairest-of-all:1"], ["fairest-of-all:2"]])
    play(state, "choose the Prince")
    assert state.current_player() == 1
    play(state, "let the helper stand")
    assert state.current_player() == 2
    play(state, "play Who In The Land Is Fairest Of All? (2): choose another helper")
    assert state.current_player() == 0 and "choose the Prince" not in texts(state)
    play(state, "choose the Huntsman")
    # player 2 may still answer the new choice
    assert state.current_player() == 1


def test_big_hands_moves_the_target_back_one_path_piece_of_your_choice() -> None:
    state = new_game(2, hands=[["big-hands:2"], []])
    lay(
        state, {**column(state, 1, 4), (2, 2): "path-plain", (2, 1): "path-plain"}, bullets=[(2, 2)]
    )
    state.pawns[1] = (2, 3)
    card_turn(state, 0)
    assert [t for t in texts(state) if t.startswith("play My")] == [
        "play My...What Big Hands You Have? (2): player 2 back to row 2 col 4",
    ]
    state.pawns[1] = (2, 2)  # on the side branch: back is towards the lane
    state.invalidate()
    assert [t for t in texts(state) if t.startswith("play My")] == [
        "play My...What Big Hands You Have? (2): player 2 back to row 3 col 4",
    ]
    state.pawns[1] = (2, 1)
    state.invalidate()
    assert [t for t in texts(state) if t.startswith("play My")] == [
        "play My...What Big Hands You Have? (2): player 2 back to row 3 col 3",
    ]
    play(state, "play My...What Big Hands You Have? (2): player 2 back to row 3 col 3")
    assert state.pawns[1] == (2, 2)
    assert state.bullets[1] == 4  # landing on a lone bullet takes it


def test_off_the_path_removes_an_end_tile_and_its_tokens() -> None:
    state = new_game(2, hands=[["off-the-path:1"], []])
    lay(state, {**column(state, 0, 3), (1, 2): "obstacle"}, wolves=[(2, 1)])
    state.pawns[1] = (0, 1)
    card_turn(state, 0)
    removable = [t for t in texts(state) if t.startswith("play Off")]
    assert removable == [
        "play Off The Path (1): remove the tile at row 2 col 3",
        "play Off The Path (1): remove the tile at row 3 col 2",
    ]
    wolves = state.supply_wolves
    play(state, "play Off The Path (1): remove the tile at row 3 col 2")
    assert (2, 1) not in state.board.tiles and state.supply_wolves == wolves + 1
    roundtrip(state)


def test_wolf_skips_the_targets_turn_this_round_if_it_is_still_to_come() -> None:
    state = new_game(2, hands=[["wolf:1"], ["cake-and-wine:1"]])
    play(state, "choose the Prince", "Prince: done", "choose the Wicked Queen")
    assert state.phase == "cards" and state.current_player() == 0
    play(state, "play Wolf!!! (1): player 2 skips their next turn")
    # player 2's card play was the next turn: skipped; the next round starts
    assert state.round == 2 and state.start_player == 1
    assert state.hands[1] == ["cake-and-wine:1"]
    assert state.sitting_out == [False, False]
    assert state.current_player() == 1


def test_wolf_makes_a_player_who_already_played_sit_out_the_next_round() -> None:
    state = new_game(2, hands=[[], ["wolf:2"]])
    play(state, "choose the Prince", "Prince: done", "choose the Wicked Queen")
    assert state.current_player() == 1
    play(state, "play Wolf!!! (2): player 1 skips their next turn")
    assert state.round == 2 and state.sitting_out == [True, False]
    # player 1 neither chooses a helper nor places a Huntsman tile
    assert state.current_player() == 1
    play(state, "choose the Huntsman")
    assert state.steps[-2].queue == (1, 1)
    for _ in range(3):
        play(state, "draw a path (bullet icon)")
        state.apply(state.legal_actions()[0])
    # player 1 sat the whole round out, player 2 had no card: round 3 starts with player 1
    assert state.round == 3 and state.sitting_out == [False, False]
    assert state.current_player() == 0


def test_picking_flowers_exchanges_two_unoccupied_path_pieces_with_their_tokens() -> None:
    state = new_game(2, hands=[["picking-flowers:3"], []])
    lay(state, column(state, 0, 4), wolves=[(3, 1)], bullets=[(1, 1)])
    state.pawns[1] = (2, 1)
    card_turn(state, 0)
    play(state, "play Picking Flowers (3)")
    assert texts(state) == [
        "Picking Flowers: the path piece at row 1 col 2",
        "Picking Flowers: the path piece at row 2 col 2",
        "Picking Flowers: the path piece at row 4 col 2",
    ]
    play(state, "Picking Flowers: the path piece at row 4 col 2")
    assert "Picking Flowers: exchange it with the path piece at row 3 col 2" not in texts(state)
    play(state, "Picking Flowers: exchange it with the path piece at row 1 col 2")
    assert state.board.wolves == {(0, 1)} and state.board.bullets == {(1, 1)}


def test_a_card_played_out_of_turn_uses_up_the_players_card_for_the_round() -> None:
    state = _pre_movement_fight(hand=["cake-and-wine:2", "wolf:1"])
    play(state, "fight with 1 bullet and Cake and Wine (2)", "draw a bullet from the bag")
    assert state.plays_left[0] == 0
    # the card phase skips a player with no play left
    assert state.phase == "cards" and state.current_player() == 1
    assert state.hands[0] == ["wolf:1"]
