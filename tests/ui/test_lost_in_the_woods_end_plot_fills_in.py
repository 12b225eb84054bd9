"""The Lost in the Woods end plot fills in decision by decision (issue 12, item 5).

On a loaded machine weighing every past decision takes a while.  Here the worker may
weigh one decision only when the test lets it: between two, the screen still answers
(frames are drawn, taps work), the dots known so far are on the plot in their places,
first estimates come before precise odds, and the note says plainly what is still
being worked out.  Leaving the game stops the worker; nothing of it arrives later.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from companion.ui.games.lost_in_the_woods import past_weigher
from companion.ui.games.lost_in_the_woods.past import Decision, Weight
from companion.ui.games.lost_in_the_woods.past import weigh as real_weigh
from companion.ui.games.lost_in_the_woods.screen import WoodsScreen
from tests.ui.conftest import SIZES, Driver
from tests.ui.playing import play_on


class Gate:
    """Lets the worker weigh one decision per ``allow``; records what it weighed."""

    def __init__(self) -> None:
        self.allowed = threading.Semaphore(0)
        self.weighed: list[tuple[int, bool]] = []
        self.closed = False

    def weigh(self, decision: Decision, rough: bool = False) -> Weight:
        while not self.allowed.acquire(timeout=0.05):
            if self.closed:
                raise SystemExit  # the test is over: end the worker thread quietly
        found = real_weigh(decision, True)  # quick either way: this test is about the screen
        self.weighed.append((decision.step, rough))
        return found

    def allow(self, count: int = 1) -> None:
        for _ in range(count):
            self.allowed.release()


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    found = Gate()
    monkeypatch.setattr(past_weigher, "weigh", found.weigh)
    monkeypatch.setattr(WoodsScreen, "_ask_advice", lambda self, view: None)  # no live advice
    yield found
    found.closed = True


def pump_until(ui: Driver, done: Callable[[], bool], seconds: float = 120.0) -> bool:
    """Frames until ``done`` (a generous bound: weighing is slow on a loaded machine)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if done():
            return True
        ui.pump(1)
    return done()


def known(plot: Any) -> list[Any]:
    return [m for m in plot.marks if m.odds is not None]


def finished_game(ui: Driver) -> Any:
    ui.app.start_game("lost-in-the-woods", 1, {"deck": "digital"})
    ui.pump(3)
    ui.tap(ui.button("Let the app do it"))
    play_on(ui.app.controller)
    ui.pump(3)
    screen = ui.screen()
    assert isinstance(screen, WoodsScreen) and screen.game_over
    return screen


@pytest.mark.parametrize("size", SIZES)
def test_the_plot_fills_in_as_each_decision_is_weighed(
    ui: Driver, gate: Gate, size: tuple[int, int]
) -> None:
    ui.resize(size)
    screen = finished_game(ui)
    plot = screen.ids.plot
    total = len(plot.marks)
    assert total >= 3, "a game with a few decisions"
    assert known(plot) == []
    assert plot.note == f"Working out the odds: {total} of {total} decisions to go..."
    ui.pump(20)  # the UI keeps drawing while the worker waits
    gate.allow()
    assert pump_until(ui, lambda: len(known(plot)) == 1)
    assert plot.marks[0].odds is not None and plot.marks[0].rough  # left to right, rough first
    assert all(m.odds is None for m in plot.marks[1:])
    assert plot.note == f"Working out the odds: {total - 1} of {total} decisions to go..."
    assert plot.ids.legend.right <= screen.ids.end.x, "the note stays clear of the banner"
    ui.screenshot("lost-in-the-woods-plot-filling", size)
    ui.tap(ui.button("History"))  # a tap still works while the odds are worked out
    assert ui.screen().name == "history"
    ui.app.show_game()
    ui.pump(3)

    gate.allow(total - 1)
    assert pump_until(ui, lambda: len(known(plot)) == total)
    assert all(m.rough for m in plot.marks)
    assert plot.note == f"Pale dots are first guesses; checking {total} of {total}..."
    assert [step for step, rough in gate.weighed if rough] == sorted(
        step for step, rough in gate.weighed if rough
    )
    gate.allow(total)
    assert pump_until(ui, lambda: plot.note == ""), (plot.note, gate.weighed)
    assert not any(m.rough for m in plot.marks) and len(known(plot)) == total
    assert [rough for _, rough in gate.weighed] == [True] * total + [False] * total
    assert {m.advised for m in plot.marks} <= {True, False}
    ui.screenshot("lost-in-the-woods-plot-filled", size)


def test_leaving_the_game_stops_the_weighing(ui: Driver, gate: Gate) -> None:
    screen = finished_game(ui)
    gate.allow()
    plot = screen.ids.plot
    assert pump_until(ui, lambda: len(known(plot)) == 1)
    ui.app.leave_game()
    ui.pump(3)
    gate.allow(100)
    ui.pump(20)
    assert len(gate.weighed) <= 2, "the worker stopped at its next decision"
    assert not screen._weigher.running


def test_a_decision_that_cannot_be_weighed_does_not_hold_up_the_plot(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failure in the advisor for one decision is logged; the others get their dots
    and the note says plainly how many could not be worked out (it never waits)."""
    monkeypatch.setattr(WoodsScreen, "_ask_advice", lambda self, view: None)
    failing: list[int] = []

    def weigh(decision: Decision, rough: bool = False) -> Weight:
        if not failing or failing[0] == decision.step:
            failing[:1] = [decision.step]
            raise ValueError("a broken position")
        return real_weigh(decision, True)

    monkeypatch.setattr(past_weigher, "weigh", weigh)
    screen = finished_game(ui)
    plot = screen.ids.plot
    total = len(plot.marks)
    assert pump_until(ui, lambda: not screen._weigher.running)
    assert plot.note == f"The odds of 1 of {total} decisions could not be worked out."
    assert len(known(plot)) == total - 1 and plot.marks[0].odds is None
    ui.app.show_game()  # coming back does not start the failing weighing again
    ui.pump(3)
    assert not screen._weigher.running
