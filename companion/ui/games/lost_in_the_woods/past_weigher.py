"""Weighing the end plot's past decisions on a worker thread, one at a time.

A long resumed game on a loaded Raspberry Pi could keep the plot empty for a long
time if every decision were weighed before any was shown.  Here each decision's
first estimate is handed to the main thread as soon as it is ready, left to right;
then each is weighed again, precisely, and handed over again.  Cancelling (the
screen left, the end undone) stops the worker at its next decision and drops any
result still on its way.  A decision that cannot be weighed is logged and told as such,
and the worker goes on: the plot never waits for a dot that will not come.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from companion.ui.games.lost_in_the_woods.past import Decision, Weight, weigh

Post = Callable[..., None]
"""Runs a function with its arguments on the main thread (``Controller.post``)."""
Weighed = Callable[[int, Weight, bool], None]
"""Told on the main thread: a decision's step, its weight, and whether it is rough."""
Failed = Callable[[int], None]
"""Told on the main thread: a decision's step that could not be weighed."""

log = logging.getLogger(__name__)


class PastWeigher:
    def __init__(
        self, post: Post, on_weighed: Weighed, on_done: Callable[[], None], on_failed: Failed
    ) -> None:
        self._post = post
        self._on_weighed = on_weighed
        self._on_done = on_done
        self._on_failed = on_failed
        self._stop = threading.Event()
        self._run = 0
        self.running = False

    def start(self, rough: list[Decision], precise: list[Decision]) -> None:
        """First estimates for ``rough``, then precise odds for ``precise``, in order."""
        self.cancel()
        self._run += 1
        self._stop = threading.Event()
        self.running = True
        args = (self._run, self._stop, rough, precise)
        threading.Thread(
            target=self._work, args=args, name="woods-past-advice", daemon=True
        ).start()

    def cancel(self) -> None:
        """Stop weighing; nothing more from the current run reaches the screen."""
        self._stop.set()
        self._run += 1
        self.running = False

    def _work(
        self, run: int, stop: threading.Event, rough: list[Decision], precise: list[Decision]
    ) -> None:
        for decisions, is_rough in ((rough, True), (precise, False)):
            for decision in decisions:
                if stop.is_set():
                    return
                try:
                    found = weigh(decision, is_rough)
                except Exception:
                    log.exception("the odds of step %d could not be worked out", decision.step)
                    self._post(self._fail, run, decision.step)
                    continue
                self._post(self._deliver, run, decision.step, found, is_rough)
        self._post(self._finish, run)

    def _deliver(self, run: int, step: int, found: Weight, rough: bool) -> None:
        if run == self._run:
            self._on_weighed(step, found, rough)

    def _fail(self, run: int, step: int) -> None:
        if run == self._run:
            self._on_failed(step)

    def _finish(self, run: int, *_: Any) -> None:
        if run == self._run:
            self.running = False
            self._on_done()
