"""Moves the UI tests make for the table, said once: a game played on to its end at
random, Le Petit Poucet turns in which no child ever finds the tree, Lost in the
Woods played on the way its advisor's playouts play, and Beware of the Wolf's
turntable turned by hand."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from companion.engines.base import sample_chance
from companion.engines.le_petit_poucet.steps import REVEAL
from companion.engines.lost_in_the_woods.advisor import policy
from companion.session.journal import Source
from companion.ui.games.beware_of_the_wolf.screen import WolfScreen
from tests.ui.conftest import table_source


def play_to_the_end(controller: Any, seed: int) -> None:
    """Random legal moves and the table's random draws until the game is over."""
    rng = random.Random(seed)
    while not controller.state.is_terminal():
        state = controller.state
        action = (
            sample_chance(state, rng)
            if state.is_chance_node()
            else rng.choice(state.legal_actions())
        )
        assert controller.apply(action, table_source(controller))


def nobody_finds(controller: Any, tokens: tuple[int, ...] = (0, 1, 2)) -> None:
    """Le Petit Poucet from its start: the first child begins, and in every turn the token
    goes round, no card is taken, and the token out of the box is ``tokens``' next one.
    Three such turns and the Ogre has eaten every child (PP2)."""
    controller.apply(("first", 0), table_source(controller))
    for token in tokens:
        controller.apply(("draw",), table_source(controller))
        for _ in range(controller.state.num_players - 1):
            controller.apply(("pass",), table_source(controller))
        controller.apply(("box",), table_source(controller))
        while controller.state.phase == REVEAL:
            controller.apply(("reveal", controller.state.unrevealed()[0]), table_source(controller))
            controller.apply(("leave",), table_source(controller))
        controller.apply(("token", token), table_source(controller))


def play_on(controller: Any, decisions: int | None = None) -> int:
    """Lost in the Woods by its rollout policy (the app drawing) until ``decisions`` were
    made, or to the end; how many were made."""
    made = 0
    while not controller.state.is_terminal() and made != decisions:
        if controller.state.is_chance_node():
            controller.draw()
        else:
            controller.apply(policy.choose(controller.state, policy.ROLLOUT_POLICY), Source.PLAYER)
            made += 1
    return made


@contextmanager
def hand_driven_turntable() -> Iterator[None]:
    """Beware of the Wolf screens opened meanwhile read a turntable the test turns by
    hand, on a fake clock (no sampling thread, no simulated kit)."""
    WolfScreen.start_turntable = False
    WolfScreen.use_sim_kit = False
    try:
        yield
    finally:
        WolfScreen.start_turntable = True
        WolfScreen.use_sim_kit = True


@contextmanager
def off_screen(screen: Any) -> Iterator[None]:
    """Moves made meanwhile are not drawn one by one (a whole game played on in a test);
    afterwards ``screen`` draws the position reached, as after any change."""
    controller = screen.controller
    controller.unlisten(screen.refresh)
    try:
        yield
    finally:
        controller.listen(screen.refresh)
        screen.refresh()


def open_resume_prompt(ui: Any, session: Any) -> tuple[Any, str]:
    """The resume prompt for ``session`` (the latest unfinished game), open, and its text."""
    from companion.ui.screens.resume import ResumePrompt

    latest = ui.app.services.journal.latest_unfinished()
    assert latest is not None and latest.id == session.game_row
    prompt = ResumePrompt(latest)
    prompt.open()
    ui.pump(5)
    return prompt, prompt.ids.question.text
