"""The combat-bag overlay: the bag shaking, the chance of success, then the token drawn.

The screen opens it when the engine waits for a combat draw and tells it the
result; the overlay itself applies nothing, it calls back into the screen.  Until
the token is drawn, committing bullets is only a decision: Undo (and Home) stay
within reach on the overlay, which covers the screen's own buttons.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.animation import Animation
from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
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
    _aligning = False

    def __init__(
        self,
        on_draw: Callable[[], None],
        on_table: Callable[[str], None],
        on_undo: Callable[[], None],
        on_home: Callable[[], None],
        **kwargs: Any,
    ) -> None:
        super().__init__(auto_dismiss=False, size_hint=(0.9, 0.92), **kwargs)
        self.on_draw_request = on_draw
        self.on_table_result = on_table
        self.on_undo_request = on_undo
        self.on_home_request = on_home
        self._shaking: Animation | None = None
        # the window tells of a resize before its children take their new size: centre
        # again on the next frame, when the overlay has its size for the new window
        Window.bind(on_resize=lambda *_: Clock.schedule_once(self._align_center, 0))
        app = App.get_running_app()
        if app is not None and app.root is not None and "panel" in app.root.ids:
            # the kit is a drawer: it opens by sliding in (x), or by growing (width)
            app.root.ids.panel.bind(width=self._align_center, x=self._align_center)

    @property
    def is_open(self) -> bool:
        return bool(self._is_open)

    # -- the virtual kit stays usable beside the bag ---------------------------------
    def _kit_widgets(self) -> list[Any]:
        """The on-screen kit (its panel, when open, and the button that opens it)."""
        app = App.get_running_app()
        if app is None or app.root is None or not getattr(app, "simulated", False):
            return []
        ids = app.root.ids
        return [ids.panel_button, *([ids.panel] if app.panel_open else [])]

    def _align_center(self, *_args: Any) -> None:
        """Stand beside the virtual kit panel rather than over it."""
        if self._aligning:
            return  # our own moves below fire the size/center bindings again
        self._aligning = True
        try:
            app = App.get_running_app()
            open_kit = self._is_open and getattr(app, "panel_open", False)
            kit = app.root.ids.panel.width if open_kit else 0
            if kit:
                self.size_hint_x = None
                self.width = self._window.width - kit - dp(16)
            elif self.size_hint_x is None:
                self.size_hint_x = 0.9
            if self._is_open:  # by position: a stale cached centre can skip setting it
                window = self._window
                self.pos = ((window.width - self.width) / 2, (window.height - self.height) / 2)
            if kit:
                self.center_x = (self._window.width - kit) / 2
        finally:
            self._aligning = False

    def on_touch_down(self, touch: Any) -> bool:
        # The bag button the overlay asks for lives in the kit panel: let touches reach it.
        for widget in self._kit_widgets():
            if widget.collide_point(*widget.to_widget(*touch.pos)):
                return bool(widget.on_touch_down(touch))
        return bool(super().on_touch_down(touch))

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
