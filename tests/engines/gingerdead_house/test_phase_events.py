"""The last step's events in the view (``GingerdeadTable.events``): each line with the
tiles it changed, in order, so a screen can replay entry, movement and combat."""

from __future__ import annotations

import random
import re

from companion.engines.base import sample_chance
from companion.engines.gingerdead_house import GAME, FieldView, GingerdeadState, PhaseEvent
from companion.engines.gingerdead_house.actions import END
from tests.engines.gingerdead_house.helpers import scenario

DRAWS = re.compile(r"draws (a card|\d+ cards)$")
"""The public line of a refill (the cards never named)."""


def before_the_step(
    fields: tuple[FieldView, ...], events: tuple[PhaseEvent, ...]
) -> list[FieldView]:
    """The fields with every event's changes taken back, last event first."""
    picture = list(fields)
    for event in reversed(events):
        for change in event.changes:
            assert picture[change.field].tile(change.after.lane, change.after.row) == change.after
            picture[change.field] = picture[change.field].with_tile(change.before)
    return picture


def test_a_fight_is_its_own_event_after_the_move_before_it() -> None:
    """ "Monsters move down one row, lane by lane, left to right. ... If the monster
    destroys your defense, the monster then occupies the destroyed defense's space." """
    state = scenario(layout={(0, 1, 4): "m4-2", (0, 2, 3): "m4-2", (0, 2, 2): "wall-2"})
    state.apply(END)
    events = state.view().table.events
    texts = [e.text for e in events]
    assert texts[:3] == [
        "Player 1's monsters move",
        "Troll moves to row 3 in lane 1",
        "Troll destroys Wall 2 in lane 2",
    ]
    assert events[0].changes == ()
    moved = {(c.after.lane, c.after.row): (c.before.card, c.after.card) for c in events[1].changes}
    assert moved == {(1, 4): ("Troll", ""), (1, 3): ("", "Troll")}
    fight = {(c.after.lane, c.after.row): (c.before.card, c.after.card) for c in events[2].changes}
    assert fight == {(2, 3): ("Troll", ""), (2, 2): ("Wall 2", "Troll")}


def test_taking_back_every_event_gives_the_fields_before_each_step() -> None:
    """Over the first steps of a seeded game, the events undo exactly to the previous
    picture: nothing a step changed on a field is missing from its events."""
    state = GAME.new_initial_state(2)
    assert isinstance(state, GingerdeadState)
    rng = random.Random(2)
    replayed = 0
    for _ in range(150):
        if state.is_terminal():
            break
        before = state.view().table.fields
        if state.is_chance_node():
            state.apply(sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        table = state.view().table
        taken_back = before_the_step(table.fields, table.events)
        assert [f.tiles for f in taken_back] == [f.tiles for f in before]
        log = [line.text for line in state.view().log]
        texts = [e.text for e in table.events]
        assert log[len(log) - len(texts) :] == texts or DRAWS.search(log[-1]) is not None
        replayed += any(e.changes for e in table.events)
    assert replayed > 20


def test_a_loaded_game_has_no_step_to_replay() -> None:
    state = scenario(layout={(0, 2, 3): "m4-2"})
    state.apply(END)
    assert state.view().table.events
    loaded = state.game.state_from_dict(state.to_dict())
    assert loaded.view().table.events == ()


def test_maltball_mines_lines_come_with_their_changes() -> None:
    """ "When a monster runs into Maltball Mines, the Mines explode: DESTROY the Mines
    and every monster in the same row." Each line of the explosion is told with the
    tiles it changes, so a replay's picture matches the line it shows."""
    state = scenario(layout={(0, 1, 4): "m4-1", (0, 1, 3): "mines", (0, 3, 3): "m6-3"})
    state.apply(END)
    events = {e.text: e for e in state.view().table.events}

    def changed(text: str) -> dict[tuple[int, int], tuple[str, str]]:
        return {
            (c.after.lane, c.after.row): (c.before.card, c.after.card) for c in events[text].changes
        }

    assert changed("Maltball Mines explode in lane 1") == {(1, 3): ("Maltball Mines", "")}
    assert changed("Maltball Mines destroy Goblin in lane 1") == {(1, 4): ("Goblin", "")}
    assert changed("Maltball Mines destroys Ogre in lane 3") == {(3, 3): ("Ogre", "")}
    texts = list(events)
    assert texts.index("Maltball Mines explode in lane 1") < texts.index(
        "Maltball Mines destroy Goblin in lane 1"
    )


def test_each_event_says_whose_turn_it_was_and_which_houses_stood() -> None:
    """ "If a monster gets past row 1, game over man, game over!" A replay's tabs and turn banner follow its pictures: the house falls at its
    own line, and the next player's turn starts at the line that says so."""
    state = scenario(players=3, layout={(0, 2, 1): "m4-2"})
    state.apply(END)
    events = state.view().table.events
    texts = [e.text for e in events]
    falls = texts.index("Player 1's house falls")
    assert all(e.alive == (True, True, True) for e in events[:falls])
    assert all(e.alive == (False, True, True) for e in events[falls:])
    turn = next(i for i, t in enumerate(texts) if t.endswith("Player 2's turn"))
    assert turn > falls
    assert {e.active for e in events[:turn]} == {0}
    assert events[turn].active == 1
