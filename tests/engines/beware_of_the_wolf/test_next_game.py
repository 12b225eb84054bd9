"""A further game: "The winner may, in a further game, turn the wolf before the next round"."""

from __future__ import annotations

from companion.engines.beware_of_the_wolf import GAME, LastGame, winner_turns


def test_the_winner_may_turn_the_wolf_or_keep_it_where_it_was() -> None:
    view = GAME.new_initial_state(2).view()
    turns = winner_turns(view, LastGame(("Ada",), 135))
    assert turns is not None and turns.who == "Ada"
    assert turns.headline == (
        "Ada won the last game and may turn the wolf to a new place, pointing at no house."
    )
    assert turns.keep is not None and turns.keep.label == "Keep the wolf where it is"
    state = GAME.new_initial_state(2)
    state.apply(state.key_to_action(turns.keep.key))
    assert state.wolf == 135


def test_a_wolf_left_pointing_at_a_house_must_be_turned() -> None:
    # "The wolf is first turned so that its snout points at none of the houses."
    view = GAME.new_initial_state(2).view()
    turns = winner_turns(view, LastGame(("Ada", "Ben"), 0))
    assert turns is not None and turns.keep is None
    assert turns.headline.startswith("Ada and Ben won the last game: the wolf points at a house")


def test_it_only_applies_while_the_new_game_sets_the_wolf() -> None:
    state = GAME.new_initial_state(2)
    assert winner_turns(state.view(), None) is None
    state.apply(("wolf", 45))
    assert winner_turns(state.view(), LastGame(("Ada",), 135)) is None
