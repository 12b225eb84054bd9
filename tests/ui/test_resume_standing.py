"""The resume prompt says where each game stood (issue 12.7): the round in the game's own
word, who leads, whose turn, then what the game waits for; never "steps played"."""

from __future__ import annotations

import random

import pytest

from companion.engines import registry
from companion.session.journal import Journal, Source
from companion.session.session import Session
from companion.ui.screens.standing import standing
from tests.engines.view_checks import player_words_problem
from tests.ui.conftest import SIZES, Driver
from tests.ui.playing import open_resume_prompt

GAMES = {
    "beware-of-the-wolf": 3,
    "gingerdead-house": 2,
    "le-petit-poucet": 3,
    "little-dead-riding-hood": 3,
    "lost-in-the-woods": 1,
}
NAMES = ["Ann", "Bo", "Cy"]


def played(journal: Journal, game_id: str, steps: int, seed: int = 5) -> Session:
    """A game of ``game_id`` played ``steps`` steps from a seeded coin (or to its end)."""
    players = GAMES[game_id]
    session = Session.start(journal, game_id, players, seed=seed, names=NAMES[:players])
    rng = random.Random(seed)
    for _ in range(steps):
        state = session.state
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            drawn = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            session.apply(drawn, Source.MANUAL)
        else:
            session.apply(rng.choice(state.legal_actions()))
    return session


def test_every_game_has_a_leader_notion() -> None:
    assert set(GAMES) == {g.id for g in registry.all_games() if g.id in GAMES}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_resume_words_say_round_leader_and_turn(ui: Driver, game_id: str) -> None:
    journal = ui.app.services.journal
    session = played(journal, game_id, 25)
    state = session.state
    assert not state.is_terminal(), "the seeded game should still be going"
    record = journal.game(session.game_row)
    text = standing(journal, record)
    view = state.view()
    round_word = registry.get(game_id).round_word
    assert f"{round_word} {state.log_round()}." in text
    assert view.standing and view.standing in text
    assert "steps played" not in text
    assert text.endswith(view.headline)
    if view.turn is not None and state.num_players > 1:
        assert f"It is {state.player_name(view.turn)}'s turn." in text
    for line in text.split("\n"):
        assert player_words_problem(line) is None, line
    names = NAMES[: GAMES[game_id]]
    if state.num_players > 1:
        named = any(name in view.standing for name in names)
        assert named or view.standing.startswith(("Every", "No pawn")), view.standing


def test_who_leads_names_the_furthest_pawn_in_beware_of_the_wolf(ui: Driver) -> None:
    """The rulebook's race: "The game ends when a player can bring their game piece
    directly back into their house" - so whoever is nearest that is ahead."""
    journal = ui.app.services.journal
    session = played(journal, "beware-of-the-wolf", 40)
    line = session.state.view().standing
    assert line.endswith("furthest along.") or line == "Everyone is level."


@pytest.mark.parametrize("size", SIZES)
def test_the_resume_prompt_shows_where_the_game_stood(ui: Driver, size: tuple[int, int]) -> None:
    ui.resize(size)
    session = played(ui.app.services.journal, "little-dead-riding-hood", 60)
    prompt, question = open_resume_prompt(ui, session)
    assert f"Round {session.state.log_round()}." in question
    assert session.state.view().standing in question
    ui.screenshot("resume-standing", size)
    prompt.dismiss(animation=False)
