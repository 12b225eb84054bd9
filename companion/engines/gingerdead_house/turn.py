"""The turn running on by itself: everything between two decisions or chance nodes.

After each action the phases move on while nothing needs asking: the monster flips
end, the trick window opens or closes, movement runs, hands refill, the next living
player's turn begins; and the game ends as soon as an ending is reached (GH7, GH8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engines.gingerdead_house import combat, decks
from companion.engines.gingerdead_house.cards import HAND_SIZE, SETUP_DEFENSES
from companion.engines.gingerdead_house.ending import Ending, ending_now, round_limit_ending

if TYPE_CHECKING:
    from companion.engines.gingerdead_house.state import GingerdeadState

TURN_HEADER = "round "
"""Log lines starting a turn; the saved log keeps the previous turn and the current one
(the public log, rebuilt by replaying the journal, keeps every line)."""


def advance(state: GingerdeadState) -> None:
    """Run everything that needs no decision, up to the next decision or chance node."""
    board = state.board
    while state.result is None:
        _drop_orphan_resurrections(state)
        if _check_end(state):
            return
        if board.resurrections or board.steal is not None:
            return
        if board.moving is not None:
            combat.run_moving(board)
            continue
        if state.phase != "setup" and not board.alive[board.active]:
            _end_turn(state)
            continue
        if not _step_phase(state):
            return


def _step_phase(state: GingerdeadState) -> bool:
    """Move the phase on if it has nothing left to ask; False when it waits."""
    board = state.board
    if state.phase == "setup":
        return _step_setup(state)
    if state.phase == "action":
        if not board.action_pile:
            board.action_pile, board.action_discard = board.action_discard, {}
            board.say("the action deck is reshuffled")
        return False
    if state.phase == "monsters":
        if state.flips_left > 0 and not board.monster_pile and board.monster_discard:
            board.monster_pile, board.monster_discard = board.monster_discard, {}
            board.say("the monster deck is reshuffled")
        if state.flips_left > 0 and board.monster_pile:
            return False
        state.flips_left = 0
        state.phase = "tricks" if state.window_open else "player"
        if state.window_open:
            n = state.num_players
            state.window = [
                p
                for k in range(1, n)
                if (p := (board.active + k) % n) in board.opponents(board.active)
            ]
        return True
    if state.phase == "tricks":
        state.window = [p for p in state.window if board.alive[p]]
        if state.window:
            return False
        state.phase = "player"
        return True
    if state.phase == "player":
        return False
    if state.phase == "movement":
        state.phase = "draw"
        return True
    cards = board.cards[board.active]
    if cards.hand_size < HAND_SIZE and cards.refill_pile():
        return False
    _end_turn(state)
    return True


def _step_setup(state: GingerdeadState) -> bool:
    board = state.board
    cards = board.cards[state.setup_player]
    if state.setup_revealed or state.placed_in_setup() < SETUP_DEFENSES:
        return False
    if cards.hand_size < HAND_SIZE and cards.refill_pile():
        return False
    if state.setup_player + 1 < state.num_players:
        state.setup_player += 1
        board.say(f"setup: {board.player_name(state.setup_player)} reveals defenses")
        return True
    state.phase = "action"
    board.active = 0
    board.say(f"{TURN_HEADER}1: {board.player_name(0)}'s turn")
    return True


def _end_turn(state: GingerdeadState) -> None:
    board = state.board
    if state.action_card is not None:
        decks.add(board.action_discard, state.action_card)
        state.action_card = None
    board.used.clear()
    board.resurrected.clear()
    state.window, state.window_open, state.flips_left = [], False, 0
    nxt = board.active
    for _ in range(state.num_players):
        nxt = (nxt + 1) % state.num_players
        if nxt == 0:  # a round ends once per pass of the first seat, fallen or not
            state.round += 1
        if board.alive[nxt]:
            break
    if state.round > state.options["round_limit"]:
        _finish(state, round_limit_ending(board, state.options["round_limit"]))
        return
    board.active = nxt
    state.phase = "action"
    starts = [i for i, line in enumerate(board.log) if line.startswith(TURN_HEADER)]
    if starts:
        del board.log[: starts[-1]]
    board.say(f"{TURN_HEADER}{state.round}: {board.player_name(nxt)}'s turn")


def _drop_orphan_resurrections(state: GingerdeadState) -> None:
    """A destroyer who has fallen (or has no opponent left) cannot raise a monster."""
    board = state.board
    while board.resurrections:
        piece, chooser = board.resurrections[0]
        if board.alive[chooser] and board.opponents(chooser):
            return
        board.resurrections.pop(0)
        board.resurrected.add(piece[2])
        board.route(piece, chooser)


def _check_end(state: GingerdeadState) -> bool:
    ending = ending_now(state.board)
    if ending is not None:
        _finish(state, ending)
    return ending is not None


def _finish(state: GingerdeadState, ending: Ending) -> None:
    state.result, state.reason = ending
    state.phase = "over"
