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
