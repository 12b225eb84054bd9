"""The combat-bag overlay: the bag shaking, the chance of success, then the token drawn.

The screen opens it when the engine waits for a combat draw and tells it the
result; the overlay itself applies nothing, it calls back into the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.animation import Animation
from kivy.metrics import dp
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from companion.ui.screens import load_kv

RESULT_TEXT = {
    "bullet": "A bullet! The zombie wolf is killed.",
    "wolf": "The wolf! Move back a tile.",
}
RESULT_COLOUR = {"bullet": [0.97, 0.97, 0.97, 1], "wolf": [0.86, 0.12, 0.10, 1]}


class BagPicture(Widget):
    """A cloth bag drawn in kv; ``shake`` moves it sideways while it waits."""

    shake = NumericProperty(0.0)
    token_colour = ListProperty([0, 0, 0, 0])


class BagOverlay(ModalView):
    """``mode``: ``ready`` (waiting for a draw), ``drawing`` or ``result``."""

    mode = StringProperty("ready")
    title = StringProperty("")
    summary = StringProperty("")
    result = StringProperty("")
    result_colour = ListProperty([1, 1, 1, 1])

    def __init__(
        self, on_draw: Callable[[], None], on_table: Callable[[str], None], **kwargs: Any
    ) -> None:
        super().__init__(auto_dismiss=False, size_hint=(0.9, 0.92), **kwargs)
        self.on_draw_request = on_draw
        self.on_table_result = on_table
        self._shaking: Animation | None = None

    @property
    def is_open(self) -> bool:
        return bool(self._is_open)

    def show_bag(self, title: str, summary: str) -> None:
        self.title, self.summary, self.result = title, summary, ""
        self.mode = "ready"
        self.ids.picture.token_colour = [0, 0, 0, 0]
        if not self.is_open:
            self.open()
        self._start_shaking()

    def show_result(self, outcome: str) -> None:
        self._stop_shaking()
        self.mode = "result"
        self.result = RESULT_TEXT[outcome]
        self.result_colour = RESULT_COLOUR[outcome]
        self.ids.picture.token_colour = RESULT_COLOUR[outcome]
        if not self.is_open:
            self.open()

    def close(self) -> None:
        self._stop_shaking()
        if self.is_open:
            self.dismiss(animation=False)

    def _start_shaking(self) -> None:
        self._stop_shaking()
        picture = self.ids.picture
        swing = Animation(shake=dp(6), duration=0.08) + Animation(shake=-dp(6), duration=0.16)
        swing += Animation(shake=0, duration=0.08) + Animation(duration=0.5)
        swing.repeat = True
        self._shaking = swing
        swing.start(picture)

    def _stop_shaking(self) -> None:
        if self._shaking is not None:
            self._shaking.cancel(self.ids.picture)
            self._shaking = None
        self.ids.picture.shake = 0


load_kv(__file__)
